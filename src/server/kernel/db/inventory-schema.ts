import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stockMovementReasons } from '../../../contract/inventory';
import { user } from './auth-schema';
import { tools } from './catalog-core-schema';
import { orders } from './order-core-schema';

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
