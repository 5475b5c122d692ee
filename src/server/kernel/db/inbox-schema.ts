import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

/**
 * The admin Inbox beside `contact_messages` (contact-schema.ts): the replies admins send, written only by
 * the contact module; and each admin's notification e-mails, written only by the notifications
 * module (no row: every notification is on).
 */

export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey(),
    /** The contact_messages row answered (messages are never deleted, so no foreign key is needed). */
    messageId: uuid('message_id').notNull(),
    body: text('body').notNull(),
    /** Who replied, as they were named then: the reply outlives a renamed or removed account. */
    adminUserId: text('admin_user_id'),
    adminName: text('admin_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);

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
