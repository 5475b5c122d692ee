import { randomUUID } from 'node:crypto';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { ORDER_NOT_FOUND, type OrderActor, type OrderStatus } from '../../../contract/orders';
import type { Tx } from '../../db/database';
import { orderEvents, orderLines, orders } from '../../db/schema';
import { AppError } from '../../errors';
import { moveStock, OutOfStock, type StockMove } from '../inventory/inventory.service';
import { publishStatement } from '../outbox/outbox';

export type OrderRow = typeof orders.$inferSelect;

/** What can happen to an order after it was placed. */
export type OrderEventName = 'pay' | 'ship' | 'cancel' | 'expire' | 'refund' | 'partial_refund';

/**
 * The one table of legal moves (docs/architecture.md has it as a diagram). A payment may still
 * arrive for an order that was cancelled or expired while the customer was paying: it revives the
 * order if its stock can be taken again.
 */
const TRANSITIONS: Record<OrderEventName, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  pay: { from: ['unpaid', 'expired', 'cancelled'], to: 'pending' },
  ship: { from: ['pending'], to: 'shipped' },
  cancel: { from: ['unpaid'], to: 'cancelled' },
  expire: { from: ['unpaid'], to: 'expired' },
  refund: { from: ['pending', 'shipped', 'partially_refunded'], to: 'refunded' },
  partial_refund: { from: ['pending', 'shipped', 'partially_refunded'], to: 'partially_refunded' },
};

export const RELEASED_BEFORE_PAYMENT =
  'This order was released before the payment arrived; it will be refunded';

export const canApply = (event: OrderEventName, from: OrderStatus) => TRANSITIONS[event].from.includes(from);

/** Why an illegal move is refused, in words for the person who tried it. */
function refusal(event: OrderEventName, from: OrderStatus): string {
  if (event === 'cancel')
    return from === 'cancelled' || from === 'expired' ? ORDER_NOT_FOUND : 'Paid orders cannot be deleted';
  if (event === 'ship')
    return from === 'shipped' ? 'This order is already shipped' : 'Only paid orders can be shipped';
  if (event === 'pay') return 'This order is already paid';
  return `An order that is ${from} cannot be ${TRANSITIONS[event].to.replace('_', ' ')}`;
}

/** An order's products and quantities; a one-line order's are on its own row. */
export async function orderItems(tx: Tx, row: OrderRow): Promise<{ toolId: string; quantity: number }[]> {
  if (row.lineCount === 1) return [{ toolId: row.toolId, quantity: row.quantity }];
  return tx
    .select({ toolId: orderLines.toolId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, row.id))
    .orderBy(asc(orderLines.lineNo));
}

/** The stock an event moves: an unpaid order's reservation returns when it ends, a revival takes it again. */
async function stockFor(tx: Tx, event: OrderEventName, row: OrderRow): Promise<StockMove[]> {
  const reason =
    event === 'cancel'
      ? 'order_cancelled'
      : event === 'expire'
        ? 'order_expired'
        : event === 'pay' && row.status !== 'unpaid'
          ? 'payment_revived'
          : undefined;
  if (!reason) return [];
  const sign = reason === 'payment_revived' ? -1 : 1;
  return (await orderItems(tx, row)).map((item) => ({
    toolId: item.toolId,
    orderId: row.id,
    delta: sign * item.quantity,
    reason,
  }));
}

export interface EventContext {
  actor: OrderActor;
  actorUserId?: string | null;
  note?: string | null;
  now?: Date;
  /** For `pay`: the provider's transaction and the card it was paid with. */
  payment?: { transactionId: string; cardBrand: string | null; cardLast4: string | null };
  /** For `ship`: how it travels, when the admin said. */
  shipment?: { carrier: string | null; trackingNumber: string | null };
}

/**
 * Locks one order for a transition. `ownerId` limits it to that customer's orders: another
 * customer's order is simply not found.
 */
export async function lockOrder(tx: Tx, id: string, ownerId?: string): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), ownerId ? eq(orders.userId, ownerId) : undefined))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return row;
}

/**
 * Applies one event to an order the caller has locked (lockOrder), inside the caller's transaction:
 * checks it is legal (409 otherwise), moves the stock through the inventory module, updates the
 * order, appends its history row and queues the change for the outside world (the outbox).
 */
export async function applyOrderEvent(
  tx: Tx,
  row: OrderRow,
  event: OrderEventName,
  context: EventContext,
): Promise<OrderRow> {
  if (!canApply(event, row.status)) throw new AppError('CONFLICT', refusal(event, row.status));
  const to = TRANSITIONS[event].to;
  const now = context.now ?? new Date();
  try {
    await moveStock(tx, await stockFor(tx, event, row));
  } catch (error) {
    if (error instanceof OutOfStock && event === 'pay') {
      throw new AppError('CONFLICT', RELEASED_BEFORE_PAYMENT);
    }
    throw error;
  }
  const [updated] = await tx
    .update(orders)
    .set({
      status: to,
      ...(event === 'pay' && context.payment
        ? {
            transactionId: context.payment.transactionId,
            cardBrand: context.payment.cardBrand,
            cardLast4: context.payment.cardLast4,
            paidAt: now,
          }
        : {}),
      ...(event === 'ship'
        ? {
            shippedAt: now,
            carrier: context.shipment?.carrier ?? null,
            trackingNumber: context.shipment?.trackingNumber ?? null,
          }
        : {}),
      ...(event === 'cancel' ? { cancelledAt: now } : {}),
      ...(event === 'expire' ? { expiredAt: now } : {}),
    })
    .where(eq(orders.id, row.id))
    .returning();
  if (!updated) throw new Error('order vanished under its lock');
  await recordEvent(tx, updated, event, row.status, context, now);
  return updated;
}

/**
 * The history row and the outbox message of a transition (or of the order's creation), as one
 * statement (a data-modifying WITH) that a caller may send on its own or inside one of its own.
 */
export function recordEventStatement(
  order: OrderRow,
  event: OrderEventName | 'place',
  from: OrderStatus | null,
  context: EventContext,
  now: Date,
): SQL {
  const history = sql`insert into ${orderEvents} (order_id, event, from_status, to_status, actor, actor_user_id, note, created_at)
    values (${order.id}, ${event}, ${from}, ${order.status}, ${context.actor}, ${context.actorUserId ?? null}, ${context.note ?? null}, ${now.toISOString()}::timestamptz)`;
  const message = publishStatement(
    'order.status_changed',
    `order-event:${order.id}:${event}:${randomUUID()}`,
    {
      orderId: order.id,
      event,
      from,
      to: order.status,
      at: now.toISOString(),
    },
  );
  return message ? sql`, history as (${history}) ${message}` : sql`, history as (${history}) select 1`;
}

export async function recordEvent(
  tx: Tx,
  order: OrderRow,
  event: OrderEventName | 'place',
  from: OrderStatus | null,
  context: EventContext,
  now: Date,
) {
  await tx.execute(sql`with nothing as (select 1)${recordEventStatement(order, event, from, context, now)}`);
}

/** Unpaid orders past their hold, oldest first, locked for expiry; rows another runner holds are skipped. */
export async function lockExpiredOrders(tx: Tx, now: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), sql`${orders.expiresAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(orders.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}
