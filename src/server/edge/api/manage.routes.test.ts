import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingMessages } from '../../../contract/after-sale';
import { type Order, STATS_DAYS, type StoreStats } from '../../../contract/orders';
import { user } from '../../kernel/db/auth-schema';
import { orders } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, type TestApp } from '../../test/harness';
import { createOwnerApp, newCustomer } from '../../test/kit';
import { unpaidOrder as newUnpaidOrder, orderRow, stockOf, UNKNOWN_ID } from '../../test/probes';
import { type TestSession, uniqueEmail } from '../../test/sessions';
import { as, payOrder, placeOrder } from '../../test/store-flow';
import { storeStats } from '../manage/manage.service';

let t: TestApp;
let admin: TestSession;
let customer: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createOwnerApp());
  customer = await newCustomer(t.app, { name: 'Casey Customer' });
});
afterAll(() => t.close());

const noOrders = { expired: 0, refunded: 0, partially_refunded: 0, partially_shipped: 0 };

/** An unpaid order of the customer's for a new tool. */
const unpaidOrder = (quantity = 5) => newUnpaidOrder(t.app, t.database.db, customer, { quantity });
const pendingOrder = async () => {
  const { tool, order } = await unpaidOrder();
  return { tool, order: await payOrder(t.app, customer, order._id) };
};

describe('GET /api/manage (admin)', () => {
  // Its own store, so the list holds exactly the orders made here.
  let shop: TestApp;
  let boss: TestSession;
  let alice: TestSession;
  let bob: TestSession;
  const ids: Record<'unpaid' | 'pending' | 'shipped' | 'cancelled', string> = {
    unpaid: '',
    pending: '',
    shipped: '',
    cancelled: '',
  };

  beforeAll(async () => {
    ({ t: shop, admin: boss } = await createOwnerApp());
    alice = await newCustomer(shop.app, { name: 'Alice Mechanic' });
    bob = await newCustomer(shop.app, { name: 'Bob Builder' });
    const wrench = await insertProduct(shop.database.db, { name: 'Torque Wrench', priceCents: 1000 });
    const jack = await insertProduct(shop.database.db, { name: 'Floor Jack', priceCents: 2550 });

    ids.unpaid = (await placeOrder(shop.app, alice, wrench.id, 6))._id;
    ids.pending = (await placeOrder(shop.app, bob, jack.id, 7))._id;
    await payOrder(shop.app, bob, ids.pending);
    ids.shipped = (await placeOrder(shop.app, alice, jack.id, 8))._id;
    await payOrder(shop.app, alice, ids.shipped);
    const ship = await shop.app.inject({
      method: 'PUT',
      url: `/api/manage/${ids.shipped}`,
      headers: as(boss),
    });
    expect(ship.statusCode).toBe(200);
    ids.cancelled = (await placeOrder(shop.app, bob, wrench.id, 5))._id;
    const cancel = await shop.app.inject({
      method: 'DELETE',
      url: `/api/order/${ids.cancelled}`,
      headers: as(bob),
    });
    expect(cancel.statusCode).toBe(200);

    // Creation times out of placing order, so the list's order comes from the dates.
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const created = { pending: 30, unpaid: 10, shipped: 20, cancelled: 5 };
    for (const [status, ago] of Object.entries(created)) {
      await shop.database.db
        .update(orders)
        .set({ createdAt: minutesAgo(ago) })
        .where(eq(orders.id, ids[status as keyof typeof ids]));
    }
  });
  afterAll(() => shop.close());

  const manage = (query = '') =>
    shop.app.inject({ method: 'GET', url: `/api/manage${query}`, headers: as(boss) });

  it("lists every customer's orders but the cancelled ones, newest first", async () => {
    const res = await manage();
    expect(res.statusCode).toBe(200);
    const body = res.json() as Order[];
    expect(body.map((o) => o._id)).toEqual([ids.unpaid, ids.shipped, ids.pending]);
    expect(body[0]).toMatchObject({
      userName: 'Alice Mechanic',
      userEmail: alice.email,
      orderName: 'Torque Wrench',
      orderQuantity: 6,
      price: 10,
      // $60.00, $7.99 standard shipping, 7% tax.
      total: 72.19,
      paid: false,
      status: 'unpaid',
    });
    expect(body[1]).toMatchObject({
      userName: 'Alice Mechanic',
      orderName: 'Floor Jack',
      orderQuantity: 8,
      // $204.00 ships free; 7% tax.
      total: 218.28,
      paid: true,
      status: 'shipped',
    });
    expect(body[2]).toMatchObject({
      userName: 'Bob Builder',
      userEmail: bob.email,
      orderName: 'Floor Jack',
      orderQuantity: 7,
      price: 25.5,
      // $178.50 ships free; 7% tax is $12.495, rounded half up.
      total: 191,
      paid: true,
      status: 'pending',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect(body[2]?.transactionId).toEqual(expect.any(String));
  });

  it.each(['unpaid', 'pending', 'shipped', 'cancelled'] as const)('filters by status=%s', async (status) => {
    const res = await manage(`?status=${status}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Order[];
    expect(body.map((o) => o._id)).toEqual([ids[status]]);
    expect(body[0]?.status).toBe(status);
  });

  it.each(['paid', 'SHIPPED', '', 'awaiting_shipment'])('refuses status=%j with 400', async (status) => {
    const res = await manage(`?status=${status}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'Status must be one of unpaid, pending, partially_shipped, shipped, cancelled, expired, refunded, partially_refunded',
    });
  });
});

describe('PUT /api/manage/:id (ship)', () => {
  const ship = (id: string) => t.app.inject({ method: 'PUT', url: `/api/manage/${id}`, headers: as(admin) });

  it('ships a paid order, and the customer sees it shipped', async () => {
    const { order } = await pendingOrder();
    const res = await ship(order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: order._id, status: 'shipped', paid: true });
    expect((await orderRow(t.database.db, order._id))?.shippedAt).toBeInstanceOf(Date);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/order?userEmail=${encodeURIComponent(customer.email)}`,
      headers: as(customer),
    });
    expect((mine.json() as Order[]).find((o) => o._id === order._id)?.status).toBe('shipped');
  });

  it('with a body, takes a carrier and a tracking number, or an explicit noTracking; never empty ones', async () => {
    const { order } = await pendingOrder();
    const shipWith = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/manage/${order._id}`, headers: as(admin), payload });
    const refusals: [object, { path: string; message: string }[]][] = [
      [
        { carrier: '', trackingNumber: '' },
        [
          { path: 'carrier', message: trackingMessages.carrier },
          { path: 'trackingNumber', message: trackingMessages.trackingNumber },
        ],
      ],
      [
        { carrier: 'UPS', trackingNumber: '   ' },
        [{ path: 'trackingNumber', message: trackingMessages.trackingNumber }],
      ],
      [{ trackingNumber: '1Z1' }, [{ path: 'carrier', message: trackingMessages.carrier }]],
      [
        { noTracking: false },
        [
          { path: 'carrier', message: trackingMessages.carrier },
          { path: 'trackingNumber', message: trackingMessages.trackingNumber },
        ],
      ],
      [
        { noTracking: true, trackingNumber: '1Z1' },
        [{ path: 'trackingNumber', message: trackingMessages.notBoth }],
      ],
    ];
    for (const [payload, issues] of refusals) {
      const res = await shipWith(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.issues).toEqual(issues);
    }
    expect((await orderRow(t.database.db, order._id))?.status).toBe('awaiting_shipment');

    const res = await shipWith({ noTracking: true, carrier: 'Counter pickup' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'shipped',
      shipments: [{ carrier: 'Counter pickup', trackingNumber: null }],
    });
  });

  it('ships with the carrier and tracking number given, which the customer reads', async () => {
    const { order } = await pendingOrder();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/${order._id}`,
      headers: as(admin),
      payload: { carrier: 'UPS', trackingNumber: '1Z999AA1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA1',
      shipments: [{ carrier: 'UPS', trackingNumber: '1Z999AA1' }],
    });
  });

  it('refuses to ship an unpaid order (409) and leaves it unpaid', async () => {
    const { order } = await unpaidOrder();
    const res = await ship(order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'Only paid orders can be shipped' } });
    expect((await orderRow(t.database.db, order._id))?.status).toBe('unpaid');
  });

  it('refuses to ship an order twice (409)', async () => {
    const { order } = await pendingOrder();
    expect((await ship(order._id)).statusCode).toBe(200);
    const shippedAt = (await orderRow(t.database.db, order._id))?.shippedAt;
    const again = await ship(order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'CONFLICT', message: 'This order is already shipped' } });
    expect((await orderRow(t.database.db, order._id))?.shippedAt).toEqual(shippedAt);
  });

  it('answers 404 for a cancelled, an unknown or a malformed order', async () => {
    const { order } = await unpaidOrder();
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${order._id}`,
      headers: as(customer),
    });
    expect(cancel.statusCode).toBe(200);
    for (const id of [order._id, UNKNOWN_ID, 'not-an-id']) {
      const res = await ship(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Order was not found' } });
    }
    expect((await orderRow(t.database.db, order._id))?.status).toBe('cancelled');
  });
});

describe('GET /api/manage/:id/packing-slip', () => {
  it("lists each line with its product's SKU and part number, what was ordered and what is left to ship", async () => {
    const product = await insertProduct(t.database.db, {
      name: 'Ceramic brake pads',
      sku: 'TW-PAD-0042',
      partNumber: 'D1210',
      priceCents: 4599,
      availableQuantity: 10,
      minimumOrderQuantity: 1,
    });
    const placed = await placeOrder(t.app, customer, product.id, 3);
    await payOrder(t.app, customer, placed._id);
    const slip = () =>
      t.app.inject({ method: 'GET', url: `/api/manage/${placed._id}/packing-slip`, headers: as(admin) });
    const before = await slip();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      number: placed.number,
      lines: [
        {
          productId: product.id,
          name: 'Ceramic brake pads',
          sku: 'TW-PAD-0042',
          partNumber: 'D1210',
          quantity: 3,
          toShip: 3,
        },
      ],
      picks: [
        {
          locationId: 'main',
          locationName: 'Main warehouse',
          lines: [
            {
              productId: product.id,
              name: 'Ceramic brake pads',
              sku: 'TW-PAD-0042',
              partNumber: 'D1210',
              bin: null,
              quantity: 3,
            },
          ],
        },
      ],
    });
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/${placed._id}`,
      headers: as(admin),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await slip()).json().lines[0]).toMatchObject({ quantity: 3, toShip: 0 });
    expect((await slip()).json().picks).toEqual([]);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/manage/${UNKNOWN_ID}/packing-slip`,
      headers: as(admin),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /api/manage/:id (cancel)', () => {
  const cancel = (id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/manage/${id}`, headers: as(admin) });

  it("cancels a customer's unpaid order and returns its stock", async () => {
    const { tool, order } = await unpaidOrder(7);
    expect(await stockOf(t.database.db, tool.id)).toBe(93);
    const res = await cancel(order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(t.database.db, tool.id)).toBe(100);
    expect((await orderRow(t.database.db, order._id))?.status).toBe('cancelled');
    const own = await t.app.inject({ method: 'GET', url: `/api/order/${order._id}`, headers: as(customer) });
    expect(own.statusCode).toBe(404);
    const listed = await t.app.inject({ method: 'GET', url: '/api/manage', headers: as(admin) });
    expect((listed.json() as Order[]).map((o) => o._id)).not.toContain(order._id);
    // A second cancel finds nothing and returns no stock twice.
    expect((await cancel(order._id)).statusCode).toBe(404);
    expect(await stockOf(t.database.db, tool.id)).toBe(100);
  });

  it.each(['awaiting_shipment', 'shipped'] as const)(
    'refuses to delete a %s (paid) order with 409',
    async (status) => {
      const { tool, order } = await pendingOrder();
      if (status === 'shipped') {
        const ship = await t.app.inject({
          method: 'PUT',
          url: `/api/manage/${order._id}`,
          headers: as(admin),
        });
        expect(ship.statusCode).toBe(200);
      }
      const stock = await stockOf(t.database.db, tool.id);
      const res = await cancel(order._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'Paid orders cannot be deleted' } });
      expect((await orderRow(t.database.db, order._id))?.status).toBe(status);
      expect(await stockOf(t.database.db, tool.id)).toBe(stock);
    },
  );

  it.each([
    ['an unknown', UNKNOWN_ID],
    ['a malformed', 'not-an-id'],
  ])('answers 404 for %s order', async (_label, id) => {
    const res = await cancel(id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Order was not found' } });
  });
});

describe('GET /api/manage/stats (admin)', () => {
  let shop: TestApp;
  let boss: TestSession;
  const low: Record<string, string> = {};

  beforeAll(async () => {
    ({ t: shop, admin: boss } = await createOwnerApp());
    const db = shop.database.db;
    // LOW_STOCK_FACTOR is 2: low means fewer than twice the minimum order quantity.
    low.short = (
      await insertProduct(db, { name: 'Short Supply', availableQuantity: 9, minimumOrderQuantity: 5 })
    ).id;
    low.empty = (
      await insertProduct(db, { name: 'All Gone', availableQuantity: 0, minimumOrderQuantity: 1 })
    ).id;
    low.edge = (
      await insertProduct(db, { name: 'Just Enough', availableQuantity: 10, minimumOrderQuantity: 5 })
    ).id;
    await insertProduct(db, { name: 'Plenty', availableQuantity: 500, minimumOrderQuantity: 20 });
    await insertProduct(db, {
      name: 'Retired Low',
      availableQuantity: 1,
      minimumOrderQuantity: 5,
      retiredAt: new Date(),
    });
  });
  afterAll(() => shop.close());

  const stats = async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/manage/stats', headers: as(boss) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StoreStats;
  };
  const todayUtc = () => new Date().toISOString().slice(0, 10);

  it('counts paid orders of today as revenue, unpaid and cancelled ones not', async () => {
    const buyer = await newCustomer(shop.app, { email: uniqueEmail('buyer') });
    const product = await insertProduct(shop.database.db, {
      name: 'Stats Spanner',
      priceCents: 1250,
      availableQuantity: 1000,
      minimumOrderQuantity: 1,
    });
    await placeOrder(shop.app, buyer, product.id, 2); // unpaid: 25.00, not revenue
    const paid = await placeOrder(shop.app, buyer, product.id, 3); // 37.50 + 7.99 shipping + 2.63 tax = 48.12
    await payOrder(shop.app, buyer, paid._id);
    const shipped = await placeOrder(shop.app, buyer, product.id, 4); // 50.00 + 7.99 + 3.50 = 61.49
    await payOrder(shop.app, buyer, shipped._id);
    const ship = await shop.app.inject({
      method: 'PUT',
      url: `/api/manage/${shipped._id}`,
      headers: as(boss),
    });
    expect(ship.statusCode).toBe(200);
    const cancelled = await placeOrder(shop.app, buyer, product.id, 1);
    await shop.app.inject({ method: 'DELETE', url: `/api/order/${cancelled._id}`, headers: as(buyer) });

    const before = todayUtc();
    const body = await stats();
    const after = todayUtc();

    expect(body.days).toBe(STATS_DAYS);
    expect(body.salesByDay).toHaveLength(30);
    const last = body.salesByDay[29];
    expect([before, after]).toContain(last?.date);
    // Consecutive days, oldest first.
    body.salesByDay.forEach((day, i) => {
      if (i > 0) {
        const previous = new Date(`${body.salesByDay[i - 1]?.date}T00:00:00Z`).getTime();
        expect(new Date(`${day.date}T00:00:00Z`).getTime() - previous).toBe(86_400_000);
      }
    });
    expect(last).toMatchObject({ revenue: 109.61, orders: 2 });
    expect(body.salesByDay.slice(0, 29).every((d) => d.revenue === 0 && d.orders === 0)).toBe(true);
    expect(body.ordersByStatus).toEqual({ ...noOrders, unpaid: 1, pending: 1, shipped: 1, cancelled: 1 });
  });

  it('lists live products below twice their minimum order quantity, lowest first', async () => {
    const body = await stats();
    expect(body.lowStock).toEqual([
      { _id: low.empty, name: 'All Gone', available_quantity: 0, minimum_order_quantity: 1 },
      { _id: low.short, name: 'Short Supply', available_quantity: 9, minimum_order_quantity: 5 },
    ]);
  });

  it('uses the factor it is given', async () => {
    const body = await storeStats(shop.database.db, STATS_DAYS, 3);
    expect(body.lowStock.map((l) => l._id)).toEqual([low.empty, low.short, low.edge]);
  });
});

describe('storeStats by day', () => {
  it('puts each payment on its UTC day, over the window ending on the day of `now`', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.db;
      // Far from UTC, so a day taken from the session's time zone would land on the wrong date.
      if (database.kind === 'pglite') await db.execute(sql`set time zone 'Pacific/Kiritimati'`);
      const userId = `stats-${Date.now()}`;
      await db.insert(user).values({ id: userId, name: 'Stats Buyer', email: uniqueEmail('stats') });
      const product = await insertProduct(db);
      const order = (
        status: 'unpaid' | 'awaiting_shipment' | 'shipped' | 'cancelled',
        cents: number,
        paidAt?: string,
      ) => ({
        productId: product.id,
        userId,
        productName: product.name,
        unitPriceCents: cents,
        quantity: 1,
        subtotalCents: cents,
        totalCents: cents,
        userName: 'Stats Buyer',
        userEmail: 'stats@example.com',
        phone: '01712345678',
        status,
        createdAt: new Date('2026-01-01T00:00:00Z'),
        paidAt: paidAt ? new Date(paidAt) : null,
      });
      await db
        .insert(orders)
        .values([
          order('awaiting_shipment', 1000, '2026-03-10T00:30:00Z'),
          order('shipped', 2000, '2026-03-09T23:59:59Z'),
          order('awaiting_shipment', 500, '2026-03-09T00:00:00Z'),
          order('awaiting_shipment', 700, '2026-02-09T00:00:00Z'),
          order('awaiting_shipment', 10_000, '2026-02-08T23:59:59Z'),
          order('cancelled', 99_900, '2026-03-10T00:10:00Z'),
          order('unpaid', 300),
        ]);

      const now = new Date('2026-03-10T01:00:00Z');
      const stats = await storeStats(db, 30, 2, now);
      expect(stats.salesByDay).toHaveLength(30);
      expect(stats.salesByDay[0]).toEqual({ date: '2026-02-09', revenue: 7, orders: 1 });
      expect(stats.salesByDay[28]).toEqual({ date: '2026-03-09', revenue: 25, orders: 2 });
      expect(stats.salesByDay[29]).toEqual({ date: '2026-03-10', revenue: 10, orders: 1 });
      expect(stats.salesByDay.slice(1, 28).every((d) => d.revenue === 0 && d.orders === 0)).toBe(true);
      expect(stats.salesByDay.reduce((sum, d) => sum + d.revenue, 0)).toBe(42);
      expect(stats.ordersByStatus).toEqual({ ...noOrders, unpaid: 1, pending: 4, shipped: 1, cancelled: 1 });

      // A shorter window starting later drops the older days.
      const week = await storeStats(db, 7, 2, now);
      expect(week.salesByDay.map((d) => d.date)).toEqual([
        '2026-03-04',
        '2026-03-05',
        '2026-03-06',
        '2026-03-07',
        '2026-03-08',
        '2026-03-09',
        '2026-03-10',
      ]);
      expect(week.salesByDay.reduce((sum, d) => sum + d.revenue, 0)).toBe(35);
    } finally {
      await database.close();
    }
  });
});
