import { and, eq, sql } from 'drizzle-orm';
import { CART_EMPTY } from '../../contract/cart';
import type { CheckoutAnswer, CheckoutRequest } from '../../contract/checkout';
import type { Db } from '../kernel/db';
import { orders, preparedStatement, tableRow } from '../kernel/db';
import { AppError } from '../kernel/errors';
import type { SessionUser } from '../kernel/identity';
import type { Outbox } from '../kernel/outbox';
import type { OrderLimits } from '../kernel/settings';
import { addAddressIn, hasAddress } from '../modules/addresses';
import { takeCart } from '../modules/cart';
import { toOneOrder, toOrder } from '../modules/orders';
import type { PaymentProvider } from '../modules/payments';
import { createPaymentIntent, openPayment } from '../modules/payments';
import type { PricingRules } from '../modules/pricing';
import { insertOrder } from './place-order';

async function orderByKey(db: Db, userId: string, key: string) {
  const [row] = await ordersByKey(db, { userId, key });
  return row;
}
const ordersByKey = preparedStatement<{ userId: string; key: string }, typeof orders.$inferSelect>(
  'order by checkout key',
  (db) =>
    db
      .select()
      .from(orders)
      .where(
        and(eq(orders.userId, sql.placeholder('userId')), eq(orders.checkoutKey, sql.placeholder('key'))),
      ),
  tableRow(orders),
);

/**
 * The one-page checkout's single call. In one transaction the customer's server cart becomes an
 * order: every line's stock reserved (or nothing), prices read under the stock locks, the total
 * checked against the one the page showed, the cart emptied and the address saved when asked.
 * Then the order's payment intent is opened (outside the transaction: it may call the card
 * provider). The idempotency key is stored on the order under a unique index, so a repeated or
 * concurrent call with the same key answers with the first call's order and intent.
 */
export async function checkout(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  me: SessionUser,
  input: CheckoutRequest,
  limits: OrderLimits,
  pricing: PricingRules,
): Promise<CheckoutAnswer> {
  const replay = async (): Promise<CheckoutAnswer | undefined> => {
    const row = await orderByKey(db, me.id, input.idempotencyKey);
    if (!row) return undefined;
    const order = await toOneOrder(db, row);
    const payment = row.status === 'unpaid' ? await createPaymentIntent(db, provider, me, row.id) : null;
    return { order, payment, replayed: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;

  let placed: Awaited<ReturnType<typeof toOrder>>;
  try {
    placed = await db.transaction(async (tx) => {
      // The cart is emptied and the address saved first, so the products are the last rows the
      // order locks (it reserves them last).
      const lines = await takeCart(tx, me.id);
      if (lines.length === 0) throw new AppError('CONFLICT', CART_EMPTY);
      if (input.saveAddress && !(await hasAddress(tx, me.id, input.address))) {
        await addAddressIn(tx, me.id, input.address);
      }
      const { row, lines: lineRows } = await insertOrder(
        tx,
        outbox,
        me,
        {
          lines,
          phone: input.address.phone,
          shippingMethod: input.shippingMethod,
          shippingAddress: input.address,
          checkoutKey: input.idempotencyKey,
          expectedTotalCents: input.expectedTotalCents,
          refusals: 'checkout',
          discountCode: input.discountCode,
        },
        limits,
        pricing,
      );
      return toOrder(row, { lines: lineRows, shipments: [], refunds: [] });
    });
  } catch (error) {
    // The same key sent twice at once: the second waited on the first, then found the cart it read
    // emptied, the stock taken, or the key's order in the index. Whatever stopped it, the first
    // call's order is the answer.
    const first = await replay();
    if (first) return first;
    throw error;
  }
  const payment = await openPayment(db, provider, { id: placed._id, totalCents: placed.amounts.totalCents });
  return { order: placed, payment, replayed: false };
}
