import { and, eq, sql } from 'drizzle-orm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { ORDER_LOOKUP_FAILED } from '../../../contract/guest';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema';
import { AppError } from '../../errors';
import { accountKey, databaseLimiter } from '../../limits/database-limiter';
import { visitToken } from './guest-order-links';

/**
 * "Find your order" by order number and e-mail (decision 059), limited against guessing: order
 * numbers are consecutive, so the e-mail is the secret half, and the limits make both halves
 * costly to guess. The counters live in the database (decision 013): every instance counts into
 * the same rows.
 *
 * - every lookup from one address: LOOKUPS_PER_ADDRESS per 15 minutes;
 * - wrong guesses at one order number, from anywhere: WRONG_PER_ORDER per hour (someone who knows
 *   a number and tries e-mails);
 * - wrong guesses with one e-mail, from anywhere: WRONG_PER_EMAIL per hour (someone who knows an
 *   e-mail and tries numbers).
 *
 * Once a limit is reached even the right pair waits: a guesser must not learn that the next try
 * was the right one. The buyer's mailed link keeps working meanwhile.
 */
export const GUEST_LOOKUP_LIMITS = {
  lookupsPerAddress: 20,
  addressWindowSeconds: 15 * 60,
  wrongPerOrder: 5,
  wrongPerEmail: 5,
  wrongWindowSeconds: 60 * 60,
};

/** Said once a limit is reached, whichever it was. */
export const LOOKUP_LIMITED = 'Too many tries to find an order. Please wait an hour and try again.';

export type LookupLimiters = ReturnType<typeof lookupLimiters>;

export function lookupLimiters(db: Db, limits = GUEST_LOOKUP_LIMITS) {
  return {
    perAddress: databaseLimiter(db, {
      name: 'guest-lookup-address',
      points: limits.lookupsPerAddress,
      windowSeconds: limits.addressWindowSeconds,
    }),
    wrongPerOrder: databaseLimiter(db, {
      name: 'guest-lookup-order',
      points: limits.wrongPerOrder,
      windowSeconds: limits.wrongWindowSeconds,
    }),
    wrongPerEmail: databaseLimiter(db, {
      name: 'guest-lookup-email',
      points: limits.wrongPerEmail,
      windowSeconds: limits.wrongWindowSeconds,
    }),
  };
}

const limited = () => new AppError('RATE_LIMITED', LOOKUP_LIMITED);

/** Whether this key already used up its wrong guesses (reading the counter counts nothing). */
async function spent(limiter: LookupLimiters['wrongPerOrder'], key: string): Promise<boolean> {
  const state = await limiter.get(key);
  return state !== null && state.consumedPoints >= limiter.points;
}

/**
 * The key to the order with this number and e-mail, for a day. An order that joined an account
 * since is in that account's My Orders: the pair was right, so saying so tells nothing new.
 */
export async function lookUpOrder(
  db: Db,
  secret: string,
  limiters: LookupLimiters,
  input: { number: number; email: string },
  client: string,
): Promise<{ token: string }> {
  try {
    await limiters.perAddress.consume(client);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw limited();
    throw error;
  }
  const orderKey = String(input.number);
  const emailKey = accountKey(input.email);
  const [orderSpent, emailSpent] = await Promise.all([
    spent(limiters.wrongPerOrder, orderKey),
    spent(limiters.wrongPerEmail, emailKey),
  ]);
  if (orderSpent || emailSpent) throw limited();

  const [row] = Number.isSafeInteger(input.number)
    ? await db
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(and(eq(orders.number, input.number), sql`lower(${orders.userEmail}) = ${input.email}`))
    : [];
  if (!row) {
    await Promise.all([
      limiters.wrongPerOrder.penalty(orderKey, 1),
      limiters.wrongPerEmail.penalty(emailKey, 1),
    ]);
    throw new AppError('NOT_FOUND', ORDER_LOOKUP_FAILED);
  }
  if (row.userId !== null)
    throw new AppError(
      'CONFLICT',
      'This order is in your account now: sign in with this e-mail address to see it in My Orders.',
    );
  return { token: visitToken(secret, row.id) };
}
