import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  maximumQuantityMessage,
  minimumQuantityMessage,
  ORDER_NOT_FOUND,
  type Order,
  type OrderInput,
} from '../../../contract/orders';
import type { Db, Tx } from '../../db/database';
import { orders, tools } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { isUuid } from '../catalog/catalog.service';

export type OrderRow = typeof orders.$inferSelect;

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    orderId: row.toolId,
    orderName: row.toolName,
    price: row.unitPriceCents / 100,
    orderQuantity: row.quantity,
    total: row.totalCents / 100,
    userName: row.userName,
    userEmail: row.userEmail,
    phone: row.phone,
    paid: row.status === 'pending' || row.status === 'shipped',
    status: row.status,
    transactionId: row.transactionId,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.status === 'unpaid' && row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

const quantityIssue = (message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: 'orderQuantity', message }]);

/**
 * Place an order: check the quantity against the tool, reserve its stock and create the unpaid
 * order, all in one transaction. The tool row is locked, so concurrent buyers queue and the stock
 * can never be sold twice (DESIGN.md section 5).
 */
export async function placeOrder(
  db: Db,
  me: SessionUser,
  input: OrderInput,
  holdMs: number,
  now = new Date(),
): Promise<Order> {
  if (!isUuid(input.orderId)) throw notFound('Tool');
  const quantity = input.orderQuantity;
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .select()
      .from(tools)
      .where(and(eq(tools.id, input.orderId), isNull(tools.retiredAt)))
      .for('update');
    if (!tool) throw notFound('Tool');
    if (quantity < tool.minimumOrderQuantity)
      throw quantityIssue(minimumQuantityMessage(tool.minimumOrderQuantity));
    if (tool.availableQuantity < tool.minimumOrderQuantity) {
      throw new AppError('OUT_OF_STOCK', `Sorry, ${tool.name} is out of stock.`);
    }
    if (quantity > tool.availableQuantity)
      throw quantityIssue(maximumQuantityMessage(tool.availableQuantity));

    await tx
      .update(tools)
      .set({ availableQuantity: sql`${tools.availableQuantity} - ${quantity}` })
      .where(eq(tools.id, tool.id));
    const [row] = await tx
      .insert(orders)
      .values({
        toolId: tool.id,
        userId: me.id,
        toolName: tool.name,
        unitPriceCents: tool.priceCents,
        quantity,
        totalCents: tool.priceCents * quantity,
        userName: me.name,
        userEmail: me.email,
        phone: input.phone,
        status: 'unpaid',
        createdAt: now,
        expiresAt: new Date(now.getTime() + holdMs),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toOrder(row);
  });
}

/** Gives the stock of a cancelled order back to its tool (inside the caller's transaction). */
async function returnStock(tx: Tx, row: OrderRow) {
  await tx
    .update(tools)
    .set({ availableQuantity: sql`${tools.availableQuantity} + ${row.quantity}` })
    .where(eq(tools.id, row.toolId));
}

/**
 * Releases unpaid orders whose hold has passed: each becomes cancelled and its stock returns, in
 * one statement, so several instances running it at once cannot return the same stock twice.
 */
export async function expireUnpaidOrders(db: Db | Tx, now = new Date()): Promise<number> {
  const result = await db.execute(sql`
    with expired as (
      update ${orders} set status = 'cancelled', cancelled_at = ${now.toISOString()}::timestamptz
      where ${orders.status} = 'unpaid' and ${orders.expiresAt} <= ${now.toISOString()}::timestamptz
      returning tool_id, quantity
    ), returned as (
      update ${tools} set available_quantity = ${tools.availableQuantity} + sums.quantity
      from (select tool_id, sum(quantity)::int as quantity from expired group by tool_id) as sums
      where ${tools.id} = sums.tool_id
      returning 1
    )
    select (select count(*) from expired)::int as expired, (select count(*) from returned)::int as tools
  `);
  const rows = (result as unknown as { rows: Array<{ expired: number }> }).rows;
  return Number(rows[0]?.expired ?? 0);
}

export async function listOwnOrders(db: Db, me: SessionUser): Promise<Order[]> {
  await expireUnpaidOrders(db);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, me.id), ne(orders.status, 'cancelled')))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
}

/**
 * An order of this user's; another customer's order is simply not found (never a leak). Cancelled
 * orders count as gone, except for a payment that was already under way when the hold ran out.
 */
export async function getOwnOrder(
  db: Db | Tx,
  me: SessionUser,
  id: string,
  { includeCancelled = false } = {},
): Promise<OrderRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.userId, me.id),
        includeCancelled ? undefined : ne(orders.status, 'cancelled'),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return row;
}

/**
 * Cancels an unpaid order and returns its stock; `who` limits it to one customer's orders (or
 * any order, for admins). Paid orders cannot be deleted (409).
 */
export async function cancelUnpaidOrder(db: Db, id: string, who: { userId: string } | 'admin') {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const owner = who === 'admin' ? undefined : eq(orders.userId, who.userId);
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), owner, ne(orders.status, 'cancelled')))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    if (row.status !== 'unpaid') throw new AppError('CONFLICT', 'Paid orders cannot be deleted');
    await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(orders.id, row.id));
    await returnStock(tx, row);
    return { deletedCount: 1 };
  });
}

export { returnStock };
