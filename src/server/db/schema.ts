import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

export * from './auth-schema';

/**
 * The store's tables. One schema for PGlite and PostgreSQL (DESIGN.md section 2); migrations in
 * drizzle/ are generated from this file with `npm run db:generate`.
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
    availableQuantity: integer('available_quantity').notNull(),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('tools_price_positive', sql`${t.priceCents} >= 100`),
    check('tools_stock_not_negative', sql`${t.availableQuantity} >= 0`),
    check('tools_minimum_positive', sql`${t.minimumOrderQuantity} >= 1`),
    index('tools_created_at_idx').on(t.createdAt),
    index('tools_price_idx').on(t.priceCents),
    index('tools_name_idx').on(t.name),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    comment: text('comment').notNull(),
    commenter: text('commenter').notNull(),
    ratings: integer('ratings').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_ratings_range', sql`${t.ratings} between 1 and 5`),
    index('reviews_created_at_idx').on(t.createdAt),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Facts about the store's own data, such as whether the demo catalog was ever seeded. */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** What a customer keeps on their profile page (SPEC.md section 3: Profile). One row per user. */
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
