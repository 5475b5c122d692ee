import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../kernel/db';
import { returns } from '../../kernel/db';
import type { OrderLineRow } from './order-state';

/**
 * Core charges after the sale (docs/decisions/061). A line's core charge is a deposit per unit on
 * the old part; each unit's charge goes back once: by a core return (the old part came back), or
 * with the unit's own refund (the new part came back, or never left). `cores_refunded` counts the
 * units whose charge a refund has claimed, under the order's lock, so nothing is given back twice.
 */

/** Units of each product in this order's core returns that are on their way (asked, approved or received, not yet refunded). */
export async function coresOnTheirWay(tx: Tx, orderId: string): Promise<Map<string, number>> {
  const open = await tx
    .select({ lines: returns.lines })
    .from(returns)
    .where(
      and(
        eq(returns.orderId, orderId),
        eq(returns.kind, 'core'),
        inArray(returns.status, ['requested', 'approved', 'received']),
      ),
    );
  const units = new Map<string, number>();
  for (const r of open)
    for (const l of r.lines) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
  return units;
}

/** Units of a line whose core charge may still be given back (0 for a line without one). */
export const coresLeft = (line: Pick<OrderLineRow, 'coreChargeCents' | 'quantity' | 'coresRefunded'>) =>
  line.coreChargeCents > 0 ? line.quantity - line.coresRefunded : 0;
