import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Transfer } from '../../../contract/locations';
import { buildApp } from '../../app';
import { type Database, openPostgres } from '../../kernel/db/database';
import { rowsOf } from '../../kernel/db/rows';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testConfig } from '../../test/harness';
import { postgresOnly } from '../../test/postgres-only';
import { stockFigures } from '../../test/probes';
import { signUp, uniqueEmail } from '../../test/sessions';
import { as, HOME_ADDRESS } from '../../test/store-flow';
import { createPurchaseOrder, sendPurchaseOrder } from '../purchasing/purchase-orders';
import { createSupplier } from '../purchasing/suppliers';

/**
 * Stock in places with two instances of the store on one PostgreSQL, each with its own pool, as
 * behind a load balancer (decision 099): transfers, a supplier's delivery and guests' orders of
 * the same product sent to both at once never leave a place below zero or lose a unit, and a
 * transfer received on both at once arrives once.
 */
type App = Awaited<ReturnType<typeof buildApp>>;

postgresOnly('stock in places across two instances (needs TEST_DATABASE_URL)', { timeout: 120_000 }, () => {
  let database: Database & { url?: string };
  let secondPool: Database;
  let a: App;
  let b: App;
  const adminEmail = uniqueEmail('places-admin');

  beforeAll(async () => {
    database = await createTestDatabase();
    secondPool = openPostgres(database.url as string, 5);
    const config = testConfig({
      auth: { ...testConfig().auth, adminEmails: [adminEmail] },
      orders: {
        ...testConfig().orders,
        maxUnpaidOrders: 1000,
        maxReservedUnits: 100_000,
        guestStockSharePercent: 100,
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

  it('receives, transfers and sells one product on both instances at once, every unit accounted for', async () => {
    const admin = await signUp(a, { email: adminEmail, name: 'Places Owner' });
    const place = await a.inject({
      method: 'POST',
      url: '/api/locations',
      headers: as(admin),
      payload: { name: 'Back room', kind: 'warehouse', pickOrder: 2 },
    });
    expect(place.statusCode, place.body).toBe(200);
    const back = place.json().id as string;
    const product = await insertProduct(database.db, {
      name: 'Wheel bearing',
      availableQuantity: 30,
      minimumOrderQuantity: 1,
    });
    const supplier = await createSupplier(database.db, {
      name: 'Bearing Supply',
      email: 'orders@bearings.example',
      leadTimeDays: 3,
      minimumOrderCents: 0,
      contactName: null,
      phone: null,
      note: null,
    });
    const order = await createPurchaseOrder(
      database.db,
      {
        supplierId: supplier.id,
        lines: [{ productId: product.id, quantity: 20, unitCostCents: 1200 }],
        note: null,
      },
      null,
    );
    await sendPurchaseOrder(database.db, a.outbox, order.id);

    const on = (i: number) => (i % 2 === 0 ? a : b);
    const transfer = (i: number) =>
      on(i).inject({
        method: 'POST',
        url: '/api/transfers',
        headers: as(admin),
        payload: { productId: product.id, fromLocationId: 'main', toLocationId: back, quantity: 3 },
      });
    const receipt = (i: number) =>
      on(i).inject({
        method: 'POST',
        url: `/api/purchase-orders/${order.id}/receipts`,
        headers: as(admin),
        payload: { lines: [{ lineNo: 1, quantity: 10 }], locationId: back },
      });
    const quote = await a.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { lines: [{ productId: product.id, quantity: 4 }], region: HOME_ADDRESS.region },
    });
    const expectedTotalCents = quote.json().totals.totalCents as number;
    const guestOrder = (i: number) =>
      on(i).inject({
        method: 'POST',
        url: '/api/guest/checkout',
        remoteAddress: `10.70.${i}.1`,
        payload: {
          idempotencyKey: randomUUID(),
          email: uniqueEmail(`bearing${i}`),
          lines: [{ productId: product.id, quantity: 4 }],
          address: { ...HOME_ADDRESS, line1: `${i + 1} Bearing Way`, postalCode: String(30000 + i) },
          shippingMethod: 'standard',
          expectedTotalCents,
        },
      });
    // 8 transfers of 3, 2 deliveries of 10 and 12 orders of 4, all at once over both instances:
    // 30 + 20 units cannot cover 24 + 48, so some are refused; none may take what is not there.
    const [transfers, receipts, orders] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, (_, i) => transfer(i))),
      Promise.all([0, 1].map(receipt)),
      Promise.all(Array.from({ length: 12 }, (_, i) => guestOrder(i))),
    ]);
    expect(
      receipts.map((r) => r.statusCode),
      receipts.map((r) => r.body).join(),
    ).toEqual([200, 200]);
    for (const r of [...transfers, ...orders]) expect([200, 201, 409], r.body).toContain(r.statusCode);
    const sent = transfers.filter((r) => r.statusCode === 200).map((r) => r.json() as Transfer);
    const placed = orders.filter((r) => r.statusCode === 201);
    expect(sent.length + placed.length).toBeGreaterThan(0);

    // Each transfer received on both instances at once arrives once; the other press is refused.
    const arrivals = await Promise.all(
      sent.flatMap((t) =>
        [a, b].map((app) =>
          app.inject({ method: 'POST', url: `/api/transfers/${t.id}/receive`, headers: as(admin) }),
        ),
      ),
    );
    expect(arrivals.filter((r) => r.statusCode === 200)).toHaveLength(sent.length);
    expect(arrivals.filter((r) => r.statusCode === 409)).toHaveLength(sent.length);

    // Every unit accounted for: 30 opening + 20 received are on a shelf (none shipped); what the
    // orders hold is reserved; each place equals its ledger and none is below zero (stockFigures
    // throws otherwise).
    const figures = await stockFigures(database.db, product.id);
    expect(figures).toMatchObject({
      onHand: 50,
      reserved: placed.length * 4,
      available: 50 - placed.length * 4,
    });
    const places = rowsOf<{ location_id: string; on_hand: number; reserved: number }>(
      await database.db.execute(
        sql`select location_id, on_hand, reserved from location_stock where product_id = ${product.id} order by location_id`,
      ),
    );
    expect(places.map((p) => [p.location_id, Number(p.on_hand)])).toEqual([
      [back, 20 + sent.length * 3],
      ['main', 30 - sent.length * 3],
    ]);
    for (const p of places) expect(Number(p.on_hand) - Number(p.reserved)).toBeGreaterThanOrEqual(0);
  });
});
