import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

/**
 * The vehicles module's tables (docs/decisions/016-parts-catalog-and-fitment.md): the vehicles the
 * store knows and the vehicles customers keep in My Garage.
 */

/**
 * The vehicles the picker offers (year, make, model, engine), shipped with the store in a
 * migration. `engine` is '' nowhere: a row is one engine of one model in one year.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    engine: text('engine').notNull(),
  },
  (t) => [
    unique('vehicles_unique').on(t.year, t.make, t.model, t.engine),
    index('vehicles_make_idx').on(t.make),
  ],
);

/** A customer's My Garage: several vehicles, at most one of them active. */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    /** '' when the customer did not say. */
    engine: text('engine').notNull().default(''),
    active: boolean('active').notNull().default(false),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('garage_vehicles_unique').on(t.userId, t.year, t.make, t.model, t.engine),
    uniqueIndex('garage_one_active_idx').on(t.userId).where(sql`${t.active}`),
  ],
);
