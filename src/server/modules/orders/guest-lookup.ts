import { and, eq, sql } from 'drizzle-orm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { ORDER_IN_ACCOUNT, ORDER_LOOKUP_FAILED } from '../../../contract/guest';
import type { Db } from '../../kernel/db';
import { orders } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import { databaseLimiter } from '../../kernel/limits';
import { visitToken } from './guest-order-links';

/**
 * "Find your order" by order number and e-mail (decision 059), limited against guessing: order
 * numbers are consecutive, so the e-mail is the secret half. The limits count the guesser, never
 * the order or the e-mail (decision 073): counting an order's wrong guesses from anywhere let
 * anyone who knew a number lock its buyer out for an hour. The counters live in the database
 * (decision 013): every instance counts into the same rows.
 *
 * - every lookup from one client (its address, IPv6 by /64): LOOKUPS_PER_ADDRESS per 15 minutes;
 * - wrong guesses from one client: WRONG_PER_CLIENT per hour.
 *
 * Once a client reached a limit even the right pair waits, for that client: a guesser must not
 * learn that the next try was the right one. The buyer, asking from their own address, is
 * answered whatever others tried; their mailed link keeps working too.
 */
export const GUEST_LOOKUP_LIMITS = {
  lookupsPerAddress: 20,
  addressWindowSeconds: 15 * 60,
  wrongPerClient: 5,
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
    wrongPerClient: databaseLimiter(db, {
      name: 'guest-lookup-wrong',
      points: limits.wrongPerClient,
      windowSeconds: limits.wrongWindowSeconds,
    }),
  };
}

const limited = () => new AppError('RATE_LIMITED', LOOKUP_LIMITED);

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
  // A guess takes one of the client's wrong guesses before it is looked up, and a right one gives
  // it back: guesses sent at once, to any instances, can never be more than the budget.
  try {
    await limiters.wrongPerClient.consume(client);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw limited();
    throw error;
  }

  const [row] = Number.isSafeInteger(input.number)
    ? await db
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(and(eq(orders.number, input.number), sql`lower(${orders.userEmail}) = ${input.email}`))
    : [];
  if (!row) throw new AppError('NOT_FOUND', ORDER_LOOKUP_FAILED);
  await limiters.wrongPerClient.reward(client, 1);
  if (row.userId !== null) throw new AppError('CONFLICT', ORDER_IN_ACCOUNT);
  return { token: visitToken(secret, row.id) };
}
