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
  PAID_BEFORE_CREDIT,
  PaymentArrivedTooLate,
  payUnpaidOrder,
  takeBalancePayment,
  toOneOrder,
} from '../modules/orders';
import type { IntentSnapshot, PaymentProvider, SimulatedProvider } from '../modules/payments';
import {
  findOwnIntent,
  type IntentRow,
  intentById,
  intentOfOrder,
  recordIntentSucceeded,
} from '../modules/payments';
import { refundLatePayment } from './refund';
import { runSteps, STOP, type Step } from './steps';

/**
 * Paying an order, as a flow of named steps across the card provider, our record of its intent
 * (modules/payments) and the order's state machine (modules/orders): the provider's word is taken
 * only once it says the intent succeeded for the order's total; the order then takes its `pay`
 * event, and a payment that arrived after its order was released, and could not take its stock
 * again, is kept on record and refunded.
 *
 * Nothing here is ever undone, so no step has a compensation. The steps before the pivot only
 * read (the order, our record of the intent, the provider's intent). From the pivot on, money has
 * moved at the provider: the card charged (test mode's processor, `charge the card`), or the
 * order paid on the provider's word (`pay the order`). A failure from there is finished forward by
 * a repeat, never undone: Stripe redelivers its webhook until it is answered, the customer's page
 * reports the payment again, a late payment's refund is keyed by the payment (one refund however
 * often it is asked) and left pending for the recurring job when the provider cannot be reached.
 */

type Log = { error(obj: object, msg: string): void };

/** What the steps of paying share. */
export interface PayContext {
  db: Db;
  outbox: Outbox;
  provider: PaymentProvider;
  log: Log;
  /** The provider's word on the intent. */
  intent?: IntentSnapshot;
  /** Our record of the intent, when a step has just read or written it (the one-statement payment). */
  record?: IntentRow;
  /** The order, paid. */
  paid?: OrderRow;
  /** The payment came after its order was released, and the order could not take its stock again. */
  tooLate?: PaymentArrivedTooLate;
}

const found = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`no ${what} before this step`);
  return value;
};

/**
 * The provider's word, taken: the steps every payment ends with, top to bottom. The order is
 * marked paid once its provider has confirmed this intent succeeded for the order's full amount.
 * Idempotent: a repeat, from the customer's PATCH or a redelivered webhook, changes nothing. The
 * move itself is the state machine's `pay`: an order released while the customer was paying gets
 * its stock back if there is still enough; otherwise it stays released and the payment is
 * refunded in full, a refund like any other (the order shows it, the customer is mailed).
 */
export const paySteps: readonly Step<PayContext>[] = [
  {
    name: "check the provider's word",
    run: async (ctx) => {
      if (found(ctx.intent, "provider's word").status !== 'succeeded')
        throw new AppError('PAYMENT_FAILED', 'The payment has not been completed');
      return undefined;
    },
  },
  {
    name: 'pay the order',
    // The point of no return: the provider holds the money. A failure leaves the order as it was
    // and the next report of the same payment pays it, once.
    pivot: true,
    run: async (ctx) => {
      try {
        ctx.paid = await paidInOneTransaction(
          ctx.db,
          ctx.outbox,
          found(ctx.intent, 'intent'),
          ctx.log,
          ctx.record,
        );
      } catch (error) {
        if (!(error instanceof PaymentArrivedTooLate)) throw error;
        // Its transaction rolled back: the steps below keep the payment and give it back.
        ctx.tooLate = error;
      }
      return undefined;
    },
  },
  {
    name: 'keep the late payment on record',
    // The money was taken but the order could not be revived: our record of the intent says so.
    run: async (ctx) => {
      const intent = found(ctx.intent, 'intent');
      if (ctx.tooLate) await recordIntentSucceeded(ctx.db, intent.id, intent);
      return undefined;
    },
  },
  {
    name: 'refund the late payment',
    // In full, under the payment's own key (claimed, asked of the provider, settled: flows/refund);
    // then the payer is told why the order was not paid.
    run: async (ctx) => {
      if (!ctx.tooLate) return undefined;
      await refundLatePayment(ctx.db, ctx.outbox, ctx.provider, found(ctx.intent, 'intent'));
      throw ctx.tooLate;
    },
  },
];

/**
 * The provider's word on an intent, taken (the webhook, test mode's processor): the order paid, or
 * the payment refunded when it came too late.
 */
export async function markOrderPaid(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  intent: IntentSnapshot,
  log: Log,
  /** Our record of the intent, when the caller has just read or written it. */
  record?: IntentRow,
  steps: readonly Step<PayContext>[] = paySteps,
): Promise<OrderRow> {
  const done = await runSteps('pay', steps, { db, outbox, provider, log, intent, record });
  return found(done.paid, 'order paid');
}

async function paidInOneTransaction(
  db: Db,
  outbox: Outbox,
  intent: IntentSnapshot,
  log: Log,
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
    // A payment of what parts added after the order was paid cost (decision 104): taken once, by
    // the balance it pays; one for more than is still owed came too late and is given back.
    if (known.purpose === 'balance') {
      if (intent.currency !== 'usd' || intent.amountCents !== known.amountCents)
        throw new AppError('PAYMENT_FAILED', 'The payment does not match the order total');
      const paid = await takeBalancePayment(tx, outbox, order, {
        id: intent.id,
        amountCents: intent.amountCents,
      });
      if (known.status !== 'succeeded')
        await recordIntentSucceeded(tx, intent.id, {
          cardBrand: intent.cardBrand ?? known.cardBrand,
          cardLast4: intent.cardLast4 ?? known.cardLast4,
        });
      return paid;
    }
    // An intent of ours for this order opened before store credit paid part of it (decision 100):
    // it is for more than is now due, so it cannot pay the order; like a payment that came too
    // late, it is kept on record and given back.
    if (
      intent.currency === 'usd' &&
      intent.amountCents === known.amountCents &&
      intent.amountCents !== order.totalCents - order.storeCreditCents &&
      order.storeCreditCents > 0
    )
      throw new PaymentArrivedTooLate(PAID_BEFORE_CREDIT);
    if (intent.amountCents !== order.totalCents - order.storeCreditCents || intent.currency !== 'usd') {
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

/** A payment reported for an order (its transaction id), as the customer's page or a guest's sends it. */
export interface ReportContext extends PayContext {
  transactionId: string;
  /** The order the payment is reported for. */
  order?: OrderRow;
  /** Our record of the reported intent, found among the order's. */
  reported?: IntentRow;
  answer?: Order;
}

/** The reported transaction must be one of the order's intents. */
const findReported: Step<ReportContext> = {
  name: 'find the payment',
  run: async (ctx) => {
    const order = found(ctx.order, 'order');
    ctx.reported = await intentOfOrder(ctx.db, order.id, { id: ctx.transactionId });
    if (!ctx.reported) throw new AppError('NOT_FOUND', 'Payment was not found for this order');
    return undefined;
  },
};

/** The report is not believed: the provider is asked what became of the intent (a read). */
const askProvider: Step<ReportContext> = {
  name: 'ask the card provider',
  run: async (ctx) => {
    const order = found(ctx.order, 'order');
    const intent = await ctx.provider.retrieveIntent(found(ctx.reported, 'payment').id);
    ctx.intent = { ...intent, orderId: intent.orderId ?? order.id };
    return undefined;
  },
};

const readBack: Step<ReportContext> = {
  name: 'read the order back',
  run: async (ctx) => {
    ctx.answer = await toOneOrder(ctx.db, found(ctx.paid, 'order paid'));
    return undefined;
  },
};

/** Already paid with this very transaction (the processor or the webhook got there first). */
const paidWith = (row: OrderRow, transactionId: string) =>
  paidStatuses.includes(row.status) && row.transactionId === transactionId;

export interface ConfirmContext extends ReportContext {
  me: SessionUser;
  orderId: string;
}

/** PATCH /order/:id, top to bottom: the customer reports the transaction; the provider is asked before it is believed. */
export const confirmPaymentSteps: readonly Step<ConfirmContext>[] = [
  {
    name: 'read the order',
    run: async (ctx) => {
      const { row, order: view } = await getOwnOrder(ctx.db, ctx.me, ctx.orderId, { includeClosed: true });
      ctx.order = row;
      // Nothing to do: answered from this one read.
      if (paidWith(row, ctx.transactionId)) {
        ctx.answer = view;
        return STOP;
      }
      return undefined;
    },
  },
  findReported,
  askProvider,
  ...paySteps,
  readBack,
];

export async function confirmOrderPayment(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  me: SessionUser,
  orderId: string,
  transactionId: string,
  log: Log,
  steps: readonly Step<ConfirmContext>[] = confirmPaymentSteps,
): Promise<Order> {
  const ctx: ConfirmContext = { db, outbox, provider, log, me, orderId, transactionId };
  const done = await runSteps('confirm a payment', steps, ctx);
  return found(done.answer, 'answer');
}

export interface GuestReportContext extends ReportContext {
  secret: string;
  token: string;
}

/** A guest's order opened by its signed link. */
const openLink: Step<GuestReportContext> = {
  name: 'open the order link',
  run: async (ctx) => {
    const { row } = await openOrderLink(ctx.db, ctx.secret, ctx.token);
    ctx.order = row;
    if (paidWith(row, ctx.transactionId)) {
      ctx.answer = await toOneOrder(ctx.db, row);
      return STOP;
    }
    return undefined;
  },
};

/** The provider's transaction for a guest's order (Stripe's page), top to bottom: the provider is asked first. */
export const guestReportSteps: readonly Step<GuestReportContext>[] = [
  openLink,
  findReported,
  askProvider,
  ...paySteps,
  readBack,
];

export async function guestMarkPaid(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  secret: string,
  input: { token: string; transactionId: string },
  log: Log,
): Promise<Order> {
  const ctx: GuestReportContext = {
    db,
    outbox,
    provider,
    log,
    secret,
    token: input.token,
    transactionId: input.transactionId,
  };
  const done = await runSteps('confirm a guest payment', guestReportSteps, ctx);
  return found(done.answer, 'answer');
}

/** Test mode's card, charged by the simulated processor for an intent a step found. */
export interface CardContext extends PayContext {
  provider: SimulatedProvider;
  card: { number: string; expiry: string; cvc: string };
  /** Our record of the intent the card is for. */
  open?: IntentRow;
}

/**
 * The card charged, then the processor's success taken at once, as Stripe's webhook does: the order
 * is paid even if the customer's page never sends its PATCH (which then changes nothing). The pivot:
 * a declined card changes nothing but the intent's last error; a charged one is finished forward.
 */
const chargeCard: Step<CardContext> = {
  name: 'charge the card',
  pivot: true,
  run: async (ctx) => {
    const confirmed = await ctx.provider.confirm(found(ctx.open, 'payment'), ctx.card);
    ctx.intent = confirmed.snapshot;
    ctx.record = confirmed.row;
    return undefined;
  },
};

export interface SimulatedConfirmContext extends CardContext {
  userId: string;
  clientSecret: string;
}

/** POST /payments/simulated/confirm, top to bottom: a customer's card for one of their orders. */
export const simulatedConfirmSteps: readonly Step<SimulatedConfirmContext>[] = [
  {
    name: 'find the payment',
    // The client secret is a capability, but it must also be for one of this user's orders: one
    // read finds the intent and checks whose order it is.
    run: async (ctx) => {
      ctx.open = await findOwnIntent(ctx.db, ctx.clientSecret, ctx.userId);
      if (!ctx.open) throw new AppError('NOT_FOUND', 'Payment was not found');
      return undefined;
    },
  },
  chargeCard,
  ...paySteps,
];

export async function confirmSimulatedPayment(
  db: Db,
  outbox: Outbox,
  simulated: SimulatedProvider,
  me: SessionUser,
  input: { clientSecret: string; cardNumber: string; expiry: string; cvc: string },
  log: Log,
  steps: readonly Step<SimulatedConfirmContext>[] = simulatedConfirmSteps,
): Promise<{ status: 'succeeded'; transactionId: string }> {
  const ctx: SimulatedConfirmContext = {
    db,
    outbox,
    provider: simulated,
    log,
    userId: me.id,
    clientSecret: input.clientSecret,
    card: { number: input.cardNumber, expiry: input.expiry, cvc: input.cvc },
  };
  const done = await runSteps('charge a card', steps, ctx);
  return { status: 'succeeded', transactionId: found(done.intent, 'intent').id };
}

export interface GuestCardContext extends CardContext {
  secret: string;
  token: string;
  clientSecret: string;
}

/** Test mode's card for a guest's order, top to bottom: the client secret must be an intent of the order the link opens. */
export const guestCardSteps: readonly Step<GuestCardContext>[] = [
  {
    name: 'find the payment',
    run: async (ctx) => {
      const { row } = await openOrderLink(ctx.db, ctx.secret, ctx.token);
      ctx.open = await intentOfOrder(ctx.db, row.id, { clientSecret: ctx.clientSecret });
      if (!ctx.open) throw new AppError('NOT_FOUND', 'Payment was not found');
      return undefined;
    },
  },
  chargeCard,
  ...paySteps,
];

export async function guestSimulatedConfirm(
  db: Db,
  outbox: Outbox,
  simulated: SimulatedProvider,
  secret: string,
  input: { token: string; clientSecret: string; cardNumber: string; expiry: string; cvc: string },
  log: Log,
): Promise<{ status: 'succeeded'; transactionId: string }> {
  const ctx: GuestCardContext = {
    db,
    outbox,
    provider: simulated,
    log,
    secret,
    token: input.token,
    clientSecret: input.clientSecret,
    card: { number: input.cardNumber, expiry: input.expiry, cvc: input.cvc },
  };
  const done = await runSteps('charge a guest card', guestCardSteps, ctx);
  return { status: 'succeeded', transactionId: found(done.intent, 'intent').id };
}
