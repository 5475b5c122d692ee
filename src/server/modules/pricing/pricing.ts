import { inArray } from 'drizzle-orm';
import { outOfStockMessage } from '../../../contract/inventory';
import { minimumQuantityMessage } from '../../../contract/orders';
import type {
  LineInput,
  PricedLine,
  Quote,
  ShippingMethod,
  ShippingOption,
  Totals,
} from '../../../contract/pricing';
import type { PricingConfig } from '../../config/config';
import type { Db, Tx } from '../../db/database';
import { tools } from '../../db/schema';
import { isUuid } from '../catalog/catalog.service';
import {
  appliedOf,
  chooseDiscount,
  type DiscountLine,
  type DiscountOffer,
  NO_DISCOUNT,
  type PricedDiscount,
} from './discounts';

/**
 * The store's prices for a set of lines: shipping by method, sales tax by region, all in integer
 * cents. Every screen and the order itself take their numbers from here, so what a buyer is shown
 * is what the order will charge.
 */

export interface Destination {
  shippingMethod: ShippingMethod;
  region?: string | undefined;
  country?: string | undefined;
}

const ESTIMATES: Record<ShippingMethod, { label: string; estimate: string }> = {
  standard: { label: 'Standard shipping', estimate: '3 to 5 business days' },
  express: { label: 'Express shipping', estimate: '1 to 2 business days' },
};

/**
 * The methods a cart may use and what each costs it. A cart holding a ground-only part (hazardous
 * goods may not fly) is offered no express shipping.
 */
export function shippingOptions(
  config: PricingConfig,
  subtotalCents: number,
  groundOnly = false,
): ShippingOption[] {
  const freeStandard = config.freeStandardOverCents !== null && subtotalCents >= config.freeStandardOverCents;
  const options: ShippingOption[] = [
    {
      method: 'standard',
      ...ESTIMATES.standard,
      rateCents: config.standardCents,
      priceCents: freeStandard ? 0 : config.standardCents,
    },
    {
      method: 'express',
      ...ESTIMATES.express,
      rateCents: config.expressCents,
      priceCents: config.expressCents,
    },
  ];
  return groundOnly ? options.filter((o) => o.method !== 'express') : options;
}

export function taxRateFor(config: PricingConfig, region: string | undefined): number {
  const own = region ? config.taxByRegion[region.trim().toUpperCase()] : undefined;
  return own ?? config.taxBasisPoints;
}

/** Tax on the goods, rounded half up to the cent; in BigInt so a large order cannot lose a cent. */
export function taxOn(subtotalCents: number, basisPoints: number): number {
  return Number((BigInt(subtotalCents) * BigInt(basisPoints) + 5000n) / 10000n);
}

/**
 * The totals for a destination. A method the cart is not offered (express with a ground-only part)
 * is priced as standard, which `shippingMethod` then says; placing an order refuses it instead.
 */
export function totalsFor(
  config: PricingConfig,
  subtotalCents: number,
  to: Destination,
  groundOnly = false,
  /** The discounts these lines may have (pricing/discounts.ts picks one and prices it). */
  discounts?: { offer: DiscountOffer; lines: DiscountLine[] },
): Totals & PricedDiscount {
  const offered = shippingOptions(config, subtotalCents, groundOnly);
  const option = offered.find((o) => o.method === to.shippingMethod) ?? offered[0];
  const shippingBeforeDiscount = subtotalCents === 0 ? 0 : (option?.priceCents ?? 0);
  const priced = discounts
    ? chooseDiscount(discounts.offer, discounts.lines, shippingBeforeDiscount)
    : NO_DISCOUNT;
  const discountCents = priced.outcome?.goodsCents ?? 0;
  const shippingCents = shippingBeforeDiscount - (priced.outcome?.shippingCents ?? 0);
  const taxRateBasisPoints = taxRateFor(config, to.region);
  // Tax is owed on what the goods sold for: the subtotal less the discount.
  const taxCents = taxOn(subtotalCents - discountCents, taxRateBasisPoints);
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents - discountCents + shippingCents + taxCents,
    shippingMethod: option?.method ?? to.shippingMethod,
    taxRateBasisPoints,
    ...priced,
  };
}

type ToolFacts = Pick<
  typeof tools.$inferSelect,
  | 'id'
  | 'name'
  | 'image'
  | 'priceCents'
  | 'availableQuantity'
  | 'minimumOrderQuantity'
  | 'retiredAt'
  | 'groundOnly'
>;

/** The columns of a product that pricing reads. */
export const toolFactColumns = {
  id: tools.id,
  name: tools.name,
  image: tools.image,
  priceCents: tools.priceCents,
  availableQuantity: tools.availableQuantity,
  minimumOrderQuantity: tools.minimumOrderQuantity,
  retiredAt: tools.retiredAt,
  groundOnly: tools.groundOnly,
};

export const NO_LONGER_SOLD = 'This product is no longer sold. Remove it to go on.';

/** Why a line cannot be ordered as it stands, in the order modal's words where it has them. */
export function lineProblem(tool: ToolFacts, quantity: number): string | null {
  if (tool.retiredAt) return NO_LONGER_SOLD;
  if (tool.availableQuantity < tool.minimumOrderQuantity) return outOfStockMessage(tool.name, 0);
  if (quantity < tool.minimumOrderQuantity) return minimumQuantityMessage(tool.minimumOrderQuantity);
  if (quantity > tool.availableQuantity) return outOfStockMessage(tool.name, tool.availableQuantity);
  return null;
}

/**
 * The products of these lines as the catalog has them now (unknown ids are left out). With `lock`
 * (inside a transaction) their rows are held in key share mode until it ends: they can change, but
 * not be deleted, while the caller writes rows that refer to them.
 */
export async function loadToolFacts(
  db: Db | Tx,
  toolIds: string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, ToolFacts>> {
  const ids = [...new Set(toolIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const query = db.select(toolFactColumns).from(tools).where(inArray(tools.id, ids));
  const rows = options.lock ? await query.for('key share') : await query;
  return new Map(rows.map((r) => [r.id, r]));
}

/** Prices lines against the catalog's current prices and stock; a line of an unknown product is dropped. */
export function quoteFrom(
  config: PricingConfig,
  facts: Map<string, ToolFacts>,
  lines: LineInput[],
  to: Destination,
  offer?: DiscountOffer,
): Quote {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const tool = facts.get(line.toolId);
    if (!tool) continue;
    priced.push({
      toolId: tool.id,
      name: tool.name,
      image: tool.image,
      unitPriceCents: tool.priceCents,
      quantity: line.quantity,
      minimum: tool.minimumOrderQuantity,
      available: tool.retiredAt ? 0 : tool.availableQuantity,
      lineTotalCents: tool.priceCents * line.quantity,
      discountCents: 0,
      problem: lineProblem(tool, line.quantity),
    });
  }
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const groundOnly = priced.some((l) => facts.get(l.toolId)?.groundOnly);
  const { outcome, verdict, ...totals } = totalsFor(
    config,
    subtotalCents,
    to,
    groundOnly,
    offer && { offer, lines: priced },
  );
  outcome?.lineCents.forEach((cents, index) => {
    const line = priced[index];
    if (line) line.discountCents = cents;
  });
  return {
    lines: priced,
    itemCount: priced.reduce((sum, l) => sum + l.quantity, 0),
    totals,
    shippingOptions: shippingOptions(config, subtotalCents, groundOnly),
    freeShippingOverCents: config.freeStandardOverCents,
    discount: appliedOf(outcome),
    codeVerdict: verdict,
  };
}

export async function quoteLines(
  db: Db | Tx,
  config: PricingConfig,
  lines: LineInput[],
  to: Destination,
  offer?: DiscountOffer,
): Promise<Quote> {
  return quoteFrom(
    config,
    await loadToolFacts(
      db,
      lines.map((l) => l.toolId),
    ),
    lines,
    to,
    offer,
  );
}
