import type { ProductStatus } from './catalog';
import {
  asRecord,
  type ChangeLine,
  changeLines,
  countText,
  dollarsText,
  type FieldWords,
  NONE,
  yesNo,
} from './record-words';

/**
 * A product's change in words, field by field (its history, and the audit log's product rows,
 * which record the same fields under their wire names): "Price: $40.00 → $45.50", fitment as
 * "2012–2015 Honda Civic", numbers as "OEM 12345 (Honda)".
 */

/** Names the record cannot carry itself: categories by address, products by id. */
export interface ProductNames {
  category?: (slug: string) => string | undefined;
  product?: (id: string) => string | undefined;
}

export const PRODUCT_STATUS_WORDS: Record<ProductStatus, string> = {
  active: 'Active',
  draft: 'Draft',
  archived: 'Archived',
};

/** One fitment row as a buyer reads it: "2012–2015 Honda Civic EX 1.8L, front (2 per vehicle)". */
export function fitmentText(row: unknown): string {
  const f = asRecord(row);
  const from = Number(f.year_from);
  const to = Number(f.year_to);
  const years = from === to ? String(from) : `${from}–${to}`;
  const vehicle = [years, f.make, f.model, f.submodel, f.engine].filter(
    (p) => p !== null && p !== undefined && p !== '',
  );
  const extras = [
    f.position ? String(f.position) : '',
    typeof f.quantity === 'number' ? `${f.quantity} per vehicle` : '',
    f.note ? String(f.note) : '',
  ].filter(Boolean);
  return extras.length > 0 ? `${vehicle.join(' ')} (${extras.join(', ')})` : vehicle.join(' ');
}

/** "OEM 12345 (Honda)", "Interchange 555-01". */
function referenceText(row: unknown): string {
  const r = asRecord(row);
  const kind = r.kind === 'oem' ? 'OEM' : 'Interchange';
  return r.brand ? `${kind} ${r.number} (${r.brand})` : `${kind} ${r.number}`;
}

/** A picture by its description, or its file name when it has none. */
function imageText(row: unknown): string {
  const i = asRecord(row);
  const file =
    String(i.url ?? '')
      .split('/')
      .pop() ?? '';
  return i.alt ? `${i.alt} (${file})` : file;
}

const list = (item: (row: unknown) => string) => (value: unknown) =>
  Array.isArray(value) ? value.map(item) : [];
const maybe = (write: (value: unknown) => string) => (value: unknown) =>
  value === null || value === undefined || value === '' ? NONE : write(value);
const unit = (suffix: string) => maybe((v) => `${countText(Number(v))} ${suffix}`);

function productFields(names: ProductNames): Record<string, FieldWords> {
  return {
    name: { label: 'Name' },
    status: {
      label: 'Status',
      text: maybe((v) => PRODUCT_STATUS_WORDS[v as ProductStatus] ?? String(v)),
    },
    price: { label: 'Price', text: maybe((v) => dollarsText(Number(v))) },
    available_quantity: { label: 'Available quantity', text: maybe((v) => countText(Number(v))) },
    minimum_order_quantity: { label: 'Minimum order quantity', text: maybe((v) => countText(Number(v))) },
    low_stock_threshold: {
      label: 'Low stock threshold',
      text: (v) => (v === null || v === undefined ? "The store's default" : countText(Number(v))),
    },
    description: {
      label: 'Description',
      text: maybe((v) => (Array.isArray(v) ? v.join(' ') : String(v))),
    },
    category: {
      label: 'Category',
      text: maybe((v) => names.category?.(String(v)) ?? String(v)),
    },
    brand: { label: 'Brand' },
    sku: { label: 'SKU' },
    part_number: { label: "Maker's part number" },
    upc: { label: 'UPC' },
    cross_references: { label: 'OEM and interchange numbers', items: list(referenceText) },
    superseded_by: {
      label: 'Superseded by',
      text: maybe((v) => names.product?.(String(v)) ?? 'another product'),
    },
    weight_lb: { label: 'Weight', text: unit('lb') },
    length_in: { label: 'Length', text: unit('in') },
    width_in: { label: 'Width', text: unit('in') },
    height_in: { label: 'Height', text: unit('in') },
    ground_only: { label: 'Ships by ground only', text: yesNo },
    core_charge: { label: 'Core charge', text: maybe((v) => dollarsText(Number(v))) },
    cost: {
      label: 'Cost',
      text: (v) => (v === null || v === undefined ? 'Not known' : dollarsText(Number(v))),
    },
    universal_fit: { label: 'Fits every vehicle', text: yesNo },
    images: { label: 'Pictures', items: list(imageText) },
    fitment: { label: 'Fitment', items: list(fitmentText) },
  };
}

/**
 * The lines of one product change. `before` is null for a product just added: its values are
 * shown alone. Keys no field above names (one added since) are written in plain words.
 */
export function productChangeLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  names: ProductNames = {},
): ChangeLine[] {
  return changeLines(before, after, productFields(names));
}
