import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../kernel/db';
import { returns } from '../../kernel/db';
import type { OrderLineRow } from './order-state';

/**
 * Where returns and refunds meet (docs/decisions/074). A shipped unit is either with the customer,
 * in a return (on its way back, or back and waiting for the return's refund), or back with its
 * money (a return refunded, or a refund that put it back on the shelf). A unit belongs to one of
 * them at a time, all under the order's lock:
 *
 * - a return may take a unit that shipped, is not back, is in no other return, and whose money was
 *   not refunded (`returnableUnits`), when it is asked for and again when it is approved;
 * - a refund apart from a return may not take a unit a return holds (`unitsHeldByReturns`): the
 *   return's own refund pays for it, less its restocking fee.
 */

/** Units of each product that parts returns hold, by where they are. */
export interface ReturnUnits {
  /** Asked for or approved: still with the customer, on their way back. */
  onTheirWay: Map<string, number>;
  /** Received: back on the shelf or written off, waiting for the return's refund. */
  awaitingRefund: Map<string, number>;
  /** Refunded by their return. */
  refunded: Map<string, number>;
}

/** The order's parts returns not refused, less `except` (the return being decided or refunded). */
export async function returnUnits(tx: Tx, orderId: string, except?: string): Promise<ReturnUnits> {
  const rows = await tx
    .select({ status: returns.status, lines: returns.lines })
    .from(returns)
    .where(
      and(
        eq(returns.orderId, orderId),
        eq(returns.kind, 'parts'),
        inArray(returns.status, ['requested', 'approved', 'received', 'refunded']),
        except ? ne(returns.id, except) : undefined,
      ),
    );
  const units: ReturnUnits = { onTheirWay: new Map(), awaitingRefund: new Map(), refunded: new Map() };
  for (const r of rows) {
    const into =
      r.status === 'received'
        ? units.awaitingRefund
        : r.status === 'refunded'
          ? units.refunded
          : units.onTheirWay;
    for (const l of r.lines) into.set(l.productId, (into.get(l.productId) ?? 0) + l.quantity);
  }
  return units;
}

/** Units of a product that returns hold, wherever they are. */
export const unitsHeldByReturns = (units: ReturnUnits, productId: string) =>
  (units.onTheirWay.get(productId) ?? 0) + (units.awaitingRefund.get(productId) ?? 0);

type Counted = Pick<OrderLineRow, 'quantity' | 'shippedQuantity' | 'returnedQuantity' | 'refundedQuantity'>;

/**
 * How many units of a line a new return may take: units that shipped and are not back, in no other
 * return, and whose money is not refunded (a refund that is pending counts: its restock takes
 * effect when it settles). `byRefunds`: units were refunded apart from any return, so a refusal
 * says so.
 */
export function returnableUnits(line: Counted & Pick<OrderLineRow, 'productId'>, units: ReturnUnits) {
  const onTheirWay = units.onTheirWay.get(line.productId) ?? 0;
  const withCustomer = line.shippedQuantity - line.returnedQuantity - onTheirWay;
  const notRefunded = line.quantity - line.refundedQuantity - unitsHeldByReturns(units, line.productId);
  const refundedApart = line.refundedQuantity - (units.refunded.get(line.productId) ?? 0);
  return { left: Math.max(0, Math.min(withCustomer, notRefunded)), byRefunds: refundedApart > 0 };
}
