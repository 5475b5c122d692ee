import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_LIMITS } from '../../../contract/catalog';
import type { StoreStats } from '../../../contract/orders';
import { placeOrder } from '../../flows/place-order';
import { AppError } from '../../kernel/errors/errors';
import { insertProduct } from '../../test/fixtures';
import { realOrderCaps } from '../../test/harness';
import { createOwnerApp, insertPerson, newCustomer } from '../../test/kit';
import { freeLimits, orderRow } from '../../test/probes';
import { as, PHONE, payOrder, placeOrder as placeOrderOverHttp } from '../../test/store-flow';

// Money is 64-bit cents end to end: the largest price times the largest quantity is 10^14 cents.
let made: Awaited<ReturnType<typeof createOwnerApp>>;
beforeAll(async () => {
  made = await createOwnerApp();
});
afterAll(() => made.t.close());

async function priciestProduct() {
  const res = await made.t.app.inject({
    method: 'POST',
    url: '/api/tool',
    headers: as(made.admin),
    payload: {
      name: 'Industrial lift',
      image: '/images/tools/torque-wrench.svg',
      price: PRODUCT_LIMITS.priceMax,
      description: ['Lifts anything.'],
      available_quantity: PRODUCT_LIMITS.availableMax,
      minimum_order_quantity: 1,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId as string;
}

describe('the largest order', () => {
  it('is placed, paid and counted in the statistics without overflowing', async () => {
    const productId = await priciestProduct();
    const buyer = await newCustomer(made.t.app, { name: 'Big Spender' });
    const order = await placeOrderOverHttp(made.t.app, buyer, productId, PRODUCT_LIMITS.availableMax);
    // $1,000,000,000,000 of goods ships free and pays the default 7% tax.
    expect(order.amounts.subtotalCents).toBe(PRODUCT_LIMITS.priceMax * PRODUCT_LIMITS.availableMax * 100);
    expect(order.amounts).toMatchObject({ shippingCents: 0, taxCents: 7_000_000_000_000 });
    expect((await orderRow(made.t.database.db, order._id))?.totalCents).toBe(107_000_000_000_000);

    const paid = await payOrder(made.t.app, buyer, order._id);
    expect(paid.total).toBe(1_070_000_000_000);
    // Two of them: a sum past 2^31 and past 2^53 / 100 would break 32-bit or float sums.
    const second = await placeOrderOverHttp(
      made.t.app,
      buyer,
      await priciestProduct(),
      PRODUCT_LIMITS.availableMax,
    );
    await payOrder(made.t.app, buyer, second._id);

    const stats = await made.t.app.inject({
      method: 'GET',
      url: '/api/manage/stats',
      headers: as(made.admin),
    });
    expect(stats.statusCode, stats.body).toBe(200);
    const today = (stats.json() as StoreStats).salesByDay.at(-1);
    expect(today?.revenue).toBe(2_140_000_000_000);
  });

  it('is refused with a clear 409, never a 500, where the caps on unpaid orders apply', async () => {
    // The order flow with the real caps, on this file's store (a second store would cost a
    // database of its own): a refusal the route answers as it is, not an error it turns into a 500.
    const product = await insertProduct(made.t.database.db, {
      priceCents: PRODUCT_LIMITS.priceMax * 100,
      availableQuantity: PRODUCT_LIMITS.availableMax,
      minimumOrderQuantity: 1,
    });
    const buyer = await insertPerson(made.t.database.db, { name: 'Capped Spender' });
    const refused = await placeOrder(
      made.t.database.db,
      made.t.app.outbox,
      buyer,
      { productId: product.id, orderQuantity: PRODUCT_LIMITS.availableMax, phone: PHONE },
      freeLimits({
        maxUnpaidOrders: realOrderCaps().maxUnpaidOrders,
        maxReservedUnits: realOrderCaps().maxReservedUnits,
      }),
      made.t.app.pricingRules(),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'CONFLICT', status: 409 });
  });
});
