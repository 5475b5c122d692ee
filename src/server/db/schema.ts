import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
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
import type { Address } from '../../contract/addresses';
import { orderStatuses } from '../../contract/orders';
import { shippingMethods } from '../../contract/pricing';
import { user } from './auth-schema';

export * from './auth-schema';
export * from './cart-schema';
export * from './fitment-schema';
export * from './inbox-schema';
export * from './limits-schema';
export * from './mail-schema';
export * from './order-core-schema';

import { categories } from './fitment-schema';

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
     * Written only by the inventory module, always equal to the sum of this product's
     * stock_movements (a product's first stock is its opening movement, see drizzle/0008).
     */
    availableQuantity: integer('available_quantity').notNull(),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Set when an admin deletes a product that has orders: hidden from the catalog, kept for them. */
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
    /** Parts catalog (fitment-schema.ts): where it is filed, who makes it, what it is sold as. */
    categorySlug: text('category_slug').references((): AnyPgColumn => categories.slug, {
      onDelete: 'set null',
    }),
    brand: text('brand').notNull().default(''),
    sku: text('sku'),
    partNumber: text('part_number'),
    /** Fits every vehicle (a wrench, a charger): shown with any vehicle chosen. */
    universalFit: boolean('universal_fit').notNull().default(false),
  },
  (t) => [
    check('tools_price_positive', sql`${t.priceCents} >= 100`),
    check('tools_stock_not_negative', sql`${t.availableQuantity} >= 0`),
    check('tools_minimum_positive', sql`${t.minimumOrderQuantity} >= 1`),
    // The catalog shows live products only, so its indexes leave retired ones out. Each sort of
    // GET /tool reads its own index in order (backwards for newest and -price) and stops after a page.
    index('tools_catalog_order_idx').on(t.createdAt, t.id).where(sql`${t.retiredAt} is null`),
    index('tools_price_order_idx').on(t.priceCents, t.id).where(sql`${t.retiredAt} is null`),
    index('tools_name_order_idx').on(sql`lower(${t.name})`, t.id).where(sql`${t.retiredAt} is null`),
    // `?search=` is ILIKE '%term%' on the name or the description: trigram indexes (pg_trgm,
    // created in drizzle/0004) answer it without reading every product.
    index('tools_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).where(sql`${t.retiredAt} is null`),
    index('tools_description_trgm_idx')
      .using('gin', t.descriptionText.op('gin_trgm_ops'))
      .where(sql`${t.retiredAt} is null`),
    index('tools_brand_trgm_idx').using('gin', t.brand.op('gin_trgm_ops')).where(sql`${t.retiredAt} is null`),
    index('tools_category_idx').on(t.categorySlug).where(sql`${t.retiredAt} is null`),
    index('tools_brand_idx').on(t.brand).where(sql`${t.retiredAt} is null`),
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_ratings_range', sql`${t.ratings} between 1 and 5`),
    index('reviews_created_at_idx').on(t.createdAt),
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
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
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
    shippingMethod: text('shipping_method', { enum: shippingMethods }),
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
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} >= 1`),
    check('orders_status_known', sql.raw(`status in (${orderStatuses.map((s) => `'${s}'`).join(', ')})`)),
    check(
      'orders_total_adds_up',
      sql`${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} + ${t.taxCents}`,
    ),
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_checkout_key_idx').on(t.userId, t.checkoutKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The expiry job reads only unpaid orders past their hold.
    index('orders_unpaid_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'unpaid'`),
    index('orders_tool_idx').on(t.toolId),
  ],
);

/**
 * The lines of an order: product, name and unit price as sold, quantity. Written with the order,
 * by the orders module only, and never changed after.
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
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
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
