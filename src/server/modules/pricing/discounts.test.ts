import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../kernel/config/config';
import { defaultSettings } from '../../kernel/settings/settings-defaults';
import type { DiscountOffer, DiscountRule, LineFacts } from '../discounts/discount-offer';
import { chooseDiscount, discountFor, percentOf, shareOut } from './discounts';
import { totalsFor } from './pricing';

/** The arithmetic of discounts, with no database: what each rule takes off which lines. */

const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  id: over.id ?? 'd1',
  code: 'CODE',
  name: 'A discount',
  kind: 'percent',
  value: 1000,
  appliesTo: 'order',
  categorySlugs: [],
  brandNames: [],
  minSubtotalCents: 0,
  freeShipping: false,
  perCustomerLimit: null,
  ...over,
});

const pads = { productId: 'pads', lineTotalCents: 4599 };
const rotors = { productId: 'rotors', lineTotalCents: 12500 };
const wrench = { productId: 'wrench', lineTotalCents: 3999 };
const facts = new Map<string, LineFacts>([
  ['pads', { categories: ['brakes', 'parts'], brand: 'Stopwell' }],
  ['rotors', { categories: ['brakes', 'parts'], brand: 'Rotorline' }],
  ['wrench', { categories: ['hand-tools'], brand: 'Stopwell' }],
]);
const offer = (over: Partial<DiscountOffer>): DiscountOffer => ({
  code: null,
  codeMiss: null,
  automatic: [],
  facts,
  ...over,
});

describe('one discount on some lines', () => {
  it('takes a percent of the whole order, rounded half up once, shared by the lines', () => {
    const out = discountFor(rule({ value: 1250 }), [pads, rotors, wrench], facts, 799);
    if ('miss' in out) throw new Error(out.miss);
    // 12.5% of $210.98 = $26.3725 -> $26.37.
    expect(out.goodsCents).toBe(2637);
    expect(out.lineCents.reduce((a, b) => a + b, 0)).toBe(2637);
    expect(out.shippingCents).toBe(0);
  });

  it('takes a fixed amount, never more than the matching lines', () => {
    const five = discountFor(rule({ kind: 'fixed', value: 500 }), [pads, rotors], facts, 0);
    if ('miss' in five) throw new Error(five.miss);
    expect(five.goodsCents).toBe(500);
    // $5.00 over $45.99 and $125.00: 134.48 and 365.52 cents -> 134 and 366 (largest remainder).
    expect(five.lineCents).toEqual([134, 366]);
    const huge = discountFor(rule({ kind: 'fixed', value: 1_000_000 }), [pads], facts, 0);
    if ('miss' in huge) throw new Error(huge.miss);
    expect(huge.goodsCents).toBe(4599);
  });

  it('touches only the lines of its categories (a parent category counts) or its brands', () => {
    const brakes = discountFor(
      rule({ appliesTo: 'categories', categorySlugs: ['brakes'] }),
      [pads, wrench],
      facts,
      0,
    );
    if ('miss' in brakes) throw new Error(brakes.miss);
    expect(brakes.goodsCents).toBe(460); // 10% of $45.99 = $4.599 -> $4.60
    expect(brakes.lineCents).toEqual([460, 0]);
    const parent = discountFor(
      rule({ appliesTo: 'categories', categorySlugs: ['parts'] }),
      [rotors, wrench],
      facts,
      0,
    );
    if ('miss' in parent) throw new Error(parent.miss);
    expect(parent.lineCents).toEqual([1250, 0]);
    const brand = discountFor(
      rule({ appliesTo: 'brands', brandNames: ['stopwell'] }),
      [pads, rotors, wrench],
      facts,
      0,
    );
    if ('miss' in brand) throw new Error(brand.miss);
    expect(brand.lineCents).toEqual([460, 0, 400]);
  });

  it('misses below its minimum subtotal and when no line matches', () => {
    expect(discountFor(rule({ minSubtotalCents: 5000 }), [pads], facts, 0)).toEqual({
      miss: 'below_minimum',
    });
    expect(discountFor(rule({ minSubtotalCents: 4599 }), [pads], facts, 0)).not.toHaveProperty('miss');
    expect(
      discountFor(rule({ appliesTo: 'categories', categorySlugs: ['brakes'] }), [wrench], facts, 0),
    ).toEqual({
      miss: 'no_matching_parts',
    });
  });

  it('waives the shipping with free shipping', () => {
    const out = discountFor(rule({ value: 0, freeShipping: true }), [pads], facts, 799);
    if ('miss' in out) throw new Error(out.miss);
    expect([out.goodsCents, out.shippingCents]).toEqual([0, 799]);
  });
});

describe('shares and rounding', () => {
  it('shares any amount exactly, none above its line', () => {
    for (const [amount, weights] of [
      [1, [1, 1, 1]],
      [5, [3, 3, 3]],
      [2637, [4599, 12500, 3999]],
      [7, [0, 5, 2]],
    ] as [number, number[]][]) {
      const shares = shareOut(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
      shares.forEach((s, i) => {
        expect(s).toBeLessThanOrEqual(weights[i] as number);
      });
    }
    expect(shareOut(5, [3, 3, 3])).toEqual([2, 2, 1]);
  });

  it('rounds a percent half up', () => {
    expect(percentOf(4599, 1000)).toBe(460);
    expect(percentOf(4595, 1000)).toBe(460); // 459.5 -> 460
    expect(percentOf(4594, 1000)).toBe(459);
  });
});

describe('which discount an order gets', () => {
  const lines = [pads, rotors];
  it('takes the automatic discount that saves most', () => {
    const small = rule({ id: 'a', code: null, name: 'Five off', kind: 'fixed', value: 500 });
    const big = rule({ id: 'b', code: null, name: 'Ten percent', value: 1000 });
    const shipping = rule({ id: 'c', code: null, name: 'Free shipping', value: 0, freeShipping: true });
    const chosen = chooseDiscount(offer({ automatic: [small, big, shipping] }), lines, 799);
    expect(chosen.outcome?.rule.id).toBe('b');
    expect(chosen.outcome?.goodsCents).toBe(1710);
    expect(chosen.verdict).toBeNull();
  });

  it('takes the code when it saves at least as much, and says so; never both', () => {
    const auto = rule({ id: 'a', code: null, name: 'Five off', kind: 'fixed', value: 500 });
    const code = rule({
      id: 'c',
      code: 'BRAKES10',
      name: '10% off brake parts',
      appliesTo: 'categories',
      categorySlugs: ['brakes'],
    });
    const chosen = chooseDiscount(offer({ code, automatic: [auto] }), lines, 799);
    expect(chosen.outcome?.rule.id).toBe('c');
    expect(chosen.outcome?.goodsCents).toBe(1710);
    expect(chosen.verdict).toEqual({
      code: 'BRAKES10',
      applied: true,
      reason: null,
      message: 'Code BRAKES10 applied: 10% off brake parts.',
    });
  });

  it('keeps a better automatic discount and tells why the code is not used', () => {
    const auto = rule({ id: 'a', code: null, name: 'Twenty percent', value: 2000 });
    const code = rule({ id: 'c', code: 'SAVE5', kind: 'fixed', value: 500 });
    const chosen = chooseDiscount(offer({ code, automatic: [auto] }), lines, 799);
    expect(chosen.outcome?.rule.id).toBe('a');
    expect(chosen.verdict).toMatchObject({ applied: false, reason: 'beaten' });
    expect(chosen.verdict?.message).toBe(
      'Code SAVE5 is not used: the automatic discount "Twenty percent" saves you more.',
    );
  });

  it('explains a code below its minimum or with no matching parts', () => {
    const min = chooseDiscount(offer({ code: rule({ code: 'BIG', minSubtotalCents: 50000 }) }), lines, 0);
    expect(min.outcome).toBeNull();
    expect(min.verdict?.message).toBe(
      'Code BIG needs a subtotal of at least $500.00; your cart is below that minimum.',
    );
    const none = chooseDiscount(
      offer({
        code: rule({
          code: 'TOOLS',
          name: '10% off hand tools',
          appliesTo: 'categories',
          categorySlugs: ['hand-tools'],
        }),
      }),
      lines,
      0,
    );
    expect(none.verdict).toMatchObject({ applied: false, reason: 'no_matching_parts' });
    expect(none.verdict?.message).toBe(
      'None of the parts in your cart qualify for code TOOLS (10% off hand tools).',
    );
  });
});

describe('the totals with a discount', () => {
  const config = defaultSettings(loadConfig({}));
  const parcelOf = (subtotalCents: number) => ({ subtotalCents, weightMilliLb: 1000, groundOnly: false });
  it('charges tax on the discounted goods and adds up', () => {
    const code = rule({ code: 'BRAKES10', appliesTo: 'categories', categorySlugs: ['brakes'] });
    const t = totalsFor(
      config,
      parcelOf(4599 + 3999),
      { shippingMethod: 'standard' },
      {
        offer: offer({ code }),
        lines: [pads, wrench],
      },
    );
    expect(t.discountCents).toBe(460);
    expect(t.taxCents).toBe(Math.round(((8598 - 460) * config.tax.defaultRateBasisPoints) / 10000));
    expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.shippingCents + t.taxCents);
  });

  it('makes shipping free with a free-shipping discount', () => {
    const t = totalsFor(
      config,
      parcelOf(4599),
      { shippingMethod: 'express' },
      {
        offer: offer({ code: rule({ value: 0, freeShipping: true }) }),
        lines: [pads],
      },
    );
    expect(t.shippingCents).toBe(0);
    expect(t.outcome?.shippingCents).toBe(config.shipping.expressCents);
    expect(t.totalCents).toBe(4599 + t.taxCents);
  });
});
