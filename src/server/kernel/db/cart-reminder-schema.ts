import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

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
