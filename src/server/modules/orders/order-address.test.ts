import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../contract/addresses';
import type { Order } from '../../../contract/orders';
import type { SettingsAnswer, SettingsSection } from '../../../contract/settings';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { as, createAdminApp, payOrder, placeOrder } from '../../test/store-flow';

/**
 * An order placed through the spec's order modal has no address; the payment page gives it the
 * customer's (PUT /order/:id/address). Before payment its shipping and tax are quoted again for
 * that address, and the card is charged the new total. The owner's settings say the rates.
 */
let t: TestApp;
let owner: TestSession;

beforeAll(async () => {
  ({ t, admin: owner } = await createAdminApp());
});
afterAll(() => t.close());

const OHIO: Address = {
  fullName: 'Olive Ohio',
  line1: '200 High St',
  line2: '',
  city: 'Columbus',
  region: 'OH',
  postalCode: '43215',
  country: 'US',
  phone: '+1 614 555 0100',
};

async function saveSettings(section: SettingsSection, value: unknown) {
  const now = (
    await t.app.inject({ method: 'GET', url: '/api/settings', headers: as(owner) })
  ).json() as SettingsAnswer;
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/settings/${section}`,
    headers: as(owner),
    payload: { value, revision: now.sections[section].revision },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const giveAddress = (customer: TestSession, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/order/${id}/address`, headers: as(customer), payload });

async function customerWithSavedOhioAddress(name: string) {
  const customer = await signUp(t.app, { name });
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/addresses',
    headers: as(customer),
    payload: OHIO,
  });
  expect(saved.statusCode, saved.body).toBe(201);
  expect(saved.json().isDefault).toBe(true);
  return { customer, addressId: saved.json().id as string };
}

describe("an Order Now order's address, before payment", () => {
  beforeAll(async () => {
    // The store's default rate is 7 %; Ohio's is 5.75 %, shipping untaxed.
    await saveSettings('tax', {
      defaultRateBasisPoints: 700,
      taxShippingByDefault: false,
      rates: [{ country: 'US', region: 'OH', rateBasisPoints: 575, taxShipping: false }],
    });
  });
  afterEach(async () => {
    await saveSettings('shipping', {
      standardCents: 799,
      expressCents: 1999,
      freeStandardOverCents: 10000,
      defaultWeightLb: 1,
      zones: [],
    });
  });

  it("takes the state's tax rate from the saved address, and the card is charged the new total", async () => {
    const product = await insertProduct(t.database.db, {
      priceCents: 4000,
      availableQuantity: 10,
      minimumOrderQuantity: 1,
    });
    const { customer, addressId } = await customerWithSavedOhioAddress('Olive Ohio');
    const placed = await placeOrder(t.app, customer, product.id, 1);
    // Placed without an address: the store's default 7 % of $40.00 = $2.80, standard shipping $7.99.
    expect(placed.amounts).toMatchObject({
      subtotalCents: 4000,
      shippingCents: 799,
      taxCents: 280,
      totalCents: 5079,
      taxRateBasisPoints: 700,
    });

    const res = await giveAddress(customer, placed._id, { addressId });
    expect(res.statusCode, res.body).toBe(200);
    const addressed = res.json() as Order;
    // Ohio: 5.75 % of $40.00 = $2.30.
    expect(addressed.amounts).toEqual({
      subtotalCents: 4000,
      coreChargeCents: 0,
      discountCents: 0,
      shippingCents: 799,
      taxCents: 230,
      totalCents: 5029,
      shippingTaxCents: 0,
      taxRateBasisPoints: 575,
    });
    expect(addressed.shippingAddress).toMatchObject({ city: 'Columbus', region: 'OH' });

    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: as(customer),
      payload: { orderId: placed._id },
    });
    expect(intent.json().amount).toBe(50.29);
    const paid = await payOrder(t.app, customer, placed._id);
    expect(paid).toMatchObject({ total: 50.29, awaitingAddress: false, statusText: 'Paid, being packed' });

    // The order ships: it has somewhere to go.
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/${placed._id}`,
      headers: as(owner),
      payload: { carrier: 'UPS', trackingNumber: '1ZOHIO1' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', total: 50.29 });
  });

  it("prices the shipping by the address's zone, and refuses a place no zone carries", async () => {
    const zone = (id: string, areas: string[], priceCents: number) => ({
      id,
      name: id,
      areas,
      methods: [
        {
          id: 'standard',
          name: 'Ground',
          estimate: '3 to 5 business days',
          mode: 'ground',
          brackets: [{ upToLb: null, priceCents }],
          freeOverCents: null,
        },
      ],
    });
    await saveSettings('shipping', {
      standardCents: 799,
      expressCents: 1999,
      freeStandardOverCents: 10000,
      defaultWeightLb: 1,
      zones: [zone('ohio', ['US-OH'], 1200), zone('states', ['US'], 900)],
    });
    const product = await insertProduct(t.database.db, {
      priceCents: 4000,
      availableQuantity: 10,
      minimumOrderQuantity: 1,
    });
    const { customer } = await customerWithSavedOhioAddress('Otto Ohio');
    const placed = await placeOrder(t.app, customer, product.id, 1);
    // To the home country: the United States zone's $9.00, and 7 % of $40.00.
    expect(placed.amounts).toMatchObject({ shippingCents: 900, taxCents: 280, totalCents: 5180 });

    const abroad = await giveAddress(customer, placed._id, {
      address: { ...OHIO, region: 'Kent', country: 'GB', postalCode: 'CT1 1AA' },
    });
    expect(abroad.statusCode).toBe(409);
    expect(abroad.json().error.message).toBe(
      'We do not ship to KENT, GB yet. Choose another address, or contact us for a quote.',
    );

    const res = await giveAddress(customer, placed._id, { address: OHIO });
    expect(res.statusCode, res.body).toBe(200);
    // Ohio's zone: $12.00; 5.75 % of $40.00 = $2.30.
    expect((res.json() as Order).amounts).toMatchObject({
      shippingCents: 1200,
      taxCents: 230,
      totalCents: 5430,
      taxRateBasisPoints: 575,
    });
    expect(res.json()).toMatchObject({ shippingMethod: 'standard', shippingLabel: 'Ground' });
  });
});
