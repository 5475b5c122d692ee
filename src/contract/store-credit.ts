import { z } from 'zod';

/**
 * Store credit (decision 100): money the store owes a customer, given instead of a refund to the
 * card and spent on a later order, in part or in full. A customer's balance is the sum of their
 * entries and never goes below zero; every entry says why it moved.
 * - refund: a refund (or a return's) given as store credit, or the part of a refund that goes back
 *   to the credit an order was paid with
 * - order: spent on an order
 * - order_released: an unpaid order paid partly with credit was cancelled or expired: back
 * - order_revived: a late card payment revived such an order: spent on it again
 */
export const storeCreditReasons = ['refund', 'order', 'order_released', 'order_revived'] as const;
export type StoreCreditReason = (typeof storeCreditReasons)[number];

export const STORE_CREDIT_REASON_LABELS: Record<StoreCreditReason, string> = {
  refund: 'Refunded as store credit',
  order: 'Spent on an order',
  order_released: 'Back from an order that was not paid',
  order_revived: 'Spent again on an order paid late',
};

export const StoreCreditEntry = z.object({
  deltaCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  reason: z.enum(storeCreditReasons),
  orderId: z.string().nullable(),
  /** "TW-10042". */
  orderNumber: z.string().nullable(),
  at: z.string(),
});
export type StoreCreditEntry = z.infer<typeof StoreCreditEntry>;

/** GET /api/account/store-credit: the signed-in customer's balance and its latest entries, newest first. */
export const StoreCredit = z.object({
  balanceCents: z.number().int(),
  entries: z.array(StoreCreditEntry),
});
export type StoreCredit = z.infer<typeof StoreCredit>;

/** Said when credit is asked of an order that cannot take it. */
export const storeCreditMessages = {
  none: 'You have no store credit to use.',
  notUnpaid: 'This order is paid already.',
  guests: 'Store credit belongs to an account: sign in to use it.',
};
