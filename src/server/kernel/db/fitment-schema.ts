import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { partNumberKinds } from '../../../contract/catalog';
import { products } from './catalog-core-schema';

/**
 * What makes the catalog a parts catalog (docs/decisions/016-parts-catalog-and-fitment.md): every
 * number a part is known by and the vehicles each part fits. The catalog module writes them; the
 * vehicles the store knows and My Garage are the vehicles module's (vehicles-schema.ts).
 */

/**
 * Every number a product is found by: its SKU, its maker's part number, and cross-references
 * (the vehicle maker's OEM number, other brands' equivalents). `key` is the number in lower case
 * with everything but letters and digits taken out, so `BR-320V`, `br320v` and `BR 320 V` meet.
 */
export const partNumbers = pgTable(
  'part_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    key: text('key').notNull(),
    kind: text('kind', { enum: partNumberKinds }).notNull(),
    /** Whose number it is (the vehicle maker for OEM, the other brand for an interchange). */
    brand: text('brand').notNull().default(''),
  },
  (t) => [
    // Prefix matches (`key like 'br32%'`) read this index whatever the database's collation.
    index('part_numbers_key_idx').on(t.key.op('text_pattern_ops')),
    index('part_numbers_product_idx').on(t.productId),
    check('part_numbers_key_shape', sql`${t.key} ~ '^[a-z0-9]+$'`),
  ],
);

/** One vehicle range a product fits: a model over a span of model years, optionally one engine. */
export const fitments = pgTable(
  'fitments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
    /** Null: every engine of the model in those years. */
    engine: text('engine'),
    /** The trim (EX, Sport...), where the part fits only some. */
    submodel: text('submodel'),
    /** Where on the vehicle (Front, Rear Left...). */
    position: text('position'),
    /** How many the vehicle takes. */
    quantity: integer('quantity'),
    note: text('note'),
  },
  (t) => [
    check('fitments_years_ordered', sql`${t.yearFrom} <= ${t.yearTo}`),
    // One row per vehicle range and position: an import's row updates its match instead of adding a twin.
    unique('fitments_row_unique')
      .on(t.productId, t.make, t.model, t.yearFrom, t.yearTo, t.engine, t.submodel, t.position)
      .nullsNotDistinct(),
    // The vehicle filter: one model's rows, narrowed by year, give their products from the index alone.
    index('fitments_vehicle_idx').on(t.make, t.model, t.yearFrom, t.yearTo, t.engine, t.productId),
    index('fitments_product_idx').on(t.productId),
  ],
);

/**
 * Every word of the products' names, brands and descriptions (and the categories' names), for correcting a misspelt search (`wrnch` -> `wrench`) by
 * trigram similarity against a few hundred words instead of 100,000 names. Kept by a trigger on
 * tools (drizzle/0013); words are never removed: a stale one only leads to an exact search that
 * finds nothing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
    // A word typed as the start of a catalog word (`brak` of `brake`) is looked up by prefix (drizzle/0020).
    index('search_words_prefix_idx').on(t.word.op('text_pattern_ops')),
    // A word the catalog does not know is compared by edit distance with the words of the same
    // first letters and about the same length (drizzle/0033).
    index('search_words_shape_idx').on(sql`left(${t.word}, 1)`, sql`length(${t.word})`),
  ],
);
