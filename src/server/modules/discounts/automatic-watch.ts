import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db';
import { ANY_TABLE, type ChangeFeed, discounts, rowsOf } from '../../kernel/db';

/**
 * Whether the store has any automatic discount at all (running, scheduled or over), remembered
 * until the discounts table changes: most stores have none most of the time, and pricing a cart or
 * an order then reads nothing for them (docs/decisions/070). Every instance hears each committed
 * change of the table (drizzle/0029) and asks again on the next pricing. While it does not know,
 * or cannot hear changes, it answers that there may be some, and the discounts are read as before.
 */
export function watchAutomaticDiscounts(db: Db, feed: ChangeFeed) {
  let known: boolean | undefined;
  let generation = 0;
  let asking = false;
  const unsubscribe = feed.subscribe((table) => {
    if (table !== 'discounts' && table !== ANY_TABLE) return;
    generation += 1;
    known = undefined;
  });
  const ask = () => {
    if (asking) return;
    asking = true;
    const before = generation;
    db.execute(sql`select exists (select 1 from ${discounts} where ${eq(discounts.automatic, true)}) as any`)
      .then((result) => {
        const any = rowsOf<{ any: boolean }>(result)[0]?.any;
        if (generation === before && feed.isListening() && typeof any === 'boolean') known = any;
      })
      .catch(() => undefined)
      .finally(() => {
        asking = false;
      });
  };
  return {
    /** False only when the store is known to have no automatic discount; asks in the background. */
    mayHaveAny(): boolean {
      if (known === undefined) ask();
      return known !== false;
    },
    close: unsubscribe,
  };
}
export type AutomaticDiscountsWatch = ReturnType<typeof watchAutomaticDiscounts>;
