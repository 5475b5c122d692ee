import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest } from '../../contract/checkout';
import { accountInvoices, cartLines, orders } from '../kernel/db/schema';
import type { SessionUser } from '../kernel/identity';
import { saveTradeAccount } from '../modules/accounts';
import { getCart, setCartLine } from '../modules/cart';
import type { PaymentProvider } from '../modules/payments';
import { owedOnAccount } from '../modules/receivables';
import { insertProduct } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { freeLimits, historyOf, insertCustomer, stockFigures, storePricing } from '../test/probes';
import { HOME_ADDRESS } from '../test/store-flow';
import { checkout, checkoutSteps } from './checkout';
import { failingAt, type Step } from './steps';

// The checkout killed at each of its steps in turn: before the order is placed nothing happened;
// a step failing after it releases the order and puts the cart back; from the payment on (the
// pivot) the order stays, held, and a repeat with the same key finishes it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Steps = typeof checkoutSteps;

/** A customer with 2 of a $45.99 product in the cart (stock 10), and the checkout the page would send. */
async function cartReady() {
  const me: SessionUser = await insertCustomer(t.database.db, 'Casey Cart');
  const product = await insertProduct(t.database.db, {
    name: 'Oil filter',
    priceCents: 4599,
    availableQuantity: 10,
    minimumOrderQuantity: 1,
  });
  await setCartLine(t.database.db, me.id, product.id, 2);
  const quote = await getCart(t.database.db, storePricing(), me, {
    shippingMethod: 'standard',
    region: HOME_ADDRESS.region,
    country: HOME_ADDRESS.country,
  });
  const input: CheckoutRequest = {
    idempotencyKey: randomUUID(),
    address: HOME_ADDRESS,
    saveAddress: false,
    shippingMethod: 'standard',
    expectedTotalCents: quote.totals.totalCents,
  };
  return { me, tool: product, input };
}

const run = (
  me: SessionUser,
  input: CheckoutRequest,
  steps: Steps,
  provider: PaymentProvider = t.app.payments,
) => checkout(t.database.db, t.app.outbox, provider, me, input, freeLimits(), storePricing(), steps);

const cartOf = (userId: string) =>
  t.database.db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));

const ordersOf = (userId: string) =>
  t.database.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.userId, userId));

describe('the checkout flow, killed at each step', () => {
  it('reads top to bottom: answer a repeat, place the order, spend the store credit, charge the account, open the payment', () => {
    expect(checkoutSteps.map((s) => [s.name, Boolean(s.compensate), Boolean(s.pivot)])).toEqual([
      ['answer a repeat', false, false],
      ['place the order', true, false],
      ['spend the store credit', false, false],
      ['charge the account', false, false],
      ['open the payment', false, true],
    ]);
  });

  it.each(['answer a repeat', 'place the order'])(
    'at "%s": no order, the cart and the stock as they were',
    async (step) => {
      const { me, tool, input } = await cartReady();
      await expect(run(me, input, failingAt(checkoutSteps, step))).rejects.toThrow(`${step} killed`);
      expect(await ordersOf(me.id)).toEqual([]);
      expect(await cartOf(me.id)).toEqual([{ productId: tool.id, quantity: 2 }]);
      expect(await stockFigures(t.database.db, tool.id)).toMatchObject({
        onHand: 10,
        reserved: 0,
        available: 10,
      });
    },
  );

  it('after the order is placed, before the payment: the order is released and the cart is back', async () => {
    const { me, tool, input } = await cartReady();
    const [replay, place, ...rest] = checkoutSteps;
    if (!replay || !place) throw new Error('steps missing');
    const broken: Step<Parameters<NonNullable<(typeof place)['compensate']>>[0]> = {
      name: 'a step that breaks',
      run: async () => {
        throw new Error('broken');
      },
    };
    await expect(run(me, input, [replay, place, broken, ...rest])).rejects.toThrow('broken');
    const [order] = await ordersOf(me.id);
    expect(order?.status).toBe('cancelled');
    expect(await historyOf(t.database.db, order?.id ?? '')).toEqual([
      'place:->unpaid',
      'cancel:unpaid>cancelled',
    ]);
    expect(await stockFigures(t.database.db, tool.id)).toMatchObject({
      onHand: 10,
      reserved: 0,
      available: 10,
    });
    expect(await cartOf(me.id)).toEqual([{ productId: tool.id, quantity: 2 }]);
  });

  it('at charging the account, refused over the limit: the order is released, the cart is back, nothing owed', async () => {
    const { me, tool, input } = await cartReady();
    await saveTradeAccount(
      t.database.db,
      me.id,
      {
        priceList: { percentOffBasisPoints: 0, categories: [], netPrices: [] },
        certificate: null,
        onAccount: { creditLimitCents: 100, termsDays: 30 },
      },
      { mayExtendCredit: true },
    );
    await expect(run(me, { ...input, payOnAccount: true }, checkoutSteps)).rejects.toThrow(
      'This order is over your credit limit: $1.00 is available on account.',
    );
    const [order] = await ordersOf(me.id);
    expect(order?.status).toBe('cancelled');
    expect(await stockFigures(t.database.db, tool.id)).toMatchObject({ reserved: 0, available: 10 });
    expect(await cartOf(me.id)).toEqual([{ productId: tool.id, quantity: 2 }]);
    expect(await owedOnAccount(t.database.db, me.id)).toBe(0);
    expect(
      await t.database.db.select().from(accountInvoices).where(eq(accountInvoices.userId, me.id)),
    ).toEqual([]);
  });

  it('at the payment (the pivot): the order stays held, and a repeat with the same key opens its payment', async () => {
    const { me, tool, input } = await cartReady();
    await expect(run(me, input, failingAt(checkoutSteps, 'open the payment'))).rejects.toThrow(
      'open the payment killed',
    );
    const [order] = await ordersOf(me.id);
    expect(order?.status).toBe('unpaid');
    expect(await stockFigures(t.database.db, tool.id)).toMatchObject({
      onHand: 10,
      reserved: 2,
      available: 8,
    });
    expect(await cartOf(me.id)).toEqual([]);

    const again = await run(me, input, checkoutSteps);
    expect(again.replayed).toBe(true);
    expect(again.order._id).toBe(order?.id);
    expect(again.payment).not.toBeNull();
    expect(await ordersOf(me.id)).toHaveLength(1);
    expect(await stockFigures(t.database.db, tool.id)).toMatchObject({
      onHand: 10,
      reserved: 2,
      available: 8,
    });
  });

  it('to the end: one order, its stock held, its payment opened', async () => {
    const { me, tool, input } = await cartReady();
    const done = await run(me, input, checkoutSteps);
    expect(done.replayed).toBe(false);
    expect(done.order.status).toBe('unpaid');
    expect(done.payment).not.toBeNull();
    expect(await stockFigures(t.database.db, tool.id)).toMatchObject({
      onHand: 10,
      reserved: 2,
      available: 8,
    });
  });
});
