import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type Database, openPostgres } from '../../kernel/db/database';
import { tradeAccounts } from '../../kernel/db/schema';
import { createTestDatabase } from '../../test/harness';
import { insertPerson } from '../../test/kit';
import { postgresOnly } from '../../test/postgres-only';
import { buyerTerms } from './trade-accounts';
import { watchTradeAccounts } from './trade-watch';

/**
 * Whether the store has any trade account, as two instances on one PostgreSQL remember it
 * (decision 095's addendum): an account opened through one instance is priced by the other as
 * soon as it hears the table's announcement, and closing the last one lets it skip the read again.
 */
postgresOnly(
  'the trade-accounts watch across two instances (needs TEST_DATABASE_URL)',
  { timeout: 120_000 },
  () => {
    let database: Database & { url?: string };
    let secondPool: Database;

    beforeAll(async () => {
      database = await createTestDatabase();
      secondPool = openPostgres(database.url as string, 3);
    });
    afterAll(async () => {
      await secondPool?.close();
      await database?.close();
    });

    /** Resolves once `db`'s feed has heard a change of the trade accounts. */
    const heard = (db: Database) =>
      new Promise<void>((resolve) => {
        const stop = db.changes.subscribe((table) => {
          if (table === 'trade_accounts') {
            stop();
            resolve();
          }
        });
      });

    it('the other instance reads the terms once an account exists, and skips them once none does', async () => {
      const shop = await insertPerson(database.db, { name: 'Watched Shop' });
      const first = watchTradeAccounts(database.db, database.changes);
      const other = watchTradeAccounts(secondPool.db, secondPool.changes);
      try {
        // Neither knows at first, so both read; each learns in the background that there is none.
        await vi.waitFor(() => expect(other.mayHaveAny()).toBe(false));
        await vi.waitFor(() => expect(first.mayHaveAny()).toBe(false));
        expect(await buyerTerms(secondPool.db, shop.id, { storeHasAny: other.mayHaveAny() })).toEqual({
          priceList: null,
          certificate: null,
        });

        // Opened through the first instance's pool: the other hears it and reads the terms again.
        const opened = heard(secondPool);
        await database.db.insert(tradeAccounts).values({ userId: shop.id, percentOffBasisPoints: 1200 });
        await opened;
        expect(other.mayHaveAny()).toBe(true);
        const terms = await buyerTerms(secondPool.db, shop.id, { storeHasAny: other.mayHaveAny() });
        expect(terms.priceList?.percentOffBasisPoints).toBe(1200);
        await vi.waitFor(() => expect(other.mayHaveAny()).toBe(true));

        // The last account closed: the other instance learns there is none again.
        const closed = heard(secondPool);
        await database.db.delete(tradeAccounts).where(eq(tradeAccounts.userId, shop.id));
        await closed;
        await vi.waitFor(() => expect(other.mayHaveAny()).toBe(false));
      } finally {
        first.close();
        other.close();
      }
    });
  },
);
