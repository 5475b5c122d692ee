import type { BuyAgainAnswer } from '../../contract/trade';
import type { Db } from '../kernel/db';
import type { SessionUser } from '../kernel/identity';
import { putBackInCart } from '../modules/cart';
import { getOwnOrder } from '../modules/orders';
import { runSteps, type Step } from './steps';

/** What the steps of buying again share. */
export interface BuyAgainContext {
  db: Db;
  me: SessionUser;
  orderId: string;
  lines?: { productId: string; name: string; quantity: number }[];
  answer?: BuyAgainAnswer;
}

/**
 * Buy again, top to bottom: one of the customer's own past orders (any status, a cancelled one
 * too) is read as sold, then its lines go back into their cart in the order's order. Nothing of
 * the old prices comes back: the cart prices each line at today's price and stock when it is read.
 * No step needs a compensation: the first only reads, the second is one transaction.
 */
export const buyAgainSteps: readonly Step<BuyAgainContext>[] = [
  {
    name: 'read the order',
    run: async (ctx) => {
      const { order } = await getOwnOrder(ctx.db, ctx.me, ctx.orderId, { includeClosed: true });
      ctx.lines = order.lines.map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity }));
      return undefined;
    },
  },
  {
    name: 'put its lines back in the cart',
    // Capped at stock and raised to the minimum, with a note; what is not sold is named instead.
    run: async (ctx) => {
      ctx.answer = await putBackInCart(ctx.db, ctx.me.id, ctx.lines ?? []);
      return undefined;
    },
  },
];

export async function buyAgain(db: Db, me: SessionUser, orderId: string): Promise<BuyAgainAnswer> {
  const done = await runSteps('buy again', buyAgainSteps, { db, me, orderId });
  if (!done.answer) throw new Error('no answer from buying again');
  return done.answer;
}
