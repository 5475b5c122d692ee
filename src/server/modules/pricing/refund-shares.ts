import { type Cents, cents, proportion, sum } from '../../../contract/money';

/**
 * What a refund gives back (docs/decisions/039, 086): pricing set what each part of an order cost,
 * so pricing says what taking part of it back returns. Each share is a running share
 * (`proportion` of the money kernel): refunding `n` more after `k` gives `share(k + n) - share(k)`,
 * so refunding everything, in any steps and any order, gives back exactly what was charged (tax,
 * a line's discounted price, shipping and its tax), never a cent more or less.
 */

/** The order's money that refund shares are taken from. */
export interface RefundableOrder {
  subtotalCents: number;
  taxCents: number;
  /** The goods' discount; the goods sold for `subtotalCents - discountCents`. */
  discountCents?: number;
  shippingCents?: number;
  /** The part of `taxCents` charged on shipping (0 where shipping is not taxed). */
  shippingTaxCents?: number;
}

/** A line of the order as refunds read it. */
export interface RefundableLine {
  unitPriceCents: number;
  quantity: number;
  /** The line's share of the order's discount. */
  discountCents: number;
}

/**
 * The tax on the first `goodsCents` of the order's goods as sold (after the discount; core charges
 * count as goods, since they were taxed with them): that part of the tax charged on the goods (the
 * order's tax less what was charged on shipping), rounded half up.
 */
export function taxShare(order: RefundableOrder, goodsCents: number): Cents {
  return proportion(
    order.taxCents - (order.shippingTaxCents ?? 0),
    goodsCents,
    order.subtotalCents - (order.discountCents ?? 0),
  );
}

/** The tax on the first `shippingCents` of the order's shipping, where shipping was taxed. */
export function shippingTaxShare(order: RefundableOrder, shippingCents: number): Cents {
  return proportion(order.shippingTaxCents ?? 0, shippingCents, order.shippingCents ?? 0);
}

/**
 * What the first `units` of a line sold for, after its share of the discount, rounded half up.
 * A refund of `n` units after `k` takes `soldFor(k + n) - soldFor(k)`.
 */
export function soldFor(line: RefundableLine, units: number): Cents {
  return proportion(line.unitPriceCents * line.quantity - line.discountCents, units, line.quantity);
}

/** What `units` more units of a line give back after `refunded` were refunded already. */
export const unitsRefund = (line: RefundableLine, refunded: number, units: number): Cents =>
  cents(soldFor(line, refunded + units) - soldFor(line, refunded));

export interface RefundedGoods {
  /** The line's goods given back in this refund (`unitsRefund`). */
  amountCents: number;
  /** Core charges given back with it (taxed with the goods). */
  coreCents?: number;
}

export interface RefundShares {
  /** Each line's tax, in the order of the lines given. */
  lineTaxCents: Cents[];
  /** The tax on the shipping given back. */
  shippingTaxCents: Cents;
  /** All the tax given back: the lines' and the shipping's. */
  taxCents: Cents;
}

/**
 * The tax a refund gives back for these lines (goods and core charges) and this shipping, after
 * `before` was given back by earlier refunds: each line takes the running share of the goods' tax
 * up to it, the shipping the running share of the shipping's tax.
 */
export function refundShares(
  order: RefundableOrder,
  before: { goodsCents: number; shippingCents: number },
  lines: readonly RefundedGoods[],
  shippingCents: number,
): RefundShares {
  let goodsSoFar = before.goodsCents;
  let taxBefore = taxShare(order, goodsSoFar);
  const lineTaxCents = lines.map((line) => {
    goodsSoFar += line.amountCents + (line.coreCents ?? 0);
    const taxAfter = taxShare(order, goodsSoFar);
    const own = cents(taxAfter - taxBefore);
    taxBefore = taxAfter;
    return own;
  });
  const shippingTaxCents = cents(
    shippingTaxShare(order, before.shippingCents + shippingCents) -
      shippingTaxShare(order, before.shippingCents),
  );
  return { lineTaxCents, shippingTaxCents, taxCents: sum([...lineTaxCents, shippingTaxCents]) };
}

/**
 * The restocking fee kept from a return's refund: `percent` (the owner's setting, up to four
 * decimals) of the goods given back, rounded half up to the cent.
 */
export const restockingFee = (goodsCents: number, percent: number): Cents =>
  proportion(goodsCents, Math.round(percent * 10_000), 1_000_000);
