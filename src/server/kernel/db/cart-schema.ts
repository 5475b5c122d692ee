import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth-schema';
import { tools } from './catalog-core-schema';

/**
 * A signed-in customer's cart: one row per product, written only by the cart module. Prices are
 * not kept here: a cart is priced from the catalog each time it is shown, and an order copies the
 * price at the moment it is placed.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * A retired product keeps its row, so its line stays to be explained ("no longer sold"); a
     * product deleted outright (nobody ordered it) takes its lines with it, so no cart is left
     * holding a line that can neither be shown nor checked out.
     */
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.toolId] }),
    // The cascade of a product's deletion finds its lines by this index, not by a scan of every cart.
    index('cart_lines_tool_idx').on(t.toolId),
    check('cart_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/** A customer's address book, written only by the addresses module. At most one default each. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
