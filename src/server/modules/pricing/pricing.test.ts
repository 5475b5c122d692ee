import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { shippingOptions, taxOn, totalsFor } from './pricing';

const pricing = loadConfig({}).pricing;

describe('shipping and tax', () => {
  it('ships standard free from the threshold on, express never, and nothing for an empty cart', () => {
    expect(shippingOptions(pricing, 9999).map((o) => o.priceCents)).toEqual([799, 1999]);
    expect(shippingOptions(pricing, 10000).map((o) => o.priceCents)).toEqual([0, 1999]);
    expect(totalsFor(pricing, 0, { shippingMethod: 'express' }).totalCents).toBe(0);
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
    const mi = loadConfig({ TAX_RATES: 'MI=6, ca=7.25', TAX_RATE: '5' }).pricing;
    expect(mi.taxByRegion).toEqual({ MI: 600, CA: 725 });
    expect(totalsFor(mi, 5000, { shippingMethod: 'standard', region: 'mi' })).toEqual({
      subtotalCents: 5000,
      shippingCents: 799,
      taxCents: 300,
      totalCents: 6099,
      shippingMethod: 'standard',
      taxRateBasisPoints: 600,
    });
    expect(totalsFor(mi, 5000, { shippingMethod: 'standard', region: 'CA' }).taxCents).toBe(363);
    expect(totalsFor(mi, 5000, { shippingMethod: 'standard', region: 'TX' }).taxCents).toBe(250);
  });

  it('reads prices in dollars and percentages from settings, refusing anything else', () => {
    const own = loadConfig({
      SHIPPING_STANDARD: '5',
      SHIPPING_EXPRESS: '24.5',
      FREE_SHIPPING_OVER: 'off',
    }).pricing;
    expect(own).toMatchObject({ standardCents: 500, expressCents: 2450, freeStandardOverCents: null });
    expect(shippingOptions(own, 1_000_000)[0]?.priceCents).toBe(500);
    expect(() => loadConfig({ SHIPPING_STANDARD: '7.999' })).toThrow();
    expect(() => loadConfig({ TAX_RATE: '1e2' })).toThrow();
    expect(() => loadConfig({ TAX_RATES: 'MI' })).toThrow(/TAX_RATES/);
  });
});
