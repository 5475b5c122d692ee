import { and, eq, notInArray } from 'drizzle-orm';
import { isUuid } from '../../../contract/ids';
import { closedUnpaidStatuses, ORDER_NOT_FOUND, type Order, paidStatuses } from '../../../contract/orders';
import type { PaymentIntentAnswer } from '../../../contract/payments';
import type { Db } from '../../db/database';
import { orders, paymentIntents } from '../../db/schema';
import { AppError } from '../../errors';
import type { SessionUser } from '../../plugins/auth';

import { getOwnOrder } from '../orders/customer-orders';
import { PaymentArrivedTooLate } from '../orders/order-errors';
import { toOneOrder } from '../orders/order-read';
import { applyOrderEvent, lockOrder, type OrderRow } from '../orders/order-state';
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
  const [found] = await db
    .select({ intent: paymentIntents })
    .from(paymentIntents)
    .innerJoin(orders, eq(orders.id, paymentIntents.orderId))
    .where(and(eq(paymentIntents.clientSecret, clientSecret), eq(orders.userId, userId)));
  return found?.intent;
}

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
  const [found] = await db
    .select({ order: orders, open: paymentIntents })
    .from(orders)
    .leftJoin(
      paymentIntents,
      and(
        eq(paymentIntents.orderId, orders.id),
        eq(paymentIntents.provider, provider.name),
        eq(paymentIntents.amountCents, orders.totalCents),
        eq(paymentIntents.status, 'open'),
      ),
    )
    .where(
      and(
        eq(orders.id, orderId),
        'orderLink' in me ? undefined : eq(orders.userId, me.id),
        notInArray(orders.status, [...closedUnpaidStatuses]),
      ),
    )
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const { order, open } = found;
  if (order.status !== 'unpaid') throw new AppError('CONFLICT', 'This order is already paid');
  const answer = (row: { clientSecret: string }) => ({
    clientSecret: row.clientSecret,
    provider: provider.name,
    publishableKey: provider.publishableKey,
    amount: order.totalCents / 100,
  });
  if (open) return answer(open);

  // The key makes a provider answer a retry with the same intent instead of a second one.
  const created = await provider.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    idempotencyKey: `order-${order.id}-${order.totalCents}`,
  });
  await db
    .insert(paymentIntents)
    .values({
      id: created.id,
      orderId: order.id,
      provider: provider.name,
      amountCents: order.totalCents,
      clientSecret: created.clientSecret,
    })
    .onConflictDoNothing();
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
  // The order's row, not its view: reading its lines for an answer would hold the order's lock
  // longer, and most callers answer with the payment alone (orderView reads them after commit).
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
  const order = await getOwnOrder(db, me, orderId, { includeClosed: true });
  // Already paid with this very transaction (the processor or the webhook got there first): nothing to do.
  if (paidStatuses.includes(order.status) && order.transactionId === transactionId)
    return toOneOrder(db, order);
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
