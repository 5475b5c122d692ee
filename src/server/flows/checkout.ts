import { and, eq, sql } from 'drizzle-orm';
import { CART_EMPTY } from '../../contract/cart';
import type { CheckoutAnswer, CheckoutRequest } from '../../contract/checkout';
import type { Order } from '../../contract/orders';
import type { Db } from '../kernel/db';
import { orders, preparedStatement, tableRow } from '../kernel/db';
import { AppError } from '../kernel/errors';
import type { SessionUser } from '../kernel/identity';
import type { Outbox } from '../kernel/outbox';
import type { OrderLimits } from '../kernel/settings';
import { addAddressIn, hasAddress } from '../modules/addresses';
import { mergeCart, takeCart } from '../modules/cart';
import { balanceOf } from '../modules/credit';
import {
  cancelUnpaidOrder,
  chargeOrderToAccount,
  spendCreditOn,
  toOneOrder,
  toOrder,
} from '../modules/orders';
import type { PaymentProvider } from '../modules/payments';
import { createPaymentIntent, openPayment } from '../modules/payments';
import type { PricingRules } from '../modules/pricing';
import { insertOrder, inWordsOf } from './place-order';
import { runSteps, STOP, type Step } from './steps';

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

interface CheckoutContext {
  db: Db;
  outbox: Outbox;
  provider: PaymentProvider;
  me: SessionUser;
  input: CheckoutRequest;
  limits: OrderLimits;
  pricing: PricingRules;
  placed?: Order;
  answer?: CheckoutAnswer;
}

/** The first call's answer for this key, if there was one (its payment opened again while unpaid). */
async function replay(ctx: CheckoutContext): Promise<CheckoutAnswer | undefined> {
  const row = await orderByKey(ctx.db, ctx.me.id, ctx.input.idempotencyKey);
  if (!row) return undefined;
  const order = await toOneOrder(ctx.db, row);
  const payment =
    row.status === 'unpaid' ? await createPaymentIntent(ctx.db, ctx.provider, ctx.me, row.id) : null;
  return { order, payment, replayed: true };
}

/**
 * The one-page checkout's single call, top to bottom. The idempotency key is stored on the order
 * under a unique index, so a repeated or concurrent call with the same key answers with the first
 * call's order and intent.
 */
export const checkoutSteps: readonly Step<CheckoutContext>[] = [
  {
    name: 'answer a repeat',
    run: async (ctx) => {
      ctx.answer = await replay(ctx);
      return ctx.answer ? STOP : undefined;
    },
  },
  {
    name: 'place the order',
    // In one transaction the cart becomes an order: every line's stock reserved (or nothing),
    // prices read under the stock locks, the total checked against the one the page showed, the
    // cart emptied and the address saved when asked.
    run: async (ctx) => {
      try {
        ctx.placed = await placeFromCart(ctx);
      } catch (error) {
        // The same key sent twice at once: the second waited on the first, then found the cart it
        // read emptied, the stock taken, or the key's order in the index. Whatever stopped it, the
        // first call's order is the answer.
        ctx.answer = await replay(ctx);
        if (ctx.answer) return STOP;
        throw inWordsOf('checkout', error);
      }
      return undefined;
    },
    // Undone: the order released (its stock and discount use back) and its lines back in the cart.
    compensate: async (ctx) => {
      const placed = ctx.placed;
      if (!placed) return;
      await cancelUnpaidOrder(ctx.db, ctx.outbox, placed._id, { userId: ctx.me.id, admin: false });
      await mergeCart(
        ctx.db,
        ctx.me.id,
        placed.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      );
    },
  },
  {
    name: 'spend the store credit',
    // Asked for: as much of the customer's credit as the order owes is spent on it, in the
    // order's lock; what it covers the card does not pay, and an order it covers is paid here. Its
    // compensation is the order's: a released order gives its credit back (decision 100).
    run: async (ctx) => {
      const placed = ctx.placed;
      if (!placed || !ctx.input.useStoreCredit) return undefined;
      if ((await balanceOf(ctx.db, ctx.me.id)) <= 0) return undefined;
      ctx.placed = await ctx.db.transaction(async (tx) =>
        toOneOrder(tx, await spendCreditOn(tx, ctx.outbox, ctx.me.id, placed._id)),
      );
      return undefined;
    },
  },
  {
    name: 'charge the account',
    // Asked for by a trade account with terms (decision 102): what is left is charged to its
    // account within its credit limit, as an invoice, and the order is paid here, no card. A
    // refusal (no terms, over the limit, an invoice overdue too long) throws: the order is
    // released and its lines go back to the cart (the first step's compensation), and the words
    // say why.
    run: async (ctx) => {
      const placed = ctx.placed;
      if (!placed || !ctx.input.payOnAccount || placed.paid) return undefined;
      ctx.placed = await ctx.db.transaction(async (tx) =>
        toOneOrder(
          tx,
          await chargeOrderToAccount(tx, ctx.outbox, ctx.me.id, placed._id, ctx.limits.accountOverdueDays),
        ),
      );
      return undefined;
    },
  },
  {
    name: 'open the payment',
    // The pivot: the card provider is asked for an intent. A failure leaves the order unpaid with
    // its stock held: a repeat with the same key opens its payment again, and its hold's expiry
    // releases the stock if nobody does.
    pivot: true,
    run: async (ctx) => {
      const placed = ctx.placed;
      if (!placed) throw new Error('no order to pay');
      // Paid in full with store credit, or on account: nothing for the card.
      if (placed.paid) {
        ctx.answer = { order: placed, payment: null, replayed: false };
        return undefined;
      }
      const payment = await openPayment(ctx.db, ctx.provider, {
        id: placed._id,
        totalCents: placed.amounts.totalCents,
        storeCreditCents: placed.amounts.storeCreditCents,
      });
      ctx.answer = { order: placed, payment, replayed: false };
      return undefined;
    },
  },
];

async function placeFromCart(ctx: CheckoutContext): Promise<Order> {
  const { me, input } = ctx;
  return ctx.db.transaction(async (tx) => {
    // The cart is emptied and the address saved first, so the products are the last rows the
    // order locks (it reserves them last).
    const lines = await takeCart(tx, me.id);
    if (lines.length === 0) throw new AppError('CONFLICT', CART_EMPTY);
    if (input.saveAddress && !(await hasAddress(tx, me.id, input.address))) {
      await addAddressIn(tx, me.id, input.address);
    }
    const { row, lines: lineRows } = await insertOrder(
      tx,
      ctx.outbox,
      me,
      {
        lines,
        phone: input.address.phone,
        shippingMethod: input.shippingMethod,
        shippingAddress: input.address,
        checkoutKey: input.idempotencyKey,
        expectedTotalCents: input.expectedTotalCents,
        discountCode: input.discountCode,
      },
      ctx.limits,
      ctx.pricing,
    );
    return toOrder(row, { lines: lineRows, shipments: [], refunds: [] });
  });
}

export async function checkout(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  me: SessionUser,
  input: CheckoutRequest,
  limits: OrderLimits,
  pricing: PricingRules,
  steps: readonly Step<CheckoutContext>[] = checkoutSteps,
): Promise<CheckoutAnswer> {
  const ctx: CheckoutContext = { db, outbox, provider, me, input, limits, pricing };
  const done = await runSteps('checkout', steps, ctx);
  if (!done.answer) throw new Error('the checkout ended without its answer');
  return done.answer;
}
