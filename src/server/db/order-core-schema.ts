import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stockMovementReasons } from '../../contract/inventory';
import { orderActors, orderStatuses } from '../../contract/orders';
import { user } from './auth-schema';
import { orders, tools } from './schema';

/**
 * The stock ledger, written only by the inventory module: one row per change of a product's stock.
 * A product's on hand and reserved figures are the sums of its rows' deltas, kept so in the same
 * statement (docs/decisions/037).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // A product deleted outright (never ordered) takes its ledger with it; ordered ones are only retired.
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    /** The change of what buyers can order: on-hand delta less reserved delta. */
    delta: integer('delta').notNull(),
    /** The change of the units on the shelf. */
    onHandDelta: integer('on_hand_delta').notNull().default(0),
    /** The change of the units promised to live orders. */
    reservedDelta: integer('reserved_delta').notNull().default(0),
    reason: text('reason', { enum: stockMovementReasons }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** The admin who adjusted it; null for movements the store made itself. */
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movements_delta_adds_up', sql`${t.delta} = ${t.onHandDelta} - ${t.reservedDelta}`),
    // A returned part written off moves nothing but is recorded; every other row moves something.
    check(
      'stock_movements_moves_something',
      sql`${t.onHandDelta} <> 0 or ${t.reservedDelta} <> 0 or ${t.reason} = 'damaged'`,
    ),
    index('stock_movements_tool_idx').on(t.toolId, t.id),
    index('stock_movements_order_idx').on(t.orderId),
  ],
);

/** Every transition of an order, written by the orders module's state machine in the same transaction. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    event: text('event').notNull(),
    /** Null for the order's creation. */
    fromStatus: text('from_status', { enum: orderStatuses }),
    toStatus: text('to_status', { enum: orderStatuses }).notNull(),
    actor: text('actor', { enum: orderActors }).notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

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
    status: text('status', { enum: ['pending', 'delivered', 'dead'] })
      .notNull()
      .default('pending'),
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
      .where(sql`${t.status} = 'pending'`),
    // The retention job finds delivered messages by age.
    index('outbox_messages_delivered_idx').on(t.deliveredAt).where(sql`${t.status} = 'delivered'`),
  ],
);

/** Fencing tokens of outbox claims: every claim takes a larger one than any before it. */
export const outboxFences = pgSequence('outbox_fences');

/** Recurring background jobs (the expiry sweep): whichever instance claims a due row runs it. */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
});
