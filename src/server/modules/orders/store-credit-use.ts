import { eq, inArray, sql } from 'drizzle-orm';
import { type Order, orderNumber } from '../../../contract/orders';
import { storeCreditMessages } from '../../../contract/store-credit';
import type { Db, Tx } from '../../kernel/db';
import { orders } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { Outbox } from '../../kernel/outbox';
import { spendUpTo } from '../credit';
import { toOneOrder } from './order-read';
import { applyOrderEvent, lockOrder, type OrderRow } from './order-state';

/**
 * Store credit spent on one of the customer's unpaid orders (decision 100), inside the caller's
 * transaction: as much of the balance as the order still owes is taken from it and kept on the
 * order (`store_credit_cents`); the card then pays the rest. When the credit covers it all, the
 * order is paid there and then (the payment's id names the credit, no card). Refused for an order
 * not unpaid and for a customer with nothing to spend.
 */
export async function spendCreditOn(
  tx: Tx,
  outbox: Outbox,
  userId: string,
  orderId: string,
): Promise<OrderRow> {
  const row = await lockOrder(tx, orderId, userId);
  if (row.status !== 'unpaid') throw new AppError('CONFLICT', storeCreditMessages.notUnpaid);
  const owed = row.totalCents - row.storeCreditCents;
  const cents = await spendUpTo(tx, { userId, maxCents: owed, orderId });
  if (cents <= 0) throw new AppError('CONFLICT', storeCreditMessages.none);
  const [credited] = await tx
    .update(orders)
    .set({ storeCreditCents: sql`${orders.storeCreditCents} + ${cents}` })
    .where(eq(orders.id, orderId))
    .returning();
  if (!credited) throw new Error('order vanished under its lock');
  if (cents < owed) return credited;
  return applyOrderEvent(
    tx,
    credited,
    {
      type: 'pay',
      payment: { transactionId: storeCreditPayment(orderId), cardBrand: null, cardLast4: null },
    },
    { outbox, actor: 'customer', actorUserId: userId },
  );
}

/** The payment id of an order paid in full with store credit. */
export const storeCreditPayment = (orderId: string) => `store-credit-${orderId}`;

/** POST /api/order/:id/store-credit: the customer's credit spent on their unpaid order. */
export async function useStoreCredit(
  db: Db,
  outbox: Outbox,
  userId: string,
  orderId: string,
): Promise<Order> {
  return db.transaction(async (tx) => toOneOrder(tx, await spendCreditOn(tx, outbox, userId, orderId)));
}

/** Orders' numbers by id ("TW-10042"), for lists that name orders they do not own. */
export async function orderNumbersOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((r) => [r.id, orderNumber(r.number)]));
}
