import { and, eq, sql } from 'drizzle-orm';
import { formatCents } from '../../../contract/money';
import type { Tx } from '../../kernel/db';
import { orderBalancePayments, orders, refunds, rowsOf } from '../../kernel/db';
import type { Outbox } from '../../kernel/outbox';
import { PaymentArrivedTooLate } from './order-errors';
import { type OrderRow, recordEvent } from './order-state';

/**
 * What an order paid by card still owes for parts added after it was paid (decision 104), and the
 * payments that settle it. The balance is a payment of its own (the card is not charged again
 * without its holder): the customer pays it from the order's payment page, or staff take it by
 * phone; the order does not ship while it is owed. A refund takes off the balance first.
 */

/** Said when a balance payment came for more than the order still owes (the balance shrank meanwhile). */
export const BALANCE_ALREADY_SETTLED =
  'This payment was for more than your order still owes (its balance changed meanwhile); it will be refunded. Open the order to see what is left to pay.';

/** Said when an order with a balance due is to be shipped. */
export const balanceDueWords = (cents: number) =>
  `This order still owes ${formatCents(cents)} for parts added to it: it ships once that is paid.`;

/**
 * A balance payment the provider says succeeded, taken by its order under the order's lock: kept
 * as one of the order's payments, and the balance falls by what was paid. Taken once: the same
 * payment reported again changes nothing. A payment for more than is still owed is not taken (it
 * came after a refund or a second payment of the same balance): the caller keeps it on record and
 * gives it back, as a payment that came too late.
 */
export async function takeBalancePayment(
  tx: Tx,
  outbox: Outbox,
  order: OrderRow,
  payment: { id: string; amountCents: number },
  now = new Date(),
): Promise<OrderRow> {
  const [known] = await tx
    .select({ id: orderBalancePayments.paymentIntentId })
    .from(orderBalancePayments)
    .where(eq(orderBalancePayments.paymentIntentId, payment.id));
  if (known) return order;
  if (payment.amountCents <= 0 || payment.amountCents > order.balanceDueCents)
    throw new PaymentArrivedTooLate(BALANCE_ALREADY_SETTLED);
  await tx.insert(orderBalancePayments).values({
    paymentIntentId: payment.id,
    orderId: order.id,
    amountCents: payment.amountCents,
    takenAt: now,
  });
  const [paid] = await tx
    .update(orders)
    .set({ balanceDueCents: sql`${orders.balanceDueCents} - ${payment.amountCents}` })
    .where(eq(orders.id, order.id))
    .returning();
  if (!paid) throw new Error('order vanished under its lock');
  await recordEvent(
    tx,
    paid,
    'balance_paid',
    paid.status,
    { outbox, actor: 'provider', note: `Paid ${formatCents(payment.amountCents)} for the parts added` },
    now,
  );
  return paid;
}

/** An order's payments beside its first: the balance payments it took, each with what went back to its card. */
export interface BalancePayment {
  id: string;
  amountCents: number;
  /** Given back (or being given back) to this payment's card by refunds not failed. */
  refundedCents: number;
}

export async function balancePaymentsOf(tx: Tx, orderId: string): Promise<BalancePayment[]> {
  // Written out with aliases: both tables have a payment_intent_id, which a column left bare in
  // the subquery would take from the refunds.
  const rows = rowsOf<{ id: string; amount: string; refunded: string }>(
    await tx.execute(sql`
      select p.payment_intent_id as id, p.amount_cents::text as amount,
        (select coalesce(sum(r.amount_cents - r.store_credit_cents - r.on_account_cents - r.balance_cents), 0)
          from ${refunds} r where r.payment_intent_id = p.payment_intent_id and r.status <> 'failed')::text as refunded
      from ${orderBalancePayments} p
      where p.order_id = ${orderId}
      order by p.taken_at`),
  );
  return rows.map((r) => ({ id: r.id, amountCents: Number(r.amount), refundedCents: Number(r.refunded) }));
}

/** Whether a refund's payment is one its order took (its first, or a balance payment): not a late one. */
export async function isOwnPayment(tx: Tx, order: OrderRow, paymentIntentId: string): Promise<boolean> {
  if (paymentIntentId === order.transactionId) return true;
  const [taken] = await tx
    .select({ id: orderBalancePayments.paymentIntentId })
    .from(orderBalancePayments)
    .where(
      and(
        eq(orderBalancePayments.paymentIntentId, paymentIntentId),
        eq(orderBalancePayments.orderId, order.id),
      ),
    );
  return taken !== undefined;
}

/** The ids of the balance payments an order took, as a subquery. */
export const balancePaymentIds = (orderId: string) =>
  sql`select ${orderBalancePayments.paymentIntentId} from ${orderBalancePayments} where ${orderBalancePayments.orderId} = ${orderId}`;
