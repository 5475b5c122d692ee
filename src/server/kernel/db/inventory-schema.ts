import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { stockMovementReasons } from '../../../contract/inventory';
import { user } from './auth-schema';
import { products } from './catalog-core-schema';
import { orders } from './order-core-schema';

/**
 * The stock ledger, written only by the inventory module: one row per change of a product's stock.
 * A product's on hand and reserved figures (its stock_levels rows) are the sums of its rows'
 * deltas, kept so in the same statement (docs/decisions/037, 089).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // A product deleted outright (never ordered) takes its ledger with it; ordered ones are only retired.
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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
    index('stock_movements_product_idx').on(t.productId, t.id),
    index('stock_movements_order_idx').on(t.orderId),
  ],
);

/** Where stock is kept. One location for now; several per product are a later step (docs/decisions/089). */
export const MAIN_LOCATION = 'main';

/**
 * A product's stock at one location, owned and written by the inventory module only (decision 089):
 * on hand, reserved for live orders, and what buyers can still order. Each is the sum of the
 * product's ledger rows; a product gets its 'main' row when it is created (the opening trigger,
 * drizzle/0038). For one release the same figures stay on the catalog's `products` row too, moved by
 * the same statement, for instances of the release before during a rolling restart.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locationId: text('location_id').notNull().default(MAIN_LOCATION),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    available: integer('available').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locationId] }),
    check('stock_levels_available_not_negative', sql`${t.available} >= 0`),
    check('stock_levels_on_hand_not_negative', sql`${t.onHand} >= 0`),
    check('stock_levels_reserved_not_negative', sql`${t.reserved} >= 0`),
    check(
      'stock_levels_available_is_on_hand_less_reserved',
      sql`${t.available} = ${t.onHand} - ${t.reserved}`,
    ),
    // One location per product until locations are a feature of their own (a later issue): the
    // product's row is then the sum over its locations, which product_stock and the move rely on.
    check('stock_levels_one_location_for_now', sql`${t.locationId} = 'main'`),
  ],
);

/**
 * A product's stock over every location: the view other rooms read stock through (created in
 * drizzle/0038; `existing`, so drizzle-kit leaves it to the migration). With one location per
 * product it is the product's one row, which the planner can join by index; the day locations
 * come it becomes the sum (decision 089). A product without a row has none.
 */
export const productStock = pgView('product_stock', {
  productId: uuid('product_id').notNull(),
  onHand: integer('on_hand').notNull(),
  reserved: integer('reserved').notNull(),
  available: integer('available').notNull(),
}).existing();
