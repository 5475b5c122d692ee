import { type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../contract/ids';
import type { Order } from '../../contract/orders';
import type { Db } from '../kernel/db';
import type { Outbox } from '../kernel/outbox';
import {
  claimLatePaymentRefund,
  claimRefund,
  OrderNotFound,
  orderNow,
  pendingRefunds,
  putOffRefund,
  type RefundAnswer,
  type RefundRequest,
  type RefundRow,
  settleRefund,
  withdrawClaim,
} from '../modules/orders';
import type { PaymentProvider } from '../modules/payments';
import { runSteps, STOP, type Step } from './steps';

/**
 * Refunds (docs/decisions/039), as a flow of named steps across the order and the card provider:
 * the refund is claimed in the order's lock (modules/orders), asked of the provider under its own
 * idempotency key, then settled by the order (its stock, money and status) or given back when the
 * provider refused. Cancelling a paid order, a return's refund and a late payment's refund end
 * with the same two steps (`sendSteps`).
 */

/** What the refund steps share: the claim they work on, the provider's answer. */
export interface RefundContext {
  db: Db;
  outbox: Outbox;
  provider: PaymentProvider;
  claim?: RefundRow;
  answer?: RefundAnswer;
}

const claimOf = (ctx: RefundContext) => {
  if (!ctx.claim) throw new Error('no refund claimed before this step');
  return ctx.claim;
};

/**
 * Asks the provider for a pending refund (again, after a crash: the key finds the first). The
 * pivot: from here the money may have moved, so a failure leaves the claim pending and the
 * recurring job asks again under the same key; nothing before it is undone.
 */
export const askProvider: Step<RefundContext> = {
  name: 'ask the card provider',
  pivot: true,
  run: async (ctx) => {
    const refund = claimOf(ctx);
    if (refund.status !== 'pending') return STOP;
    // What goes back as store credit (decision 100) or off an invoice on account (decision 102)
    // is not the card's: when that is all of it, there is nothing to ask.
    const cardCents = refund.amountCents - refund.storeCreditCents - refund.onAccountCents;
    if (cardCents === 0) {
      ctx.answer = { id: '', status: 'succeeded' };
      return undefined;
    }
    try {
      ctx.answer = await ctx.provider.refund({
        paymentIntentId: refund.paymentIntentId,
        amountCents: cardCents,
        idempotencyKey: `refund-${refund.id}`,
        refundId: refund.id,
        orderId: refund.orderId,
      });
    } catch (error) {
      // The provider said no (a card error): the refund failed and its claim is given back when
      // settled. Could not be reached: the claim stays pending and a repeat (same key) asks again.
      if (error instanceof Error && 'type' in error && String(error.type).includes('InvalidRequest'))
        ctx.answer = { id: '', status: 'failed', failure: error.message.slice(0, 200) };
      else throw error;
    }
    return undefined;
  },
};

/**
 * The provider's answer settled by the order, in one transaction: a success moves the stock
 * (released or back on the shelf) and the money (the money machine's refund), a failure gives the
 * claim back. Its transaction is its own compensation; a crash before it commits leaves the claim
 * pending for the job, which asks the provider again (its idempotency answers with the same refund).
 */
export const settle: Step<RefundContext> = {
  name: 'settle the refund',
  run: async (ctx) => {
    const answer = ctx.answer;
    if (!answer) throw new Error('no answer to settle');
    ctx.claim = await settleRefund(ctx.db, ctx.outbox, claimOf(ctx).id, answer, 'admin');
    return undefined;
  },
};

/** The two steps every refund ends with, once it is claimed. */
export const sendSteps: readonly Step<RefundContext>[] = [askProvider, settle];

/** Asks the provider for a pending refund (again, after a crash) and settles it. */
export async function sendRefund(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  refund: RefundRow,
): Promise<RefundRow> {
  const done = await runSteps('send refund', sendSteps, { db, outbox, provider, claim: refund });
  return claimOf(done);
}

export interface RefundOrderContext extends RefundContext {
  orderId: string;
  input: RefundRequest;
  key: string;
  adminId: string | null;
  order?: Order;
}

/**
 * POST /manage/:id/refunds, top to bottom. A repeat with the same key answers with the first
 * refund (and asks the provider again if it was left pending).
 */
export const refundSteps: readonly Step<RefundOrderContext>[] = [
  {
    name: 'claim the refund',
    // Held against what may still be refunded, in the order's lock; nothing moved yet.
    run: async (ctx) => {
      if (!isUuid(ctx.orderId)) throw new OrderNotFound();
      ctx.claim = await claimRefund(ctx.db, ctx.orderId, ctx.input, ctx.key, ctx.adminId, ctx.provider.name);
      return undefined;
    },
    // Given back while the provider was never asked (a pending claim is only sent by the pivot).
    compensate: async (ctx) => {
      if (ctx.claim) await withdrawClaim(ctx.db, ctx.outbox, ctx.claim.id);
    },
  },
  ...sendSteps,
  {
    name: 'read the order',
    run: async (ctx) => {
      ctx.order = await orderNow(ctx.db, ctx.orderId);
      return undefined;
    },
  },
];

export async function refundOrder(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  orderId: string,
  input: RefundRequest,
  key: string,
  adminId: string | null,
  steps: readonly Step<RefundOrderContext>[] = refundSteps,
): Promise<Order> {
  const ctx: RefundOrderContext = { db, outbox, provider, orderId, input, key, adminId };
  const done = await runSteps('refund', steps, ctx);
  // A repeat whose refund was settled already stops at the provider's step: the order as it is.
  return done.order ?? orderNow(db, orderId);
}

/** How long a refund may stay pending before the recurring job asks the provider again. */
export const PENDING_REFUND_RETRY_MS = 5 * 60 * 1000;

/**
 * The recurring job's round: refunds left pending (the provider could not be reached, or has not
 * answered yet) are asked for again under their own key, oldest first, so a refund an admin
 * started is settled even if nobody presses anything again. The provider's idempotency makes a
 * second ask for a refund it already made answer with that refund. Returns how many were asked.
 */
export async function retryPendingRefunds(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  log?: { warn: (details: object, message: string) => void },
  /** The job runner's time (the database's, or a test's clock). */
  now: SQL = sql`now()`,
): Promise<number> {
  const due = await pendingRefunds(db, PENDING_REFUND_RETRY_MS, now, 20);
  for (const refund of due) {
    try {
      const after = await sendRefund(db, outbox, provider, refund);
      // Still pending at the provider: the next round asks again, after the others.
      if (after.status === 'pending') await putOffRefund(db, refund.id, now);
    } catch (err) {
      log?.warn({ err, refundId: refund.id }, 'a pending refund could not be sent; it is asked again later');
      await putOffRefund(db, refund.id, now);
    }
  }
  return due.length;
}

/**
 * A payment that arrived after its order was released (and could not take its stock again) is
 * refunded in full, once: the key is the payment's, so a redelivered webhook finds the same refund.
 */
export async function refundLatePayment(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  intent: { id: string; orderId: string | undefined; amountCents: number },
): Promise<void> {
  const refund = await claimLatePaymentRefund(db, provider.name, intent);
  if (refund) await sendRefund(db, outbox, provider, refund);
}
