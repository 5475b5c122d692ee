import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { insertProduct } from './fixtures';
import { leaseTestPglite } from './pglite-pool';

const dump = () => new Blob([readFileSync(inject('pgliteDumpFile'))]);
const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** What a test file can see of the state a previous file left behind. */
async function visibleState(database: Awaited<ReturnType<typeof leaseTestPglite>>) {
  const [counts] = rowsOf<{ tools: number; vehicles: number; categories: number; words: number }>(
    await database.db.execute(sql`select
      (select count(*)::int from products) as tools,
      (select count(*)::int from vehicles) as vehicles,
      (select count(*)::int from categories) as categories,
      (select count(*)::int from search_words) as words`),
  );
  if (!counts) throw new Error('no counts');
  const [next] = rowsOf<{ n: string }>(
    await database.db.execute(sql`select nextval('order_number_seq')::text as n`),
  );
  return { ...counts, nextOrderNumber: next?.n };
}

describe('test databases reused within a worker', () => {
  it('come back exactly as migrated: no rows of the last file, its sequences and the migrated rows as they were', async () => {
    const first = await leaseTestPglite(dump);
    const fresh = await visibleState(first);
    expect(fresh.tools).toBe(0);
    expect(fresh.vehicles).toBeGreaterThan(0);
    await insertProduct(first.db);
    await first.db.execute(sql`delete from categories`);
    await first.db.execute(sql`select nextval('order_number_seq')`);
    await first.close();

    const second = await leaseTestPglite(dump);
    // Compared after both took one order number: the sequence went back to where migrations left it.
    expect(await visibleState(second)).toEqual(fresh);
    await second.close();
  });

  it('refuse queries once the test that held them closed them', async () => {
    const database = await leaseTestPglite(dump);
    await database.ping();
    await database.close();
    await expect(database.ping()).rejects.toThrow(/closed/);
    const next = await leaseTestPglite(dump);
    await next.ping();
    await next.close();
  });
});
