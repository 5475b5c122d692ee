import { describe, expect, it } from 'vitest';
import type { PriceList } from '../../../contract/trade';
import { RETAIL } from '../accounts';
import { dayOf, exemptionFor, tradeUnitPrice } from './trade-prices';

const BRAKES = '00000000-0000-4000-8000-000000000001';
const FILTER = '00000000-0000-4000-8000-000000000002';
const WIPER = '00000000-0000-4000-8000-000000000003';

const list: PriceList = {
  percentOffBasisPoints: 1000,
  categories: [{ categorySlug: 'filters', basisPoints: 2500 }],
  netPrices: [
    { productId: BRAKES, priceCents: 4200 },
    { productId: WIPER, priceCents: 2500 },
  ],
};

describe('a trade unit price', () => {
  it('is the list price for a retail buyer', () => {
    expect(tradeUnitPrice(null, { id: BRAKES, priceCents: 5999, categorySlug: 'brakes' })).toBe(5999);
  });

  it('is the net price where the list names the product, even over its category', () => {
    expect(tradeUnitPrice(list, { id: BRAKES, priceCents: 5999, categorySlug: 'filters' })).toBe(4200);
  });

  it('never passes the list price: a net price left above a price cut charges the list price', () => {
    expect(tradeUnitPrice(list, { id: WIPER, priceCents: 1999, categorySlug: null })).toBe(1999);
  });

  it("takes the category's percentage, else the list's own, rounded half away from zero", () => {
    // $8.99 less 25 %: 899 - 224.75 → 899 - 225 = 674.
    expect(tradeUnitPrice(list, { id: FILTER, priceCents: 899, categorySlug: 'filters' })).toBe(674);
    // $19.95 less 10 %: 1995 - 199.5 → 1995 - 200 = 1795.
    expect(tradeUnitPrice(list, { id: FILTER, priceCents: 1995, categorySlug: 'lighting' })).toBe(1795);
    expect(tradeUnitPrice(list, { id: FILTER, priceCents: 1995, categorySlug: null })).toBe(1795);
  });

  it('takes the lowest quantity break the line reaches, when lower than its trade price', () => {
    const breaks: PriceList = {
      ...list,
      quantityBreaks: [
        { productId: FILTER, minQuantity: 10, priceCents: 650 },
        { productId: FILTER, minQuantity: 50, priceCents: 600 },
        // Above the trade price: never charged.
        { productId: FILTER, minQuantity: 5, priceCents: 700 },
      ],
    };
    const filter = { id: FILTER, priceCents: 899, categorySlug: 'filters' };
    expect(tradeUnitPrice(breaks, filter, 9)).toBe(674);
    expect(tradeUnitPrice(breaks, filter, 10)).toBe(650);
    expect(tradeUnitPrice(breaks, filter, 49)).toBe(650);
    expect(tradeUnitPrice(breaks, filter, 50)).toBe(600);
    // Another product's breaks are not this one's.
    expect(tradeUnitPrice(breaks, { id: WIPER, priceCents: 1999, categorySlug: null }, 60)).toBe(1999);
  });
});

describe('a resale certificate', () => {
  const terms = {
    ...RETAIL,
    certificate: { number: 'MI-RS-40021', states: ['MI', 'OH'], expiresOn: '2027-06-30' },
  };
  const on = (iso: string) => new Date(iso);

  it('exempts an order shipped to one of its states, through its expiry day', () => {
    expect(exemptionFor(terms, { country: 'US', region: 'MI' }, on('2027-01-10T12:00:00Z'))).toBe(
      'MI-RS-40021',
    );
    expect(exemptionFor(terms, { country: 'us', region: 'oh' }, on('2027-06-30T23:59:59Z'))).toBe(
      'MI-RS-40021',
    );
    // No country is the home country.
    expect(exemptionFor(terms, { region: 'MI' }, on('2027-01-10T12:00:00Z'))).toBe('MI-RS-40021');
  });

  it('does not exempt another state, another country, no state, or after its expiry', () => {
    expect(exemptionFor(terms, { country: 'US', region: 'IN' }, on('2027-01-10T12:00:00Z'))).toBeNull();
    expect(exemptionFor(terms, { country: 'CA', region: 'MI' }, on('2027-01-10T12:00:00Z'))).toBeNull();
    expect(exemptionFor(terms, { country: 'US' }, on('2027-01-10T12:00:00Z'))).toBeNull();
    expect(exemptionFor(terms, { country: 'US', region: 'MI' }, on('2027-07-01T00:00:00Z'))).toBeNull();
    expect(exemptionFor(RETAIL, { country: 'US', region: 'MI' }, on('2027-01-10T12:00:00Z'))).toBeNull();
  });

  it('reads the day in UTC', () => {
    expect(dayOf(on('2027-06-30T23:59:59Z'))).toBe('2027-06-30');
  });
});
