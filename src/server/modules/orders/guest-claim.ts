import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db';
import { orders, rowsOf, user } from '../../kernel/db';

/**
 * A guest's orders join the account with their e-mail once that account's address is confirmed
 * (decision 059): better-auth marks it so after the mailed confirmation link, or when a provider
 * that vouches for the address (Google) signs the person in. An account whose address nobody
 * confirmed claims nothing: anyone can sign up with anyone's address when confirmation is off.
 * Called when an account signs in and when it is updated (the confirmation), so the orders are in
 * My Orders from the first page after. One statement; orders that already have an account are
 * never moved.
 */
export async function claimGuestOrders(db: Db, userId: string): Promise<number> {
  const result = await db.execute(sql`
    update ${orders} set user_id = ${user}.id
    from ${user}
    where ${user}.id = ${userId} and ${user}.email_verified
      and ${orders}.user_id is null and lower(${orders}.user_email) = lower(${user}.email)
    returning ${orders}.id`);
  return rowsOf(result).length;
}

/** One guest order joins this account, if it has none yet; a second claim finds it already theirs. */
export async function claimGuestOrder(db: Db, orderId: string, userId: string): Promise<void> {
  await db
    .update(orders)
    .set({ userId })
    .where(and(eq(orders.id, orderId), isNull(orders.userId)));
}
