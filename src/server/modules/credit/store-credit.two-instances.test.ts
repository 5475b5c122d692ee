import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import { buildApp } from '../../app';
import { type Database, openPostgres } from '../../kernel/db/database';
import { rowsOf } from '../../kernel/db/rows';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testConfig } from '../../test/harness';
import { insertPerson, signedIn } from '../../test/kit';
import { postgresOnly } from '../../test/postgres-only';
import { as, placeOrder } from '../../test/store-flow';
import { balanceOf, moveCredit } from './store-credit';

/**
 * One customer's store credit spent from two instances of the store on one PostgreSQL at once
 * (decision 100): however the requests fall, the balance is spent once, never below zero, and the
 * entries add up to it.
 */
type App = Awaited<ReturnType<typeof buildApp>>;

postgresOnly('store credit across two instances (needs TEST_DATABASE_URL)', { timeout: 120_000 }, () => {
  let database: Database & { url?: string };
  let secondPool: Database;
  let a: App;
  let b: App;

  beforeAll(async () => {
    database = await createTestDatabase();
    secondPool = openPostgres(database.url as string, 5);
    const config = testConfig({ orders: { ...testConfig().orders, maxUnpaidOrders: 100 } });
    a = await buildApp(config, database);
    b = await buildApp(config, secondPool);
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await secondPool?.close();
    await database?.close();
  });

  it('spends a balance once, whichever instance each order asks', async () => {
    const buyer = await signedIn(a, await insertPerson(database.db, { name: 'Two Tabs' }));
    await database.db.transaction((tx) =>
      moveCredit(tx, { userId: buyer.id, cents: 5000, reason: 'refund' }),
    );
    const wiper = await insertProduct(database.db, {
      name: 'Wiper blade',
      priceCents: 1500,
      availableQuantity: 100,
      minimumOrderQuantity: 1,
    });
    const orders = await Promise.all(Array.from({ length: 8 }, () => placeOrder(a, buyer, wiper.id, 1)));
    const answers = await Promise.all(
      orders.map((o, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: `/api/order/${o._id}/store-credit`,
          headers: as(buyer),
        }),
      ),
    );
    for (const r of answers) expect([200, 409], r.body).toContain(r.statusCode);
    const spent = answers
      .filter((r) => r.statusCode === 200)
      .reduce((n, r) => n + ((r.json() as Order).amounts.storeCreditCents ?? 0), 0);
    expect(
      spent,
      JSON.stringify(answers.map((r) => [r.statusCode, r.statusCode === 200 ? r.json().amounts : r.json()])),
    ).toBe(5000);
    expect(await balanceOf(database.db, buyer.id)).toBe(0);
    const [entries] = rowsOf<{ n: string; low: string }>(
      await database.db.execute(
        sql`select sum(delta_cents)::text as n, min(balance_after_cents)::text as low from store_credit_entries where user_id = ${buyer.id}`,
      ),
    );
    expect(Number(entries?.n)).toBe(0);
    expect(Number(entries?.low)).toBeGreaterThanOrEqual(0);
  });
});
