import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Address } from '../../contract/addresses';
import { productStatuses } from '../../contract/catalog';
import { orderStatuses } from '../../contract/orders';
import { user } from './auth-schema';

export * from './after-sale-schema';
export * from './audit-schema';
export * from './auth-schema';
export * from './cart-reminder-schema';
export * from './cart-schema';
export * from './catalog-schema';
export * from './discount-schema';
export * from './fitment-schema';
export * from './inbox-schema';
export * from './limits-schema';
export * from './mail-schema';
export * from './order-core-schema';
export * from './settings-schema';

import { discounts } from './discount-schema';
import { categories } from './fitment-schema';

/** PostgreSQL's text-search document; written only by a trigger (drizzle/0020). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The store's tables. One schema for PGlite and PostgreSQL (docs/decisions/001); migrations in
 * drizzle/ are generated from this file with `npm run db:generate`. Who writes which table is in
 * docs/architecture.md: stock only through the inventory module, orders only through the orders module.
 */

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    /** Money is integer cents; the API shows dollars. */
    priceCents: integer('price_cents').notNull(),
    description: text('description').array().notNull(),
    /**
     * The description's sentences as one text, kept by a trigger (drizzle/0006) for `?search=`:
     * a real column has statistics and a plain trigram index, which an expression cannot have.
     */
    descriptionText: text('description_text').notNull().default(''),
    /**
     * What buyers can still order: on hand minus reserved, kept so by a CHECK. Written only by the
     * inventory module, with the two figures it is made of (docs/decisions/037).
     */
    availableQuantity: integer('available_quantity').notNull(),
    /**
     * Units on the shelf: the sum of this product's on-hand movements (a product's first stock is
     * its opening movement, drizzle/0008; a trigger copies the opening figure in, drizzle/0021).
     */
    onHandQuantity: integer('on_hand_quantity').notNull().default(0),
    /** Units promised to live orders and not yet shipped: the sum of its reserved movements. */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Set while the product is not on sale: archived or a draft (see `status`), or deleted by an
     * admin while orders name it. Every reader of "can this be sold" (orders, cart, pricing, stock)
     * tests this one column, so a draft can never be ordered (docs/decisions/044).
     */
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
    /** The owner's choice: a draft is being prepared, an archived product is kept but not sold. */
    status: text('status', { enum: productStatuses }).notNull().default('active'),
    /** Parts catalog (fitment-schema.ts): where it is filed, who makes it, what it is sold as. */
    categorySlug: text('category_slug').references((): AnyPgColumn => categories.slug, {
      onDelete: 'set null',
    }),
    brand: text('brand').notNull().default(''),
    sku: text('sku'),
    partNumber: text('part_number'),
    /** The UPC/EAN (GTIN) printed on the box, digits only. */
    upc: text('upc'),
    /** Fits every vehicle (a wrench, a charger): shown with any vehicle chosen. */
    universalFit: boolean('universal_fit').notNull().default(false),
    /** The product that replaces this one: one way, never a cycle (the catalog checks it under a lock). */
    supersededById: uuid('superseded_by_id').references((): AnyPgColumn => tools.id, {
      onDelete: 'set null',
    }),
    /** Shipping facts, in the units a US parts counter uses. */
    weightLb: numeric('weight_lb', { precision: 10, scale: 3 }),
    lengthIn: numeric('length_in', { precision: 8, scale: 2 }),
    widthIn: numeric('width_in', { precision: 8, scale: 2 }),
    heightIn: numeric('height_in', { precision: 8, scale: 2 }),
    /** Hazardous goods (batteries, aerosols): may only travel by ground. */
    groundOnly: boolean('ground_only').notNull().default(false),
    /** Refundable deposit on the old part; a field only until pricing adds it as its own line. */
    coreChargeCents: integer('core_charge_cents').notNull().default(0),
    /** Low stock at or under this many units; null: the store's default (LOW_STOCK_FACTOR x minimum order). */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * What the search box matches: name and own numbers, brand and category, description, stemmed
     * in English. Kept by a trigger from the columns it is made of (drizzle/0020).
     */
    searchDocument: tsvector('search_document'),
    /** When the owner last changed the product (not its stock). */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('tools_price_positive', sql`${t.priceCents} >= 100`),
    check('tools_stock_not_negative', sql`${t.availableQuantity} >= 0`),
    check('tools_on_hand_not_negative', sql`${t.onHandQuantity} >= 0`),
    check('tools_reserved_not_negative', sql`${t.reservedQuantity} >= 0`),
    check(
      'tools_available_is_on_hand_less_reserved',
      sql`${t.availableQuantity} = ${t.onHandQuantity} - ${t.reservedQuantity}`,
    ),
    check('tools_minimum_positive', sql`${t.minimumOrderQuantity} >= 1`),
    check('tools_status_known', sql.raw(`status in (${productStatuses.map((s) => `'${s}'`).join(', ')})`)),
    check('tools_not_sold_unless_active', sql`${t.status} = 'active' or ${t.retiredAt} is not null`),
    check('tools_core_charge_not_negative', sql`${t.coreChargeCents} >= 0`),
    check('tools_low_stock_not_negative', sql`${t.lowStockThreshold} >= 0`),
    check('tools_not_superseded_by_itself', sql`${t.supersededById} <> ${t.id}`),
    // The catalog shows live products only, so its indexes leave retired ones out. Each sort of
    // GET /tool reads its own index in order (backwards for newest and -price) and stops after a page.
    index('tools_catalog_order_idx').on(t.createdAt, t.id).where(sql`${t.retiredAt} is null`),
    index('tools_price_order_idx').on(t.priceCents, t.id).where(sql`${t.retiredAt} is null`),
    index('tools_name_order_idx').on(sql`lower(${t.name})`, t.id).where(sql`${t.retiredAt} is null`),
    // `?search=` matches words in this document (decision 046); drafts and archived products are
    // searched by the admin's lists too, so the index covers every product.
    index('tools_search_idx').using('gin', t.searchDocument),
    index('tools_category_idx').on(t.categorySlug).where(sql`${t.retiredAt} is null`),
    index('tools_brand_idx').on(t.brand).where(sql`${t.retiredAt} is null`),
    index('tools_superseded_by_idx').on(t.supersededById),
    uniqueIndex('tools_sku_unique').on(t.sku),
    // Counts under the catalog's filters (vehicle, category, brand, price) read this index alone
    // instead of the whole table. Stock is left out: an index on it would make every stock change
    // a non-HOT update that writes every index.
    index('tools_filter_cover_idx')
      .on(t.universalFit, t.categorySlug, t.brand, t.priceCents, t.id)
      .where(sql`${t.retiredAt} is null`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    comment: text('comment').notNull(),
    commenter: text('commenter').notNull(),
    ratings: integer('ratings').notNull(),
    /** The account that wrote it; the demo reviews have none. */
    userId: text('user_id'),
    /** The product reviewed; none for the spec's reviews of the store itself. */
    toolId: uuid('tool_id').references((): AnyPgColumn => tools.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_ratings_range', sql`${t.ratings} between 1 and 5`),
    index('reviews_created_at_idx').on(t.createdAt),
    index('reviews_tool_idx').on(t.toolId, t.createdAt),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The admin Inbox (modules/contact): when an admin first opened it, when it was dealt with. */
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt, t.id),
    // A sender's earlier messages: one acknowledgment an hour per address (modules/mail/contact-mail.ts).
    index('contact_messages_email_idx').on(t.email, t.createdAt),
  ],
);

/** Facts about the store's own data, such as whether the demo catalog was ever seeded. */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** What a customer keeps on their profile page (education, address, LinkedIn, phone). One row per user. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  education: text('education').notNull(),
  address: text('address').notNull(),
  linkedin: text('linkedin').notNull(),
  phone: text('phone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Orders, written only by the orders module; every change of `status` goes through its state
 * machine (order-state.ts), which also writes order_events. The tool's name and price are copied in
 * when the order is placed, so an order keeps what the customer agreed to even if the product
 * changes later. Money is 64-bit cents: the largest price times the largest quantity overflows 32 bits.
 */
/** Order numbers start at 10001, so every number a customer reads has five digits for a long while. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    /** The customer's account; null for a guest's order until an account claims it (decision 059). */
    userId: text('user_id').references(() => user.id),
    /** The spec's `orderName`: the line's product, or the first line's and how many more. */
    toolName: text('tool_name').notNull(),
    /** The spec's `price`: a one-line order's unit price; the subtotal of a longer order. */
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    /** Units over all lines. */
    quantity: integer('quantity').notNull(),
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
    status: text('status', { enum: orderStatuses }).notNull().default('unpaid'),
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
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} >= 1`),
    check('orders_status_known', sql.raw(`status in (${orderStatuses.map((s) => `'${s}'`).join(', ')})`)),
    check('orders_refunded_within_total', sql`${t.refundedCents} between 0 and ${t.totalCents}`),
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
    uniqueIndex('orders_checkout_key_idx').on(t.userId, t.checkoutKey),
    // A guest's checkout key, and the guests' orders by e-mail (claims) and unpaid (caps).
    uniqueIndex('orders_guest_checkout_key_idx')
      .on(t.checkoutKey)
      .where(sql`${t.userId} is null and ${t.checkoutKey} is not null`),
    index('orders_guest_email_idx').on(sql`lower(${t.userEmail})`).where(sql`${t.userId} is null`),
    index('orders_guest_unpaid_idx')
      .on(t.createdAt)
      .where(sql`${t.userId} is null and ${t.status} = 'unpaid'`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The expiry job reads only unpaid orders past their hold.
    index('orders_unpaid_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'unpaid'`),
    index('orders_tool_idx').on(t.toolId),
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
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    toolName: text('tool_name').notNull(),
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
    check(
      'order_lines_cores_within_quantity',
      sql`${t.coreChargeCents} >= 0 and ${t.coresRefunded} between 0 and ${t.quantity} and ${t.coresReturned} between 0 and ${t.quantity}`,
    ),
    index('order_lines_tool_idx').on(t.toolId),
  ],
);

/**
 * One payment intent per order and provider attempt. For the simulated processor this table is
 * the processor's own record; for Stripe it mirrors what Stripe reported.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider', { enum: ['simulated', 'stripe'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('usd'),
    clientSecret: text('client_secret').notNull(),
    status: text('status', { enum: ['open', 'succeeded', 'failed'] })
      .notNull()
      .default('open'),
    lastError: text('last_error'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('payment_intents_order_idx').on(t.orderId, t.provider)],
);

/**
 * Stripe webhook events already handled: the webhook reads it first, so a redelivered event is
 * answered 200 and changes nothing.
 */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
