import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db';
import { type ChangeFeed, discounts, watchWhether } from '../../kernel/db';

/**
 * Whether the store has any automatic discount at all (running, scheduled or over), remembered
 * until the discounts table changes: most stores have none most of the time, and pricing a cart or
 * an order then reads nothing for them (docs/decisions/070). Every instance hears each committed
 * change of the table (drizzle/0029) and asks again on the next pricing. While it does not know,
 * or cannot hear changes, it answers that there may be some, and the discounts are read as before.
 */
export function watchAutomaticDiscounts(db: Db, feed: ChangeFeed) {
  const watch = watchWhether(
    db,
    feed,
    'discounts',
    sql`select exists (select 1 from ${discounts} where ${eq(discounts.automatic, true)}) as yes`,
  );
  return {
    /** False only when the store is known to have no automatic discount; asks in the background. */
    mayHaveAny: watch.mayBeYes,
    close: watch.close,
  };
}
export type AutomaticDiscountsWatch = ReturnType<typeof watchAutomaticDiscounts>;
