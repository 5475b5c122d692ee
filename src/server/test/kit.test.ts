import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from './fixtures';
import { createTestApp, type TestApp } from './harness';
import { type Kit, kitOf, newCustomer, newStaff, orderIn } from './kit';
import { historyOf, intentRow, stockFigures } from './probes';
import { signUp } from './sessions';
import { as, checkoutCart, fillCart, payOrder } from './store-flow';

// The kit's orders are the real paths' orders: the same rows, stock, history and payment as the
// API writes, and sessions the app takes like a signed-up customer's.
let t: TestApp;
let kit: Kit;
beforeAll(async () => {
  t = await createTestApp();
  kit = kitOf(t.app);
});
afterAll(() => t.close());

const pads = () =>
  insertProduct(t.database.db, {
    name: 'Brake pad set',
    priceCents: 4599,
    availableQuantity: 20,
    minimumOrderQuantity: 1,
  });

describe('signedIn', () => {
  it('opens a session the app takes as the person, without signing up', async () => {
    const dana = await newCustomer(t.app, { name: 'Dana Kit' });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/order?userEmail=${encodeURIComponent(dana.email)}`,
      headers: as(dana),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: as(dana) });
    expect(session.json()).toMatchObject({ user: { id: dana.id, email: dana.email, name: 'Dana Kit' } });
    // As a bearer token too.
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { authorization: `Bearer ${dana.token}` },
    });
    expect(bearer.json()).toMatchObject({ user: { id: dana.id } });
  });

  it('is refused with a cookie signed by another secret, and staff get their role', async () => {
    const dana = await newCustomer(t.app);
    const forged = dana.cookie.replace(/\.[^.]*$/, `.${encodeURIComponent('AAAA')}`);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/order?userEmail=${encodeURIComponent(dana.email)}`,
      headers: { cookie: forged },
    });
    expect(refused.statusCode).toBe(401);
    const owner = await newStaff(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/manage', headers: as(owner) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/manage', headers: as(dana) })).statusCode).toBe(
      403,
    );
  });
});

describe('orderIn', () => {
  it('pays an order exactly as the API does: the same history, stock, intent and amounts', async () => {
    const customer = await signUp(t.app, { name: 'Api Buyer' });
    const viaApi = await pads();
    await fillCart(t.app, customer, [{ productId: viaApi.id, quantity: 3 }]);
    const placed = await checkoutCart(t.app, customer);
    expect(placed.statusCode, placed.body).toBe(201);
    const apiOrder = await payOrder(t.app, customer, placed.json().order._id);

    const viaKit = await pads();
    const { order } = await orderIn(kit, 'paid', { lines: [{ productId: viaKit.id, quantity: 3 }] });

    expect(order.amounts).toEqual(apiOrder.amounts);
    expect(order).toMatchObject({ status: 'pending', paid: true, cardBrand: 'visa', cardLast4: '4242' });
    expect(await historyOf(t.database.db, order._id)).toEqual(await historyOf(t.database.db, apiOrder._id));
    expect(await stockFigures(t.database.db, viaKit.id)).toEqual(
      await stockFigures(t.database.db, viaApi.id),
    );
    expect(await intentRow(t.database.db, order.transactionId as string)).toMatchObject({
      status: 'succeeded',
      amountCents: 14763,
      orderId: order._id,
      provider: 'simulated',
    });
  });

  it.each([
    ['placed', 'unpaid', ['place:->unpaid'], { onHand: 20, reserved: 2 }],
    ['expired', 'expired', ['place:->unpaid', 'expire:unpaid>expired'], { onHand: 20, reserved: 0 }],
    ['cancelled', 'cancelled', ['place:->unpaid', 'cancel:unpaid>cancelled'], { onHand: 20, reserved: 0 }],
    [
      'partly_shipped',
      'partially_shipped',
      ['place:->unpaid', 'pay:unpaid>awaiting_shipment', 'ship:awaiting_shipment>partially_shipped'],
      { onHand: 19, reserved: 1 },
    ],
    [
      'shipped',
      'shipped',
      ['place:->unpaid', 'pay:unpaid>awaiting_shipment', 'ship:awaiting_shipment>shipped'],
      { onHand: 18, reserved: 0 },
    ],
    [
      'refunded',
      'refunded',
      ['place:->unpaid', 'pay:unpaid>awaiting_shipment', 'refund:awaiting_shipment>refunded'],
      { onHand: 20, reserved: 0 },
    ],
    [
      'partly_refunded',
      'pending',
      [
        'place:->unpaid',
        'pay:unpaid>awaiting_shipment',
        'partial_refund:awaiting_shipment>awaiting_shipment',
      ],
      // The refunded unit had not shipped: its reservation is released.
      { onHand: 20, reserved: 1 },
    ],
    [
      'cancelled_paid',
      'cancelled',
      [
        'place:->unpaid',
        'pay:unpaid>awaiting_shipment',
        'cancel:awaiting_shipment>cancelled',
        'refund:cancelled>cancelled',
      ],
      { onHand: 20, reserved: 0 },
    ],
  ] as const)('%s: status %s, its history and its stock', async (state, status, history, stock) => {
    const product = await pads();
    const { order } = await orderIn(kit, state, { lines: [{ productId: product.id, quantity: 2 }] });
    expect(order.status).toBe(status);
    expect(await historyOf(t.database.db, order._id)).toEqual(history);
    expect(await stockFigures(t.database.db, product.id)).toMatchObject(stock);
  });

  it('refunds everything of a refunded order and part of a partly refunded one, in cents', async () => {
    const product = await pads();
    // 2 x $45.99 = $91.98, shipping $7.99, tax 7 % of the goods $6.44: $106.41.
    const full = await orderIn(kit, 'refunded', { lines: [{ productId: product.id, quantity: 2 }] });
    expect(full.order.amounts.totalCents).toBe(10641);
    expect(full.order).toMatchObject({ refundedCents: 10641, refundState: 'full' });
    const part = await orderIn(kit, 'partly_refunded', { lines: [{ productId: product.id, quantity: 2 }] });
    // One pad with its share of tax: $45.99 + $3.22.
    expect(part.order).toMatchObject({ refundedCents: 4921, refundState: 'partial' });
  });

  it('returns: received back on the shelf, then refunded with its tax', async () => {
    const product = await pads();
    const returned = await orderIn(kit, 'returned', { lines: [{ productId: product.id, quantity: 2 }] });
    expect(returned.returned).toMatchObject({ status: 'received' });
    expect(await stockFigures(t.database.db, product.id)).toMatchObject({ onHand: 19, reserved: 0 });
    const refunded = await orderIn(kit, 'return_refunded', {
      lines: [{ productId: product.id, quantity: 2 }],
    });
    expect(refunded.returned).toMatchObject({ status: 'refunded' });
    expect(refunded.order.refundedCents).toBe(4921);
  });

  it('writes nothing when a step is refused: the whole order is one transaction', async () => {
    const product = await insertProduct(t.database.db, { availableQuantity: 1, minimumOrderQuantity: 1 });
    await expect(orderIn(kit, 'paid', { lines: [{ productId: product.id, quantity: 2 }] })).rejects.toThrow();
    expect(await stockFigures(t.database.db, product.id)).toMatchObject({ onHand: 1, reserved: 0 });
  });
});
