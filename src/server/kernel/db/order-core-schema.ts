import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Address } from '../../../contract/addresses';
import { type ChargeStatus, chargeStatuses } from '../../../contract/money-transitions';
import { orderActors, orderStatusOnWire, wireOrderStatuses } from '../../../contract/orders';
import { user } from './auth-schema';
import { products } from './catalog-core-schema';
import { discounts } from './discount-schema';
import { textStoredAs } from './stored-words';

/**
 * Orders, written only by the orders module; every change of `status` goes through its state
 * machine (order-state.ts), which also writes order_events. What was sold lives on its lines
 * (names and prices copied in when the order is placed, so an order keeps what the customer agreed
 * to even if the product changes later); the spec's one-product fields are derived from them when
 * an order is sent (decision 096). Money is 64-bit cents: the largest price times the largest quantity overflows 32 bits.
 */
/** Order numbers start at 10001, so every number a customer reads has five digits for a long while. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer's account; null for a guest's order until an account claims it (decision 059). */
    userId: text('user_id').references(() => user.id),
    /** Units over all lines. */
    quantity: integer('quantity').notNull(),
    /** Paid with the customer's store credit (decision 100); the card pays the total less this. */
    storeCreditCents: bigint('store_credit_cents', { mode: 'number' }).notNull().default(0),
    /** Charged to the trade account's invoice (decision 102); the card pays none of it. */
    onAccountCents: bigint('on_account_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Owed for parts added after the order was paid by card (decision 104): a payment of its own
     * settles it, and the order does not ship until it has.
     */
    balanceDueCents: bigint('balance_due_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** Shown as TW-<number>; from a sequence, so two instances never hand out the same one. */
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('order_number_seq')`),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    /** The method's code ("standard", "express", or a zone's own such as "freight"). */
    shippingMethod: text('shipping_method'),
    /** The method's name as the buyer chose it; null on orders from before zones. */
    shippingLabel: text('shipping_label'),
    /** The part of `taxCents` charged on shipping, where the place taxes shipping. */
    shippingTaxCents: bigint('shipping_tax_cents', { mode: 'number' }).notNull().default(0),
    /** The sales-tax rate charged, in basis points; null on orders from before it was kept. */
    taxRateBasisPoints: integer('tax_rate_bp'),
    /** The resale certificate that made the order tax exempt (decision 095); null when taxed. */
    taxExemptCertificate: text('tax_exempt_certificate'),
    /** A copy of the address as it was when ordered (the address book may change later). */
    shippingAddress: jsonb('shipping_address').$type<Address>(),
    lineCount: integer('line_count').notNull().default(1),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The checkout's idempotency key: the same key from the same customer finds this order. */
    checkoutKey: text('checkout_key'),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    phone: text('phone').notNull(),
    /** Stored in the spec's words (`pending`), read and written in the code's (`awaiting_shipment`). */
    status: textStoredAs('status', orderStatusOnWire).notNull().default('unpaid'),
    transactionId: text('transaction_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    expiredAt: timestamp('expired_at', { withTimezone: true, mode: 'date' }),
    /** Money returned to the card by refunds that succeeded (refunds.ts keeps it with its rows). */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /**
     * The money machine's state beside the fulfilment's (contract/money-transitions.ts). Null on a
     * row no payment reached yet, or one an instance without the column wrote: read it through
     * chargeStatusOfRow, which then asks the payment and the refunds.
     */
    chargeStatus: text('charge_status').$type<ChargeStatus>(),
    /** Why an admin cancelled a paid order, in words the customer reads. */
    cancelReason: text('cancel_reason'),
    /** The customer asked to cancel this paid, unshipped order (and why); an admin decides. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true, mode: 'date' }),
    cancelRequestNote: text('cancel_request_note'),
    /** The discount the order took, and its code and name as they were (docs/decisions/057). */
    discountId: uuid('discount_id').references((): AnyPgColumn => discounts.id),
    discountCode: text('discount_code'),
    discountLabel: text('discount_label'),
    /** Taken off the goods (the lines' shares add up to it); tax was computed on what is left. */
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    /** Shipping waived by a free-shipping discount (`shipping_cents` is what was charged). */
    shippingDiscountCents: bigint('shipping_discount_cents', { mode: 'number' }).notNull().default(0),
    /**
     * A guest's order: the network it came from (the client's address, IPv6 by its /64), hashed.
     * Unpaid holds and the mails of unpaid orders are limited per network (decision 073).
     */
    guestClient: text('guest_client'),
    /**
     * The invoice's number, given by the database when the order is first paid (a trigger of
     * drizzle/0039 takes the next from `document_numbers` in the paying transaction): sequential,
     * and without gaps, since a payment rolled back gives its number back with it.
     */
    invoiceNumber: bigint('invoice_number', { mode: 'number' }),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} >= 1`),
    check('orders_status_known', sql.raw(`status in (${wireOrderStatuses.map((s) => `'${s}'`).join(', ')})`)),
    check(
      'orders_charge_status_known',
      sql.raw(`charge_status in (${chargeStatuses.map((s) => `'${s}'`).join(', ')})`),
    ),
    check('orders_refunded_within_total', sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    check('orders_store_credit_within_total', sql`${t.storeCreditCents} between 0 and ${t.totalCents}`),
    check(
      'orders_on_account_within_total',
      sql`${t.onAccountCents} >= 0 and ${t.onAccountCents} + ${t.storeCreditCents} <= ${t.totalCents}`,
    ),
    check(
      'orders_balance_due_within_total',
      sql`${t.balanceDueCents} >= 0 and ${t.balanceDueCents} + ${t.onAccountCents} + ${t.storeCreditCents} <= ${t.totalCents}`,
    ),
    check('orders_shipping_tax_within_tax', sql`${t.shippingTaxCents} between 0 and ${t.taxCents}`),
    check(
      'orders_total_adds_up',
      sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents} + ${t.taxCents}`,
    ),
    check(
      'orders_discount_within_subtotal',
      sql`${t.discountCents} between 0 and ${t.subtotalCents} and ${t.shippingDiscountCents} >= 0`,
    ),
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_invoice_number_idx').on(t.invoiceNumber),
    // The books read the orders paid in a period, and their files page through them in this order.
    index('orders_paid_idx').on(t.paidAt, t.id).where(sql`${t.paidAt} is not null`),
    uniqueIndex('orders_checkout_key_idx').on(t.userId, t.checkoutKey),
    // A guest's checkout key, and the guests' orders by e-mail (claims) and unpaid (caps).
    uniqueIndex('orders_guest_checkout_key_idx')
      .on(t.checkoutKey)
      .where(sql`${t.userId} is null and ${t.checkoutKey} is not null`),
    index('orders_guest_email_idx').on(sql`lower(${t.userEmail})`).where(sql`${t.userId} is null`),
    index('orders_guest_unpaid_idx')
      .on(t.createdAt)
      .where(sql`${t.userId} is null and ${t.status} = 'unpaid'`),
    // A guest's orders by network and by mailbox however spelled (drizzle/0030's email_identity).
    index('orders_guest_client_idx').on(t.guestClient, t.createdAt).where(sql`${t.userId} is null`),
    index('orders_guest_identity_idx')
      .on(sql`email_identity(${t.userEmail})`, t.createdAt)
      .where(sql`${t.userId} is null`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The expiry job reads only unpaid orders past their hold.
    index('orders_unpaid_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'unpaid'`),
  ],
);

/**
 * The lines of an order: product, name and unit price as sold, quantity. Written with the order,
 * by the orders module only; what was sold never changes after. The counters say what has happened
 * to the units since, each kept under the order's row lock: shipped, released from the reservation
 * without shipping (refunded before they left), claimed by refunds (pending or succeeded), and
 * received back from returns.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    releasedQuantity: integer('released_quantity').notNull().default(0),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    /** The line's share of the order's discount: it sold for its total less this. */
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    /**
     * The product's core charge per unit when it was sold: a deposit on the old part, charged on
     * its own line (never discounted, taxed like the part) and given back once per unit, by a core
     * return or with the unit's own refund (docs/decisions/061).
     */
    coreChargeCents: bigint('core_charge_cents', { mode: 'number' }).notNull().default(0),
    /** The product's cost per unit when the order was placed (docs/books.md); null: not known then. */
    costCents: bigint('cost_cents', { mode: 'number' }),
    /** Units whose core charge refunds have claimed (pending or done). */
    coresRefunded: integer('cores_refunded').notNull().default(0),
    /** Old parts received back by core returns. */
    coresReturned: integer('cores_returned').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'order_lines_counters_within_quantity',
      sql`${t.shippedQuantity} >= 0 and ${t.releasedQuantity} >= 0 and ${t.shippedQuantity} + ${t.releasedQuantity} <= ${t.quantity}
        and ${t.refundedQuantity} between 0 and ${t.quantity} and ${t.returnedQuantity} between 0 and ${t.shippedQuantity}`,
    ),
    check(
      'order_lines_discount_within_line',
      sql`${t.discountCents} between 0 and ${t.unitPriceCents} * ${t.quantity}`,
    ),
    check('order_lines_cost_not_negative', sql`${t.costCents} is null or ${t.costCents} >= 0`),
    check(
      'order_lines_cores_within_quantity',
      sql`${t.coreChargeCents} >= 0 and ${t.coresRefunded} between 0 and ${t.quantity} and ${t.coresReturned} between 0 and ${t.quantity}`,
    ),
    index('order_lines_product_idx').on(t.productId),
  ],
);

/**
 * The last number given to each kind of document (`invoice`, `credit_note`), kept by the database's
 * triggers alone (drizzle/0039): the row is updated in the transaction that pays the order or
 * settles the refund, so two instances wait for each other there and a rollback takes its number
 * back. A sequence would be faster, and leave a gap for every rollback.
 */
export const documentNumbers = pgTable('document_numbers', {
  kind: text('kind').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull().default(0),
});

/** Every transition of an order, written by the orders module's state machine in the same transaction. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    event: text('event').notNull(),
    /** Null for the order's creation. */
    fromStatus: textStoredAs('from_status', orderStatusOnWire),
    toStatus: textStoredAs('to_status', orderStatusOnWire).notNull(),
    actor: text('actor', { enum: orderActors }).notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * The payments an order took for parts added after it was paid by card (decision 104), beside its
 * first (`orders.transaction_id`): one row per payment, written when it settled the balance, so a
 * refund can go back to it and the books count it as the order's own. A balance payment not here
 * came too late and was given back.
 */
export const orderBalancePayments = pgTable(
  'order_balance_payments',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('order_balance_payments_order_idx').on(t.orderId),
    check('order_balance_payments_positive', sql`${t.amountCents} > 0`),
  ],
);
