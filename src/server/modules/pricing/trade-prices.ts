import { percentOf } from '../../../contract/money';
import { certificateCovers, type PriceList } from '../../../contract/trade';
import type { BuyerTerms } from '../accounts';

/**
 * A trade buyer's prices (decision 095). Pricing takes the unit price from here and everything
 * after it (discounts, shipping's free threshold, tax, refunds) works on that price as on any
 * other, so a discount code stacks on the trade price: its percent is of what the shop pays.
 */

/** What a price list needs to know of a product. */
export interface ListedProduct {
  id: string;
  priceCents: number;
  categorySlug: string | null;
}

/**
 * The unit price a price list gives a product: its net price, else its list price less its
 * category's percentage, else less the list's own percentage (each rounded half away from zero);
 * never more than the list price, so a net price left behind by a price cut does not overcharge.
 */
export function tradeUnitPrice(list: PriceList | null, product: ListedProduct, quantity = 1): number {
  if (!list) return product.priceCents;
  const net = list.netPrices.find((n) => n.productId === product.id);
  const category = product.categorySlug
    ? list.categories.find((c) => c.categorySlug === product.categorySlug)
    : undefined;
  const listed = net
    ? net.priceCents
    : product.priceCents - percentOf(product.priceCents, category?.basisPoints ?? list.percentOffBasisPoints);
  // The lowest break the line's quantity reaches, when it is lower still.
  const breaks = (list.quantityBreaks ?? [])
    .filter((b) => b.productId === product.id && quantity >= b.minQuantity)
    .map((b) => b.priceCents);
  return Math.min(listed, ...breaks, product.priceCents);
}

/** The day an order is placed on, as a certificate's expiry is written (UTC). */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The certificate an order to this place, on this day, is exempt under; null when it is taxed
 * (no certificate, another state, or expired: a certificate holds through its expiry day).
 */
export function exemptionFor(
  terms: BuyerTerms | undefined,
  to: { country?: string | undefined; region?: string | undefined },
  now: Date,
): string | null {
  const certificate = terms?.certificate;
  return certificate && certificateCovers(certificate, to, dayOf(now)) ? certificate.number : null;
}
