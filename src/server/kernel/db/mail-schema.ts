import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { mailStatuses } from '../../../contract/mail';

/**
 * Every mail the store sends, written only by the mail module. `key` is the outbox message's key
 * (plus the mail's kind): a redelivered message finds its row and sends nothing twice. Without an
 * SMTP server the row is the mail, kept for admins to read (status `kept`).
 */
export const mails = pgTable(
  'mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: mailStatuses }).notNull(),
    /**
     * What the mail carries that opens an account (a reset link's token), so the Mailbox can hide
     * it. Cleared, and masked in `html` and `text`, once the SMTP server accepted the mail.
     */
    secret: text('secret'),
    /** The order the mail is about, when it is about one (no foreign key: the mail outlives nothing). */
    orderId: uuid('order_id'),
    /**
     * The fencing token of the outbox delivery that holds the mail (outbox_messages.fence): a
     * delivery takes a pending mail over only with a larger token, and marks it sent only while it
     * still holds it, so a delivery whose lease ran out neither sends nor marks after another took over.
     */
    fence: bigint('fence', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('mails_key_idx').on(t.key),
    index('mails_created_idx').on(t.createdAt, t.id),
    // An order's mails: whether its waiting-for-payment mail went out (decision 073).
    index('mails_order_idx').on(t.orderId),
    check('mails_status_known', sql.raw(`status in (${mailStatuses.map((s) => `'${s}'`).join(', ')})`)),
  ],
);
