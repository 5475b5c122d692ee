import { z } from 'zod';

/**
 * Trade accounts (docs/decisions/095): a repair shop's customer account that buys at its own
 * prices and may be exempt from sales tax where its resale certificate holds. Staff set them; the
 * server prices every cart, checkout and order of that buyer from them, never from the request.
 */

/** A percentage as basis points: 1500 is 15 %. None may take a price to nothing. */
const BasisPoints = z
  .number({ error: 'Give a percentage' })
  .int('Give a percentage with at most two decimals')
  .min(0, 'A percentage cannot be negative')
  .max(9_000, 'A trade discount can be at most 90 %');

export const CategoryPercent = z.object({
  categorySlug: z.string().trim().min(1, 'Choose a category').max(100),
  basisPoints: BasisPoints,
});
export type CategoryPercent = z.infer<typeof CategoryPercent>;

export const NetPrice = z.object({
  productId: z.uuid({ error: 'Choose a product' }),
  /** What the shop pays per unit; never more than the list price (the lower one is charged). */
  priceCents: z.number().int().min(1, 'A net price must be at least $0.01').max(100_000_000),
});
export type NetPrice = z.infer<typeof NetPrice>;

/** A lower unit price from a quantity up, per product: 10 or more filters at $3.10 each. */
export const QuantityBreak = z.object({
  productId: z.uuid({ error: 'Choose a product' }),
  minQuantity: z
    .number({ error: 'Give the quantity as a whole number' })
    .int('Give the quantity as a whole number')
    .min(2, 'A break starts at 2 or more units')
    .max(100_000, 'At most 100,000 units'),
  priceCents: z.number().int().min(1, 'A price must be at least $0.01').max(100_000_000),
});
export type QuantityBreak = z.infer<typeof QuantityBreak>;

/**
 * A shop's price list. A product's trade price is its net price when it has one, else its list
 * price less its category's percentage when the category has one, else less the list's own
 * percentage; a line of at least a break's quantity pays that break's price when lower; and never
 * more than the list price.
 */
export const PriceList = z.object({
  percentOffBasisPoints: BasisPoints,
  categories: z.array(CategoryPercent).max(200),
  netPrices: z.array(NetPrice).max(2_000),
  /** Absent on lists kept before breaks (decision 101's addendum): none. */
  quantityBreaks: z.array(QuantityBreak).max(2_000).optional(),
  /** How a discount meets these prices (decision 102); absent: `stack`. */
  discountRule: z.enum(['stack', 'best']).optional(),
});
export type PriceList = z.infer<typeof PriceList>;

/**
 * How discounts meet trade prices (decision 102): `stack` takes a discount off the trade prices;
 * `best` prices the order both ways, trade prices without the discount and list prices with it,
 * and charges the lower.
 */
export const discountRules = ['stack', 'best'] as const;
export type DiscountRule = (typeof discountRules)[number];
export const DISCOUNT_RULE_LABELS: Record<DiscountRule, string> = {
  stack: 'Discounts come off trade prices',
  best: 'The better of trade prices or the discount',
};

/** A customer group (decision 102): a trade tier the owner names, with the price list its members buy at. */
export const CustomerGroupInput = z.object({
  name: z.string().trim().min(1, 'Name the group').max(60, 'At most 60 characters'),
  priceList: PriceList,
});
export type CustomerGroupInput = z.infer<typeof CustomerGroupInput>;

export const CustomerGroup = CustomerGroupInput.extend({
  id: z.string(),
  /** Trade accounts in the group. */
  members: z.number().int(),
  updatedAt: z.string(),
});
export type CustomerGroup = z.infer<typeof CustomerGroup>;

/** GET /customer-groups (customers.read). Retail is no group: an account with no trade terms. */
export const CustomerGroupList = z.object({ groups: z.array(CustomerGroup) });
export type CustomerGroupList = z.infer<typeof CustomerGroupList>;

export const customerGroupMessages = {
  notFound: 'Customer group was not found',
  nameTaken: (name: string) => `Another group is called ${name}.`,
  hasMembers: (members: number) =>
    `${members} trade ${members === 1 ? 'account is' : 'accounts are'} in this group: move ${members === 1 ? 'it' : 'them'} to another group first.`,
};

/** Payment terms on account (decision 102): invoices due this many days after the order. */
export const termsDays = [15, 30] as const;
export const OnAccountTerms = z.object({
  creditLimitCents: z
    .number({ error: 'Give the credit limit' })
    .int('Give the credit limit in whole cents')
    .min(100, 'A credit limit is at least $1.00')
    .max(100_000_000, 'At most $1,000,000.00'),
  termsDays: z.union([z.literal(15), z.literal(30)], { error: 'Choose net 15 or net 30' }),
});
export type OnAccountTerms = z.infer<typeof OnAccountTerms>;

/** Two-letter US states, upper case. */
const State = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Write each state as two letters (MI)');

/** A day as written on a certificate: 2027-06-30 (the certificate holds through that day). */
export const Day = z.iso.date({ error: 'Give a date as YYYY-MM-DD' });

/** A resale (tax exemption) certificate: orders shipped to its states until it expires carry no tax. */
export const ExemptionCertificate = z.object({
  number: z.string().trim().min(1, 'Give the certificate number').max(60),
  states: z.array(State).min(1, 'Name at least one state').max(60),
  expiresOn: Day,
});
export type ExemptionCertificate = z.infer<typeof ExemptionCertificate>;

/** PUT /customers/:id/trade: mark an account as trade with its price list (and certificate). */
export const TradeAccountInput = z.object({
  /** The account's own list, used when it is in no group. */
  priceList: PriceList,
  certificate: ExemptionCertificate.nullable(),
  /** Its customer group (decision 102), whose list it buys at; null: none. Absent: unchanged. */
  groupId: z.uuid({ error: 'Choose a group' }).nullable().optional(),
  /** Orders on account (decision 102; `credit.write` alone sets them); null: none. Absent: unchanged. */
  onAccount: OnAccountTerms.nullable().optional(),
});
export type TradeAccountInput = z.infer<typeof TradeAccountInput>;

export const TradeAccount = TradeAccountInput.extend({
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  onAccount: OnAccountTerms.nullable(),
  userId: z.string(),
  updatedAt: z.string(),
});
export type TradeAccount = z.infer<typeof TradeAccount>;

/** GET /customers/:id/trade and GET /account/trade: the account's terms, or null for a retail buyer. */
export const TradeAccountAnswer = z.object({ trade: TradeAccount.nullable() });
export type TradeAccountAnswer = z.infer<typeof TradeAccountAnswer>;

/** Whether a certificate covers an order shipped to `state` on `day` (YYYY-MM-DD, the store's day). */
export function certificateCovers(
  certificate: Pick<ExemptionCertificate, 'states' | 'expiresOn'> | null | undefined,
  to: { country?: string | undefined; region?: string | undefined },
  day: string,
): boolean {
  if (!certificate) return false;
  const country = (to.country ?? '').trim().toUpperCase() || 'US';
  const region = (to.region ?? '').trim().toUpperCase();
  return (
    country === 'US' && region !== '' && certificate.states.includes(region) && day <= certificate.expiresOn
  );
}

/** What a buyer reads about an order that carried no tax. */
export const exemptWords = (certificate: string) => `Tax exempt for resale (certificate ${certificate})`;

/** Why a past order's line did not go back into the cart, or went in short. */
export const buyAgainWords = {
  notSold: 'No longer sold.',
  outOfStock: 'Out of stock.',
  cartFull: 'Your cart is full.',
  short: (left: number) => `Only ${left} in stock: ${left} added.`,
  minimum: (minimum: number) => `Sold in at least ${minimum}: ${minimum} added.`,
} as const;

/**
 * POST /order/:id/buy-again: what went into the cart (with a note when the quantity had to
 * change) and what did not, and why. Prices are not part of it: the cart prices every line today.
 */
export const BuyAgainAnswer = z.object({
  added: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      note: z.string().nullable(),
    }),
  ),
  notAdded: z.array(z.object({ productId: z.string(), name: z.string(), reason: z.string() })),
});
export type BuyAgainAnswer = z.infer<typeof BuyAgainAnswer>;

/** GET /account/trade-prices?ids=…: products (up to 50) by id, a comma between them. */
export const TradePricesQuery = z.object({
  ids: z
    .string()
    .max(50 * 37)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).max(50, 'Ask for at most 50 products')),
});

/** The signed-in buyer's own price of each product asked for that their price list puts below list. */
export const TradePrices = z.object({
  prices: z.array(
    z.object({
      productId: z.string(),
      unitPriceCents: z.number().int(),
      listUnitPriceCents: z.number().int(),
    }),
  ),
});
export type TradePrices = z.infer<typeof TradePrices>;

/**
 * Trade applications (decision 101): a shop asks to buy at trade terms. It gives its business
 * name, its tax id and, to buy tax-free for resale, its certificate (number, states, expiry) and
 * the certificate's scan; a manager approves it into a trade account with a price list, or
 * refuses it with a reason, and the shop is told by mail.
 */
export const tradeApplicationStatuses = ['pending', 'approved', 'refused'] as const;
export type TradeApplicationStatus = (typeof tradeApplicationStatuses)[number];

/** POST /account/trade-application (a signed-in customer). */
export const TradeApplicationInput = z.object({
  businessName: z.string().trim().min(1, 'Give the business name').max(120, 'At most 120 characters'),
  taxId: z
    .string()
    .trim()
    .min(4, 'Give the tax id (EIN or state id)')
    .max(40, 'At most 40 characters')
    .regex(/^[A-Za-z0-9 -]+$/, 'A tax id is letters, digits, spaces and dashes'),
  /** Asked only to buy tax-free for resale. */
  certificate: ExemptionCertificate.nullable().default(null),
  note: z.string().trim().max(1_000, 'At most 1,000 characters').optional(),
});
export type TradeApplicationInput = z.input<typeof TradeApplicationInput>;

/** The certificate's scan, sent as the request's body (PUT /account/trade-application/certificate). */
export const CERTIFICATE_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const CERTIFICATE_FILE_MAX_BYTES = 4 * 1024 * 1024;

export const TradeApplication = z.object({
  id: z.string(),
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  businessName: z.string(),
  taxId: z.string(),
  certificate: ExemptionCertificate.nullable(),
  /** Whether the certificate's scan was sent (managers download it). */
  hasCertificateFile: z.boolean(),
  note: z.string().nullable(),
  status: z.enum(tradeApplicationStatuses),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TradeApplication = z.infer<typeof TradeApplication>;

/** GET /account/trade-application: the customer's latest application, or null. */
export const TradeApplicationAnswer = z.object({ application: TradeApplication.nullable() });
export type TradeApplicationAnswer = z.infer<typeof TradeApplicationAnswer>;
export const TradeApplicationList = z.object({ applications: z.array(TradeApplication) });
export type TradeApplicationList = z.infer<typeof TradeApplicationList>;

/**
 * POST /trade-applications/:id/decision (trade.write): approve into a trade account with this
 * price list (the applied certificate kept when `keepCertificate`), or refuse with a reason the
 * shop reads.
 */
export const TradeApplicationDecision = z.discriminatedUnion('approve', [
  z.object({
    approve: z.literal(true),
    priceList: PriceList,
    keepCertificate: z.boolean().default(true),
    /** Approve into a customer group (decision 102): the shop buys at the group's list. */
    groupId: z.uuid({ error: 'Choose a group' }).nullable().optional(),
  }),
  z.object({
    approve: z.literal(false),
    reason: z.string().trim().min(1, 'Say why, for the shop').max(1_000, 'At most 1,000 characters'),
  }),
]);
export type TradeApplicationDecision = z.input<typeof TradeApplicationDecision>;

export const tradeApplicationMessages = {
  pendingAlready: 'Your application is with us already: we will write when it is decided.',
  tradeAlready: 'Your account buys at trade terms already.',
  staff: 'Staff accounts do not apply for trade terms.',
  decided: 'This application is decided already.',
  noApplication: 'Send your application first, then its certificate.',
  fileType: 'Send the certificate as a PDF, PNG or JPEG file.',
};
