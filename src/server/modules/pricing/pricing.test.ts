import { describe, expect, it } from 'vitest';
import { noMethodMessage, noZoneMessage, type ShippingZone, TaxSettings } from '../../../contract/settings';
import { loadConfig } from '../../kernel/config/config';
import { defaultSettings } from '../../kernel/settings/settings-defaults';
import {
  lineTaxes,
  milliPounds,
  type Parcel,
  type PricingRules,
  parcelWeight,
  shippingQuote,
  taxFor,
  taxOn,
  totalsFor,
} from './pricing';

const pricing = defaultSettings(loadConfig({}));
const parcel = (subtotalCents: number, weightLb = 1, groundOnly = false): Parcel => ({
  subtotalCents,
  weightMilliLb: milliPounds(weightLb),
  groundOnly,
});
const prices = (rules: PricingRules, p: Parcel, to = {}) =>
  shippingQuote(rules, p, to).options.map((o) => [o.method, o.priceCents]);

describe('shipping and tax without zones (the environment, as before)', () => {
  it('ships standard free from the threshold on, express never, and nothing for an empty cart', () => {
    expect(prices(pricing, parcel(9999))).toEqual([
      ['standard', 799],
      ['express', 1999],
    ]);
    expect(prices(pricing, parcel(10000))).toEqual([
      ['standard', 0],
      ['express', 1999],
    ]);
    expect(totalsFor(pricing, parcel(0), { shippingMethod: 'express' }).totalCents).toBe(0);
  });

  it('offers no express (an air method) for a ground-only part', () => {
    expect(prices(pricing, parcel(5000, 1, true))).toEqual([['standard', 799]]);
    expect(totalsFor(pricing, parcel(5000, 1, true), { shippingMethod: 'express' }).shippingMethod).toBe(
      'standard',
    );
  });

  it('rounds tax half up to the cent, in integers, without losing a cent on the largest order', () => {
    expect(taxOn(12750, 700)).toBe(893); // 892.5
    expect(taxOn(12749, 700)).toBe(892); // 892.43
    expect(taxOn(1, 700)).toBe(0);
    expect(taxOn(100_000_000_000_000, 725)).toBe(7_250_000_000_000);
    // 7,249,999,999,999.4925: past 2^53 as a float product, exact in BigInt.
    expect(taxOn(99_999_999_999_993, 725)).toBe(7_249_999_999_999);
  });

  it('adds subtotal, shipping and tax into the total, with a region rate when one is set', () => {
    const mi = defaultSettings(loadConfig({ TAX_RATES: 'MI=6, ca=7.25', TAX_RATE: '5' }));
    const totals = totalsFor(mi, parcel(5000), { shippingMethod: 'standard', region: 'mi' });
    expect(totals).toMatchObject({
      subtotalCents: 5000,
      shippingCents: 799,
      taxCents: 300,
      totalCents: 6099,
      shippingMethod: 'standard',
      shippingLabel: 'Standard shipping',
      shippingTaxCents: 0,
      taxRateBasisPoints: 600,
    });
    expect(totalsFor(mi, parcel(5000), { shippingMethod: 'standard', region: 'CA' }).taxCents).toBe(363);
    expect(totalsFor(mi, parcel(5000), { shippingMethod: 'standard', region: 'TX' }).taxCents).toBe(250);
  });

  it('reads prices in dollars and percentages from the environment, refusing anything else', () => {
    const own = defaultSettings(
      loadConfig({ SHIPPING_STANDARD: '5', SHIPPING_EXPRESS: '24.5', FREE_SHIPPING_OVER: 'off' }),
    );
    expect(own.shipping).toMatchObject({
      standardCents: 500,
      expressCents: 2450,
      freeStandardOverCents: null,
    });
    expect(prices(own, parcel(1_000_000))[0]).toEqual(['standard', 500]);
    expect(() => loadConfig({ SHIPPING_STANDARD: '7.999' })).toThrow();
    expect(() => loadConfig({ TAX_RATE: '1e2' })).toThrow();
    expect(() => loadConfig({ TAX_RATES: 'MI' })).toThrow(/TAX_RATES/);
  });
});

const domestic: ShippingZone = {
  id: 'domestic',
  name: 'United States',
  areas: ['US'],
  methods: [
    {
      id: 'ground',
      name: 'Ground',
      estimate: '3 to 5 business days',
      mode: 'ground',
      brackets: [
        { upToLb: 5, priceCents: 800 },
        { upToLb: 20, priceCents: 1500 },
        { upToLb: null, priceCents: 4000 },
      ],
      freeOverCents: 15000,
    },
    {
      id: 'air',
      name: 'Next-day air',
      estimate: '1 business day',
      mode: 'air',
      brackets: [
        { upToLb: 2, priceCents: 2500 },
        { upToLb: 10, priceCents: 4500 },
      ],
      freeOverCents: null,
    },
  ],
};
const alaska: ShippingZone = {
  id: 'alaska-hawaii',
  name: 'Alaska and Hawaii',
  areas: ['US-AK', 'US-HI'],
  methods: [
    {
      id: 'ground',
      name: 'Ground (barge)',
      estimate: '2 to 3 weeks',
      mode: 'ground',
      brackets: [{ upToLb: null, priceCents: 6000 }],
      freeOverCents: null,
    },
  ],
};
const zoned: PricingRules = { ...pricing, shipping: { ...pricing.shipping, zones: [domestic, alaska] } };

describe('shipping by zone and weight', () => {
  it('prices a parcel by its weight bracket, an edge weight in the lighter bracket', () => {
    expect(prices(zoned, parcel(1000, 5))).toEqual([
      ['ground', 800],
      ['air', 4500],
    ]);
    expect(prices(zoned, parcel(1000, 5.001))).toEqual([
      ['ground', 1500],
      ['air', 4500],
    ]);
    expect(prices(zoned, parcel(1000, 2))).toEqual([
      ['ground', 800],
      ['air', 2500],
    ]);
    expect(prices(zoned, parcel(1000, 20))).toEqual([['ground', 1500]]);
  });

  it('leaves out a method whose brackets stop below the parcel, and an open last bracket takes any weight', () => {
    expect(prices(zoned, parcel(1000, 10.001))).toEqual([['ground', 1500]]);
    expect(prices(zoned, parcel(1000, 500))).toEqual([['ground', 4000]]);
  });

  it('ships free over the subtotal a method names, and only that method', () => {
    expect(prices(zoned, parcel(14999, 3))).toEqual([
      ['ground', 800],
      ['air', 4500],
    ]);
    const free = shippingQuote(zoned, parcel(15000, 3), {}).options;
    expect(free.map((o) => [o.method, o.priceCents, o.rateCents])).toEqual([
      ['ground', 0, 800],
      ['air', 4500, 4500],
    ]);
  });

  it('never puts a ground-only part on an air method', () => {
    expect(prices(zoned, parcel(1000, 1, true))).toEqual([['ground', 800]]);
    const onlyAir: PricingRules = {
      ...zoned,
      shipping: { ...zoned.shipping, zones: [{ ...domestic, methods: [domestic.methods[1] as never] }] },
    };
    expect(shippingQuote(onlyAir, parcel(1000, 1, true), { country: 'US' })).toEqual({
      options: [],
      problem: noMethodMessage,
    });
  });

  it('picks the zone naming the region before the one naming its country', () => {
    expect(prices(zoned, parcel(1000, 3), { country: 'US', region: 'ak' })).toEqual([['ground', 6000]]);
    expect(prices(zoned, parcel(1000, 3), { country: 'US', region: 'MI' })[0]).toEqual(['ground', 800]);
  });

  it('says so clearly when no zone covers the address, and prices no shipping', () => {
    const quote = shippingQuote(zoned, parcel(1000, 3), { country: 'GB', region: 'Kent' });
    expect(quote).toEqual({ options: [], problem: noZoneMessage('KENT, GB') });
    expect(quote.problem).toBe(
      'We do not ship to KENT, GB yet. Choose another address, or contact us for a quote.',
    );
    const totals = totalsFor(zoned, parcel(1000, 3), { shippingMethod: 'ground', country: 'GB' });
    expect(totals).toMatchObject({ shippingCents: 0, problem: noZoneMessage('GB') });
  });

  it('weighs a parcel from its products, a product without a weight counting the default', () => {
    expect(milliPounds('2.5')).toBe(2500);
    expect(milliPounds('0.063')).toBe(63);
    expect(milliPounds(1.25)).toBe(1250);
    expect(
      parcelWeight(
        [
          { weightLb: '12.000', quantity: 2 },
          { weightLb: null, quantity: 3 },
        ],
        1.5,
      ),
    ).toBe(24_000 + 4_500);
  });

  it('prices the first method offered when the one asked for is not (a quote), and says which', () => {
    const totals = totalsFor(zoned, parcel(1000, 3), { shippingMethod: 'standard' });
    expect(totals).toMatchObject({ shippingMethod: 'ground', shippingLabel: 'Ground', shippingCents: 800 });
  });
});

describe('tax by place', () => {
  const tax = TaxSettings.parse({
    defaultRateBasisPoints: 500,
    taxShippingByDefault: false,
    rates: [
      { country: 'US', region: 'MI', rateBasisPoints: 600, taxShipping: true },
      { country: null, region: 'CA', rateBasisPoints: 725, taxShipping: false },
      { country: 'CA', region: null, rateBasisPoints: 1300, taxShipping: true },
      { country: 'US', region: 'NY', rateBasisPoints: 888, taxShipping: false },
    ],
  });
  const rules: PricingRules = { ...pricing, tax };
  const amounts = { subtotalCents: 12345, shippingCents: 799 };

  it('taxes shipping where the place says so, each part rounded half up on its own', () => {
    // 740.7 goods + 47.94 shipping
    expect(taxFor(rules, amounts, { country: 'US', region: 'mi' })).toEqual({
      taxCents: 741 + 48,
      shippingTaxCents: 48,
      taxRateBasisPoints: 600,
    });
    // 1096.236 on the goods only
    expect(taxFor(rules, amounts, { country: 'US', region: 'NY' })).toEqual({
      taxCents: 1096,
      shippingTaxCents: 0,
      taxRateBasisPoints: 888,
    });
  });

  it('takes the region in its country, then the region anywhere, then the country, then the default', () => {
    expect(taxFor(rules, amounts, { country: 'US', region: 'CA' }).taxRateBasisPoints).toBe(725);
    expect(taxFor(rules, amounts, { country: 'CA', region: 'ON' })).toEqual({
      taxCents: 1605 + 104, // 1604.85 + 103.87
      shippingTaxCents: 104,
      taxRateBasisPoints: 1300,
    });
    expect(taxFor(rules, amounts, { country: 'US', region: 'TX' }).taxRateBasisPoints).toBe(500);
    expect(taxFor(rules, amounts, {}).taxRateBasisPoints).toBe(500);
  });

  it('puts the taxed shipping into the total', () => {
    const totals = totalsFor(rules, parcel(9000), {
      shippingMethod: 'standard',
      country: 'US',
      region: 'MI',
    });
    expect(totals).toMatchObject({
      shippingCents: 799,
      taxCents: 540 + 48,
      shippingTaxCents: 48,
      totalCents: 10387,
    });
  });

  it("splits the goods' tax over the lines so the shares add up exactly", () => {
    // 3 lines of 333 cents at 7 %: 23.31 each; shares rounded on the running total.
    expect(lineTaxes(70, [333, 333, 333])).toEqual([23, 24, 23]);
    expect(lineTaxes(0, [500, 500])).toEqual([0, 0]);
    const shares = lineTaxes(taxOn(100_003, 725), [33_333, 33_335, 33_335]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(taxOn(100_003, 725));
  });
});
