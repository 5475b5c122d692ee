import { describe, expect, it } from 'vitest';
import {
  refundShares,
  restockingFee,
  shippingTaxShare,
  soldFor,
  taxShare,
  unitsRefund,
} from './refund-shares';

/**
 * What refunds give back, worked by hand: every expected amount is a literal number of cents with
 * its arithmetic beside it, never computed with the functions under test.
 */

describe('a refund of these units', () => {
  // 3 x $19.99 = $59.97, less a $5.00 discount: the goods sold for $54.97; 7 % tax on that is
  // 384.79 -> $3.85. No shipping.
  const order = { subtotalCents: 5997, discountCents: 500, taxCents: 385 };
  const line = { unitPriceCents: 1999, quantity: 3, discountCents: 500 };

  it('refunding 1 of 3 units of $19.99 with 7 % tax and a $5 discount gives back exactly $19.60', () => {
    // The unit sold for 5497 / 3 = 1832.33 -> $18.32; its tax 385 x 1832 / 5497 = 128.31 -> $1.28.
    const goods = unitsRefund(line, 0, 1);
    expect(goods).toBe(1832);
    const shares = refundShares(order, { goodsCents: 0, shippingCents: 0 }, [{ amountCents: goods }], 0);
    expect(shares).toEqual({ lineTaxCents: [128], shippingTaxCents: 0, taxCents: 128 });
    expect(goods + shares.taxCents).toBe(1960);
  });

  it('refunding the units one at a time gives back exactly what was paid, no cent more or less', () => {
    // soldFor: 1832.33 -> 1832, 3664.67 -> 3665, 5497; the tax on those: 128.31 -> 128, 256.69 -> 257, 385.
    expect([1, 2, 3].map((units) => soldFor(line, units))).toEqual([1832, 3665, 5497]);
    expect([1832, 3665, 5497].map((goods) => taxShare(order, goods))).toEqual([128, 257, 385]);
    expect(unitsRefund(line, 1, 1)).toBe(1833);
    expect(unitsRefund(line, 2, 1)).toBe(1832);
    const second = refundShares(order, { goodsCents: 1832, shippingCents: 0 }, [{ amountCents: 1833 }], 0);
    const third = refundShares(order, { goodsCents: 3665, shippingCents: 0 }, [{ amountCents: 1832 }], 0);
    expect([second.taxCents, third.taxCents]).toEqual([129, 128]);
    // 1832 + 1833 + 1832 = 5497 goods and 128 + 129 + 128 = 385 tax: all of $58.82 paid.
  });

  it('splits one refund of several lines line by line, each its running share of the tax', () => {
    // 3 pads at $45.99 and 2 rotors at $62.50: $262.97, 7 % tax 1840.79 -> $18.41.
    const big = { subtotalCents: 26297, taxCents: 1841 };
    // Pad: 1841 x 4599 / 26297 = 321.97 -> 322. Pad and rotor: 1841 x 10849 / 26297 = 759.52 -> 760.
    const shares = refundShares(
      big,
      { goodsCents: 0, shippingCents: 0 },
      [{ amountCents: 4599 }, { amountCents: 6250 }],
      0,
    );
    expect(shares).toEqual({ lineTaxCents: [322, 438], shippingTaxCents: 0, taxCents: 760 });
  });

  it('counts a core charge given back with its unit as taxed goods', () => {
    // $100.00 of goods and a $20.00 core charge, 6 % tax: $7.20. A unit of $50.00 with its core:
    // 720 x 7000 / 12000 = $4.20.
    const withCore = { subtotalCents: 12000, taxCents: 720 };
    const shares = refundShares(
      withCore,
      { goodsCents: 0, shippingCents: 0 },
      [{ amountCents: 5000, coreCents: 2000 }],
      0,
    );
    expect(shares.taxCents).toBe(420);
  });
});

describe('a refund of this shipping', () => {
  // $54.97 of goods (tax $3.85) and $9.99 of shipping taxed at 7 %: 69.93 -> $0.70 on shipping.
  const order = { subtotalCents: 5497, taxCents: 455, shippingCents: 999, shippingTaxCents: 70 };

  it('takes back its share of the shipping tax, and all of it in steps', () => {
    // $5.00 of the shipping: 70 x 500 / 999 = 35.04 -> 35 cents; then the other $4.99: 35 more.
    expect(shippingTaxShare(order, 500)).toBe(35);
    const first = refundShares(order, { goodsCents: 0, shippingCents: 0 }, [], 500);
    const rest = refundShares(order, { goodsCents: 0, shippingCents: 500 }, [], 499);
    expect(first).toEqual({ lineTaxCents: [], shippingTaxCents: 35, taxCents: 35 });
    expect(rest).toEqual({ lineTaxCents: [], shippingTaxCents: 35, taxCents: 35 });
  });

  it('keeps the goods tax apart from the shipping tax', () => {
    // Goods tax is 455 - 70 = $3.85; all the goods give back exactly that, shipping untouched.
    expect(taxShare(order, 5497)).toBe(385);
    const all = refundShares(order, { goodsCents: 0, shippingCents: 0 }, [{ amountCents: 5497 }], 999);
    expect(all).toEqual({ lineTaxCents: [385], shippingTaxCents: 70, taxCents: 455 });
  });

  it('gives back no shipping tax where shipping was not taxed', () => {
    expect(shippingTaxShare({ subtotalCents: 100, taxCents: 7, shippingCents: 999 }, 999)).toBe(0);
  });
});

describe('the restocking fee', () => {
  it.each([
    // 15 % of $62.50 = 937.5 -> $9.38; 12.5 % of $41.39 = 517.375 -> $5.17; 0 % is nothing.
    [6250, 15, 938],
    [4139, 12.5, 517],
    [4139, 0, 0],
    [4599, 100, 4599],
  ])('of %d cents at %d %% is %d cents', (goods, percent, fee) => {
    expect(restockingFee(goods, percent)).toBe(fee);
  });
});
