import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import { buildApp } from '../../app';
import { type Database, openPostgres } from '../../kernel/db/database';
import { rowsOf } from '../../kernel/db/rows';
import { saveTradeAccount } from '../../modules/accounts';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testConfig } from '../../test/harness';
import { insertPerson, signedIn } from '../../test/kit';
import { postgresOnly } from '../../test/postgres-only';
import { as, placeOrder } from '../../test/store-flow';

/**
 * One trade account's orders put on account from two instances of the store on one PostgreSQL at
 * once (decision 102): however the requests fall, what is charged never passes the credit limit,
 * the balance is the sum of the invoices, and every order refused stays unpaid.
 */
type App = Awaited<ReturnType<typeof buildApp>>;

postgresOnly('orders on account across two instances (needs TEST_DATABASE_URL)', { timeout: 120_000 }, () => {
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

  it('never passes the credit limit, whichever instance each order asks', async () => {
    const shop = await signedIn(a, await insertPerson(database.db, { name: 'Two Bays Garage' }));
    // A $200.00 limit; each order is $40.00 + $7.99 shipping + $2.80 tax = $50.79: three fit, not four.
    await saveTradeAccount(
      database.db,
      shop.id,
      {
        priceList: { percentOffBasisPoints: 0, categories: [], netPrices: [] },
        certificate: null,
        onAccount: { creditLimitCents: 20_000, termsDays: 30 },
      },
      { mayExtendCredit: true },
    );
    const caliper = await insertProduct(database.db, {
      name: 'Brake caliper',
      priceCents: 4000,
      availableQuantity: 100,
      minimumOrderQuantity: 1,
    });
    const orders = await Promise.all(Array.from({ length: 8 }, () => placeOrder(a, shop, caliper.id, 1)));
    const answers = await Promise.all(
      orders.map((o, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: `/api/order/${o._id}/on-account`,
          headers: as(shop),
        }),
      ),
    );
    for (const r of answers) expect([200, 409], r.body).toContain(r.statusCode);
    const charged = answers
      .filter((r) => r.statusCode === 200)
      .map((r) => (r.json() as Order).amounts.onAccountCents);
    expect(charged, JSON.stringify(answers.map((r) => [r.statusCode, r.body.slice(0, 120)]))).toEqual([
      5079, 5079, 5079,
    ]);
    const [row] = rowsOf<{ balance: string; invoiced: string; invoices: string; unpaid: string }>(
      await database.db.execute(sql`
        select (select balance_cents from account_balances where user_id = ${shop.id})::text as balance,
          (select sum(amount_cents) from account_invoices where user_id = ${shop.id})::text as invoiced,
          (select count(*) from account_invoices where user_id = ${shop.id})::text as invoices,
          (select count(*) from orders where user_id = ${shop.id} and status = 'unpaid')::text as unpaid`),
    );
    expect(row).toEqual({ balance: '15237', invoiced: '15237', invoices: '3', unpaid: '5' });
  });
});
