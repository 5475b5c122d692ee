import { eq, sql } from 'drizzle-orm';
import { isUuid } from '../../../contract/ids';
import { outOfStockMessage } from '../../../contract/inventory';
import { percentOf, proportion, sum } from '../../../contract/money';
import { minimumQuantityMessage } from '../../../contract/orders';
import type {
  LineInput,
  PricedLine,
  Quote,
  ShippingMethod,
  ShippingOption,
  Totals,
} from '../../../contract/pricing';
import {
  noMethodMessage,
  noZoneMessage,
  type ShippingSettings,
  type ShippingZone,
  type TaxSettings,
  type ZoneMethod,
} from '../../../contract/settings';
import type { Db, Tx } from '../../kernel/db';
import { preparedStatement, products, selectedRow } from '../../kernel/db';
import type { BuyerTerms } from '../accounts';
import type { DiscountOffer } from '../discounts';
import { productStock } from '../inventory';
import {
  appliedOf,
  chooseDiscount,
  type DiscountLine,
  NO_DISCOUNT,
  type PricedDiscount,
  underDiscountRule,
} from './discounts';
import { exemptionFor, tradeUnitPrice } from './trade-prices';

/**
 * The store's prices for a set of lines: shipping by zone, method and parcel weight, sales tax by
 * place, all in integer cents. Every screen and the order itself take their numbers from here, so
 * what a buyer is shown is what the order will charge. The rules are the owner's settings
 * (kernel/settings); this module only reads them.
 */

export interface PricingRules {
  shipping: ShippingSettings;
  tax: TaxSettings;
  /** False when the store is known to have no automatic discount: they are not read. */
  automaticDiscounts?: boolean;
  /** False only when the store is known to have no trade account: the buyer's terms are not read. */
  tradeAccounts?: boolean;
}

export interface Destination {
  shippingMethod: ShippingMethod;
  region?: string | undefined;
  country?: string | undefined;
}

/** What shipping is priced on: the goods' subtotal, the parcel's weight and whether it may fly. */
export interface Parcel {
  /** The lines' totals, core charges left out. */
  subtotalCents: number;
  /**
   * The lines' core charges (docs/decisions/061): added to the subtotal and taxed with it, but a
   * deposit, not a sale, so no discount takes from it and it earns no free shipping.
   */
  coreChargeCents?: number;
  /** Thousandths of a pound, so weights add up without floats. */
  weightMilliLb: number;
  /** Holds a ground-only part (hazardous goods may not fly). */
  groundOnly: boolean;
}

/** Where a cart with no address yet (the cart page, the spec's order modal) is priced to. */
export const HOME_COUNTRY = 'US';

/** The two methods of a store without zones; the shipping page names them too. */
export const FLAT_METHODS = {
  standard: { label: 'Standard shipping', estimate: '3 to 5 business days', mode: 'ground' },
  express: { label: 'Express shipping', estimate: '1 to 2 business days', mode: 'air' },
} as const;

/** A weight in pounds ("2.5", 2.5) as thousandths of a pound; the catalog's numeric text is split, not multiplied. */
export function milliPounds(weight: string | number): number {
  if (typeof weight === 'number') return Math.round(weight * 1000);
  const [whole = '0', fraction = ''] = weight.trim().split('.');
  return Number(whole) * 1000 + Number(fraction.slice(0, 3).padEnd(3, '0'));
}

/**
 * What a parcel's lines come to before shipping, discount and tax: their goods (unit price times
 * units) and their core charges, each summed on its own (a core charge is never discounted).
 */
export function goodsOf(
  lines: readonly { unitPriceCents: number; coreChargeCents: number; quantity: number }[],
): {
  goodsCents: number;
  coreChargeCents: number;
} {
  return {
    goodsCents: sum(lines.map((l) => l.unitPriceCents * l.quantity)),
    coreChargeCents: sum(lines.map((l) => l.coreChargeCents * l.quantity)),
  };
}

/** The parcel's weight: each line's product weight (or the store's default) times its units. */
export function parcelWeight(
  lines: { weightLb: string | null; quantity: number }[],
  defaultWeightLb: number,
): number {
  const fallback = milliPounds(defaultWeightLb);
  return lines.reduce(
    (sum, l) => sum + (l.weightLb === null ? fallback : milliPounds(l.weightLb)) * l.quantity,
    0,
  );
}

const placeOf = (to: Pick<Destination, 'country' | 'region'>) => ({
  country: (to.country ?? '').trim().toUpperCase() || HOME_COUNTRY,
  region: (to.region ?? '').trim().toUpperCase(),
});

/** The zone of an address: one naming its region ("US-MI") first, else one naming its country. */
export function zoneFor(
  zones: ShippingZone[],
  to: Pick<Destination, 'country' | 'region'>,
): ShippingZone | undefined {
  const { country, region } = placeOf(to);
  return (
    (region ? zones.find((z) => z.areas.includes(`${country}-${region}`)) : undefined) ??
    zones.find((z) => z.areas.includes(country))
  );
}

/** The bracket a parcel falls in: the first whose weight it does not pass (edges belong to the lighter bracket). */
export function bracketFor(method: ZoneMethod, weightMilliLb: number) {
  return method.brackets.find((b) => b.upToLb === null || weightMilliLb <= milliPounds(b.upToLb));
}

export interface ShippingQuote {
  options: ShippingOption[];
  /** Why no method is offered; null when some are. */
  problem: string | null;
}

/**
 * The methods a parcel may use to this address and what each costs it. Without zones: the flat
 * standard and express rates (standard free from a subtotal). With zones: the address's zone's
 * methods, each priced by the parcel's weight bracket and free over its own subtotal; a method
 * too light for the parcel is left out, and air methods never carry a ground-only part.
 */
export function shippingQuote(
  rules: PricingRules,
  parcel: Parcel,
  to: Pick<Destination, 'country' | 'region'>,
): ShippingQuote {
  const { shipping } = rules;
  if (shipping.zones.length === 0) {
    const free = shipping.freeStandardOverCents;
    const flat: ShippingOption[] = [
      {
        method: 'standard',
        ...FLAT_METHODS.standard,
        rateCents: shipping.standardCents,
        priceCents: free !== null && parcel.subtotalCents >= free ? 0 : shipping.standardCents,
        freeOverCents: free,
      },
      {
        method: 'express',
        ...FLAT_METHODS.express,
        rateCents: shipping.expressCents,
        priceCents: shipping.expressCents,
        freeOverCents: null,
      },
    ];
    return { options: parcel.groundOnly ? flat.filter((o) => o.mode !== 'air') : flat, problem: null };
  }
  const zone = zoneFor(shipping.zones, to);
  if (!zone) {
    const { country, region } = placeOf(to);
    return { options: [], problem: noZoneMessage(region ? `${region}, ${country}` : country) };
  }
  const options: ShippingOption[] = [];
  for (const method of zone.methods) {
    if (parcel.groundOnly && method.mode === 'air') continue;
    const bracket = bracketFor(method, parcel.weightMilliLb);
    if (!bracket) continue;
    const free = method.freeOverCents !== null && parcel.subtotalCents >= method.freeOverCents;
    options.push({
      method: method.id,
      label: method.name,
      estimate: method.estimate,
      mode: method.mode,
      rateCents: bracket.priceCents,
      priceCents: free ? 0 : bracket.priceCents,
      freeOverCents: method.freeOverCents,
    });
  }
  return { options, problem: options.length === 0 ? noMethodMessage : null };
}

/** The rate for a place: its region in its country, its region anywhere, its country, or the default. */
export function taxRuleFor(tax: TaxSettings, to: Pick<Destination, 'country' | 'region'>) {
  const region = (to.region ?? '').trim().toUpperCase();
  const country = (to.country ?? '').trim().toUpperCase();
  const rule =
    (region ? tax.rates.find((r) => r.country === country && r.region === region) : undefined) ??
    (region ? tax.rates.find((r) => r.country === null && r.region === region) : undefined) ??
    (country ? tax.rates.find((r) => r.country === country && r.region === null) : undefined);
  return rule
    ? { rateBasisPoints: rule.rateBasisPoints, taxShipping: rule.taxShipping }
    : { rateBasisPoints: tax.defaultRateBasisPoints, taxShipping: tax.taxShippingByDefault };
}

/** Kept for callers that only need the rate. */
export function taxRateFor(rules: PricingRules, region: string | undefined, country?: string): number {
  return taxRuleFor(rules.tax, { region, country }).rateBasisPoints;
}

/** Tax on an amount, rounded half up to the cent; in BigInt so a large order cannot lose a cent. */
export function taxOn(subtotalCents: number, basisPoints: number): number {
  return percentOf(subtotalCents, basisPoints);
}

/**
 * The tax of an order going to a place: on the goods, and on the shipping where the place taxes
 * it, each rounded half up on its own (so a refund of the shipping takes back exactly its tax).
 */
export function taxFor(
  rules: PricingRules,
  amounts: { subtotalCents: number; shippingCents: number },
  to: Pick<Destination, 'country' | 'region'>,
) {
  const rule = taxRuleFor(rules.tax, to);
  const shippingTaxCents = rule.taxShipping ? taxOn(amounts.shippingCents, rule.rateBasisPoints) : 0;
  return {
    taxCents: taxOn(amounts.subtotalCents, rule.rateBasisPoints) + shippingTaxCents,
    shippingTaxCents,
    taxRateBasisPoints: rule.rateBasisPoints,
  };
}

/**
 * The tax an order owes: none at all under a resale certificate that covers it (exemptionFor,
 * decision 095), else `taxFor`. Checkout and an order modal order's later address both price tax
 * here, so the two cannot disagree on who is exempt.
 */
export function taxOwed(
  rules: PricingRules,
  amounts: { subtotalCents: number; shippingCents: number },
  to: Pick<Destination, 'country' | 'region'>,
  exemptCertificate: string | null | undefined,
) {
  return exemptCertificate
    ? { taxCents: 0, shippingTaxCents: 0, taxRateBasisPoints: 0 }
    : taxFor(rules, amounts, to);
}

/**
 * The goods' tax split over the lines, each line's share of the running total rounded half up
 * less the share before it (the way refunds take tax back, refund-shares.ts): the shares add up
 * to the goods' tax exactly, whatever the rounding.
 */
export function lineTaxes(goodsTaxCents: number, lineTotalsCents: number[]): number[] {
  const subtotal = sum(lineTotalsCents);
  let before = 0;
  let running = 0;
  return lineTotalsCents.map((total) => {
    running += total;
    const share = proportion(goodsTaxCents, running, subtotal);
    const own = share - before;
    before = share;
    return own;
  });
}

/**
 * The totals for a destination. A method the parcel is not offered (express with a ground-only
 * part, a method of another zone) is priced as the first one offered, which `shippingMethod` then
 * says; placing an order refuses it instead. With no method at all, shipping is 0 and the quote's
 * `shippingProblem` says why. With `discounts`, the best one is chosen and priced
 * (discounts.ts) on the lines' totals alone; tax is then owed on what the goods sold for,
 * the subtotal (core charges included, as a place taxes the whole sale) less the discount, and on
 * shipping as it is after any free shipping.
 */
export function totalsFor(
  rules: PricingRules,
  parcel: Parcel,
  to: Destination,
  discounts?: { offer: DiscountOffer; lines: DiscountLine[] },
  /** The resale certificate the buyer's order is exempt under (exemptionFor); no tax at all then. */
  exemptCertificate?: string | null,
): Totals & ShippingQuote & PricedDiscount {
  const quote = shippingQuote(rules, parcel, to);
  const option = quote.options.find((o) => o.method === to.shippingMethod) ?? quote.options[0];
  const coreChargeCents = parcel.coreChargeCents ?? 0;
  const subtotalCents = parcel.subtotalCents + coreChargeCents;
  const shippingBeforeDiscount = subtotalCents === 0 ? 0 : (option?.priceCents ?? 0);
  const priced = discounts
    ? chooseDiscount(discounts.offer, discounts.lines, shippingBeforeDiscount)
    : NO_DISCOUNT;
  const discountCents = priced.outcome?.goodsCents ?? 0;
  const shippingCents = shippingBeforeDiscount - (priced.outcome?.shippingCents ?? 0);
  const tax = taxOwed(
    rules,
    { subtotalCents: subtotalCents - discountCents, shippingCents },
    to,
    exemptCertificate,
  );
  return {
    subtotalCents,
    coreChargeCents,
    discountCents,
    shippingCents,
    taxCents: tax.taxCents,
    totalCents: subtotalCents - discountCents + shippingCents + tax.taxCents,
    shippingMethod: option?.method ?? to.shippingMethod,
    shippingLabel: option?.label ?? 'Shipping',
    shippingTaxCents: tax.shippingTaxCents,
    taxRateBasisPoints: tax.taxRateBasisPoints,
    ...(exemptCertificate ? { taxExemptCertificate: exemptCertificate } : {}),
    ...quote,
    ...priced,
  };
}

const totalsOnly = ({
  options: _o,
  problem: _p,
  outcome: _d,
  verdict: _v,
  ...totals
}: Totals & ShippingQuote & PricedDiscount): Totals => totals;

type ProductFacts = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'name'
  | 'image'
  | 'priceCents'
  | 'availableQuantity'
  | 'minimumOrderQuantity'
  | 'retiredAt'
  | 'groundOnly'
  | 'weightLb'
  | 'coreChargeCents'
  | 'categorySlug'
>;

/** The join of a product with its stock, for a query of `products` selecting productFactColumns. */
export const stockOfProduct = eq(productStock.productId, products.id);

/**
 * The columns of a product that pricing reads, from `products` left-joined with the inventory's
 * `product_stock` view on `stockOfTool`: what is left to order is the inventory's.
 */
export const productFactColumns = {
  id: products.id,
  name: products.name,
  image: products.image,
  priceCents: products.priceCents,
  availableQuantity: productStock.available,
  minimumOrderQuantity: products.minimumOrderQuantity,
  retiredAt: products.retiredAt,
  groundOnly: products.groundOnly,
  weightLb: products.weightLb,
  coreChargeCents: products.coreChargeCents,
  categorySlug: products.categorySlug,
};

export const NO_LONGER_SOLD = 'This product is no longer sold. Remove it to go on.';

/** Why a line cannot be ordered as it stands, in the order modal's words where it has them. */
export function lineProblem(product: ProductFacts, quantity: number): string | null {
  if (product.retiredAt) return NO_LONGER_SOLD;
  if (product.availableQuantity < product.minimumOrderQuantity) return outOfStockMessage(product.name, 0);
  if (quantity < product.minimumOrderQuantity) return minimumQuantityMessage(product.minimumOrderQuantity);
  if (quantity > product.availableQuantity) return outOfStockMessage(product.name, product.availableQuantity);
  return null;
}

/**
 * The products of these lines as the catalog has them now (unknown ids are left out). With `lock`
 * (inside a transaction) their rows are held in key share mode until it ends: they can change, but
 * not be deleted, while the caller writes rows that refer to them.
 */
export async function loadProductFacts(
  db: Db | Tx,
  productIds: string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, ProductFacts>> {
  const ids = [...new Set(productIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const rows = await (options.lock ? productFactsLocked : productFacts)(db, { ids });
  return new Map(rows.map((r) => [r.id, r]));
}
const productFactsStatement = (lock: boolean) =>
  preparedStatement<{ ids: string[] }, ProductFacts>(
    lock ? 'tool facts locked' : 'tool facts',
    (db) => {
      const query = db
        .select(productFactColumns)
        .from(products)
        .leftJoin(productStock, stockOfProduct)
        .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`);
      // Only the product's row is held: the level is the inventory's, locked by its moves alone.
      return lock ? query.for('key share', { of: products }) : query;
    },
    selectedRow<ProductFacts>(productFactColumns),
  );
const productFacts = productFactsStatement(false);
const productFactsLocked = productFactsStatement(true);

/**
 * Prices lines against the catalog's current prices and stock; a line of an unknown product is
 * dropped. A trade buyer's `terms` price each line from their price list and take the tax off where
 * their certificate covers the destination on the day `now`.
 */
export function quoteFrom(
  rules: PricingRules,
  facts: Map<string, ProductFacts>,
  lines: LineInput[],
  to: Destination,
  offer?: DiscountOffer,
  terms?: BuyerTerms,
  now = new Date(),
): Quote {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const product = facts.get(line.productId);
    if (!product) continue;
    const unitPriceCents = tradeUnitPrice(terms?.priceList ?? null, product, line.quantity);
    priced.push({
      productId: product.id,
      name: product.name,
      image: product.image,
      unitPriceCents,
      ...(unitPriceCents < product.priceCents ? { listUnitPriceCents: product.priceCents } : {}),
      quantity: line.quantity,
      minimum: product.minimumOrderQuantity,
      available: product.retiredAt ? 0 : product.availableQuantity,
      lineTotalCents: unitPriceCents * line.quantity,
      discountCents: 0,
      coreChargeCents: product.coreChargeCents,
      coreTotalCents: product.coreChargeCents * line.quantity,
      problem: lineProblem(product, line.quantity),
    });
  }
  const parcelOf = (lines: PricedLine[]): Parcel => {
    const goods = goodsOf(lines);
    return {
      subtotalCents: goods.goodsCents,
      coreChargeCents: goods.coreChargeCents,
      weightMilliLb: parcelWeight(
        lines.map((l) => ({ weightLb: facts.get(l.productId)?.weightLb ?? null, quantity: l.quantity })),
        rules.shipping.defaultWeightLb,
      ),
      groundOnly: lines.some((l) => facts.get(l.productId)?.groundOnly),
    };
  };
  const exempt = exemptionFor(terms, to, now);
  const priceOf = (lines: PricedLine[], withOffer: boolean) =>
    totalsFor(rules, parcelOf(lines), to, withOffer && offer ? { offer, lines } : undefined, exempt);
  // At list prices, for a list whose discounts are the better of the two (decision 102).
  const atList = priced.map(({ listUnitPriceCents, ...line }) =>
    listUnitPriceCents === undefined
      ? line
      : { ...line, unitPriceCents: listUnitPriceCents, lineTotalCents: listUnitPriceCents * line.quantity },
  );
  const chosen = underDiscountRule(
    offer ? terms?.priceList?.discountRule : undefined,
    () => priceOf(priced, true),
    () => priceOf(priced, false),
    () => priceOf(atList, true),
  );
  if (chosen.atList) priced.splice(0, priced.length, ...atList);
  const parcel = parcelOf(priced);
  const totals = chosen.totals;
  totals.outcome?.lineCents.forEach((cents, index) => {
    const line = priced[index];
    if (line) line.discountCents = cents;
  });
  return {
    lines: priced,
    itemCount: priced.reduce((sum, l) => sum + l.quantity, 0),
    totals: totalsOnly(totals),
    shippingOptions: totals.options,
    freeShippingOverCents:
      rules.shipping.zones.length === 0
        ? rules.shipping.freeStandardOverCents
        : (totals.options.find((o) => o.method === totals.shippingMethod)?.freeOverCents ?? null),
    weightLb: parcel.weightMilliLb / 1000,
    shippingProblem: priced.length === 0 ? null : totals.problem,
    discount: appliedOf(totals.outcome),
    codeVerdict: totals.verdict,
  };
}

export async function quoteLines(
  db: Db | Tx,
  rules: PricingRules,
  lines: LineInput[],
  to: Destination,
  offer?: DiscountOffer,
  terms?: BuyerTerms,
): Promise<Quote> {
  return quoteFrom(
    rules,
    await loadProductFacts(
      db,
      lines.map((l) => l.productId),
    ),
    lines,
    to,
    offer,
    terms,
  );
}
