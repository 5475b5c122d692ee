import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BulkChange, BulkSelection } from '../../../contract/catalog-bulk';
import {
  type ImportColumn,
  importKinds,
  importStatuses,
  importVerdicts,
} from '../../../contract/catalog-import';
import { user } from './auth-schema';
import { products } from './catalog-core-schema';
import { suppliers } from './purchasing-schema';

/**
 * The owner's catalog work beside `products` (docs/decisions/044-048): pictures, the history of every
 * change, brands, the search words, bulk changes and imports. The catalog module writes all of them.
 */

/** A product's pictures in the order shown; the first one is also `tools.image` (the spec's field). */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    alt: text('alt').notNull().default(''),
  },
  (t) => [uniqueIndex('product_images_position_idx').on(t.productId, t.position)],
);

/** A bulk change as applied: what, to how many, by whom; its products' before and after are in product_changes. */
export const bulkChanges = pgTable(
  'bulk_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    change: jsonb('change').$type<BulkChange>().notNull(),
    selection: jsonb('selection').$type<BulkSelection>().notNull(),
    /** Products selected, and how many of them the change actually changed. */
    count: integer('count').notNull(),
    changed: integer('changed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('bulk_changes_created_idx').on(t.createdAt)],
);

/** A catalog import: the dry run's counts, then the job's progress (rows `done`) and outcome. */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: importKinds }).notNull(),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: importStatuses }).notNull().default('checked'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    total: integer('total').notNull().default(0),
    checkedCreate: integer('checked_create').notNull().default(0),
    checkedUpdate: integer('checked_update').notNull().default(0),
    checkedUnchanged: integer('checked_unchanged').notNull().default(0),
    checkedRefuse: integer('checked_refuse').notNull().default(0),
    /** The last line applied: the job resumes after it. */
    doneLine: integer('done_line').notNull().default(1),
    done: integer('done').notNull().default(0),
    appliedCreate: integer('applied_create').notNull().default(0),
    appliedUpdate: integer('applied_update').notNull().default(0),
    appliedUnchanged: integer('applied_unchanged').notNull().default(0),
    appliedRefuse: integer('applied_refuse').notNull().default(0),
    /** The instance working on it holds it until then; past it, another may resume it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** How many times a worker stopped holding it before it finished (a crash, a restart). */
    interruptions: integer('interruptions').notNull().default(0),
    error: text('error'),
    /** What the check left out and said so (columns the layout does not have). */
    warnings: text('warnings').array().notNull().default([]),
    /** The supplier whose file it is (its mapping read the header; its columns are applied). */
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    /** That supplier's name when the file was checked, for the list of imports. */
    supplierName: text('supplier_name'),
    /** Each header cell of the file and the column it was read as. */
    columns: jsonb('columns').$type<ImportColumn[]>().notNull().default([]),
  },
  (t) => [
    index('catalog_imports_created_idx').on(t.createdAt),
    index('catalog_imports_waiting_idx').on(t.status).where(sql`${t.status} in ('queued', 'running')`),
    check(
      'catalog_imports_status_known',
      sql.raw(`status in (${importStatuses.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/** Every row of an imported file: what it says, the dry run's verdict, what applying it did. */
export const catalogImportRows = pgTable(
  'catalog_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    key: text('key').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    verdict: text('verdict', { enum: importVerdicts }).notNull(),
    outcome: text('outcome', { enum: importVerdicts }),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index('catalog_import_rows_verdict_idx').on(t.importId, t.verdict, t.line),
  ],
);

/**
 * Every change of a product: who, when, from where, and each changed field before and after,
 * under its wire name. Written in the transaction of the change. Rows of one bulk change carry its
 * id, which is what its undo reads.
 */
export const productChanges = pgTable(
  'product_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** As the actor was named then. */
    actorName: text('actor_name'),
    source: text('source').notNull(),
    bulkChangeId: uuid('bulk_change_id').references(() => bulkChanges.id, { onDelete: 'set null' }),
    importId: uuid('import_id').references(() => catalogImports.id, { onDelete: 'set null' }),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('product_changes_product_idx').on(t.productId, t.id),
    index('product_changes_bulk_idx').on(t.bulkChangeId).where(sql`${t.bulkChangeId} is not null`),
  ],
);

/**
 * The brands products are filed under, in the owner's order. A product names its brand in
 * `tools.brand`; a trigger adds any brand a product names that is not here yet (drizzle/0020), so
 * imports and bulk loads never leave a product's brand unlisted.
 */
export const brands = pgTable('brands', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  position: integer('position').notNull().default(0),
});

/**
 * What buyers type and what the store reads it as (`break` -> `brake`). `term_key` is the term as
 * the search compares it (each word stemmed in English, joined by spaces), unique; the replacement's
 * words are kept stemmed too, in `replacement_key`.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  term: text('term').notNull(),
  termKey: text('term_key').notNull().unique(),
  replacement: text('replacement').notNull(),
  replacementKey: text('replacement_key').notNull(),
});
