import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { outboxStatusOnWire } from '../../../contract/outbox';
import { textStoredAs } from './stored-words';

/** The outbox is the outbox module's (`publish`); the job runner marks its messages delivered (kernel/jobs). */

/**
 * The transactional outbox: a message for one subscriber, written in the transaction of the change
 * that caused it and delivered at least once by the job runner of any instance. `key` names the
 * event, so the same event is never queued twice for one subscriber.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriber: text('subscriber').notNull(),
    topic: text('topic').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    /** Stored as the API says it (`pending`), read and written as the code says it (`queued`). */
    status: textStoredAs('status', outboxStatusOnWire)
      .notNull()
      .default(sql.raw(`'${outboxStatusOnWire.queued}'`)),
    /** Deliveries started (a claim released before its delivery started does not count). */
    attempts: integer('attempts').notNull().default(0),
    /** Not claimed before this: the backoff after a failure. */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A claim's lease: a runner that died mid-delivery frees the message when it passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /**
     * The fencing token of the latest claim, from `outbox_fences`: only the runner holding it may
     * start, mark or fail the message, and what a delivery writes elsewhere (the mail it sends)
     * carries it, so a runner whose lease ran out cannot act after another took over.
     */
    fence: bigint('fence', { mode: 'number' }),
    /** When the current run of failures began: past OUTBOX_RETRY_HOURS of them the message is dead. */
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('outbox_messages_subscriber_key_idx').on(t.subscriber, t.key),
    // Each subscriber claims its own due messages.
    index('outbox_messages_subscriber_due_idx')
      .on(t.subscriber, t.runAfter, t.id)
      .where(sql`${t.status} = ${sql.raw(`'${outboxStatusOnWire.queued}'`)}`),
    // The retention job finds delivered messages by age.
    index('outbox_messages_delivered_idx').on(t.deliveredAt).where(sql`${t.status} = 'delivered'`),
  ],
);

/** Fencing tokens of outbox claims: every claim takes a larger one than any before it. */
export const outboxFences = pgSequence('outbox_fences');
