import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every vehicle sold in the US and Canada since 1981, from NHTSA's vPIC data
 * (docs/decisions/084-every-vehicle-from-vpic.md): loaded from the store's vehicle-data/ folder at
 * first start (or `npm run vehicles:load`), one step per table, each recorded in
 * vehicle_data_loads so an interrupted load goes on where it stopped. Ids are vPIC's own. The
 * vehicles module writes them; the picker reads them beside the vehicles table of 0012.
 */
export const vpicMakes = pgTable(
  'vpic_makes',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [index('vpic_makes_name_idx').on(t.name)],
);

export const vpicModels = pgTable(
  'vpic_models',
  {
    id: integer('id').primaryKey(),
    makeId: integer('make_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('vpic_models_make_idx').on(t.makeId, t.name)],
);

/** The model years a model was offered in, as ranges (one row per run of consecutive years). */
export const vpicModelYears = pgTable(
  'vpic_model_years',
  {
    modelId: integer('model_id').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.yearFrom] }),
    index('vpic_model_years_years_idx').on(t.yearFrom, t.yearTo, t.modelId),
  ],
);

/** A model's engines ('2.4L I4') and trims ('EX-L') over a range of model years. */
export const vpicModelVariants = pgTable(
  'vpic_model_variants',
  {
    modelId: integer('model_id').notNull(),
    kind: text('kind', { enum: ['engine', 'trim'] }).notNull(),
    name: text('name').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.kind, t.name, t.yearFrom] }),
    check('vpic_model_variants_kind', sql`${t.kind} in ('engine', 'trim')`),
  ],
);

/** Which release of the vehicle data is loaded: one row per step done, with its source and date. */
export const vehicleDataLoads = pgTable(
  'vehicle_data_loads',
  {
    source: text('source').notNull(),
    step: text('step').notNull(),
    vpicDate: text('vpic_date').notNull(),
    rows: integer('rows').notNull(),
    loadedAt: timestamp('loaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.step] })],
);
