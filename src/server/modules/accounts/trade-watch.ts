import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db';
import { type ChangeFeed, tradeAccounts, watchWhether } from '../../kernel/db';

/**
 * Whether the store has any trade account at all, remembered until the table changes (its
 * announcing triggers, drizzle/0043): a store without trade customers then prices a cart or an
 * order without reading the buyer's terms, a statement every purchase would otherwise pay
 * (decision 095). While it does not know, the terms are read as before.
 */
export function watchTradeAccounts(db: Db, feed: ChangeFeed) {
  const watch = watchWhether(
    db,
    feed,
    'trade_accounts',
    sql`select exists (select 1 from ${tradeAccounts}) as yes`,
  );
  return { mayHaveAny: watch.mayBeYes, close: watch.close };
}
