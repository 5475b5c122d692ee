import { type Order, paidStatuses } from '../../contract/orders';
import type { Db } from '../kernel/db';
import { AppError } from '../kernel/errors';
import type { SessionUser } from '../kernel/identity';
import type { Outbox } from '../kernel/outbox';
import {
  applyOrderEvent,
  getOwnOrder,
  lockOrder,
  type OrderRow,
  openOrderLink,
  PaymentArrivedTooLate,
  payUnpaidOrder,
  toOneOrder,
} from '../modules/orders';
import type { IntentSnapshot, PaymentProvider, SimulatedProvider } from '../modules/payments';
import { type IntentRow, intentById, intentOfOrder, recordIntentSucceeded } from '../modules/payments';
import { refundLatePayment } from './refund';

/**
 * Paying an order, as a flow across the card provider, our record of its intent (modules/payments)
 * and the order's state machine (modules/orders): the provider's word is taken only once it says
 * the intent succeeded for the order's total; the order then takes its `pay` event, and a payment
 * that arrived after its order was released, and could not take its stock again, is refunded.
 */

type Log = { error(obj: object, msg: string): void };

/**
 * Marks an order paid once its provider has confirmed this intent succeeded for the order's full
 * amount. Idempotent: a repeat, from the customer's PATCH or a redelivered webhook, changes nothing.
 * The move itself is the state machine's `pay`: an order released while the customer was paying
 * gets its stock back if there is still enough; otherwise it stays released and the payment is
 * logged for a refund.
 */
export async function markOrderPaid(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  intent: IntentSnapshot,
  log: { error(obj: object, msg: string): void },
  /** Our record of the intent, when the caller has just read or written it. */
  record?: IntentRow,
): Promise<OrderRow> {
  if (intent.status !== 'succeeded')
    throw new AppError('PAYMENT_FAILED', 'The payment has not been completed');
  try {
    return await paidInOneTransaction(db, outbox, intent, log, record);
  } catch (error) {
    if (error instanceof PaymentArrivedTooLate) {
      // The money was taken but the order could not be revived: the intent keeps that on record
      // (the transaction above rolled back) and the payment is refunded in full, a refund like
      // any other (the order shows it, the customer is mailed).
      await recordIntentSucceeded(db, intent.id, intent);
      await refundLatePayment(db, outbox, provider, intent);
    }
    throw error;
  }
}

async function paidInOneTransaction(
  db: Db,
  outbox: Outbox,
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
      { outbox, actor: 'provider' },
    );
    if (paid) return paid;
  }
  // Anything else is decided under the order's lock. The order's row, not its view: reading its
  // lines for an answer would hold the lock longer, and most callers answer with the payment
  // alone (orderView reads them after commit).
  return db.transaction(async (tx) => {
    const known = record?.id === intent.id ? record : await intentById(tx, intent.id);
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
      await recordIntentSucceeded(tx, intent.id, { cardBrand, cardLast4 });
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
        { outbox, actor: 'provider' },
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
  outbox: Outbox,
  provider: PaymentProvider,
  me: SessionUser,
  orderId: string,
  transactionId: string,
  log: { error(obj: object, msg: string): void },
): Promise<Order> {
  const { row: order, order: view } = await getOwnOrder(db, me, orderId, { includeClosed: true });
  // Already paid with this very transaction (the processor or the webhook got there first): nothing to do.
  if (paidStatuses.includes(order.status) && order.transactionId === transactionId) return view;
  const known = await intentOfOrder(db, order.id, { id: transactionId });
  if (!known) throw new AppError('NOT_FOUND', 'Payment was not found for this order');
  const intent = await provider.retrieveIntent(known.id);
  return toOneOrder(
    db,
    await markOrderPaid(db, outbox, provider, { ...intent, orderId: intent.orderId ?? order.id }, log),
  );
}

/**
 * Test mode's card for a guest's order: the client secret must be an intent of the order the key
 * opens. As for a customer, the processor's success marks the order paid at once.
 */
export async function guestSimulatedConfirm(
  db: Db,
  outbox: Outbox,
  simulated: SimulatedProvider,
  secret: string,
  input: { token: string; clientSecret: string; cardNumber: string; expiry: string; cvc: string },
  log: Log,
): Promise<{ status: 'succeeded'; transactionId: string }> {
  const { row } = await openOrderLink(db, secret, input.token);
  const intent = await intentOfOrder(db, row.id, { clientSecret: input.clientSecret });
  if (!intent) throw new AppError('NOT_FOUND', 'Payment was not found');
  const confirmed = await simulated.confirm(intent, {
    number: input.cardNumber,
    expiry: input.expiry,
    cvc: input.cvc,
  });
  await markOrderPaid(db, outbox, simulated, confirmed.snapshot, log, confirmed.row);
  return { status: 'succeeded', transactionId: confirmed.snapshot.id };
}

/** The provider's transaction for a guest's order (Stripe's page): the provider is asked first. */
export async function guestMarkPaid(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  secret: string,
  input: { token: string; transactionId: string },
  log: Log,
): Promise<Order> {
  const { row } = await openOrderLink(db, secret, input.token);
  if (paidStatuses.includes(row.status) && row.transactionId === input.transactionId)
    return toOneOrder(db, row);
  const known = await intentOfOrder(db, row.id, { id: input.transactionId });
  if (!known) throw new AppError('NOT_FOUND', 'Payment was not found for this order');
  const intent = await provider.retrieveIntent(known.id);
  return toOneOrder(
    db,
    await markOrderPaid(db, outbox, provider, { ...intent, orderId: intent.orderId ?? row.id }, log),
  );
}
