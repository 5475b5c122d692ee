import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stockMovementReasons } from '../../../contract/inventory';
import { locationKinds, transferStatuses } from '../../../contract/locations';
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
    /**
     * Where the units moved (decision 099). Null only for a move made by an instance of the release
     * before locations, during a rolling restart; every move of this release names its place.
     */
    locationId: text('location_id').references(() => stockLocations.id),
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
    // Rows without a place (written by the release before places during the roll): found by a
    // probe on each move, so kept in an index of their own that is empty once they are placed.
    index('stock_movements_unplaced_idx').on(t.productId).where(sql`${t.locationId} is null`),
  ],
);

/**
 * The places stock is kept (decision 099): a warehouse, the shop's shelf, a supplier that ships
 * for the store. The owner orders them (`pick_order`, lowest first): a new order takes its units
 * from the first that has them, and a count or a return with no place named goes to the first.
 * `main` is the store's first place and cannot be closed while it is the only one open.
 */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: locationKinds }).notNull().default('warehouse'),
    line1: text('line1'),
    city: text('city'),
    /** A state or province code: an order shipping to it takes units from here before places further off. */
    region: text('region'),
    postalCode: text('postal_code'),
    country: text('country').notNull().default('US'),
    pickOrder: integer('pick_order').notNull().default(1),
    /** A closed place takes no new stock and no orders; its history stays. Closed only when empty. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stock_locations_name_idx').on(sql`lower(${t.name})`)],
);

/**
 * A product's stock at one place (decision 099), written by the inventory only, in the statement
 * after the one that moves the product's total (stock_levels), under the same row lock: on hand,
 * reserved for live orders, what can still be sold from here, and the bin it sits in.
 */
export const locationStock = pgTable(
  'location_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locationId: text('location_id')
      .notNull()
      .references(() => stockLocations.id),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    available: integer('available').notNull().default(0),
    bin: text('bin'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locationId] }),
    index('location_stock_location_idx').on(t.locationId, t.bin),
    check('location_stock_on_hand_not_negative', sql`${t.onHand} >= 0`),
    check('location_stock_reserved_not_negative', sql`${t.reserved} >= 0`),
    check(
      'location_stock_available_is_on_hand_less_reserved',
      sql`${t.available} = ${t.onHand} - ${t.reserved}`,
    ),
    check('location_stock_available_not_negative', sql`${t.available} >= 0`),
  ],
);

/**
 * Units sent from one place to another (decision 099): they leave the first place's shelf when
 * sent (a `transfer_out` movement) and are on no shelf while in transit, so nobody sells them
 * twice; received, they go onto the second place's shelf (`transfer_in`); cancelled in transit,
 * back onto the first's.
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: serial('number').notNull().unique(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fromLocationId: text('from_location_id')
      .notNull()
      .references(() => stockLocations.id),
    toLocationId: text('to_location_id')
      .notNull()
      .references(() => stockLocations.id),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: transferStatuses }).notNull().default('in_transit'),
    note: text('note'),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('stock_transfers_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_transfers_two_places', sql`${t.fromLocationId} <> ${t.toLocationId}`),
    index('stock_transfers_status_idx').on(t.status, t.createdAt),
  ],
);

/** The store's first place (decision 099); the key `stock_levels` kept from before places. */
export const MAIN_LOCATION = 'main';

/**
 * A product's stock over every place, owned and written by the inventory module only (decisions
 * 089, 099): on hand, reserved for live orders, and what buyers can still order. Each is the sum of
 * the product's ledger rows and of its location_stock rows; a product gets its row when it is
 * created (the opening trigger). The row keeps the `location_id` key it had before places came
 * (always 'main', which instances of the release before write on conflict), so it is the product's
 * total, not the stock at `main`. For one release the same figures stay on the catalog's
 * `products` row too, moved by the same statement, for instances of the release before during a
 * rolling restart.
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
    // The product's total, one row per product: product_stock reads it as it is, so the catalog
    // joins it by index (a sum over location_stock would be grouped, decision 089).
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
