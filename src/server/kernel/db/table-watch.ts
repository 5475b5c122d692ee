import type { SQL } from 'drizzle-orm';
import { ANY_TABLE, type ChangeFeed } from './change-feed';
import type { Db } from './database';
import { rowsOf } from './rows';

/**
 * A yes-or-no question about one table ("has the store any automatic discount?", "any trade
 * account?"), answered by the database once and remembered until that table changes: every
 * instance hears each committed change of it (the table's announcing triggers) and asks again on
 * the next use. While it does not know, or cannot hear changes, it answers yes, so callers read as
 * they would without it. `question` must answer one row with a boolean column `yes`.
 */
export function watchWhether(db: Db, feed: ChangeFeed, table: string, question: SQL) {
  let known: boolean | undefined;
  let generation = 0;
  let asking = false;
  const unsubscribe = feed.subscribe((changed) => {
    if (changed !== table && changed !== ANY_TABLE) return;
    generation += 1;
    known = undefined;
  });
  const ask = () => {
    if (asking) return;
    asking = true;
    const before = generation;
    db.execute(question)
      .then((result) => {
        const yes = rowsOf<{ yes: boolean }>(result)[0]?.yes;
        if (generation === before && feed.isListening() && typeof yes === 'boolean') known = yes;
      })
      .catch(() => undefined)
      .finally(() => {
        asking = false;
      });
  };
  return {
    /** False only when the answer is known to be no; asks in the background. */
    mayBeYes(): boolean {
      if (known === undefined) ask();
      return known !== false;
    },
    close: unsubscribe,
  };
}
