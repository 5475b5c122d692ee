import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

/** Each admin's notification e-mails, written only by edge/notifications (no row: every notification is on). */
export const adminNotificationSettings = pgTable('admin_notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  emailOnNewOrder: boolean('email_on_new_order').notNull().default(true),
  emailOnNewMessage: boolean('email_on_new_message').notNull().default(true),
  /** The daily list of products at or under their low-stock threshold: only for admins who ask. */
  emailLowStockDigest: boolean('email_low_stock_digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
