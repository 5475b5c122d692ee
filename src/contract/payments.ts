import { z } from 'zod';

export const paymentProviders = ['simulated', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** What a payment pays: the order, or the balance parts added after it was paid left to pay (decision 104). */
export const paymentPurposes = ['order', 'balance'] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];

/** POST /create-payment-intent: the order to pay. A `price` or `orderQuantity` sent is ignored. */
export const PaymentIntentInput = z.object({
  orderId: z.string({ error: 'Choose an order to pay' }).min(1, 'Choose an order to pay').max(100),
});

export const PaymentIntentAnswer = z.object({
  clientSecret: z.string(),
  provider: z.enum(paymentProviders),
  /** Stripe's publishable key when provider is stripe. */
  publishableKey: z.string().nullable(),
  /** Amount to pay in dollars, computed on the server from the order. */
  amount: z.number(),
  /** Present when this payment is for the balance of parts added to a paid order (decision 104). */
  purpose: z.literal('balance').optional(),
});
export type PaymentIntentAnswer = z.infer<typeof PaymentIntentAnswer>;

/** PATCH /order/:id after the provider confirmed: the spec's payload. */
export const MarkPaidInput = z.object({
  orderId: z.string().max(100).optional(),
  transactionId: z
    .string({ error: 'transactionId is required' })
    .min(1, 'transactionId is required')
    .max(255),
});

/** The simulated card processor's confirm call (test mode only). */
export const SimulatedConfirmInput = z.object({
  clientSecret: z.string().min(1).max(255),
  cardNumber: z
    .string({ error: 'Enter a card number' })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, 'Enter a card number').max(19, 'Your card number is invalid.')),
  expiry: z
    .string({ error: 'Enter the expiry date' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, "Your card's expiration date is incomplete."),
  cvc: z
    .string({ error: "Enter the card's security code" })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  name: z.string().trim().min(1, 'Enter the name on the card').max(100),
  email: z.string().trim().min(1, 'Enter the billing email').max(254),
});
export type SimulatedConfirmInput = z.input<typeof SimulatedConfirmInput>;

export const PaymentConfirmed = z.object({ status: z.literal('succeeded'), transactionId: z.string() });

/** The card numbers the simulated processor knows, shown on the payment page in test mode. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'Insufficient funds' },
  { number: '4000 0000 0000 0069', outcome: 'Expired card' },
  { number: '4000 0000 0000 0127', outcome: 'Incorrect CVC' },
] as const;
