import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
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
 * A product's `available_quantity` is the sum of its rows, kept so in the same transaction.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // A product deleted outright (never ordered) takes its ledger with it; ordered ones are only retired.
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: stockMovementReasons }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** The admin who adjusted it; null for movements the store made itself. */
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movements_delta_not_zero', sql`${t.delta} <> 0`),
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
    attempts: integer('attempts').notNull().default(0),
    /** Not claimed before this: the backoff after a failure. */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A claim's lease: a runner that died mid-delivery frees the message when it passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('outbox_messages_subscriber_key_idx').on(t.subscriber, t.key),
    index('outbox_messages_due_idx').on(t.runAfter, t.id).where(sql`${t.status} = 'pending'`),
  ],
);

/** Recurring background jobs (the expiry sweep): whichever instance claims a due row runs it. */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
});
