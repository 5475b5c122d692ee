import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { guestHoldMessages } from '../../contract/guest';
import type { Quote } from '../../contract/pricing';
import { buildApp } from '../app';
import { type Database, openPostgres } from '../kernel/db/database';
import { insertProduct } from '../test/fixtures';
import { createTestDatabase, testConfig } from '../test/harness';
import { postgresOnly } from '../test/postgres-only';
import { stockFigures } from '../test/probes';
import { uniqueEmail } from '../test/sessions';
import { HOME_ADDRESS } from '../test/store-flow';

/**
 * Guests' unpaid holds with two instances of the store on one PostgreSQL, each with its own
 * connection pool, as behind a load balancer (decision 073): guest checkouts sent to both at
 * once count each other, per network and per product, because the bounds are counted in the
 * database under locks every instance takes.
 */
type App = Awaited<ReturnType<typeof buildApp>>;

postgresOnly('guest holds across two instances (needs TEST_DATABASE_URL)', { timeout: 120_000 }, () => {
  let database: Database & { url?: string };
  let secondPool: Database;
  let a: App;
  let b: App;

  beforeAll(async () => {
    database = await createTestDatabase();
    secondPool = openPostgres(database.url as string, 5);
    // 3 unpaid orders and 100 units per buyer and per network; half of each product for guests.
    const config = testConfig({
      orders: {
        ...testConfig().orders,
        maxUnpaidOrders: 3,
        maxReservedUnits: 100,
        guestStockSharePercent: 50,
      },
    });
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

  async function totalFor(productId: string, quantity: number) {
    const quote = await a.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { lines: [{ productId, quantity }], region: HOME_ADDRESS.region },
    });
    return (quote.json() as Quote).totals.totalCents;
  }

  /** Guest checkouts sent at once, alternately to each instance; each with its own e-mail and house. */
  async function atOnce(productId: string, quantity: number, count: number, network: (i: number) => string) {
    const expectedTotalCents = await totalFor(productId, quantity);
    return Promise.all(
      Array.from({ length: count }, (_, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: '/api/guest/checkout',
          remoteAddress: network(i),
          payload: {
            idempotencyKey: randomUUID(),
            email: uniqueEmail(`rush${i}`),
            lines: [{ productId, quantity }],
            address: { ...HOME_ADDRESS, line1: `${i + 1} Rush Road`, postalCode: String(20000 + i) },
            shippingMethod: 'standard',
            expectedTotalCents,
          },
        }),
      ),
    );
  }

  it("guests from many networks on both instances at once hold exactly the guests' share", async () => {
    const product = await insertProduct(database.db, {
      name: 'Radiator hose',
      availableQuantity: 100,
      minimumOrderQuantity: 1,
    });
    const answers = await atOnce(product.id, 5, 24, (i) => `10.60.${i}.1`);
    const placed = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(placed).toHaveLength(10);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(14).fill(409));
    expect(new Set(refused.map((r) => r.json().error.message))).toEqual(
      new Set([guestHoldMessages.share('Radiator hose', 0)]),
    );
    expect(await stockFigures(database.db, product.id)).toMatchObject({ available: 50, reserved: 50 });
  });

  it('one network on both instances at once holds no more than one buyer may', async () => {
    const product = await insertProduct(database.db, { availableQuantity: 1000, minimumOrderQuantity: 1 });
    const answers = await atOnce(product.id, 1, 10, () => '10.61.0.1');
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await stockFigures(database.db, product.id)).toMatchObject({ reserved: 3 });
  });
});
