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
} from '../modules/orders';
import type { PaymentProvider } from '../modules/payments';

/**
 * Refunds (docs/decisions/039), as a flow across the order and the card provider: the refund is
 * claimed in the order's lock (modules/orders), asked of the provider under its own idempotency
 * key, then settled by the order (its stock, money and status) or given back when the provider
 * refused. Cancelling a paid order, a return's refund and a late payment's refund end here too.
 */

/** Asks the provider for a pending refund (again, after a crash: the key finds the first) and settles it. */
export async function sendRefund(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  refund: RefundRow,
): Promise<RefundRow> {
  if (refund.status !== 'pending') return refund;
  let answer: RefundAnswer;
  try {
    answer = await provider.refund({
      paymentIntentId: refund.paymentIntentId,
      amountCents: refund.amountCents,
      idempotencyKey: `refund-${refund.id}`,
      refundId: refund.id,
      orderId: refund.orderId,
    });
  } catch (error) {
    // The provider said no (a card error) or could not be reached: the claim stays pending and a
    // repeat of the request (same key) asks again.
    if (error instanceof Error && 'type' in error && String(error.type).includes('InvalidRequest'))
      answer = { id: '', status: 'failed', failure: error.message.slice(0, 200) };
    else throw error;
  }
  return settleRefund(db, outbox, refund.id, answer, 'admin');
}

/**
 * POST /manage/:id/refunds: claims, sends and settles one refund; a repeat with the same key
 * answers with the first refund (and asks the provider again if it was left pending).
 */
export async function refundOrder(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  orderId: string,
  input: RefundRequest,
  key: string,
  adminId: string | null,
): Promise<Order> {
  if (!isUuid(orderId)) throw new OrderNotFound();
  const claimed = await claimRefund(db, orderId, input, key, adminId, provider.name);
  await sendRefund(db, outbox, provider, claimed);
  return orderNow(db, orderId);
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
