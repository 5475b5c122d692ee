import { z } from 'zod';
import { Address } from './addresses';
import { CodeField } from './discounts';
import { Order } from './orders';
import { PaymentIntentAnswer } from './payments';
import { ShippingCode } from './settings';

/**
 * POST /checkout: the signed-in customer's server cart becomes one order and its payment intent in
 * one call. The lines and prices come from the database; `expectedTotalCents` is the total the page
 * showed, so a price or stock change since then is refused (409) instead of charged by surprise.
 * `idempotencyKey` (made once per checkout page) makes a double click or a retried request answer
 * with the first call's order and intent.
 */
export const CheckoutInput = z.object({
  idempotencyKey: z
    .string({ error: 'idempotencyKey is required' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotencyKey must be 8 to 100 letters, digits, _ or -'),
  address: Address,
  /** Keep this address in the customer's address book (when it is not there yet). */
  saveAddress: z.boolean().default(false),
  /** One of the methods the cart's quote offers for this address. */
  shippingMethod: ShippingCode,
  expectedTotalCents: z.number().int().min(0),
  /** The discount code shown applied on the page, if any (one per order). */
  discountCode: CodeField.optional(),
  /** Pay what the customer's store credit covers first (decision 100); the card pays the rest, if any. */
  useStoreCredit: z.boolean().optional(),
  /** Charge what is left to the trade account's invoice (decision 102): no card. */
  payOnAccount: z.boolean().optional(),
});
export type CheckoutInput = z.input<typeof CheckoutInput>;
export type CheckoutRequest = z.output<typeof CheckoutInput>;

export const CheckoutAnswer = z.object({
  order: Order,
  /** Null when the order is paid already: by a repeated call, or in full by store credit. */
  payment: PaymentIntentAnswer.nullable(),
  /** True when this answer repeats an earlier call with the same key. */
  replayed: z.boolean(),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;

export const totalChangedMessage = (total: string) =>
  `Prices or stock changed while you were checking out: the total is now ${total}. Check your order and place it again.`;
