import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';
import { products } from './catalog-core-schema';

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
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    // The cascade of a product's deletion finds its lines by this index, not by a scan of every cart.
    index('cart_lines_product_idx').on(t.productId),
    check('cart_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/**
 * When each customer's cart last changed: written only by the `cart_lines_touch` trigger
 * (drizzle/0027), so every way a cart changes counts. No foreign key: the trigger also fires while
 * an account's lines go with the account. Read by the cart reminders (edge/cart-reminders).
 */
export const cartActivity = pgTable('cart_activity', {
  userId: text('user_id').primaryKey(),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
