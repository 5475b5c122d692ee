import { eq, sql } from 'drizzle-orm';
import { onAccountMessages } from '../../../contract/invoices';
import type { Order } from '../../../contract/orders';
import type { Db, Tx } from '../../kernel/db';
import { orders } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { Outbox } from '../../kernel/outbox';
import { accountTermsOf } from '../accounts';
import { chargeAccount } from '../receivables';
import { toOneOrder } from './order-read';
import { applyOrderEvent, lockOrder, type OrderRow } from './order-state';

/**
 * An unpaid order of a trade account put on account (decision 102), inside the caller's
 * transaction: what it still owes after any store credit is charged to the account, within its
 * credit limit, as an invoice due after its terms; the order is then paid (released for shipping)
 * with no card, its payment naming the account. Refused for an order not unpaid, for an account
 * without terms, over its limit, or with an invoice overdue beyond the owner's setting.
 */
export async function chargeOrderToAccount(
  tx: Tx,
  outbox: Outbox,
  userId: string,
  orderId: string,
  overdueDays: number,
): Promise<OrderRow> {
  const row = await lockOrder(tx, orderId, userId);
  if (row.status !== 'unpaid') throw new AppError('CONFLICT', onAccountMessages.notUnpaid);
  const owed = row.totalCents - row.storeCreditCents - row.onAccountCents;
  const [charged] = await tx
    .update(orders)
    .set({ onAccountCents: sql`${orders.onAccountCents} + ${owed}` })
    .where(eq(orders.id, orderId))
    .returning();
  if (!charged) throw new Error('order vanished under its lock');
  // Paid first, so the invoice keeps the invoice number the payment gives; a refusal below
  // rolls both back.
  const paid = await applyOrderEvent(
    tx,
    charged,
    { type: 'pay', payment: { transactionId: onAccountPayment(orderId), cardBrand: null, cardLast4: null } },
    { outbox, actor: 'customer', actorUserId: userId },
  );
  await chargeAccount(tx, {
    userId,
    terms: await accountTermsOf(tx, userId, { lock: true }),
    orderId,
    orderNumber: paid.number,
    invoiceNumber: paid.invoiceNumber,
    amountCents: owed,
    overdueDays,
  });
  return paid;
}

/** The payment id of an order charged to its account. */
export const onAccountPayment = (orderId: string) => `on-account-${orderId}`;

/** POST /api/order/:id/on-account: the spec's payment page, for a trade account with terms. */
export async function putOnAccount(
  db: Db,
  outbox: Outbox,
  userId: string,
  orderId: string,
  overdueDays: number,
): Promise<Order> {
  return db.transaction(async (tx) =>
    toOneOrder(tx, await chargeOrderToAccount(tx, outbox, userId, orderId, overdueDays)),
  );
}
