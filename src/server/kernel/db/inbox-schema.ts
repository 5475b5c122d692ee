import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The admin Inbox beside `contact_messages` (contact-schema.ts): the replies admins send, written only by
 * the contact module.
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
