import { and, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import { isUuid } from '../../../contract/ids';
import { centsToDollars } from '../../../contract/money';
import { closedUnpaidStatuses, ORDER_NOT_FOUND } from '../../../contract/orders';
import type { PaymentIntentAnswer } from '../../../contract/payments';
import type { Db, Tx } from '../../kernel/db';
import { insertRow, orders, paymentIntents, preparedStatement, selectedRow, tableRow } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { SessionUser } from '../../kernel/identity';
import type { OrderRow } from '../orders';
import { openOrderLink } from '../orders';
import type { PaymentProvider } from './payment-provider';

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
  storeCreditCents: orders.storeCreditCents,
  balanceDueCents: orders.balanceDueCents,
  openSecret: paymentIntents.clientSecret,
};
const payableOrder = (owned: boolean) =>
  preparedStatement<
    { id: string; provider: string; userId?: string },
    Pick<OrderRow, 'id' | 'status' | 'totalCents' | 'storeCreditCents' | 'balanceDueCents'> & {
      openSecret: string | null;
    }
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
            // An intent opened before store credit paid part of the order is for more: not re-used.
            eq(paymentIntents.amountCents, sql`${orders.totalCents} - ${orders.storeCreditCents}`),
            eq(paymentIntents.status, 'open'),
            eq(paymentIntents.purpose, 'order'),
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
 * order's total from the database, whatever the request said; a reload gets the same intent. A
 * paid order that owes for parts added since (decision 104) opens a payment of that balance.
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
  if (found.status === 'awaiting_shipment' && found.balanceDueCents > 0)
    return openBalancePayment(db, provider, found);
  if (found.status !== 'unpaid') throw new AppError('CONFLICT', 'This order is already paid');
  return openPayment(db, provider, found, found.openSecret);
}

/**
 * The payment of what a paid order owes for parts added since (decision 104): its open balance
 * intent for this provider at that amount when it has one, else a new one. The key names the
 * order's total too, so parts added after a balance was paid open a new payment.
 */
async function openBalancePayment(
  db: Db,
  provider: PaymentProvider,
  order: Pick<OrderRow, 'id' | 'totalCents' | 'balanceDueCents'>,
): Promise<PaymentIntentAnswer> {
  const dueCents = order.balanceDueCents;
  const answer = (row: { clientSecret: string }) => ({
    clientSecret: row.clientSecret,
    provider: provider.name,
    publishableKey: provider.publishableKey,
    amount: centsToDollars(dueCents),
    purpose: 'balance' as const,
  });
  const [open] = await db
    .select({ clientSecret: paymentIntents.clientSecret })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.orderId, order.id),
        eq(paymentIntents.provider, provider.name),
        eq(paymentIntents.purpose, 'balance'),
        eq(paymentIntents.status, 'open'),
        eq(paymentIntents.amountCents, dueCents),
      ),
    )
    .limit(1);
  if (open) return answer(open);
  const created = await provider.createIntent({
    orderId: order.id,
    amountCents: dueCents,
    idempotencyKey: `balance-${order.id}-${order.totalCents}-${dueCents}`,
  });
  const recorded = await insertIntent(db, {
    id: created.id,
    orderId: order.id,
    provider: provider.name,
    amountCents: dueCents,
    purpose: 'balance',
    clientSecret: created.clientSecret,
  });
  return answer(recorded ?? (await intentById(db, created.id)) ?? created);
}

/**
 * The payment of an unpaid order: its open intent for this provider at its total when it has one
 * (`openSecret`), else a new one. The checkout, which has just placed the order, comes here directly.
 */
export async function openPayment(
  db: Db,
  provider: PaymentProvider,
  order: Pick<OrderRow, 'id' | 'totalCents'> & { storeCreditCents?: number },
  openSecret: string | null = null,
): Promise<PaymentIntentAnswer> {
  // The card pays what store credit did not (decision 100).
  const dueCents = order.totalCents - (order.storeCreditCents ?? 0);
  const answer = (row: { clientSecret: string }) => ({
    clientSecret: row.clientSecret,
    provider: provider.name,
    publishableKey: provider.publishableKey,
    amount: centsToDollars(dueCents),
  });
  if (openSecret) return answer({ clientSecret: openSecret });

  // The key makes a provider answer a retry with the same intent instead of a second one.
  const created = await provider.createIntent({
    orderId: order.id,
    amountCents: dueCents,
    idempotencyKey: `order-${order.id}-${dueCents}`,
  });
  const recorded = await insertIntent(db, {
    id: created.id,
    orderId: order.id,
    provider: provider.name,
    amountCents: dueCents,
    clientSecret: created.clientSecret,
  });
  // Opened at the same moment by another request (the same key, so the same intent): the one
  // recorded first is the answer, so both requests pay the same intent.
  return answer(recorded ?? (await intentById(db, created.id)) ?? created);
}

/** Our record of an intent, by its id. */
export async function intentById(db: Db | Tx, id: string): Promise<IntentRow | undefined> {
  return (await db.select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0];
}

/** Our record of one of an order's intents, by its id (a transaction a customer reports) or client secret. */
export async function intentOfOrder(
  db: Db,
  orderId: string,
  which: { id: string } | { clientSecret: string },
): Promise<IntentRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(
      and(
        'id' in which ? eq(paymentIntents.id, which.id) : eq(paymentIntents.clientSecret, which.clientSecret),
        eq(paymentIntents.orderId, orderId),
      ),
    );
  return row;
}

/** The provider said this intent succeeded, with this card: our record says so too. */
export async function recordIntentSucceeded(
  db: Db | Tx,
  intentId: string,
  card: { cardBrand: string | null; cardLast4: string | null },
): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ status: 'succeeded', cardBrand: card.cardBrand, cardLast4: card.cardLast4, updatedAt: new Date() })
    .where(eq(paymentIntents.id, intentId));
}

/** A guest's order opened by its signed link (the caller opened it): its payment, as a customer's. */
export async function guestPaymentIntent(
  db: Db,
  provider: PaymentProvider,
  secret: string,
  token: string,
): Promise<PaymentIntentAnswer> {
  const { row } = await openOrderLink(db, secret, token);
  return createPaymentIntent(db, provider, { orderLink: true }, row.id);
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
