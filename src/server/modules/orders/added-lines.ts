import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../kernel/db';
import { orderLines, orders, products } from '../../kernel/db';
import type { Outbox } from '../../kernel/outbox';
import { type OrderRow, recordEvent } from './order-state';

/**
 * Parts added to a paid order before it ships (decision 103), written inside the caller's
 * transaction under the order's lock: a product already on the order gets more units at the
 * price it was sold at; a new one gets a line at the price the caller decided (the buyer's price
 * today), its cost at sale copied from the product as a placed order's lines are. The order's
 * totals grow by what was added: charged to its invoice on account by the caller, or owed by an
 * order paid by card as its balance due until a payment of its own settles it (decision 104); the
 * history says so and the customer is mailed.
 */
export interface AddedLine {
  productId: string;
  productName: string;
  quantity: number;
  /** The line's unit price: as sold for a product already on the order. */
  unitPriceCents: number;
  coreChargeCents: number;
}

export async function writeAddedLines(
  tx: Tx,
  outbox: Outbox,
  row: OrderRow,
  added: AddedLine[],
  amounts: { goodsCents: number; coreCents: number; taxCents: number },
  /** Where what was added is owed: the order's invoice on account, or its balance due. */
  owed: 'account' | 'balance',
  actorUserId: string,
  now = new Date(),
): Promise<OrderRow> {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${orderLines.lineNo}), 0)::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, row.id));
  let lineNo = Number(last?.n ?? 0);
  let newLines = 0;
  for (const line of added) {
    const [grown] = await tx
      .update(orderLines)
      .set({ quantity: sql`${orderLines.quantity} + ${line.quantity}` })
      .where(and(eq(orderLines.orderId, row.id), eq(orderLines.productId, line.productId)))
      .returning({ lineNo: orderLines.lineNo });
    if (grown) continue;
    lineNo += 1;
    newLines += 1;
    await tx.insert(orderLines).values({
      orderId: row.id,
      lineNo,
      productId: line.productId,
      productName: line.productName,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      coreChargeCents: line.coreChargeCents,
      costCents: sql`(select ${products.costCents} from ${products} where ${products.id} = ${line.productId})`,
    });
  }
  const units = added.reduce((n, l) => n + l.quantity, 0);
  const amount = amounts.goodsCents + amounts.coreCents + amounts.taxCents;
  const [changed] = await tx
    .update(orders)
    .set({
      quantity: sql`${orders.quantity} + ${units}`,
      lineCount: sql`${orders.lineCount} + ${newLines}`,
      subtotalCents: sql`${orders.subtotalCents} + ${amounts.goodsCents + amounts.coreCents}`,
      taxCents: sql`${orders.taxCents} + ${amounts.taxCents}`,
      totalCents: sql`${orders.totalCents} + ${amount}`,
      ...(owed === 'account'
        ? { onAccountCents: sql`${orders.onAccountCents} + ${amount}` }
        : { balanceDueCents: sql`${orders.balanceDueCents} + ${amount}` }),
    })
    .where(eq(orders.id, row.id))
    .returning();
  if (!changed) throw new Error('order vanished under its lock');
  const words = added.map((l) => `${l.quantity} x ${l.productName}`).join(', ');
  await recordEvent(
    tx,
    changed,
    'lines_added',
    changed.status,
    { outbox, actor: 'admin', actorUserId, note: `Added ${words}` },
    now,
  );
  return changed;
}

/** The lines of an order, read inside the caller's transaction (for pricing what is added). */
export const linesOfOrder = (db: Db | Tx, orderId: string) =>
  db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
