import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../contract/addresses';
import { placeOrder } from '../../flows/place-order';
import type { Database } from '../../kernel/db/database';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase } from '../../test/harness';
import { insertPerson, type Kit, kitOn } from '../../test/kit';
import { freeLimits, orderRow } from '../../test/probes';
import { PHONE } from '../../test/store-flow';
import { saveTradeAccount } from '../accounts';
import type { PricingRules } from '../pricing';
import { setOrderAddress } from './order-address';

// An order placed from the spec's order modal has no address, so it is taxed at the store's
// default rate; the address given later prices the tax again. A trade buyer's resale certificate
// (decision 095) must count there as it does at checkout: read on the server, same rule.
let database: Database;
let kit: Kit;
let pricing: PricingRules;
beforeAll(async () => {
  database = await createTestDatabase();
  kit = kitOn(database.db);
  // The default rate is 7 %; Ohio's 5.75 %; shipping untaxed. Standard shipping $7.99.
  pricing = {
    ...kit.pricing,
    tax: {
      defaultRateBasisPoints: 700,
      taxShippingByDefault: false,
      rates: [{ country: 'US', region: 'OH', rateBasisPoints: 575, taxShipping: false }],
    },
  };
});
afterAll(() => database.close());

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
const NOON_1_DEC = new Date('2026-12-01T12:00:00Z');

/** A shop with a certificate for Ohio and Michigan, and its $40.00 order placed without an address. */
async function shopOrder(name: string, expiresOn: string) {
  const shop = await insertPerson(database.db, { name });
  await saveTradeAccount(database.db, shop.id, {
    priceList: { percentOffBasisPoints: 0, categories: [], netPrices: [] },
    certificate: { number: `RS-${name}`, states: ['OH', 'MI'], expiresOn },
  });
  const product = await insertProduct(database.db, {
    priceCents: 4000,
    availableQuantity: 10,
    minimumOrderQuantity: 1,
  });
  const placed = await placeOrder(
    database.db,
    kit.outbox,
    shop,
    { productId: product.id, orderQuantity: 1, phone: PHONE },
    freeLimits(),
    pricing,
    NOON_1_DEC,
  );
  // No address, no state: the default 7 % of $40.00 = $2.80, as for anyone.
  expect(placed.amounts).toMatchObject({ taxCents: 280, totalCents: 5079, taxRateBasisPoints: 700 });
  return { shop, placed };
}

describe("an order modal order's later address, for a shop with a resale certificate", () => {
  it('leaves the order untaxed in a state the certificate covers, on its expiry day, and keeps its number', async () => {
    const { shop, placed } = await shopOrder('Ohio Brakes', '2026-12-01');
    const addressed = await setOrderAddress(
      database.db,
      kit.outbox,
      shop,
      placed._id,
      { address: OHIO },
      pricing,
      NOON_1_DEC,
    );
    expect(addressed.amounts).toEqual({
      subtotalCents: 4000,
      coreChargeCents: 0,
      discountCents: 0,
      shippingCents: 799,
      taxCents: 0,
      totalCents: 4799,
      shippingTaxCents: 0,
      taxRateBasisPoints: 0,
      taxExemptCertificate: 'RS-Ohio Brakes',
    });
    expect(await orderRow(database.db, placed._id)).toMatchObject({
      taxCents: 0,
      totalCents: 4799,
      taxExemptCertificate: 'RS-Ohio Brakes',
    });
  });

  it("is taxed at the state's rate in a state the certificate does not name", async () => {
    const { shop, placed } = await shopOrder('Indiana Brakes', '2027-12-31');
    const addressed = await setOrderAddress(
      database.db,
      kit.outbox,
      shop,
      placed._id,
      { address: { ...OHIO, region: 'IN', city: 'Indianapolis', postalCode: '46204' } },
      pricing,
      NOON_1_DEC,
    );
    // Indiana has no rate of its own: the default 7 % of $40.00 = $2.80.
    expect(addressed.amounts).toMatchObject({ taxCents: 280, totalCents: 5079, taxRateBasisPoints: 700 });
    expect(addressed.amounts.taxExemptCertificate).toBeUndefined();
    expect((await orderRow(database.db, placed._id))?.taxExemptCertificate).toBeNull();
  });

  it('is taxed once the certificate has expired, even in a state it names', async () => {
    const { shop, placed } = await shopOrder('Lapsed Brakes', '2026-11-30');
    const addressed = await setOrderAddress(
      database.db,
      kit.outbox,
      shop,
      placed._id,
      { address: OHIO },
      pricing,
      NOON_1_DEC,
    );
    // Ohio: 5.75 % of $40.00 = $2.30.
    expect(addressed.amounts).toMatchObject({ taxCents: 230, totalCents: 5029, taxRateBasisPoints: 575 });
    expect((await orderRow(database.db, placed._id))?.taxExemptCertificate).toBeNull();
  });
});
