import { z } from 'zod';
import { Address } from './addresses';
import { ReturnInput } from './after-sale';
import { CheckoutInput } from './checkout';
import { singleAddressField } from './fields';
import { Order } from './orders';
import { PaymentIntentAnswer, SimulatedConfirmInput } from './payments';
import { CART_MAX_LINES, LineInput } from './pricing';
import { ShippingCode } from './settings';

/**
 * Guest checkout (docs/decisions/059): a visitor buys without an account. The browser's cart
 * lines become an order through the same place-order path as a customer's cart (stock, caps,
 * prices, totals and the idempotency key all decided on the server); the order is the guest's
 * through a signed link in the order's mails and through a lookup by order number and e-mail.
 */

/** Said of a guest's e-mail that starts like a spreadsheet formula. */
export const GUEST_EMAIL_FORMULA =
  'An e-mail address cannot start with =, +, - or @. Check the address and type it again.';

/**
 * The e-mail of a guest's order: one bare address, and none that starts with =, +, - or @ (or a
 * tab or line break, which the field trims or refuses anyway). The store's staff export orders to
 * spreadsheets, which run a cell that starts so as a formula; a guest types the address freely.
 */
export const guestEmailField = singleAddressField.refine((value) => !/^[=+\-@\t\r]/.test(value), {
  message: GUEST_EMAIL_FORMULA,
});

/**
 * POST /guest/checkout: the visitor's lines (products and quantities only: prices are read from
 * the catalog under the stock locks), the e-mail the order's mails go to, the address and method.
 */
export const GuestCheckoutInput = z.object({
  idempotencyKey: CheckoutInput.shape.idempotencyKey,
  email: guestEmailField,
  lines: z.array(LineInput).min(1, 'Your cart is empty').max(CART_MAX_LINES),
  address: Address,
  shippingMethod: ShippingCode,
  expectedTotalCents: z.number().int().min(0),
  discountCode: CheckoutInput.shape.discountCode,
});
export type GuestCheckoutInput = z.input<typeof GuestCheckoutInput>;
export type GuestCheckoutRequest = z.output<typeof GuestCheckoutInput>;

/** The order, its payment, and the key to the order's page (the same page the mail opens). */
export const GuestCheckoutAnswer = z.object({
  order: Order,
  payment: PaymentIntentAnswer.nullable(),
  replayed: z.boolean(),
  token: z.string(),
});
export type GuestCheckoutAnswer = z.infer<typeof GuestCheckoutAnswer>;

/** A guest order's key: from the order's mail, the checkout's answer or a lookup. */
const token = z
  .string({ error: 'This order link is incomplete' })
  .min(20, 'This order link is incomplete')
  .max(300, 'This order link is incomplete');
export const GuestOrderToken = z.object({ token });

/** GET /guest/order?token=: the order, and what the key lets its holder do. */
export const GuestOrderView = z.object({
  order: Order,
  /** When this key stops opening the order (ISO time). */
  expiresAt: z.string(),
  /**
   * The order belongs to an account. Always false since a key stops opening an order that joined
   * an account (the answer is then a 409 asking to sign in); kept for clients that read it.
   */
  claimed: z.boolean(),
});
export type GuestOrderView = z.infer<typeof GuestOrderView>;

export const GuestCancelInput = z.object({
  token,
  note: z.string().trim().max(500, 'Keep the reason under 500 characters').optional(),
});

/**
 * POST /guest/order/returns: shipped parts of a guest's order coming back, asked for as a
 * customer asks (the same lines, reasons, vehicle and note, the same window), with the order's key.
 */
export const GuestReturnInput = ReturnInput.extend({ token });

/** POST /guest/order/simulated-confirm: test mode's card for a guest's order. */
export const GuestSimulatedConfirmInput = SimulatedConfirmInput.extend({ token });
/** POST /guest/order/paid: the provider's transaction for a guest's order (Stripe's page). */
export const GuestMarkPaidInput = z.object({ token, transactionId: z.string().min(1).max(255) });

/** The order number as printed on the order ("TW-10042"); the prefix may be left out. */
const ORDER_NUMBER_SHAPE = /^(?:TW\s*-?\s*)?(\d{1,12})$/i;

/**
 * POST /guest/order/lookup: the order number and the e-mail it was placed with. A wrong pair is
 * answered with one message that does not tell which part was wrong; guesses are limited.
 */
export const OrderLookupInput = z.object({
  number: z
    .string({ error: 'Enter your order number' })
    .trim()
    .min(1, 'Enter your order number')
    .regex(ORDER_NUMBER_SHAPE, 'Enter the order number from your e-mail, e.g. TW-10042')
    .transform((value) => Number(ORDER_NUMBER_SHAPE.exec(value)?.[1])),
  email: z
    .string({ error: 'Email is Required' })
    .trim()
    .min(1, 'Email is Required')
    .max(254, 'Email must be 254 characters or fewer')
    .transform((value) => value.toLowerCase()),
});
export type OrderLookupInput = z.input<typeof OrderLookupInput>;

export const OrderLookupAnswer = z.object({ token: z.string() });

/** The one answer to a wrong order number or e-mail, whichever part was wrong. */
export const ORDER_LOOKUP_FAILED =
  'We could not find an order with that number and e-mail address. Check both and try again.';

/** The answer to an order link that is not (or no longer) valid. */
export const ORDER_LINK_INVALID =
  'This order link is not valid or has expired. Find your order with its number and your e-mail address.';

/**
 * The answer to a guest order's key once the order joined an account: from then on it is opened
 * by signing in (the key no longer opens or cancels it).
 */
export const ORDER_IN_ACCOUNT =
  'This order is in an account now: sign in with the e-mail address it was placed with to see it in My Orders.';

/**
 * Why a guest's checkout is refused before anything is held (docs/decisions/073): unpaid guest
 * orders are capped per mailbox, per house and per network, and together they may hold only a
 * share of each product. An account's checkout is never refused for what guests hold.
 */
export const guestHoldMessages = {
  orders: (max: number) =>
    `There are already ${max} unpaid orders for this e-mail address, this shipping address or this network. Pay or cancel one of them from the link in its e-mail, or sign in to check out with an account.`,
  units: (max: number, held: number) =>
    `Unpaid orders for this e-mail address, this shipping address or this network already hold ${held} units, and at most ${max} may wait for payment at a time. Pay or cancel one of them from the link in its e-mail, or order at most ${Math.max(0, max - held)}.`,
  share: (name: string, left: number) =>
    `Orders waiting for payment already hold as much of ${name} as we keep for guests${left > 0 ? `: you may order at most ${left} now` : ''}. Sign in to check out with an account, or try again in a few minutes.`,
} as const;

/** Said when a guest order cannot join the signed-in account. */
export const claimMessages = {
  mailLinkOnly: "Open the link in your order's e-mail to add the order to your account",
  otherEmail: 'This order was placed with another e-mail address; sign in with that address to keep it',
  otherAccount: 'This order already belongs to another account',
} as const;
