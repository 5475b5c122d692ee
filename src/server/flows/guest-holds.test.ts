import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../contract/addresses';
import { type GuestCheckoutAnswer, guestHoldMessages } from '../../contract/guest';
import type { Quote } from '../../contract/pricing';
import { orders } from '../kernel/db/schema';
import { expireUnpaidOrders } from '../modules/orders/expiry';
import { insertProduct } from '../test/fixtures';
import { createTestApp, type TestApp, testConfig } from '../test/harness';
import { stockFigures } from '../test/probes';
import { signUp, uniqueEmail } from '../test/sessions';
import { HOME_ADDRESS, placeOrder } from '../test/store-flow';

/**
 * Nobody holds the shelves anonymously (decision 073): a guest's unpaid orders are capped per
 * network as well as per mailbox and house, and unpaid guest orders together hold at most the
 * guests' share of a product, whichever networks they come from; a guest's hold is shorter. Both
 * engines; two instances at once are guest-holds.two-instances.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  // A real store's caps and the guests' settings, written out: 3 unpaid orders and 100 units per
  // buyer (and per network), half of each product for guests, a 15-minute guest hold.
  t = await createTestApp({
    orders: {
      ...testConfig().orders,
      holdMs: 30 * 60_000,
      maxUnpaidOrders: 3,
      maxReservedUnits: 100,
      guestHoldMs: 15 * 60_000,
      guestStockSharePercent: 50,
    },
  });
});
afterAll(() => t.close());

let houses = 0;
/** A house of its own each time: the cap per house is not what these tests are about. */
const newHouse = (): Address => {
  houses += 1;
  return { ...HOME_ADDRESS, line1: `${houses} Rotating Lane`, postalCode: String(10000 + houses) };
};

async function quote(productId: string, quantity: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    payload: { lines: [{ productId, quantity }], shippingMethod: 'standard', region: HOME_ADDRESS.region },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Quote).totals.totalCents;
}

/** A guest checkout of one product from `network`, with a new e-mail and house unless given. */
async function guestOrder(
  productId: string,
  quantity: number,
  network: string,
  who: { email?: string; address?: Address } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/guest/checkout',
    remoteAddress: network,
    payload: {
      idempotencyKey: randomUUID(),
      email: who.email ?? uniqueEmail('hoarder'),
      lines: [{ productId, quantity }],
      address: who.address ?? newHouse(),
      shippingMethod: 'standard',
      expectedTotalCents: await quote(productId, quantity),
    },
  });
}

const refusal = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(409);
  return (res.json() as { error: { message: string } }).error.message;
};

describe('unpaid holds per network', () => {
  it('from one address, new e-mails and houses hold no more than one customer may', async () => {
    const product = await insertProduct(t.app.db, {
      name: 'Hub bearing',
      availableQuantity: 1000,
      minimumOrderQuantity: 1,
    });
    // The review's case: 45 units at a time, a new e-mail and house each time, one address.
    expect((await guestOrder(product.id, 45, '10.50.0.1')).statusCode).toBe(201);
    expect((await guestOrder(product.id, 45, '10.50.0.1')).statusCode).toBe(201);
    expect(refusal(await guestOrder(product.id, 45, '10.50.0.1'))).toBe(guestHoldMessages.units(100, 90));
    expect((await guestOrder(product.id, 10, '10.50.0.1')).statusCode).toBe(201);
    expect(refusal(await guestOrder(product.id, 1, '10.50.0.1'))).toBe(guestHoldMessages.orders(3));
    expect(await stockFigures(t.app.db, product.id)).toMatchObject({ available: 900, reserved: 100 });

    // Another network is another buyer.
    expect((await guestOrder(product.id, 45, '10.50.0.2')).statusCode).toBe(201);
  });

  it('every address of one IPv6 /64 is one network', async () => {
    const product = await insertProduct(t.app.db, {
      name: 'Wheel stud',
      availableQuantity: 1000,
      minimumOrderQuantity: 1,
    });
    expect((await guestOrder(product.id, 45, '2001:db8:51::1')).statusCode).toBe(201);
    expect((await guestOrder(product.id, 45, '2001:db8:51::2:3')).statusCode).toBe(201);
    expect(refusal(await guestOrder(product.id, 45, '2001:db8:51:0:ffff::9'))).toBe(
      guestHoldMessages.units(100, 90),
    );
    // The next /64 is another network.
    expect((await guestOrder(product.id, 45, '2001:db8:51:1::1')).statusCode).toBe(201);
  });

  it("a network's orders cancelled from their links free its holds", async () => {
    const product = await insertProduct(t.app.db, { availableQuantity: 1000, minimumOrderQuantity: 1 });
    const first = (await guestOrder(product.id, 60, '10.52.0.1')).json() as GuestCheckoutAnswer;
    expect(refusal(await guestOrder(product.id, 60, '10.52.0.1'))).toBe(guestHoldMessages.units(100, 60));
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/guest/order/cancel',
      payload: { token: first.token },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await guestOrder(product.id, 60, '10.52.0.1')).statusCode).toBe(201);
  });
});

describe("the guests' share of a product", () => {
  it('from rotating networks, unpaid guest orders hold at most half of a product; accounts still order', async () => {
    const product = await insertProduct(t.app.db, {
      name: 'Brake caliper',
      availableQuantity: 100,
      minimumOrderQuantity: 1,
    });
    const placed: GuestCheckoutAnswer[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await guestOrder(product.id, 9, `10.53.${i}.1`);
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json() as GuestCheckoutAnswer);
    }
    // 45 of the 50 units guests may hold are held: a sixth network gets at most 5.
    expect(refusal(await guestOrder(product.id, 9, '10.53.6.1'))).toBe(
      guestHoldMessages.share('Brake caliper', 5),
    );
    expect((await guestOrder(product.id, 5, '10.53.7.1')).statusCode).toBe(201);
    expect(refusal(await guestOrder(product.id, 1, '2001:db8:53::1'))).toBe(
      guestHoldMessages.share('Brake caliper', 0),
    );
    expect(await stockFigures(t.app.db, product.id)).toMatchObject({ available: 50, reserved: 50 });

    // A customer with an account is not refused for what guests hold.
    const customer = await signUp(t.app, { email: uniqueEmail('account') });
    await placeOrder(t.app, customer, product.id, 40);
    expect(await stockFigures(t.app.db, product.id)).toMatchObject({ available: 10, reserved: 90 });

    // A guest order paid holds nothing unpaid any more: its units leave the guests' share.
    const [paying] = placed as [GuestCheckoutAnswer];
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/guest/order/simulated-confirm',
      payload: {
        token: paying.token,
        clientSecret: paying.payment?.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
        name: 'Gus Guest',
        email: paying.order.userEmail,
      },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await guestOrder(product.id, 9, '10.53.8.1')).statusCode).toBe(201);
    expect(refusal(await guestOrder(product.id, 1, '10.53.9.1'))).toBe(
      guestHoldMessages.share('Brake caliper', 0),
    );
  });

  it('more than the stock is refused as out of stock, not as the share', async () => {
    const product = await insertProduct(t.app.db, {
      name: 'Axle nut',
      availableQuantity: 4,
      minimumOrderQuantity: 1,
    });
    const res = await guestOrder(product.id, 5, '10.54.0.1');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('OUT_OF_STOCK');
  });
});

describe("a guest's hold", () => {
  it("is the guests' 15 minutes, a customer's the store's 30; the expiry releases the guest's first", async () => {
    const product = await insertProduct(t.app.db, { availableQuantity: 100, minimumOrderQuantity: 1 });
    const guest = (await guestOrder(product.id, 2, '10.55.0.1')).json() as GuestCheckoutAnswer;
    const customer = await signUp(t.app, { email: uniqueEmail('holder') });
    const own = await placeOrder(t.app, customer, product.id, 3);
    const held = async (id: string) => {
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, id));
      return (row?.expiresAt?.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    };
    expect(await held(guest.order._id)).toBe(15 * 60_000);
    expect(await held(own._id)).toBe(30 * 60_000);

    const [guestRow] = await t.app.db.select().from(orders).where(eq(orders.id, guest.order._id));
    await expireUnpaidOrders(
      t.app.db,
      t.app.outbox,
      new Date((guestRow?.createdAt.getTime() ?? 0) + 16 * 60_000),
    );
    const statuses = await t.app.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(sql`${orders.id} in (select order_id from order_lines where product_id = ${product.id})`);
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [guest.order._id]: 'expired',
      [own._id]: 'unpaid',
    });
  });
});
