import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

/**
 * When each customer's cart last changed: written only by the `cart_lines_touch` trigger
 * (drizzle/0027), so every way a cart changes counts. No foreign key: the trigger also fires while
 * an account's lines go with the account. Read by the cart reminders (edge/cart-reminders).
 */
export const cartActivity = pgTable('cart_activity', {
  userId: text('user_id').primaryKey(),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The cart reminders of one customer, written only by edge/cart-reminders: the cart change the
 * last reminder was about (a cart reminded of is reminded of again only after it changed and sat
 * another day), and the unsubscribe, kept for good.
 */
export const cartReminders = pgTable('cart_reminders', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  remindedFor: timestamp('reminded_for', { withTimezone: true, mode: 'date' }),
  remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
});
