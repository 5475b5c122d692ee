import { and, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import { isUuid } from '../../../contract/ids';
import { closedUnpaidStatuses, ORDER_NOT_FOUND, type Order, paidStatuses } from '../../../contract/orders';
import type { PaymentIntentAnswer } from '../../../contract/payments';
import type { Db } from '../../kernel/db/database';
import { insertRow, preparedStatement, selectedRow, tableRow } from '../../kernel/db/prepared';
import { orders, paymentIntents } from '../../kernel/db/schema';
import { AppError } from '../../kernel/errors/errors';
import type { SessionUser } from '../../kernel/identity/auth-plugin';

import { getOwnOrder } from '../orders/customer-orders';
import { PaymentArrivedTooLate } from '../orders/order-errors';
import { toOneOrder } from '../orders/order-read';
import { applyOrderEvent, lockOrder, type OrderRow, payUnpaidOrder } from '../orders/order-state';
import { refundLatePayment } from '../orders/refunds';
import type { IntentSnapshot, PaymentProvider } from './payment-provider';

export type IntentRow = typeof paymentIntents.$inferSelect;

/**
 * Who may open an order's payment: its customer, or whoever holds the order's signed link (a
 * guest's order, decision 059), which the caller has checked.
 */
export type PaymentOwner = Pick<SessionUser, 'id'> | { orderLink: true };

/** A payment intent by its client secret, if it is for one of this user's orders: one read checks both. */
export async function findOwnIntent(
  db: Db,
  clientSecret: string,
  userId: string,
): Promise<IntentRow | undefined> {
  return (await ownIntent(db, { clientSecret, userId }))[0];
}
const intentRow = tableRow(paymentIntents);
const ownIntent = preparedStatement<{ clientSecret: string; userId: string }, IntentRow>(
  'own intent',
  (db) =>
    db
      .select(getTableColumns(paymentIntents))
      .from(paymentIntents)
      .innerJoin(orders, eq(orders.id, paymentIntents.orderId))
      .where(
        and(
          eq(paymentIntents.clientSecret, sql.placeholder('clientSecret')),
          eq(orders.userId, sql.placeholder('userId')),
        ),
      ),
  intentRow,
);

/**
 * An order that may still be paid, with the client secret of its open intent for this provider at
 * its amount, if it has one: one read of what opening its payment needs.
 */
const payableColumns = {
  id: orders.id,
  status: orders.status,
  totalCents: orders.totalCents,
  openSecret: paymentIntents.clientSecret,
};
const payableOrder = (owned: boolean) =>
  preparedStatement<
    { id: string; provider: string; userId?: string },
    Pick<OrderRow, 'id' | 'status' | 'totalCents'> & { openSecret: string | null }
  >(
    owned ? 'own payable order' : 'payable order',
    (db) =>
      db
        .select(payableColumns)
        .from(orders)
        .leftJoin(
          paymentIntents,
          and(
            eq(paymentIntents.orderId, orders.id),
            eq(paymentIntents.provider, sql.placeholder('provider')),
            eq(paymentIntents.amountCents, orders.totalCents),
            eq(paymentIntents.status, 'open'),
          ),
        )
        .where(
          and(
            eq(orders.id, sql.placeholder('id')),
            owned ? eq(orders.userId, sql.placeholder('userId')) : undefined,
            notInArray(orders.status, [...closedUnpaidStatuses]),
          ),
        )
        .limit(1),
    selectedRow(payableColumns),
  );
const ownPayableOrder = payableOrder(true);
const anyPayableOrder = payableOrder(false);
// A provider answers a retry with the intent it made before: recorded once.
const insertIntent = insertRow(paymentIntents, 'insert intent', { ifNew: true });

/**
 * Opens (or re-uses) the payment intent for one of the user's unpaid orders. The amount is the
 * order's total from the database, whatever the request said; a reload gets the same intent.
 */
export async function createPaymentIntent(
  db: Db,
  provider: PaymentProvider,
  me: PaymentOwner,
  orderId: string,
): Promise<PaymentIntentAnswer> {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  // The order and its open intent, if any, in one read.
  const [found] =
    'orderLink' in me
      ? await anyPayableOrder(db, { id: orderId, provider: provider.name })
      : await ownPayableOrder(db, { id: orderId, provider: provider.name, userId: me.id });
  if (!found) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  if (found.status !== 'unpaid') throw new AppError('CONFLICT', 'This order is already paid');
  return openPayment(db, provider, found, found.openSecret);
}

/**
 * The payment of an unpaid order: its open intent for this provider at its total when it has one
 * (`openSecret`), else a new one. The checkout, which has just placed the order, comes here directly.
 */
export async function openPayment(
  db: Db,
  provider: PaymentProvider,
  order: Pick<OrderRow, 'id' | 'totalCents'>,
  openSecret: string | null = null,
): Promise<PaymentIntentAnswer> {
  const answer = (row: { clientSecret: string }) => ({
    clientSecret: row.clientSecret,
    provider: provider.name,
    publishableKey: provider.publishableKey,
    amount: order.totalCents / 100,
  });
  if (openSecret) return answer({ clientSecret: openSecret });

  // The key makes a provider answer a retry with the same intent instead of a second one.
  const created = await provider.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    idempotencyKey: `order-${order.id}-${order.totalCents}`,
  });
  await insertIntent(db, {
    id: created.id,
    orderId: order.id,
    provider: provider.name,
    amountCents: order.totalCents,
    clientSecret: created.clientSecret,
  });
  return answer(created);
}

/**
 * Marks an order paid once its provider has confirmed this intent succeeded for the order's full
 * amount. Idempotent: a repeat, from the customer's PATCH or a redelivered webhook, changes nothing.
 * The move itself is the state machine's `pay`: an order released while the customer was paying
 * gets its stock back if there is still enough; otherwise it stays released and the payment is
 * logged for a refund.
 */
export async function markOrderPaid(
  db: Db,
  provider: PaymentProvider,
  intent: IntentSnapshot,
  log: { error(obj: object, msg: string): void },
  /** Our record of the intent, when the caller has just read or written it. */
  record?: IntentRow,
): Promise<OrderRow> {
  if (intent.status !== 'succeeded')
    throw new AppError('PAYMENT_FAILED', 'The payment has not been completed');
  try {
    return await paidInOneTransaction(db, intent, log, record);
  } catch (error) {
    if (error instanceof PaymentArrivedTooLate) {
      // The money was taken but the order could not be revived: the intent keeps that on record
      // (the transaction above rolled back) and the payment is refunded in full, a refund like
      // any other (the order shows it, the customer is mailed).
      await db
        .update(paymentIntents)
        .set({
          status: 'succeeded',
          cardBrand: intent.cardBrand,
          cardLast4: intent.cardLast4,
          updatedAt: new Date(),
        })
        .where(eq(paymentIntents.id, intent.id));
      await refundLatePayment(db, provider, intent);
    }
    throw error;
  }
}

async function paidInOneTransaction(
  db: Db,
  intent: IntentSnapshot,
  log: { error(obj: object, msg: string): void },
  record?: IntentRow,
): Promise<OrderRow> {
  // The usual case, in one statement: our record of the intent is the provider's (the caller
  // has just written it), and its order is still unpaid, for the amount paid.
  if (
    record?.id === intent.id &&
    record.status === 'succeeded' &&
    (intent.cardBrand ?? record.cardBrand) === record.cardBrand &&
    (intent.cardLast4 ?? record.cardLast4) === record.cardLast4 &&
    (!intent.orderId || intent.orderId === record.orderId) &&
    intent.currency === 'usd'
  ) {
    const paid = await payUnpaidOrder(
      db,
      record.orderId,
      intent.amountCents,
      { transactionId: intent.id, cardBrand: intent.cardBrand, cardLast4: intent.cardLast4 },
      { actor: 'provider' },
    );
    if (paid) return paid;
  }
  // Anything else is decided under the order's lock. The order's row, not its view: reading its
  // lines for an answer would hold the lock longer, and most callers answer with the payment
  // alone (orderView reads them after commit).
  return db.transaction(async (tx) => {
    const known =
      record?.id === intent.id
        ? record
        : (await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id)))[0];
    if (!known || (intent.orderId && intent.orderId !== known.orderId)) {
      throw new AppError('NOT_FOUND', 'Payment was not found');
    }
    const order = await lockOrder(tx, known.orderId);
    if (intent.amountCents !== order.totalCents || intent.currency !== 'usd') {
      log.error({ orderId: order.id, intentId: intent.id }, 'payment amount does not match the order');
      throw new AppError('PAYMENT_FAILED', 'The payment does not match the order total');
    }
    // A webhook's intent names its charge without the card: it must not erase what a lookup found.
    const cardBrand = intent.cardBrand ?? known.cardBrand;
    const cardLast4 = intent.cardLast4 ?? known.cardLast4;
    if (known.status !== 'succeeded' || cardBrand !== known.cardBrand || cardLast4 !== known.cardLast4) {
      await tx
        .update(paymentIntents)
        .set({ status: 'succeeded', cardBrand, cardLast4, updatedAt: new Date() })
        .where(eq(paymentIntents.id, intent.id));
    }

    if (paidStatuses.includes(order.status)) {
      if (order.transactionId !== intent.id) {
        log.error({ orderId: order.id, intentId: intent.id }, 'second payment for a paid order: refund it');
      }
      return order;
    }
    try {
      return await applyOrderEvent(
        tx,
        order,
        {
          type: 'pay',
          payment: { transactionId: intent.id, cardBrand: intent.cardBrand, cardLast4: intent.cardLast4 },
        },
        { actor: 'provider' },
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') {
        log.error(
          { orderId: order.id, intentId: intent.id },
          'paid for an order released meanwhile: refund it',
        );
      }
      throw error;
    }
  });
}

/** PATCH /order/:id: the customer reports the transaction; we ask the provider before believing it. */
export async function confirmOrderPayment(
  db: Db,
  provider: PaymentProvider,
  me: SessionUser,
  orderId: string,
  transactionId: string,
  log: { error(obj: object, msg: string): void },
): Promise<Order> {
  const { row: order, order: view } = await getOwnOrder(db, me, orderId, { includeClosed: true });
  // Already paid with this very transaction (the processor or the webhook got there first): nothing to do.
  if (paidStatuses.includes(order.status) && order.transactionId === transactionId) return view;
  const [known] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, transactionId), eq(paymentIntents.orderId, order.id)));
  if (!known) throw new AppError('NOT_FOUND', 'Payment was not found for this order');
  const intent = await provider.retrieveIntent(known.id);
  return toOneOrder(
    db,
    await markOrderPaid(db, provider, { ...intent, orderId: intent.orderId ?? order.id }, log),
  );
}

/**
 * A failed attempt is noted on the intent, which stays open for another card (as Stripe's does).
 * It never undoes a success: webhook events may arrive out of order.
 */
export async function recordPaymentFailure(db: Db, intentId: string, reason: string) {
  await db
    .update(paymentIntents)
    .set({ lastError: reason.slice(0, 200), updatedAt: new Date() })
    .where(and(eq(paymentIntents.id, intentId), eq(paymentIntents.status, 'open')));
}
