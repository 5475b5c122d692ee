import { z } from 'zod';
import { AppliedDiscount, CodeField, CodeVerdict } from './discounts';
import { ShippingCode, shippingModes } from './settings';

/**
 * Money the server decides: subtotal, shipping, tax and total, all in integer cents. Every screen
 * shows these numbers as the server sent them; none adds them up on its own.
 */

/**
 * The methods of a store without shipping zones. With zones each zone names its own methods (a
 * code like "ground" or "next-day"), so a method on the wire is any such code.
 */
export const shippingMethods = ['standard', 'express'] as const;
export type ShippingMethod = string;

/** Why an order with a ground-only part cannot go by an air method (express, without zones). */
export const groundOnlyMessage = (name: string, method?: string) =>
  method === undefined
    ? `${name} ships by ground only, so express shipping is not available. Choose standard shipping.`
    : `${name} ships by ground only, so ${method} is not available. Choose a ground method.`;

/** A method the order asked for that this cart and address are not offered. */
export const methodNotOfferedMessage = (method: string) =>
  `${method} is not available for this order. Choose one of the methods shown.`;

export const ShippingOption = z.object({
  method: z.string(),
  label: z.string(),
  /** What this cart would pay for it (0 when free). */
  priceCents: z.number().int(),
  /** The method's price for this parcel's weight before any free-shipping threshold. */
  rateCents: z.number().int(),
  estimate: z.string(),
  /** Air methods never carry ground-only parts. */
  mode: z.enum(shippingModes),
  /** Free from this subtotal on; null when never. */
  freeOverCents: z.number().int().nullable(),
});
export type ShippingOption = z.infer<typeof ShippingOption>;

export const Totals = z.object({
  /** The lines' totals and their core charges. */
  subtotalCents: z.number().int(),
  /**
   * The part of the subtotal that is core charges: deposits on old parts, taxed like the parts,
   * never discounted, and not counted towards a discount's minimum or free shipping.
   */
  coreChargeCents: z.number().int(),
  /** Taken off the goods by a discount; tax is on the subtotal less this. */
  discountCents: z.number().int(),
  /** After any free-shipping discount. */
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  shippingMethod: z.string(),
  /** The method's name as the buyer reads it ("Express shipping"). */
  shippingLabel: z.string(),
  /** The part of `taxCents` charged on shipping (0 where shipping is not taxed). */
  shippingTaxCents: z.number().int(),
  /** The sales-tax rate applied, in basis points (725 = 7.25%). */
  taxRateBasisPoints: z.number().int(),
  /** Present only when the buyer's resale certificate covers this order: its number (decision 095). */
  taxExemptCertificate: z.string().optional(),
});
export type Totals = z.infer<typeof Totals>;

/** One line priced by the server; `problem` says why it cannot be ordered as it is. */
export const PricedLine = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  unitPriceCents: z.number().int(),
  /** Present only when a trade price list priced the line below list: the list price (decision 095). */
  listUnitPriceCents: z.number().int().optional(),
  quantity: z.number().int(),
  minimum: z.number().int(),
  available: z.number().int(),
  lineTotalCents: z.number().int(),
  /** The line's share of the discount. */
  discountCents: z.number().int(),
  /** The product's core charge per unit (0: none), refunded when the old part comes back. */
  coreChargeCents: z.number().int(),
  /** The core charge's own priced line: quantity x core charge. */
  coreTotalCents: z.number().int(),
  problem: z.string().nullable(),
});
export type PricedLine = z.infer<typeof PricedLine>;

/** A priced cart or quote: its lines, its totals for the chosen method and every method's price. */
export const Quote = z.object({
  lines: z.array(PricedLine),
  /** Units in all lines. */
  itemCount: z.number().int(),
  totals: Totals,
  shippingOptions: z.array(ShippingOption),
  /** Standard shipping is free from this subtotal on; null when never. */
  freeShippingOverCents: z.number().int().nullable(),
  /** The discount in these totals, if any (a code's, or the best automatic one). */
  discount: AppliedDiscount.nullable(),
  /** What became of the code asked for: applied, or why not; null when none was asked for. */
  codeVerdict: CodeVerdict.nullable(),
  /** The parcel's weight in pounds (products without a weight count the store's default). */
  weightLb: z.number(),
  /** Why no method is offered (no zone for the address, too heavy for every method); null when some are. */
  shippingProblem: z.string().nullable(),
});
export type Quote = z.infer<typeof Quote>;

export const CART_MAX_LINES = 50;

/** Text that must be a plain decimal count: "0x10", "1e3" or " 12 " are not quantities. */
const count = z.preprocess(
  (v) => (typeof v === 'string' ? (/^\d{1,9}$/.test(v) ? Number(v) : Number.NaN) : v),
  z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(1_000_000, 'Quantity is too large'),
);

export const LineInput = z.object({ productId: z.string().min(1).max(100), quantity: count });
export type LineInput = z.infer<typeof LineInput>;

/** Where the tax is owed; without a region the store's default rate applies. */
const Destination = {
  shippingMethod: ShippingCode.default('standard'),
  region: z.string().trim().max(100).optional(),
  country: z.string().trim().toUpperCase().max(2).optional(),
  /** A discount code to price with (one per order). */
  code: CodeField.optional(),
};

/** POST /cart/quote: price lines that are not (yet) in a server cart: a visitor's cart, the order modal. */
export const QuoteInput = z.object({
  lines: z.array(LineInput).min(1, 'Add a product first').max(CART_MAX_LINES),
  ...Destination,
});
export type QuoteInput = z.input<typeof QuoteInput>;

/** GET /cart?shippingMethod=&region=&country= */
export const CartQuery = z.object(Destination);

export { taxRateWords } from './summary-words';
