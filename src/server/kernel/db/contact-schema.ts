import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages from the contact form, written only by the contact module (its replies: inbox-schema.ts). */
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
    // A sender's earlier messages: one acknowledgment an hour per address (edge/mail/subscribers/contact-subscriber.ts).
    index('contact_messages_email_idx').on(t.email, t.createdAt),
  ],
);
