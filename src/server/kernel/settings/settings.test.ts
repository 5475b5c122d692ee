import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import type { Quote } from '../../../contract/pricing';
import {
  noZoneMessage,
  SETTINGS_CHANGED,
  type SettingsAnswer,
  type SettingsSection,
  type ShippingSettings,
} from '../../../contract/settings';
import type { StoreInfo } from '../../../contract/store';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { createOwnerApp, newCustomer } from '../../test/kit';
import { pdfText } from '../../test/pdf-text';
import type { TestSession } from '../../test/sessions';
import { as, checkoutCart, fillCart, HOME_ADDRESS, payOrder } from '../../test/store-flow';

/**
 * The owner's settings: kept in the database over the environment's defaults, owner only, and in
 * force on the very next request without a restart (prices, totals, the store's details).
 */

let t: TestApp;
let admin: TestSession;
let customer: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createOwnerApp());
  customer = await newCustomer(t.app, { name: 'Sam Settings' });
});
afterAll(() => t.close());

const read = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/settings', headers: as(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SettingsAnswer;
};

/** Saves a section from the revision in force; answers the raw response. */
const save = async (section: SettingsSection, change: (value: never) => unknown, revision?: number) => {
  const now = await read();
  return t.app.inject({
    method: 'PUT',
    url: `/api/settings/${section}`,
    headers: as(admin),
    payload: {
      value: change(structuredClone(now.settings[section]) as never),
      revision: revision ?? now.sections[section].revision,
    },
  });
};
const saved = async (section: SettingsSection, change: (value: never) => unknown) => {
  const res = await save(section, change);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SettingsAnswer;
};

const quote = async (productId: string, quantity: number, to: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    payload: { lines: [{ productId, quantity }], ...to },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Quote;
};

describe('reading and guarding the settings', () => {
  it("answers the environment's values as the defaults of a store whose owner saved nothing", async () => {
    const answer = await read();
    expect(answer.settings.shipping).toEqual({
      standardCents: 799,
      expressCents: 1999,
      freeStandardOverCents: 10000,
      defaultWeightLb: 1,
      zones: [],
    });
    expect(answer.settings.tax).toEqual({
      defaultRateBasisPoints: 700,
      taxShippingByDefault: false,
      rates: [],
    });
    expect(answer.settings.store.brand).toBe('TorqueWorks');
    expect(answer.sections.shipping).toEqual({ revision: 0, updatedAt: null });
  });

  it('is for the owner only: nobody signed in is 401, a customer 403, and nothing changes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    const asCustomer = await t.app.inject({ method: 'GET', url: '/api/settings', headers: as(customer) });
    expect(asCustomer.statusCode).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/store',
      headers: as(customer),
      payload: { value: {}, revision: 0 },
    });
    expect(put.statusCode).toBe(403);
    expect((await read()).sections.store.revision).toBe(0);
  });

  it('refuses a section that breaks its rules, naming the field, and keeps what was in force', async () => {
    const res = await save('shipping', (s: ShippingSettings) => ({
      ...s,
      zones: [
        {
          id: 'us',
          name: 'United States',
          areas: ['US'],
          methods: [
            {
              id: 'ground',
              name: 'Ground',
              estimate: '',
              mode: 'ground',
              brackets: [
                { upToLb: 10, priceCents: 900 },
                { upToLb: 5, priceCents: 500 },
              ],
              freeOverCents: null,
            },
          ],
        },
      ],
    }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toContainEqual({
      path: 'value.zones.0.methods.0.brackets.1.upToLb',
      message: 'Each bracket must go up to a heavier weight than the one before',
    });
    expect((await read()).settings.shipping.zones).toEqual([]);
  });

  it("refuses a save made from an older revision: someone else's change is never overwritten unseen", async () => {
    await saved('returns', (r: { windowDays: number }) => ({ ...r, windowDays: 45 }));
    const stale = await save('returns', (r: { windowDays: number }) => ({ ...r, windowDays: 10 }), 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(SETTINGS_CHANGED);
    expect((await read()).settings.returns.windowDays).toBe(45);
  });
});

describe('a change is in force on the next request, without a restart', () => {
  it("prices express at the owner's new rate on the very next quote and checkout", async () => {
    const product = await insertProduct(t.database.db, {
      priceCents: 2500,
      availableQuantity: 50,
      minimumOrderQuantity: 1,
    });
    const before = await quote(product.id, 1, { shippingMethod: 'express' });
    expect(before.totals.shippingCents).toBe(1999);

    await saved('shipping', (s: ShippingSettings) => ({ ...s, expressCents: 2649 }));
    const after = await quote(product.id, 1, { shippingMethod: 'express' });
    expect(after.totals).toMatchObject({ shippingCents: 2649, shippingLabel: 'Express shipping' });
    expect(after.shippingOptions.find((o) => o.method === 'express')?.priceCents).toBe(2649);

    await fillCart(t.app, customer, [{ productId: product.id, quantity: 1 }]);
    const placed = await checkoutCart(t.app, customer, { shippingMethod: 'express' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json().order as Order).amounts.shippingCents).toBe(2649);
    await saved('shipping', (s: ShippingSettings) => ({ ...s, expressCents: 1999 }));
  });

  it("shows the store's new name and contact on the next page of store details", async () => {
    await saved('store', (s: StoreInfo) => ({
      ...s,
      brand: 'Brake Barn',
      contact: { ...s.contact, email: 'desk@brakebarn.example' },
    }));
    const store = (await t.app.inject({ method: 'GET', url: '/api/store' })).json() as StoreInfo;
    expect(store).toMatchObject({ brand: 'Brake Barn', contact: { email: 'desk@brakebarn.example' } });
    // Sections never saved keep following the environment.
    expect((await read()).settings.orders.holdMinutes).toBe(30);
  });

  it("holds the next order's stock for the owner's new hold", async () => {
    await saved('orders', (o: { holdMinutes: number }) => ({ ...o, holdMinutes: 90 }));
    const product = await insertProduct(t.database.db, { availableQuantity: 20, minimumOrderQuantity: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: as(customer),
      payload: { orderId: product.id, orderQuantity: 1, phone: '01712345678' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    const held = Date.parse(order.expiresAt ?? '') - Date.parse(order.createdAt);
    expect(held).toBe(90 * 60_000);
    const store = (await t.app.inject({ method: 'GET', url: '/api/store' })).json() as StoreInfo;
    expect(store.orderHoldMinutes).toBe(90);
    await saved('orders', (o: { holdMinutes: number }) => ({ ...o, holdMinutes: 30 }));
  });
});

describe('shipping by zone and weight, through the cart and checkout', () => {
  let battery: { id: string };
  let rotors: { id: string };
  let sensor: { id: string };

  beforeAll(async () => {
    battery = await insertProduct(t.database.db, {
      name: 'AGM battery',
      priceCents: 18000,
      availableQuantity: 30,
      minimumOrderQuantity: 1,
      weightLb: '20',
      groundOnly: true,
    });
    rotors = await insertProduct(t.database.db, {
      name: 'Rotor pair',
      priceCents: 9000,
      availableQuantity: 30,
      minimumOrderQuantity: 1,
      weightLb: '25',
    });
    // No weight of its own: it counts the store's default.
    sensor = await insertProduct(t.database.db, {
      name: 'ABS sensor',
      priceCents: 3000,
      availableQuantity: 30,
      minimumOrderQuantity: 1,
    });
    await saved('shipping', (s: ShippingSettings) => ({
      ...s,
      defaultWeightLb: 0.5,
      zones: [
        {
          id: 'lower-48',
          name: 'United States',
          areas: ['US'],
          methods: [
            {
              id: 'ground',
              name: 'Ground',
              estimate: '3 to 5 business days',
              mode: 'ground',
              brackets: [
                { upToLb: 1, priceCents: 600 },
                { upToLb: 30, priceCents: 1800 },
                { upToLb: null, priceCents: 4500 },
              ],
              freeOverCents: 25000,
            },
            {
              id: 'air',
              name: 'Two-day air',
              estimate: '2 business days',
              mode: 'air',
              brackets: [
                { upToLb: 1, priceCents: 1500 },
                { upToLb: 30, priceCents: 5200 },
              ],
              freeOverCents: null,
            },
          ],
        },
      ],
    }));
  });
  afterAll(async () => {
    await saved('shipping', (s: ShippingSettings) => ({ ...s, zones: [], defaultWeightLb: 1 }));
  });

  it('prices by the weight bracket, a product without a weight at the default weight', async () => {
    const light = await quote(sensor.id, 2, { country: 'US' }); // 2 x 0.5 lb = 1 lb: the lighter bracket's edge
    expect(light.weightLb).toBe(1);
    expect(light.shippingOptions.map((o) => [o.method, o.priceCents])).toEqual([
      ['ground', 600],
      ['air', 1500],
    ]);
    const heavier = await quote(sensor.id, 3, { country: 'US' });
    expect(heavier.shippingOptions.map((o) => [o.method, o.priceCents])).toEqual([
      ['ground', 1800],
      ['air', 5200],
    ]);
    // 50 lb of rotors: past the air method's last bracket, and free by ground over $250.
    const heavy = await quote(rotors.id, 2, { country: 'US' });
    expect(heavy.shippingOptions.map((o) => [o.method, o.priceCents, o.rateCents])).toEqual([
      ['ground', 4500, 4500],
    ]);
    const free = await quote(rotors.id, 3, { country: 'US' });
    expect(free.shippingOptions.map((o) => [o.method, o.priceCents])).toEqual([['ground', 0]]);
  });

  it('keeps a ground-only part off the air method, and refuses an order asking for it', async () => {
    const q = await quote(battery.id, 1, { country: 'US' });
    expect(q.shippingOptions.map((o) => o.method)).toEqual(['ground']);
    const buyer = await newCustomer(t.app, { name: 'Avery Air' });
    await fillCart(t.app, buyer, [{ productId: battery.id, quantity: 1 }]);
    const refused = await checkoutCart(t.app, buyer, { shippingMethod: 'air' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'AGM battery ships by ground only, so Two-day air is not available. Choose a ground method.',
    );
    const placed = await checkoutCart(t.app, buyer, { shippingMethod: 'ground' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({
      shippingMethod: 'ground',
      shippingLabel: 'Ground',
      amounts: { shippingCents: 1800 },
    });
  });

  it('says clearly that an address has no zone, and places no order to it', async () => {
    const q = await quote(sensor.id, 1, { country: 'GB', region: 'Kent' });
    expect(q.shippingOptions).toEqual([]);
    expect(q.shippingProblem).toBe(noZoneMessage('KENT, GB'));
    const buyer = await newCustomer(t.app, { name: 'Uma Abroad' });
    await fillCart(t.app, buyer, [{ productId: sensor.id, quantity: 1 }]);
    const refused = await checkoutCart(t.app, buyer, {
      shippingMethod: 'ground',
      address: { ...HOME_ADDRESS, country: 'GB', region: 'Kent', postalCode: 'CT1 1AA' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'We do not ship to KENT, GB yet. Choose another address, or contact us for a quote.',
    );
  });
});

describe('tax by place, on shipping where the place says so', () => {
  it('charges the region rate on goods and shipping, shows it per line on the receipt, and refunds its share', async () => {
    await saved('tax', () => ({
      defaultRateBasisPoints: 500,
      taxShippingByDefault: false,
      rates: [{ country: 'US', region: 'MI', rateBasisPoints: 600, taxShipping: true }],
    }));
    const product = await insertProduct(t.database.db, {
      name: 'Caliper',
      priceCents: 4525,
      availableQuantity: 30,
      minimumOrderQuantity: 1,
    });
    const buyer = await newCustomer(t.app, { name: 'Mia Michigan' });
    await fillCart(t.app, buyer, [{ productId: product.id, quantity: 1 }]);
    const placed = await checkoutCart(t.app, buyer, { shippingMethod: 'standard' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as Order;
    // 6 % of $45.25 = 2.715 -> $2.72; of $7.99 shipping = 0.4794 -> $0.48.
    expect(order.amounts).toEqual({
      subtotalCents: 4525,
      coreChargeCents: 0,
      discountCents: 0,
      shippingCents: 799,
      taxCents: 272 + 48,
      totalCents: 4525 + 799 + 320,
      shippingTaxCents: 48,
      taxRateBasisPoints: 600,
    });
    expect(order.lines[0]?.taxCents).toBe(272);

    await payOrder(t.app, buyer, order._id);
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order._id}/receipt.pdf`,
      headers: as(buyer),
    });
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('Tax (6%)');
    expect(text).toContain('$2.72');
    expect(text).toContain('$0.48');

    // The shipping refunded takes back exactly its tax; then the goods theirs.
    const refund = (payload: object, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manage/${order._id}/refunds`,
        headers: { ...as(admin), 'idempotency-key': key },
        payload,
      });
    const shipping = await refund(
      { shippingCents: 799, restock: false, reason: 'Late parcel' },
      'ship-tax-1',
    );
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect((shipping.json() as Order).refunds[0]).toMatchObject({ taxCents: 48, amountCents: 847 });
    const goods = await refund(
      { lines: [{ productId: product.id, quantity: 1 }], restock: false, reason: 'Wrong part' },
      'goods-tax-1',
    );
    expect(goods.statusCode, goods.body).toBe(200);
    const done = goods.json() as Order;
    expect(done.refunds[1]).toMatchObject({ taxCents: 272, amountCents: 4797 });
    expect(done.refundedCents).toBe(order.amounts.totalCents);

    await saved('tax', () => ({ defaultRateBasisPoints: 700, taxShippingByDefault: false, rates: [] }));
  });

  it('taxes a place without its own rate at the default, shipping untaxed unless the default says so', async () => {
    await saved('tax', () => ({ defaultRateBasisPoints: 825, taxShippingByDefault: true, rates: [] }));
    const product = await insertProduct(t.database.db, {
      priceCents: 1001,
      availableQuantity: 30,
      minimumOrderQuantity: 1,
    });
    const q = await quote(product.id, 1, { region: 'TX', country: 'US' });
    // 82.58 -> 83 on the goods, 65.92 -> 66 on $7.99.
    expect(q.totals).toMatchObject({ taxCents: 83 + 66, shippingTaxCents: 66, taxRateBasisPoints: 825 });
    await saved('tax', () => ({ defaultRateBasisPoints: 700, taxShippingByDefault: false, rates: [] }));
  });
});
