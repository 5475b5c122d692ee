import { z } from 'zod';
import { Address } from './addresses';
import { CodeField } from './discounts';
import { Order } from './orders';
import { SimulatedConfirmInput } from './payments';
import { LineInput, Quote } from './pricing';
import { ShippingCode } from './settings';

/**
 * Orders staff make for a customer (decision 103): an order phoned in, placed as the customer
 * would place it (their price list, their tax exemption) and either charged to their account or
 * left for them to pay by card; a quote, sent as a link that expires, which the customer opens,
 * accepts (the order is placed then, its stock held from then) and pays; and parts added to a
 * paid order before it ships.
 */

const Lines = z.array(LineInput).min(1, 'Add a part first').max(50, 'At most 50 lines');

export const phonePayments = ['on_account', 'unpaid'] as const;
export type PhonePayment = (typeof phonePayments)[number];

/** POST /customers/:id/orders (orders.create). */
export const PhoneOrderInput = z.object({
  lines: Lines,
  shippingMethod: ShippingCode,
  address: Address,
  discountCode: CodeField.optional(),
  /** Charged to the customer's account now, or left unpaid for them to pay by card. */
  payment: z.enum(phonePayments, { error: 'Choose how it is paid' }),
});
export type PhoneOrderInput = z.infer<typeof PhoneOrderInput>;

/**
 * POST /customers/:id/orders/preview (orders.create): the order being built, priced for its
 * customer before it is placed or sent as a quote. Only the address's state and country count
 * (for tax and the zone's shipping methods).
 */
export const PhoneOrderPreview = z.object({
  lines: Lines,
  shippingMethod: ShippingCode,
  region: Address.shape.region,
  country: Address.shape.country,
  discountCode: CodeField.optional(),
});
export type PhoneOrderPreview = z.infer<typeof PhoneOrderPreview>;

/** POST /customers/:id/quotes (orders.create). */
export const QuoteRequest = z.object({
  lines: Lines,
  shippingMethod: ShippingCode,
  address: Address,
  discountCode: CodeField.optional(),
  validDays: z
    .number({ error: 'Give the days the quote holds' })
    .int('Whole days')
    .min(1, 'At least 1 day')
    .max(60, 'At most 60 days')
    .default(14),
  note: z.string().trim().max(1_000, 'At most 1,000 characters').optional(),
});
export type QuoteRequest = z.input<typeof QuoteRequest>;
export type QuoteRequestValues = z.output<typeof QuoteRequest>;

export const quoteStatuses = ['open', 'accepted', 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  expired: 'Expired',
};

/** A quote as staff and its customer see it, priced as it would be ordered now. */
export const SentQuote = z.object({
  id: z.string(),
  userId: z.string(),
  customerName: z.string(),
  status: z.enum(quoteStatuses),
  expiresAt: z.string(),
  createdAt: z.string(),
  shippingMethod: z.string(),
  address: Address,
  note: z.string().nullable(),
  /** The order placed when it was accepted. */
  orderId: z.string().nullable(),
  priced: Quote,
});
export type SentQuote = z.infer<typeof SentQuote>;

/** POST /customers/:id/quotes answers the quote and its link (shown once; the store keeps a hash). */
export const QuoteSent = z.object({ quote: SentQuote, link: z.string() });
export type QuoteSent = z.infer<typeof QuoteSent>;

export const QuoteList = z.object({ quotes: z.array(SentQuote) });
export type QuoteList = z.infer<typeof QuoteList>;

/** POST /quotes/:token/accept answers the order placed, to pay (or put on account). */
export const QuoteAccepted = z.object({ order: Order });
export type QuoteAccepted = z.infer<typeof QuoteAccepted>;

export const QuoteParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Quote was not found'),
});

/** POST /manage/:id/lines (orders.edit): parts added to a paid order nothing of which has shipped. */
export const AddLinesInput = z.object({ lines: Lines });
export type AddLinesInput = z.infer<typeof AddLinesInput>;

/**
 * POST /manage/:id/card-by-phone (orders.create), in test mode: the card the customer reads out,
 * charged by the simulated processor for the unpaid order (a live store takes it on its
 * provider's own terminal).
 */
export const CardByPhoneInput = SimulatedConfirmInput.omit({ clientSecret: true, email: true });
export type CardByPhoneInput = z.input<typeof CardByPhoneInput>;

export const staffOrderMessages = {
  notCustomer: 'Orders are placed for customer accounts only.',
  quoteNotFound: 'Quote was not found',
  quoteExpired: (day: string) => `This quote expired on ${day}: ask us for a new one.`,
  quoteAccepted: 'This quote was accepted already: its order is in your orders.',
  notEditable: 'Parts are added only to a paid order nothing of which has shipped.',
  refunded: 'This order has refunds: add the parts as a new order.',
  guestOrder: "A guest's order is not changed: place the added parts as a new order.",
} as const;
