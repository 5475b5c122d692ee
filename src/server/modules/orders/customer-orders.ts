import { and, asc, desc, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../../contract/ids';
import { ORDER_NOT_FOUND, type Order, type OrderEvent, toWireStatus } from '../../../contract/orders';
import type { Db, Tx } from '../../kernel/db';
import { orderEvents, orders } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { SessionUser } from '../../kernel/identity';
import { orderViews, toOrders } from './order-read';
import type { OrderRow } from './order-state';

/** A customer's own orders and any order's history. */

/** What a customer deleted (the spec's delete of an unpaid order) is gone for them; everything else stays. */
const deletedByCustomer = and(eq(orders.status, 'cancelled'), isNull(orders.paidAt)) as SQL;

/**
 * The signed-in customer's orders, newest first. An unpaid order they deleted is gone for them;
 * an expired one stays, as "Expired", with its page and history.
 */
export async function listOwnOrders(db: Db, me: SessionUser): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, me.id), not(deletedByCustomer)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return toOrders(db, rows);
}

/**
 * An order of this user's, its row and as the customer sees it (its lines, shipments and refunds
 * read in the same statement); another customer's order is simply not found (never a leak). An
 * unpaid order they deleted counts as gone, except for a payment that was already under way.
 */
export async function getOwnOrder(
  db: Db | Tx,
  me: SessionUser,
  id: string,
  { includeClosed = false } = {},
): Promise<{ row: OrderRow; order: Order }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [found] = await (includeClosed ? ownOrderEvenClosed : ownOrder)(db, { id, userId: me.id });
  if (!found) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return found;
}
const ownOrderStatement = (includeClosed: boolean) =>
  orderViews<{ id: string; userId: string }>(
    includeClosed ? 'own order even closed' : 'own order',
    and(
      eq(orders.id, sql.placeholder('id')),
      eq(orders.userId, sql.placeholder('userId')),
      includeClosed ? undefined : not(deletedByCustomer),
    ),
  );
const ownOrder = ownOrderStatement(false);
const ownOrderEvenClosed = ownOrderStatement(true);

/** An order's history, oldest first; `ownerId` limits it to that customer's orders. */
export async function orderHistory(db: Db, id: string, ownerId?: string): Promise<OrderEvent[]> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), ownerId ? eq(orders.userId, ownerId) : undefined));
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.id));
  return rows.map((r) => ({
    event: r.event,
    from: r.fromStatus && toWireStatus(r.fromStatus),
    to: toWireStatus(r.toStatus),
    actor: r.actor,
    note: r.note,
    at: r.createdAt.toISOString(),
  }));
}
