import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../kernel/config/config';
import { defaultSettings } from '../../kernel/settings/settings-defaults';
import type { DiscountOffer, DiscountRule } from '../discounts/discount-offer';
import { type loadProductFacts, quoteFrom } from './pricing';

/**
 * Core charges in the totals, with no database: their own priced line, in the subtotal and taxed
 * with it, never discounted, and no help towards a discount's minimum or free shipping.
 */

// 6% in Michigan; standard shipping $7.99, free from $100 of goods.
const rules = defaultSettings(loadConfig({ TAX_RATES: 'MI=6', TAX_RATE: '0' }));
const toMichigan = { shippingMethod: 'standard', region: 'MI' } as const;

type Facts = Awaited<ReturnType<typeof loadProductFacts>>;
type Fact = Facts extends Map<string, infer F> ? F : never;

const product = (id: string, priceCents: number, coreChargeCents: number): Fact => ({
  id,
  name: id === 'alternator' ? 'Remanufactured alternator' : 'Brake pads',
  image: '/images/x.svg',
  categorySlug: null,
  priceCents,
  availableQuantity: 50,
  minimumOrderQuantity: 1,
  retiredAt: null,
  groundOnly: false,
  weightLb: '1',
  coreChargeCents,
});
const facts: Facts = new Map([
  ['alternator', product('alternator', 15999, 4500)],
  ['pads', product('pads', 4499, 0)],
]);

const discount = (over: Partial<DiscountRule>): DiscountOffer => ({
  code: null,
  codeMiss: null,
  automatic: [
    {
      id: 'd1',
      code: null,
      name: '10% off',
      kind: 'percent',
      value: 1000,
      appliesTo: 'order',
      categorySlugs: [],
      brandNames: [],
      minSubtotalCents: 0,
      freeShipping: false,
      perCustomerLimit: null,
      ...over,
    },
  ],
  facts: new Map(),
});

describe('a core charge in the totals', () => {
  it('is its own priced line (quantity x charge), in the subtotal and taxed with the parts', () => {
    const quote = quoteFrom(
      rules,
      facts,
      [
        { productId: 'alternator', quantity: 2 },
        { productId: 'pads', quantity: 1 },
      ],
      toMichigan,
    );
    expect(
      quote.lines.map((l) => [l.productId, l.lineTotalCents, l.coreChargeCents, l.coreTotalCents]),
    ).toEqual([
      ['alternator', 31998, 4500, 9000],
      ['pads', 4499, 0, 0],
    ]);
    // Goods $364.97 and core charges $90.00; free standard shipping from $100 of goods.
    expect(quote.totals).toMatchObject({
      subtotalCents: 31998 + 4499 + 9000,
      coreChargeCents: 9000,
      shippingCents: 0,
      // 6% of $454.97 = $27.2982.
      taxCents: 2730,
      totalCents: 45497 + 2730,
    });
  });

  it('is never discounted: a percent off the order takes its share of the parts alone', () => {
    const quote = quoteFrom(
      rules,
      facts,
      [{ productId: 'alternator', quantity: 1 }],
      toMichigan,
      discount({}),
    );
    // 10% of the $159.99 alternator, not of its $45.00 core charge.
    expect(quote.totals.discountCents).toBe(1600);
    expect(quote.lines[0]?.discountCents).toBe(1600);
    expect(quote.totals.subtotalCents).toBe(15999 + 4500);
    // Tax on what was sold: the subtotal less the discount, the core charge included.
    expect(quote.totals.taxCents).toBe(Math.round((15999 + 4500 - 1600) * 0.06));
    expect(quote.totals.totalCents).toBe(15999 + 4500 - 1600 + quote.totals.taxCents);
  });

  it("counts towards neither a discount's minimum nor free shipping", () => {
    const lines = [{ productId: 'pads', quantity: 2 }];
    // $89.98 of pads: below a $100 minimum and free shipping, whatever core charges are added.
    const withCore = quoteFrom(
      rules,
      new Map([...facts, ['pads', product('pads', 4499, 2500)]]),
      lines,
      toMichigan,
      discount({ minSubtotalCents: 10000 }),
    );
    expect(withCore.totals).toMatchObject({
      subtotalCents: 8998 + 5000,
      coreChargeCents: 5000,
      discountCents: 0,
      shippingCents: 799,
    });
    expect(withCore.discount).toBeNull();
  });
});
