import { randomUUID } from 'node:crypto';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { orderEventFrom } from '../../../contract/order-transitions';
import { ORDER_NOT_FOUND, type OrderActor, type OrderStatus, toWireStatus } from '../../../contract/orders';
import type { Tx } from '../../db/database';
import { orderEvents, orderLines, orders } from '../../db/schema';
import type { AppError } from '../../errors';
import { type AuditChange, recordAudit } from '../audit/audit.service';
import { releaseDiscountUse, retakeDiscountUse } from '../discounts/discount-uses';
import { moveStock, OutOfStock, type StockMove } from '../inventory/inventory.service';
import { publishStatement } from '../outbox/outbox';
import { IllegalOrderMove, OrderNotFound, PaymentArrivedTooLate } from './order-errors';

export { RELEASED_BEFORE_PAYMENT } from './order-errors';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * What can happen to an order after it was placed, each event with what it carries: a payment
 * its transaction, a shipment its parcel (and whether it was the last), a refund its money.
 */
export type OrderTransition =
  | { type: 'pay'; payment: { transactionId: string; cardBrand: string | null; cardLast4: string | null } }
  | {
      type: 'ship';
      shipment: { id: string; carrier: string | null; trackingNumber: string | null };
      /** Every unit left to ship is in this parcel. */
      complete: boolean;
    }
  | { type: 'cancel'; reason?: string | null }
  | { type: 'expire' }
  /** All the money went back: the order is refunded and what it still reserved is released. */
  | { type: 'refund'; refundId: string }
  /** Some money went back; the order goes on as it was (`to`, e.g. shipped when the rest was released). */
  | { type: 'partial_refund'; refundId: string; to: OrderStatus };

export type OrderEventName = OrderTransition['type'];

/**
 * The one table of legal moves is the contract's (`orderEventFrom`), which the web app's buttons
 * follow too; typing it here checks it names every event this function applies.
 */
const FROM: Record<OrderEventName, readonly OrderStatus[]> = orderEventFrom;

function target(event: OrderTransition): OrderStatus {
  switch (event.type) {
    case 'pay':
      return 'awaiting_shipment';
    case 'ship':
      return event.complete ? 'shipped' : 'partially_shipped';
    case 'cancel':
      return 'cancelled';
    case 'expire':
      return 'expired';
    case 'refund':
      return 'refunded';
    case 'partial_refund':
      return event.to;
  }
}

export const canApply = (event: OrderEventName, row: Pick<OrderRow, 'status' | 'paidAt'>) =>
  FROM[event].includes(row.status) &&
  // A paid order that was cancelled was refunded: no payment revives it.
  !(event === 'pay' && row.status === 'cancelled' && row.paidAt !== null);

/** Why an illegal move is refused, in words for the person who tried it. */
function refusal(event: OrderEventName, from: OrderStatus): AppError {
  const say = (message: string) => new IllegalOrderMove(event, from, message);
  if (event === 'cancel') {
    if (from === 'cancelled' || from === 'expired') return say(ORDER_NOT_FOUND);
    return say('Paid orders cannot be deleted');
  }
  if (event === 'ship')
    return say(from === 'shipped' ? 'This order is already shipped' : 'Only paid orders can be shipped');
  if (event === 'pay') return say('This order is already paid');
  return say(`An order that is ${from.replace('_', ' ')} cannot be refunded`);
}

/** An order's lines, in order; read under the order's lock by every transition. */
export async function orderLinesOf(tx: Tx, orderId: string): Promise<OrderLineRow[]> {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.lineNo));
}

/** Units of a line still reserved for this order: sold, less shipped, less released. */
export const unshippedOf = (line: OrderLineRow) =>
  line.quantity - line.shippedQuantity - line.releasedQuantity;

/**
 * The stock an event moves: an order that ends (cancelled, expired, refunded) releases what it still
 * reserves, a revival reserves it again. A shipment's own units are moved by the shipment (a sale).
 */
async function stockFor(tx: Tx, event: OrderTransition, row: OrderRow): Promise<StockMove[]> {
  const reason =
    event.type === 'cancel'
      ? 'order_cancelled'
      : event.type === 'expire'
        ? 'order_expired'
        : event.type === 'refund'
          ? 'refund'
          : event.type === 'pay' && row.status !== 'unpaid'
            ? 'payment_revived'
            : undefined;
  if (!reason) return [];
  const lines = await orderLinesOf(tx, row.id);
  return lines.map((line) => ({
    toolId: line.toolId,
    orderId: row.id,
    reserved: reason === 'payment_revived' ? line.quantity : -unshippedOf(line),
    reason,
  }));
}

export interface EventContext {
  actor: OrderActor;
  actorUserId?: string | null;
  note?: string | null;
  now?: Date;
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
  if (!row) throw new OrderNotFound();
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
  event: OrderTransition,
  context: EventContext,
): Promise<OrderRow> {
  if (!canApply(event.type, row)) throw refusal(event.type, row.status);
  const to = target(event);
  const now = context.now ?? new Date();
  try {
    await moveStock(tx, await stockFor(tx, event, row));
  } catch (error) {
    if (error instanceof OutOfStock && event.type === 'pay') throw new PaymentArrivedTooLate();
    throw error;
  }
  // An unpaid order that ends gives its discount's use back; a payment reviving it takes it again.
  if (row.discountId && row.status === 'unpaid' && (event.type === 'cancel' || event.type === 'expire'))
    await releaseDiscountUse(tx, row.id);
  if (row.discountId && event.type === 'pay' && row.status !== 'unpaid') await retakeDiscountUse(tx, row.id);
  const changes: Partial<typeof orders.$inferInsert> = { status: to };
  if (event.type === 'pay') {
    Object.assign(changes, { ...event.payment, paidAt: now, cancelledAt: null, expiredAt: null });
  } else if (event.type === 'ship') {
    Object.assign(changes, {
      shippedAt: now,
      carrier: event.shipment.carrier,
      trackingNumber: event.shipment.trackingNumber,
    });
  } else if (event.type === 'cancel') {
    Object.assign(changes, { cancelledAt: now, cancelReason: event.reason ?? null });
  } else if (event.type === 'expire') {
    changes.expiredAt = now;
  }
  const [updated] = await tx.update(orders).set(changes).where(eq(orders.id, row.id)).returning();
  if (!updated) throw new Error('order vanished under its lock');
  const detailId =
    event.type === 'ship' ? event.shipment.id : 'refundId' in event ? event.refundId : undefined;
  await recordEvent(tx, updated, event.type, row.status, { ...context, detailId }, now);
  return updated;
}

/**
 * The history row and the outbox message of a transition (or of the order's creation), as one
 * statement (a data-modifying WITH) that a caller may send on its own or inside one of its own.
 * `detailId` names the shipment or refund the event was about, for its mail.
 */
export function recordEventStatement(
  order: OrderRow,
  event:
    | OrderEventName
    | 'place'
    | 'cancel_requested'
    | 'address_given'
    | 'late_payment_refund'
    | 'return_requested'
    | 'return_approved'
    | 'return_refused'
    | 'return_received'
    | 'core_return_requested'
    | 'core_return_received',
  from: OrderStatus | null,
  context: EventContext & { detailId?: string | undefined },
  now: Date,
): SQL {
  // Hand-written SQL passes no column mapping: the statuses go in as stored, in the spec's words.
  const history = sql`insert into ${orderEvents} (order_id, event, from_status, to_status, actor, actor_user_id, note, created_at)
    values (${order.id}, ${event}, ${from && toWireStatus(from)}, ${toWireStatus(order.status)}, ${context.actor}, ${context.actorUserId ?? null}, ${context.note ?? null}, ${now.toISOString()}::timestamptz)`;
  const message = publishStatement(
    'order.status_changed',
    `order-event:${order.id}:${event}:${randomUUID()}`,
    {
      orderId: order.id,
      event,
      from: from && toWireStatus(from),
      to: toWireStatus(order.status),
      at: now.toISOString(),
      ...(context.detailId ? { detailId: context.detailId } : {}),
    },
  );
  return message ? sql`, history as (${history}) ${message}` : sql`, history as (${history}) select 1`;
}

export async function recordEvent(
  tx: Tx,
  order: OrderRow,
  event: Parameters<typeof recordEventStatement>[1],
  from: OrderStatus | null,
  context: EventContext & { detailId?: string | undefined },
  now: Date,
) {
  await tx.execute(sql`with nothing as (select 1)${recordEventStatement(order, event, from, context, now)}`);
  // Every change staff make to an order (ship, cancel, refund, a return's steps) is audited here, once.
  if (context.actor === 'admin') await recordAudit(tx, auditOf(order, event, from, context));
}

const PAST: Partial<Record<string, string>> = {
  ship: 'shipped',
  cancel: 'cancelled',
  refund: 'refunded',
  partial_refund: 'partly_refunded',
  pay: 'paid',
};

/** The audit row of an order event made by staff: a return's steps are about the return. */
function auditOf(
  order: OrderRow,
  event: Parameters<typeof recordEventStatement>[1],
  from: OrderStatus | null,
  context: EventContext & { detailId?: string | undefined },
): AuditChange {
  // The audit log keeps statuses in the words its earlier rows (and the API) use.
  const after = { status: toWireStatus(order.status), note: context.note ?? null, number: order.number };
  if (event.startsWith('return_') || event.startsWith('core_return_'))
    return {
      // A core return's steps read return.core_requested, return.core_received.
      action: event.startsWith('core_')
        ? `return.core_${event.slice('core_return_'.length)}`
        : `return.${event.slice('return_'.length)}`,
      subjectType: 'return',
      subjectId: context.detailId ?? order.id,
      before: { orderId: order.id, status: from && toWireStatus(from) },
      after: { orderId: order.id, ...after },
    };
  return {
    action: `order.${PAST[event] ?? event}`,
    subjectType: 'order',
    subjectId: order.id,
    before: { status: from && toWireStatus(from) },
    after: context.detailId ? { ...after, detailId: context.detailId } : after,
  };
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
