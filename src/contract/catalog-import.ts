import { z } from 'zod';

/**
 * CSV import and export of the catalog (admin). Two layouts, one per file:
 *
 * - products: one row per product, found by its `sku` (created when the store does not have it).
 *   Lists inside a cell are separated by `|`; an OEM or interchange number may say whose it is as
 *   `BRAND:NUMBER`. Images are addresses (http, https, or the store's own /uploads/...); categories
 *   and brands are named as the store shows them (an unknown category refuses the row, an unknown
 *   brand is created). `superseded_by` is the SKU of the replacing product. On an update an empty
 *   cell leaves the field as it is. New products start with no stock (stock counts are the
 *   inventory's) and as drafts unless `status` says otherwise.
 * - fitment: the flattened ACES-like layout, one vehicle range per row, added to the product whose
 *   SKU or maker's part number is `part_number`; a row the product already has (same vehicle, years,
 *   submodel, engine and position) updates its quantity and note.
 *
 * A file is first checked (a dry run: every row's verdict and reason, nothing written), then applied
 * as a job; its progress is kept in the database, so any instance can report it.
 */

export const importKinds = ['products', 'fitment'] as const;
export type ImportKind = (typeof importKinds)[number];

export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'price',
  'minimum_order_quantity',
  'status',
  'category',
  'brand',
  'part_number',
  'upc',
  'oem_numbers',
  'interchange_numbers',
  'superseded_by',
  'weight_lb',
  'length_in',
  'width_in',
  'height_in',
  'ground_only',
  'core_charge',
  'cost',
  'low_stock_threshold',
  'universal_fit',
  'images',
  'on_hand',
  /** The place the row's `on_hand` and `bin` are at (its key or name); empty: the first open place (decision 099). */
  'location',
  'bin',
] as const;

/**
 * Columns a supplier's file may carry besides the products layout, read only when the import names
 * its supplier: what that supplier calls the part, how many come in its pack and what it charges.
 * Applied to what the supplier sells of each product once the product's row is applied.
 */
export const SUPPLIER_CSV_COLUMNS = ['supplier_part_number', 'pack_size', 'supplier_cost'] as const;

/** What a file's column can be read as: a products column, a supplier's, or nothing. */
export const MAPPED_COLUMNS = [...PRODUCT_CSV_COLUMNS, ...SUPPLIER_CSV_COLUMNS] as const;
export type MappedColumn = (typeof MAPPED_COLUMNS)[number];

/** How a file's header cell reads as a column name: `Year From` and `year-from` are `year_from`. */
export function columnName(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * A supplier's own headers, mapped once by the owner to the store's columns and kept with the
 * supplier: `{ "Qty On Hand": "on_hand", "Our Cost": "supplier_cost", "Web Notes": "ignore" }`.
 * Keys are read as column names (`columnName`), so the mapping holds however the file spells them.
 */
export const IMPORT_MAPPING_MAX = 200;
export const ImportMapping = z
  .record(
    z.string().trim().min(1, 'A column needs a name').max(80, 'A column name can be at most 80 characters'),
    z.enum([...MAPPED_COLUMNS, 'ignore'], { error: "Choose one of the store's columns, or ignore it" }),
  )
  .refine((m) => Object.keys(m).length <= IMPORT_MAPPING_MAX, {
    error: `A mapping can name at most ${IMPORT_MAPPING_MAX} columns`,
  })
  .refine(
    (m) => {
      const targets = Object.values(m).filter((c) => c !== 'ignore');
      return new Set(targets).size === targets.length;
    },
    { error: 'Two columns of the file are mapped to the same column of the store' },
  );
export type ImportMapping = z.infer<typeof ImportMapping>;

/** PUT /suppliers/:id/import-mapping. */
export const ImportMappingInput = z.object({ mapping: ImportMapping });

/** The mapping with its keys as column names; a header mapped to itself needs no entry. */
export function normalizedMapping(mapping: ImportMapping): Record<string, MappedColumn | 'ignore'> {
  const out: Record<string, MappedColumn | 'ignore'> = {};
  for (const [header, column] of Object.entries(mapping)) {
    const name = columnName(header);
    if (name && name !== column) out[name] = column;
  }
  return out;
}

export const FITMENT_CSV_COLUMNS = [
  'part_number',
  'year_from',
  'year_to',
  'make',
  'model',
  'submodel',
  'engine',
  'position',
  'quantity',
  'note',
] as const;

/**
 * Fitment columns an import also takes, never exported: the whole vehicle in one cell
 * ('2012-2015 Honda Civic 1.8L I4') or vPIC's model id in place of make and model.
 */
export const FITMENT_CSV_VEHICLE_COLUMNS = ['vehicle', 'vpic_model_id'] as const;

/** Columns each layout must have in its header row. */
export const REQUIRED_COLUMNS: Record<ImportKind, readonly string[]> = {
  products: ['sku'],
  fitment: ['part_number', 'year_from', 'year_to', 'make', 'model'],
};

/** The columns a header lacks: a fitment file naming its vehicles in a `vehicle` or `vpic_model_id` column needs no make and model (nor years, with `vehicle`). */
export function missingColumns(kind: ImportKind, names: readonly string[]): string[] {
  const given = (c: string) => names.includes(c);
  const covered = (c: string) =>
    kind === 'fitment' &&
    ((given('vehicle') && ['year_from', 'year_to', 'make', 'model'].includes(c)) ||
      (given('vpic_model_id') && ['make', 'model'].includes(c)));
  return REQUIRED_COLUMNS[kind].filter((c) => !given(c) && !covered(c));
}

/** The biggest file accepted, in bytes (about 200,000 fitment rows). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 250_000;

export const importStatuses = ['checked', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** What the dry run says a row would do. */
export const importVerdicts = ['create', 'update', 'unchanged', 'refuse'] as const;
export type ImportVerdict = (typeof importVerdicts)[number];

/** POST /catalog/imports?kind=fitment&name=supplier.csv with the file as the body (text/csv). */
export const ImportQuery = z.object({
  kind: z.enum(importKinds, { error: 'Say whether the file holds products or fitment' }),
  name: z.string().trim().max(200).optional(),
  /** The supplier whose file it is: its mapping reads the header, its columns are taken (products only). */
  supplier: z.uuid({ error: 'Unknown supplier' }).optional(),
});

/** How the check read one header cell of the file: the column it became, or null (ignored). */
export const ImportColumn = z.object({
  header: z.string(),
  column: z.string().nullable(),
  /** Read through the supplier's mapping rather than by its own name. */
  mapped: z.boolean(),
});
export type ImportColumn = z.infer<typeof ImportColumn>;

const counts = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  refuse: z.number().int(),
});

/**
 * An import: the dry run's counts (`checked`), then, once started, how far the job is (`done` of
 * `total` rows) and what it did (`applied`). A row the dry run accepted may still be refused when
 * applied if the catalog changed meanwhile; each row applies whole or not at all.
 */
export const ImportSummary = z.object({
  id: z.string(),
  kind: z.enum(importKinds),
  fileName: z.string(),
  status: z.enum(importStatuses),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  total: z.number().int(),
  /** What the check left out and said so: columns the layout does not have, ignored. */
  warnings: z.array(z.string()),
  /** The supplier whose file it is, if the owner named one. */
  supplier: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Each header cell of the file, in order, and how it was read. */
  columns: z.array(ImportColumn),
  checked: counts,
  done: z.number().int(),
  applied: counts,
  error: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const ImportList = z.object({ imports: z.array(ImportSummary) });

/** GET /catalog/imports/:id/rows: the rows, in file order, optionally only one verdict. */
export const ImportRowsQuery = z.object({
  verdict: z.enum(importVerdicts).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export const ImportRow = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  /** The SKU or part number the row names. */
  key: z.string(),
  verdict: z.enum(importVerdicts),
  /** What applying it did; null until applied. */
  outcome: z.enum(importVerdicts).nullable(),
  /** Why it is refused (or was, when applied). */
  reason: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportRows = z.object({ total: z.number().int(), rows: z.array(ImportRow) });
export type ImportRows = z.infer<typeof ImportRows>;

/** GET /catalog/export/:kind: the whole catalog as the import reads it. */
export const ExportParams = z.object({ kind: z.enum(importKinds) });
