import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maximumQuantityMessage, minimumQuantityMessage } from '../../contract/orders';
import type { Database } from '../kernel/db/database';
import { orders, products } from '../kernel/db/schema';
import { AppError } from '../kernel/errors/errors';
import type { SessionUser } from '../kernel/identity/session-user';
import { expireUnpaidOrders } from '../modules/orders/expiry';
import { insertProduct } from '../test/fixtures';
import { createTestDatabase, realOrderCaps } from '../test/harness';
import { insertPerson, type Kit, kitOn } from '../test/kit';
import { freeLimits, orderRow, stockOf, UNKNOWN_ID } from '../test/probes';
import { PHONE } from '../test/store-flow';
import { placeOrder } from './place-order';

// The order modal's rules that need the tool (its minimum, its stock, whether it is sold) and the
// hold, as the flow decides them, on the real database. The body's own rules are the contract's
// (src/contract/order-input.test.ts); how each refusal is answered over HTTP, orders.routes.test.ts.
let database: Database;
let kit: Kit;
let alice: SessionUser;
let bob: SessionUser;
beforeAll(async () => {
  database = await createTestDatabase();
  kit = kitOn(database.db);
  alice = await insertPerson(database.db, { name: 'Alice Buyer' });
  bob = await insertPerson(database.db, { name: 'Bob Other' });
});
afterAll(() => database.close());

const order = (me: SessionUser, productId: string, orderQuantity: number, limits = kit.limits) =>
  placeOrder(database.db, kit.outbox, me, { productId, orderQuantity, phone: PHONE }, limits, kit.pricing);

/** What a refusal was, as the route answers it: the AppError's code, status, message and issues. */
const refusalOf = async (placing: Promise<unknown>) => {
  const error = await placing.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, status: error.status, message: error.message, issues: error.issues };
};

/** Everything a refused order must leave alone: every tool's stock and every order. */
const snapshot = async () => ({
  stock: (await database.db.select({ id: products.id, q: products.availableQuantity }).from(products)).sort(
    (a, b) => a.id.localeCompare(b.id),
  ),
  orders: (await database.db.select({ id: orders.id, status: orders.status }).from(orders)).sort((a, b) =>
    a.id.localeCompare(b.id),
  ),
});

describe('quantity outside the tool’s bounds', () => {
  let productId: string;
  beforeAll(async () => {
    productId = (await insertProduct(database.db, { availableQuantity: 40, minimumOrderQuantity: 4 })).id;
  });

  it.each([
    ['below the minimum', 3, minimumQuantityMessage(4)],
    ['zero', 0, minimumQuantityMessage(4)],
    ['negative', -5, minimumQuantityMessage(4)],
    ['above the available stock', 41, maximumQuantityMessage(40)],
    ['far above the available stock', 999_999, maximumQuantityMessage(40)],
  ])(
    '%s (%j): refused on orderQuantity with the bound, nothing changes',
    async (_label, quantity, message) => {
      const before = await snapshot();
      expect(await refusalOf(order(alice, productId, quantity))).toEqual({
        code: 'VALIDATION_FAILED',
        status: 400,
        message,
        issues: [{ path: 'orderQuantity', message }],
      });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('takes the minimum and the whole stock', async () => {
    expect((await order(alice, productId, 4)).orderQuantity).toBe(4);
    expect(await stockOf(database.db, productId)).toBe(36);
    expect((await order(bob, productId, 36)).orderQuantity).toBe(36);
    expect(await stockOf(database.db, productId)).toBe(0);
  });
});

describe('the product', () => {
  it.each([
    ['an unknown tool id', UNKNOWN_ID],
    ['a malformed tool id', 'not-a-tool'],
    ['an injection attempt', "x' or '1'='1"],
  ])('%s: not found, nothing changes', async (_label, productId) => {
    const before = await snapshot();
    expect(await refusalOf(order(alice, productId, 5))).toEqual({
      code: 'NOT_FOUND',
      status: 404,
      message: 'Tool was not found',
      issues: undefined,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a retired (deleted) tool cannot be ordered', async () => {
    const product = await insertProduct(database.db, { retiredAt: new Date() });
    const before = await snapshot();
    expect(await refusalOf(order(alice, product.id, 5))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('stock', () => {
  it('accepts the whole remaining stock, then refuses the next buyer with OUT_OF_STOCK', async () => {
    const product = await insertProduct(database.db, { availableQuantity: 25, minimumOrderQuantity: 5 });
    await order(alice, product.id, 25);
    expect(await stockOf(database.db, product.id)).toBe(0);
    const before = await snapshot();
    expect(await refusalOf(order(bob, product.id, 5))).toMatchObject({ code: 'OUT_OF_STOCK', status: 409 });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a tool whose stock is below its minimum order with OUT_OF_STOCK, changing nothing', async () => {
    const product = await insertProduct(database.db, { availableQuantity: 3, minimumOrderQuantity: 5 });
    const before = await snapshot();
    expect(await refusalOf(order(alice, product.id, 5))).toMatchObject({
      code: 'OUT_OF_STOCK',
      status: 409,
      message: expect.stringMatching(/out of stock/),
    });
    expect(await snapshot()).toEqual(before);
    expect(await stockOf(database.db, product.id)).toBe(3);
  });
});

describe('the hold', () => {
  it('is 30 minutes in a real store', async () => {
    const product = await insertProduct(database.db, { availableQuantity: 50, minimumOrderQuantity: 1 });
    const placed = await order(alice, product.id, 2, freeLimits({ holdMs: realOrderCaps().holdMs }));
    expect(Date.parse(placed.expiresAt ?? '') - Date.parse(placed.createdAt)).toBe(30 * 60_000);
  });

  it('is the configured one (orders.holdMs), and the expiry job releases the stock when it ends', async () => {
    const product = await insertProduct(database.db, { availableQuantity: 30, minimumOrderQuantity: 1 });
    const placed = await order(alice, product.id, 5, freeLimits({ holdMs: 1000 }));
    const createdAt = Date.parse(placed.createdAt);
    expect(Date.parse(placed.expiresAt ?? '') - createdAt).toBe(1000);
    expect(await expireUnpaidOrders(database.db, kit.outbox, new Date(createdAt + 999))).toBe(0);
    expect(await stockOf(database.db, product.id)).toBe(25);
    expect(await expireUnpaidOrders(database.db, kit.outbox, new Date(createdAt + 1000))).toBe(1);
    expect(await stockOf(database.db, product.id)).toBe(30);
    expect((await orderRow(database.db, placed._id))?.status).toBe('expired');
  });
});
