import { randomUUID } from 'node:crypto';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type ChargeStatus, moneyMachine } from '../../../contract/money-transitions';
import { type OrderMachineEvent, orderMachine } from '../../../contract/order-transitions';
import { ORDER_NOT_FOUND, type OrderActor, type OrderStatus, toWireStatus } from '../../../contract/orders';
import { type AuditChange, recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { orderEvents, orderLines, orders, preparedStatement, tableRow, updateRow } from '../../kernel/db';
import type { AppError } from '../../kernel/errors';
import { type Outbox, publishStep, publishValues } from '../../kernel/outbox';
import { CreditShort, moveCredit } from '../credit';
import { releaseDiscountUse, retakeDiscountUse } from '../discounts';
import { moveStock, OutOfStock, type StockMove } from '../inventory';
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
  /** Some money went back; the order goes on as it was (shipped when `rest`: it was all left to ship). */
  | { type: 'partial_refund'; refundId: string; rest: boolean };

export type OrderEventName = OrderTransition['type'];

/**
 * The one table of legal moves is the contract's order machine, which the web app's buttons follow
 * too. A shipment is `ship` or `ship_part` by whether it was the last; a partial refund
 * `partial_refund_rest` when nothing is left to ship and something shipped.
 */
export function machineEvent(event: OrderTransition): OrderMachineEvent {
  if (event.type === 'ship') return event.complete ? 'ship' : 'ship_part';
  if (event.type === 'partial_refund') return event.rest ? 'partial_refund_rest' : 'partial_refund';
  return event.type;
}

/** Whether an event may leave an order's status (by the order's row: a refunded cancel is final). */
export const canApply = (event: OrderMachineEvent, row: Pick<OrderRow, 'status' | 'paidAt'>) =>
  orderMachine.can(row.status, event) &&
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

/**
 * The order's charge status: the column the money machine keeps, or, on a row no transition has
 * touched since the column came (an order placed by an instance that did not know it yet), what
 * its payment and refunds say.
 */
export function chargeStatusOfRow(
  row: Pick<OrderRow, 'chargeStatus' | 'paidAt' | 'refundedCents' | 'totalCents'>,
): ChargeStatus {
  if (row.chargeStatus) return row.chargeStatus;
  if (row.paidAt === null) return 'not_charged';
  if (row.refundedCents === 0) return 'charged';
  return row.refundedCents >= row.totalCents ? 'refunded' : 'partially_refunded';
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
    productId: line.productId,
    orderId: row.id,
    reserved: reason === 'payment_revived' ? line.quantity : -unshippedOf(line),
    reason,
  }));
}

export interface EventContext {
  /** The app's outbox: the event's message goes to the subscribers that will act on it. */
  outbox: Outbox;
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
  const [row] = ownerId
    ? await lockOwnOrderStatement(tx, { id, ownerId })
    : await lockOrderStatement(tx, { id });
  if (!row) throw new OrderNotFound();
  return row;
}

const orderRow = tableRow(orders);
const lockOrderStatement = preparedStatement<{ id: string }, OrderRow>(
  'lock order',
  (db) =>
    db
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .for('update'),
  orderRow,
);
const lockOwnOrderStatement = preparedStatement<{ id: string; ownerId: string }, OrderRow>(
  'lock own order',
  (db) =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.userId, sql.placeholder('ownerId'))))
      .for('update'),
  orderRow,
);

type OrderChanges = Partial<typeof orders.$inferInsert>;
/** The order's update by a transition, one prepared statement per set of columns it changes. */
const updateOrder = updateRow(orders, orders.id, 'update order');

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
  if (!canApply(machineEvent(event), row)) throw refusal(event.type, row.status);
  const to = orderMachine.next(row.status, machineEvent(event));
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
  // ...and the store credit it was partly paid with goes back to its customer; a late payment
  // reviving it spends that credit again, or arrives too late when it is spent (decision 100).
  if (row.storeCreditCents > 0 && row.userId) {
    if (row.status === 'unpaid' && (event.type === 'cancel' || event.type === 'expire'))
      await moveCredit(tx, {
        userId: row.userId,
        cents: row.storeCreditCents,
        reason: 'order_released',
        orderId: row.id,
      });
    if (event.type === 'pay' && row.status !== 'unpaid')
      try {
        await moveCredit(tx, {
          userId: row.userId,
          cents: -row.storeCreditCents,
          reason: 'order_revived',
          orderId: row.id,
        });
      } catch (error) {
        if (error instanceof CreditShort) throw new PaymentArrivedTooLate();
        throw error;
      }
  }
  if (row.discountId && event.type === 'pay' && row.status !== 'unpaid') await retakeDiscountUse(tx, row.id);
  const changes: OrderChanges = { status: to };
  if (event.type === 'pay') {
    // The money moves with it: the order is charged (the money machine's `charge`).
    Object.assign(changes, paymentChanges(event.payment, now), {
      chargeStatus: moneyMachine.next(chargeStatusOfRow(row), 'charge'),
    });
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
  const updated = await updateOrder(tx, row.id, changes);
  if (!updated) throw new Error('order vanished under its lock');
  const detailId =
    event.type === 'ship' ? event.shipment.id : 'refundId' in event ? event.refundId : undefined;
  await recordEvent(tx, updated, event.type, row.status, { ...context, detailId }, now);
  return updated;
}

type Payment = Extract<OrderTransition, { type: 'pay' }>['payment'];
/** What a payment writes on the order besides its status. */
const paymentChanges = (payment: Payment, now: Date) => ({
  ...payment,
  paidAt: now,
  cancelledAt: null,
  expiredAt: null,
});

/**
 * The usual payment, as one statement: an order still unpaid, for exactly its total, is paid, with
 * its history row and outbox message. Such a payment moves no stock and takes no discount use
 * (the order holds both already), so applyOrderEvent would write the same rows. Undefined when the
 * order is not unpaid or its total differs: the caller then locks it and applies the event, which
 * decides what a payment of an order in any other state means (docs/decisions/071).
 */
export async function payUnpaidOrder(
  db: Db | Tx,
  orderId: string,
  amountCents: number,
  payment: Payment,
  context: EventContext,
): Promise<OrderRow | undefined> {
  const now = context.now ?? new Date();
  const paid = { id: orderId, status: PAID_FROM_UNPAID } as const;
  const [row] = await payUnpaidStatement(db, {
    ...paymentChanges(payment, now),
    id: orderId,
    amountCents,
    ...eventValues(paid, 'pay', 'unpaid', context, now),
  });
  return row;
}
/**
 * The statement's move, read from the machines: an unpaid order (the one status a payment leaves
 * without moving stock) takes the order machine's `pay`, its money the money machine's `charge`.
 */
const PAID_FROM_UNPAID = orderMachine.next('unpaid', 'pay');
const CHARGED = moneyMachine.next('not_charged', 'charge');

const payUnpaidStatement = preparedStatement<
  ReturnType<typeof paymentChanges> & { id: string; amountCents: number } & ReturnType<typeof eventValues>,
  OrderRow
>(
  'pay unpaid order',
  (db) => {
    // drizzle's types take no placeholder in an update's values; it sends them as any other.
    const set = {
      status: PAID_FROM_UNPAID,
      chargeStatus: CHARGED,
      transactionId: sql.placeholder('transactionId'),
      cardBrand: sql.placeholder('cardBrand'),
      cardLast4: sql.placeholder('cardLast4'),
      paidAt: sql.placeholder('paidAt'),
      cancelledAt: null,
      expiredAt: null,
    } as unknown as OrderChanges;
    const update = db
      .update(orders)
      .set(set)
      .where(
        and(
          eq(orders.id, sql.placeholder('id')),
          eq(orders.status, 'unpaid'),
          // The card pays the total less the store credit the order was paid with (decision 100).
          sql`${orders.totalCents} - ${orders.storeCreditCents} = ${sql.placeholder('amountCents')}`,
        ),
      )
      .returning();
    return sql`with paid as (${update.getSQL()}), ${eventSteps(sql`paid`)} select * from paid`;
  },
  orderRow,
);

/** Every event an order's history records: its transitions, its creation and what was asked of it. */
export type RecordedEvent =
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
  | 'core_return_received'
  /** Parts added before it shipped (decision 103). */
  | 'lines_added'
  /** What parts added after a card payment cost, paid (decision 104). */
  | 'balance_paid';

const v = (name: keyof ReturnType<typeof eventValues>) => sql.placeholder(name);

/**
 * The history row and the outbox message of an event (a transition, or the order's creation) as
 * two steps of a data-modifying WITH, `history` and `messages`, for a prepared statement of the
 * caller's; `eventValues` fills them. With a `source` (another step's name) they are written once
 * for each of its rows: none if that step changed nothing.
 */
export function eventSteps(source?: SQL): SQL {
  const from = source ? sql` from ${source}` : sql``;
  // Hand-written SQL passes no column mapping: the statuses go in as stored, in the spec's words.
  return sql`history as (
    insert into ${orderEvents} (order_id, event, from_status, to_status, actor, actor_user_id, note, created_at)
    select ${v('eventOrderId')}::uuid, ${v('eventName')}::text, ${v('eventFrom')}::text, ${v('eventTo')}::text,
      ${v('eventActor')}::text, ${v('eventActorUserId')}::text, ${v('eventNote')}::text, ${v('eventAt')}::timestamptz${from}
  ), ${publishStep(source)}`;
}

/**
 * The values of `eventSteps`, for `order` as the event left it. `detailId` names the shipment or
 * refund the event was about, for its mail.
 */
export function eventValues(
  order: Pick<OrderRow, 'id' | 'status'>,
  event: RecordedEvent,
  from: OrderStatus | null,
  context: EventContext & { detailId?: string | undefined },
  now: Date,
  /** Subscribers whose message waits this many milliseconds (a placed order's mail). */
  delays: Parameters<typeof publishValues>[4] = {},
) {
  const fromWire = from && toWireStatus(from);
  const to = toWireStatus(order.status);
  return {
    eventOrderId: order.id,
    eventName: event,
    eventFrom: fromWire,
    eventTo: to,
    eventActor: context.actor,
    eventActorUserId: context.actorUserId ?? null,
    eventNote: context.note ?? null,
    eventAt: now.toISOString(),
    ...publishValues(
      context.outbox,
      'order.status_changed',
      `order-event:${order.id}:${event}:${randomUUID()}`,
      {
        orderId: order.id,
        event,
        from: fromWire,
        to,
        at: now.toISOString(),
        ...(context.detailId ? { detailId: context.detailId } : {}),
      },
      delays,
    ),
  };
}

const recordEventStatement = preparedStatement<ReturnType<typeof eventValues>>(
  'record order event',
  () => sql`with ${eventSteps()} select 1`,
);

export async function recordEvent(
  tx: Tx,
  order: OrderRow,
  event: RecordedEvent,
  from: OrderStatus | null,
  context: EventContext & { detailId?: string | undefined },
  now: Date,
) {
  await recordEventStatement(tx, eventValues(order, event, from, context, now));
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
  event: RecordedEvent,
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
