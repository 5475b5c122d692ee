import { z } from 'zod';
import { formatCents } from './money';

/**
 * Discounts (docs/decisions/057, 058): a code a buyer types, or an automatic discount the store
 * applies by itself; a percent or a fixed amount off the whole order, or off the lines of some
 * categories or brands only; optionally free shipping. One code per order, and of the code and the
 * automatic discounts that apply, the one that saves the buyer most (a code wins a tie).
 */

export const discountKinds = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof discountKinds)[number];
export const discountScopes = ['order', 'categories', 'brands'] as const;
export type DiscountScope = (typeof discountScopes)[number];

/** Codes are compared in upper case: "brakes10" is BRAKES10. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** A code as a buyer types it, on the cart, the quote and the checkout. */
export const CodeField = z
  .string()
  .trim()
  .max(40, 'A discount code has at most 32 letters and digits')
  .transform(normalizeCode);

/** The discount a price took, as every page shows it. */
export const AppliedDiscount = z.object({
  /** Null for an automatic discount. */
  code: z.string().nullable(),
  label: z.string(),
  /** Off the goods. */
  goodsCents: z.number().int(),
  /** Shipping waived (free shipping). */
  shippingCents: z.number().int(),
});
export type AppliedDiscount = z.infer<typeof AppliedDiscount>;

/** Why a code does not apply, each with the buyer's words. */
export const codeMisses = [
  'unknown',
  'not_started',
  'expired',
  'used_up',
  'used_by_you',
  'below_minimum',
  'no_matching_parts',
  'beaten',
  'trade_prices',
] as const;
export type CodeMiss = (typeof codeMisses)[number];

/** What became of the code the buyer typed: applied, or why not. */
export const CodeVerdict = z.object({
  code: z.string(),
  applied: z.boolean(),
  /** Null when applied. */
  reason: z.enum(codeMisses).nullable(),
  message: z.string(),
});
export type CodeVerdict = z.infer<typeof CodeVerdict>;

export const discountMessages = {
  unknown: (code: string) => `We do not know the code ${code}. Check it and try again.`,
  notStarted: (code: string, startsOn: string) => `Code ${code} is not active yet: it starts on ${startsOn}.`,
  expired: (code: string) => `Code ${code} has expired.`,
  usedUp: (code: string) => `Code ${code} has been used up.`,
  usedByYou: (code: string) => `You have already used code ${code}.`,
  belowMinimum: (code: string, minimumCents: number) =>
    `Code ${code} needs a subtotal of at least ${formatCents(minimumCents)}; your cart is below that minimum.`,
  noMatchingParts: (code: string, label: string) =>
    `None of the parts in your cart qualify for code ${code} (${label}).`,
  beaten: (code: string, label: string) =>
    `Code ${code} is not used: the automatic discount "${label}" saves you more.`,
  tradePrices: (code: string) => `Code ${code} is not used: your trade prices save you more.`,
  applied: (code: string, label: string) => `Code ${code} applied: ${label}.`,
  notFound: 'Discount was not found',
  codeTaken: (code: string) => `Another discount already has the code ${code}.`,
  alreadyEnded: 'This discount has already ended.',
} as const;

/** A date as the messages write it (the store's dates are UTC): 2026-12-01. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const optionalLimit = z
  .number({ error: 'A limit is a whole number' })
  .int('A limit is a whole number')
  .min(1, 'A limit is at least 1')
  .max(1_000_000_000)
  .nullable();

const dateTime = z.iso.datetime({ offset: true, error: 'Give a date and time' });

/** POST /discounts and PATCH /discounts/:id (every field, as the form sends them). */
export const DiscountInput = z
  .object({
    /** Null or absent for an automatic discount. */
    code: z
      .string()
      .trim()
      .transform(normalizeCode)
      .refine((c) => CODE_PATTERN.test(c), 'A code has 3 to 32 letters, digits, - or _')
      .nullable()
      .default(null),
    name: z
      .string()
      .trim()
      .min(1, 'Name the discount as buyers will read it')
      .max(80, 'At most 80 characters'),
    kind: z.enum(discountKinds),
    /** Basis points for a percent (1000 = 10%), cents for a fixed amount. */
    value: z.number().int('Whole cents or basis points').min(0, 'The amount cannot be negative'),
    appliesTo: z.enum(discountScopes).default('order'),
    categorySlugs: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    brandNames: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    minSubtotalCents: z.number().int().min(0, 'The minimum cannot be negative').default(0),
    freeShipping: z.boolean().default(false),
    startsAt: dateTime.optional(),
    endsAt: dateTime.nullable().default(null),
    usageLimit: optionalLimit.default(null),
    perCustomerLimit: optionalLimit.default(null),
  })
  .superRefine((d, ctx) => {
    if (d.kind === 'percent' && d.value > 10000)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent is at most 100' });
    if (d.value === 0 && !d.freeShipping)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Give an amount, or free shipping' });
    if (d.appliesTo === 'categories' && d.categorySlugs.length === 0)
      ctx.addIssue({ code: 'custom', path: ['categorySlugs'], message: 'Choose at least one category' });
    if (d.appliesTo === 'brands' && d.brandNames.length === 0)
      ctx.addIssue({ code: 'custom', path: ['brandNames'], message: 'Choose at least one brand' });
    if (d.startsAt && d.endsAt && new Date(d.endsAt) <= new Date(d.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end comes after the start' });
  });
export type DiscountInput = z.input<typeof DiscountInput>;
export type DiscountRequest = z.output<typeof DiscountInput>;

export const discountStates = ['scheduled', 'active', 'used_up', 'ended'] as const;

/** A discount as managers read it. */
export const Discount = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  automatic: z.boolean(),
  kind: z.enum(discountKinds),
  value: z.number().int(),
  appliesTo: z.enum(discountScopes),
  categorySlugs: z.array(z.string()),
  brandNames: z.array(z.string()),
  minSubtotalCents: z.number().int(),
  freeShipping: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  state: z.enum(discountStates),
  /** "10% off", "$5.00 off", "Free shipping", "10% off and free shipping". */
  summary: z.string(),
  updatedAt: z.string(),
});
export type Discount = z.infer<typeof Discount>;

export const DiscountList = z.object({ discounts: z.array(Discount) });
export type DiscountList = z.infer<typeof DiscountList>;

/** "10%", "12.5%". */
export const percentText = (basisPoints: number) => {
  const whole = Math.trunc(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
};

export function discountSummary(d: { kind: DiscountKind; value: number; freeShipping: boolean }): string {
  const off =
    d.value === 0
      ? null
      : d.kind === 'percent'
        ? `${percentText(d.value)} off`
        : `${formatCents(d.value)} off`;
  if (off && d.freeShipping) return `${off} and free shipping`;
  return off ?? 'Free shipping';
}

export { discountRowLabel, freeShippingNote } from './summary-words';
