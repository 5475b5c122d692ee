import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { GuestCheckoutAnswer, GuestCheckoutRequest } from '../../contract/guest';
import { isUuid } from '../../contract/ids';
import type { Db } from '../kernel/db';
import { orders } from '../kernel/db';
import { notFound } from '../kernel/errors';
import type { Outbox } from '../kernel/outbox';
import type { OrderLimits } from '../kernel/settings';
import type { GuestBuyer } from '../modules/orders';
import { cancelUnpaidOrder, toOneOrder, toOrder, visitToken } from '../modules/orders';
import type { PaymentProvider } from '../modules/payments';
import { createPaymentIntent } from '../modules/payments';
import type { PricingRules } from '../modules/pricing';
import { insertOrder, inWordsOf } from './place-order';
import { runSteps, STOP, type Step } from './steps';

/** The guest's order for this key: the key and the e-mail must both match. */
async function guestOrderByKey(db: Db, email: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(isNull(orders.userId), eq(orders.checkoutKey, key), sql`lower(${orders.userEmail}) = ${email}`),
    );
  return row;
}

/**
 * The network a guest's checkout came from, as the order keeps it: the client's address as the
 * per-address limits count it (IPv6 by its /64), hashed, so no address is stored in the clear.
 */
export const guestClientKey = (address: string) =>
  createHash('sha256').update(`guest-client:${address}`).digest('base64url').slice(0, 32);

/** The same product twice is one line of both quantities, as a cart would hold it. */
function mergedLines(lines: GuestCheckoutRequest['lines']) {
  const byProduct = new Map<string, number>();
  for (const line of lines)
    byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  return [...byProduct].map(([productId, quantity]) => ({ productId, quantity }));
}

interface GuestCheckoutContext {
  db: Db;
  outbox: Outbox;
  provider: PaymentProvider;
  secret: string;
  input: GuestCheckoutRequest;
  limits: OrderLimits;
  pricing: PricingRules;
  buyer: GuestBuyer;
  placed?: GuestCheckoutAnswer['order'];
  answer?: GuestCheckoutAnswer;
}

/** The answer for an order: its payment opened while unpaid, and the link that opens the order. */
const answerFor = async (
  ctx: GuestCheckoutContext,
  order: GuestCheckoutAnswer['order'],
  replayed: boolean,
) => ({
  order,
  payment:
    order.status === 'unpaid'
      ? await createPaymentIntent(ctx.db, ctx.provider, { orderLink: true }, order._id)
      : null,
  replayed,
  token: visitToken(ctx.secret, order._id),
});

/** The first call's answer for this key and e-mail, if there was one. */
async function replay(ctx: GuestCheckoutContext) {
  const row = await guestOrderByKey(ctx.db, ctx.buyer.email, ctx.input.idempotencyKey);
  return row ? answerFor(ctx, await toOneOrder(ctx.db, row), true) : undefined;
}

/**
 * A visitor's checkout (decision 059), top to bottom: the browser's lines become an order through
 * the same `insertOrder` as a customer's cart, so stock, the caps (counted for guests by e-mail,
 * address and network, and their share of each product; decision 073), prices read under the
 * stock locks, totals and the shown total's check are the server's; only products and quantities
 * come from the request. The key is stored on the order (unique among guests' orders): a repeated
 * or concurrent call with the same key and e-mail answers with the first order. Then the payment
 * is opened, as for a customer (the pivot: a failure there leaves the order held for a repeat).
 */
export const guestCheckoutSteps: readonly Step<GuestCheckoutContext>[] = [
  {
    name: 'answer a repeat',
    run: async (ctx) => {
      ctx.answer = await replay(ctx);
      return ctx.answer ? STOP : undefined;
    },
  },
  {
    name: 'place the order',
    run: async (ctx) => {
      const lines = mergedLines(ctx.input.lines);
      // A product id that is no id at all is refused like a product that is not sold.
      if (lines.some((l) => !isUuid(l.productId))) throw notFound('Tool');
      try {
        ctx.placed = await ctx.db.transaction(async (tx) => {
          const { row, lines: lineRows } = await insertOrder(
            tx,
            ctx.outbox,
            ctx.buyer,
            {
              lines,
              phone: ctx.input.address.phone,
              shippingMethod: ctx.input.shippingMethod,
              shippingAddress: ctx.input.address,
              checkoutKey: ctx.input.idempotencyKey,
              expectedTotalCents: ctx.input.expectedTotalCents,
              discountCode: ctx.input.discountCode,
            },
            ctx.limits,
            ctx.pricing,
          );
          return toOrder(row, { lines: lineRows, shipments: [], refunds: [] });
        });
      } catch (error) {
        // The same key sent twice at once: the second waited on the first's locks, then the index
        // refused the key (or the stock was gone). The first call's order is the answer.
        ctx.answer = await replay(ctx);
        if (ctx.answer) return STOP;
        throw inWordsOf('checkout', error);
      }
      return undefined;
    },
    // Undone: the order released, its stock and discount use back (the lines are the browser's).
    compensate: async (ctx) => {
      if (ctx.placed) await cancelUnpaidOrder(ctx.db, ctx.outbox, ctx.placed._id, { orderLink: true });
    },
  },
  {
    name: 'open the payment',
    pivot: true,
    run: async (ctx) => {
      if (!ctx.placed) throw new Error('no order to pay');
      ctx.answer = await answerFor(ctx, ctx.placed, false);
      return undefined;
    },
  },
];

export async function guestCheckout(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  secret: string,
  input: GuestCheckoutRequest,
  limits: OrderLimits,
  pricing: PricingRules,
  /** The client's address as the per-address limits count it (IPv6 by /64). */
  client: string,
): Promise<GuestCheckoutAnswer> {
  const buyer: GuestBuyer = {
    guest: true,
    email: input.email,
    name: input.address.fullName,
    client: guestClientKey(client),
  };
  const ctx: GuestCheckoutContext = { db, outbox, provider, secret, input, limits, pricing, buyer };
  const done = await runSteps('guest checkout', guestCheckoutSteps, ctx);
  if (!done.answer) throw new Error('the guest checkout ended without its answer');
  return done.answer;
}
