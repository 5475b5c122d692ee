import { z } from 'zod';
import {
  CrossReference,
  editorFields,
  Fitment,
  NewToolInput,
  partNumberKey,
  STORE_IMAGE,
  splitDescription,
} from '../../../contract/catalog';
import { type ImportKind, SUPPLIER_CSV_COLUMNS } from '../../../contract/catalog-import';
import { STOCK_MAX } from '../../../contract/inventory';
import { BinInput } from '../../../contract/locations';
import { centsToDecimal, MoneyError, parseMoney } from '../../../contract/money';
import { storableText, unstorableField } from '../../kernel/http';
import { resolveVehicleRange, vpicModelById } from '../vehicles';

/**
 * One CSV row as the import reads it: text cells in, typed fields out, or the reason it is refused.
 * Empty cells are "not given" (an update leaves those fields as they are).
 */

const givenCell = (cell: string | undefined) =>
  cell === undefined || cell.trim() === '' ? undefined : cell.trim();
const yesNo = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['yes', 'no', 'true', 'false', '1', '0', 'y', 'n'], { error: 'Write yes or no' }))
  .transform((v) => ['yes', 'true', '1', 'y'].includes(v));
/** A whole number written in a cell, within bounds, or the column's own message. */
const wholeCell = (message: string, min: number, max: number, range: string) =>
  z.string().regex(/^\d+$/, message).transform(Number).pipe(z.number().int().min(min, range).max(max, range));
const list = (cell: string) =>
  cell
    .split('|')
    .map((item) => item.trim())
    .filter(Boolean);

/** `BRAND:NUMBER` or `NUMBER`. */
const references = (kind: 'oem' | 'interchange') =>
  z.string().transform((cell, ctx) =>
    list(cell).map((item) => {
      const at = item.indexOf(':');
      const parsed = CrossReference.safeParse(
        at > 0 ? { kind, brand: item.slice(0, at), number: item.slice(at + 1) } : { kind, number: item },
      );
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Not a part number' });
        return z.NEVER;
      }
      return parsed.data;
    }),
  );

const imageAddresses = z.string().transform((cell, ctx) =>
  list(cell).map((address) => {
    if (!STORE_IMAGE.test(address) && !/^https?:\/\/[^\s]+$/i.test(address)) {
      ctx.addIssue({ code: 'custom', message: `${address} is not an http(s) address or a store image` });
      return z.NEVER;
    }
    return address;
  }),
);

/** The cells of a products row, each optional. */
export const ProductCsvRow = z.object({
  sku: z.string({ error: 'The SKU is required' }).max(40, 'SKU must be 40 characters or fewer'),
  name: editorFields.name.optional(),
  description: z
    .string()
    .max(5000, 'Description must be 5000 characters or fewer')
    .transform((text) => splitDescription(text))
    .pipe(NewToolInput.shape.description)
    .optional(),
  price: NewToolInput.shape.price.optional(),
  minimum_order_quantity: editorFields.minimum_order_quantity.optional(),
  status: editorFields.status.optional(),
  category: z.string().max(60).optional(),
  brand: z.string().max(60, 'Brand must be 60 characters or fewer').optional(),
  part_number: z.string().max(40, 'Part number must be 40 characters or fewer').optional(),
  upc: editorFields.upc.optional(),
  oem_numbers: references('oem').optional(),
  interchange_numbers: references('interchange').optional(),
  superseded_by: z.string().max(40).optional(),
  weight_lb: editorFields.weight_lb.optional(),
  length_in: editorFields.length_in.optional(),
  width_in: editorFields.width_in.optional(),
  height_in: editorFields.height_in.optional(),
  ground_only: yesNo.optional(),
  core_charge: editorFields.core_charge.optional(),
  cost: editorFields.cost.optional(),
  low_stock_threshold: editorFields.low_stock_threshold.optional(),
  universal_fit: yesNo.optional(),
  images: imageAddresses.pipe(z.array(z.string()).max(12, 'At most 12 images')).optional(),
  /** Units counted on the shelf: the import sets the count, as a stock count does. */
  on_hand: wholeCell(
    'Stock on hand must be a whole number of units',
    0,
    STOCK_MAX,
    `Stock on hand must be between 0 and ${STOCK_MAX}`,
  ).optional(),
  /** The place (its key or its name) the row's count and bin are at; the first open place when empty. */
  location: z.string().trim().max(80, 'A place is named in 80 characters or fewer').optional(),
  /** Where the product sits at that place. */
  bin: BinInput.shape.bin.optional(),
  // A supplier's columns (read only when the import names its supplier).
  supplier_part_number: z
    .string()
    .max(80, "The supplier's part number must be 80 characters or fewer")
    .optional(),
  pack_size: wholeCell(
    'The pack size must be a whole number of units',
    1,
    10_000,
    'A pack holds between 1 and 10,000 units',
  ).optional(),
  supplier_cost: editorFields.cost.optional(),
});
export type ProductCsvRow = z.infer<typeof ProductCsvRow>;

export const FitmentCsvRow = z.object({
  part_number: z.string({ error: 'The part number is required' }).max(40),
  year_from: Fitment.shape.year_from,
  year_to: Fitment.shape.year_to,
  make: Fitment.shape.make,
  model: Fitment.shape.model,
  submodel: Fitment.shape.submodel,
  engine: z.string().trim().max(60, 'Engine must be 60 characters or fewer').optional(),
  position: Fitment.shape.position,
  quantity: Fitment.shape.quantity,
  note: Fitment.shape.note,
});
export type FitmentCsvRow = z.infer<typeof FitmentCsvRow>;

export type ReadRow =
  | { ok: true; key: string; cells: Record<string, string>; product?: ProductCsvRow; fitment?: FitmentCsvRow }
  | { ok: false; key: string; cells: Record<string, string>; reason: string };

/**
 * Reads one row's cells; the key is the SKU (products) or part number (fitment) as written.
 * A cell PostgreSQL cannot store (a NUL character) refuses the row, and the row is kept for the
 * report with that character replaced, so the report itself can be stored.
 */
export function readRow(kind: ImportKind, given: Record<string, string>): ReadRow {
  const found = unstorableField(given);
  const cells = found ? storableCells(given) : given;
  if (found) {
    const key = (kind === 'products' ? cells.sku : cells.part_number)?.trim() ?? '';
    return { ok: false, key, cells, reason: `${found.field}: ${found.message}` };
  }
  const present = Object.fromEntries(
    Object.entries(cells)
      .map(([k, v]) => [k, givenCell(v)] as const)
      .filter((e): e is readonly [string, string] => e[1] !== undefined),
  );
  const key = (kind === 'products' ? present.sku : present.part_number) ?? '';
  if (!key || partNumberKey(key) === '') {
    return {
      ok: false,
      key,
      cells,
      reason: kind === 'products' ? 'The SKU is required' : 'The part number is required',
    };
  }
  if (kind === 'fitment') {
    const problem = expandVehicle(present);
    if (problem) return { ok: false, key, cells, reason: problem };
  } else {
    const problem = moneyAsWritten(present) ?? supplierColumnsMissing(present);
    if (problem) return { ok: false, key, cells, reason: problem };
  }
  const parsed = (kind === 'products' ? ProductCsvRow : FitmentCsvRow).safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const column = issue?.path[0];
    return {
      ok: false,
      key,
      cells,
      reason: `${column ? `${String(column)}: ` : ''}${issue?.message ?? 'Not readable'}`,
    };
  }
  if (kind === 'fitment') {
    const row = parsed.data as FitmentCsvRow;
    if (row.year_from > row.year_to) {
      return { ok: false, key, cells, reason: 'year_to: The first year must not be after the last' };
    }
    return { ok: true, key, cells, fitment: row };
  }
  return { ok: true, key, cells, product: parsed.data as ProductCsvRow };
}

/** The products layout's money columns. */
const MONEY_COLUMNS = ['price', 'core_charge', 'cost', 'supplier_cost'] as const;

/**
 * What a supplier sells of a product is its part number and its cost together: a row that gives
 * either (or a pack size) gives both. Undefined, or why not.
 */
function supplierColumnsMissing(present: Record<string, string>): string | undefined {
  const given = SUPPLIER_CSV_COLUMNS.filter((c) => present[c] !== undefined);
  if (given.length === 0) return undefined;
  if (present.supplier_part_number === undefined)
    return "supplier_part_number: Give the supplier's part number beside its cost";
  if (present.supplier_cost === undefined)
    return "supplier_cost: Give the supplier's cost beside its part number";
  return undefined;
}

/**
 * Money cells as suppliers write them (`1,249.00`, `$12.99`), read once by the money kernel and
 * handed on as plain decimals; `12,99` is refused in words rather than read as twelve hundred.
 * Undefined, or why not.
 */
function moneyAsWritten(present: Record<string, string>): string | undefined {
  for (const column of MONEY_COLUMNS) {
    const cell = present[column];
    if (cell === undefined) continue;
    try {
      present[column] = centsToDecimal(parseMoney(cell));
    } catch (error) {
      if (error instanceof MoneyError) return `${column}: ${error.message}`;
      throw error;
    }
  }
  return undefined;
}

/**
 * A fitment row may name its vehicle in one cell, `vehicle` ('2012-2015 Honda Civic 1.8L I4'),
 * or by vPIC's model id, `vpic_model_id` with the years: both become the layout's make, model,
 * years, engine and submodel cells (a cell given beside them wins). Undefined, or why not.
 */
function expandVehicle(present: Record<string, string>): string | undefined {
  const { vehicle, vpic_model_id: vpicId } = present;
  delete present.vehicle;
  delete present.vpic_model_id;
  if (vehicle) {
    const range = resolveVehicleRange(vehicle);
    if ('error' in range) return `vehicle: ${range.error}`;
    const cells: Record<string, string | number | undefined> = { ...range };
    for (const [k, v] of Object.entries(cells)) if (v !== undefined) present[k] ??= String(v);
  }
  if (vpicId) {
    const model = /^\d{1,7}$/.test(vpicId) ? vpicModelById(Number(vpicId)) : undefined;
    if (!model) return `vpic_model_id: vPIC has no model ${vpicId}`;
    present.make ??= model.make;
    present.model ??= model.model;
  }
  return undefined;
}

const storableCells = (cells: Record<string, string>) =>
  Object.fromEntries(Object.entries(cells).map(([k, v]) => [storableText(k), storableText(v)]));

/** The row's identity within its file: two rows that say the same thing are one too many. */
export function rowIdentity(kind: ImportKind, row: ReadRow): string {
  if (kind === 'products' || !row.ok || !row.fitment) return partNumberKey(row.key);
  const f = row.fitment;
  return JSON.stringify([
    partNumberKey(f.part_number),
    f.make.toLowerCase(),
    f.model.toLowerCase(),
    f.year_from,
    f.year_to,
    (f.engine ?? '').toLowerCase(),
    (f.submodel ?? '').toLowerCase(),
    (f.position ?? '').toLowerCase(),
  ]);
}
