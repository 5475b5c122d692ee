import { productChangeLines } from '@contract/product-change-words';
import { asRecord, type ChangeLine, changeLines, countText, dollarsText, NONE } from '@contract/record-words';

/**
 * The catalog's rows: a product added, changed or removed (the fields its history shows), a bulk
 * change and its undo, a stock count, categories and brands, and imports.
 */

/** What a product added or removed is shown by: not all of its fields. */
const SUMMARY_FIELDS = [
  'name',
  'status',
  'price',
  'available_quantity',
  'minimum_order_quantity',
  'sku',
  'part_number',
];
const summary = (fields: unknown) =>
  Object.fromEntries(Object.entries(asRecord(fields)).filter(([key]) => SUMMARY_FIELDS.includes(key)));

export function productLines(action: string, before: unknown, after: unknown): ChangeLine[] {
  if (action === 'product.created') return productChangeLines(null, summary(after));
  if (action === 'product.deleted') return productChangeLines(summary(before), null);
  return productChangeLines(asRecord(before), asRecord(after));
}

/** A bulk change as the bulk page names it: "Price +5%", "Stock set to 20", "Status to draft". */
export function bulkChangeText(change: unknown): string {
  const c = asRecord(change);
  const value = Number(c.value);
  switch (c.kind) {
    case 'price':
      return c.mode === 'percent'
        ? `Price ${value > 0 ? '+' : ''}${value}%`
        : `Price ${value > 0 ? '+' : '−'}${dollarsText(Math.abs(value))}`;
    case 'status':
      return `Status to ${c.status}`;
    case 'category':
      return c.category ? `Category to ${c.category}` : 'No category';
    case 'stock':
      return c.mode === 'set'
        ? `Stock set to ${countText(value)}`
        : `Stock ${value > 0 ? '+' : ''}${countText(value)}`;
    default:
      return NONE;
  }
}

export function bulkLines(action: string, before: unknown, after: unknown): ChangeLine[] {
  const a = asRecord(before);
  const b = asRecord(after);
  if (action === 'product.bulk_undone')
    return [
      { label: 'Change undone', after: bulkChangeText(a.change) },
      { label: 'Products put back', after: countText(Number(b.restored ?? 0)) },
      { label: 'Products kept (changed since)', after: countText(Number(b.kept ?? 0)) },
    ];
  const selection = asRecord(b.selection);
  const chosen = Array.isArray(selection.ids)
    ? `${countText(selection.ids.length)} chosen by hand`
    : Object.entries(asRecord(selection.filter))
        .map(([key, value]) => `${key} ${value}`)
        .join(', ') || 'every product';
  return [
    { label: 'Change', after: bulkChangeText(b.change) },
    { label: 'Products', after: chosen },
    { label: 'Changed', after: `${countText(Number(b.changed ?? 0))} of ${countText(Number(b.count ?? 0))}` },
  ];
}

export function stockLines(before: unknown, after: unknown): ChangeLine[] {
  return changeLines(before, after, {
    onHand: { label: 'On the shelf', text: (v) => countText(Number(v)) },
    available: { label: 'Available to order', text: (v) => countText(Number(v)) },
    note: { label: 'Note', text: (v) => (v ? String(v) : NONE) },
  });
}

export function taxonomyLines(action: string, before: unknown, after: unknown): ChangeLine[] {
  if (action.endsWith('.removed')) {
    const b = asRecord(after);
    return [
      { label: 'Removed', after: String(asRecord(before).name ?? asRecord(before).slug ?? NONE) },
      { label: 'Products moved', after: countText(Number(b.moved ?? 0)) },
      ...(b.movedTo ? [{ label: 'Moved to', after: String(b.movedTo) }] : []),
    ];
  }
  // An update records every field before and only those sent after: compare those.
  const sent = asRecord(after);
  const was = Object.fromEntries(Object.entries(asRecord(before)).filter(([key]) => key in sent));
  return changeLines(action.endsWith('.created') ? null : was, sent, {
    name: { label: 'Name' },
    parent: { label: 'Inside', text: (v) => (v ? String(v) : 'Top level') },
    description: { label: 'Description' },
    image: { label: 'Picture' },
  });
}

export function importLines(action: string, before: unknown, after: unknown): ChangeLine[] {
  const b = asRecord(after);
  if (action === 'import.applied') {
    const lines = Array.isArray(b.lines) ? b.lines.map(Number) : [];
    return [
      {
        label: 'Rows',
        after: lines.length === 2 ? `${countText(lines[0] ?? 0)}–${countText(lines[1] ?? 0)}` : NONE,
      },
      { label: 'Created', after: countText(Number(b.created ?? 0)) },
      { label: 'Updated', after: countText(Number(b.updated ?? 0)) },
      { label: 'Unchanged', after: countText(Number(b.unchanged ?? 0)) },
      { label: 'Refused', after: countText(Number(b.refused ?? 0)) },
    ];
  }
  return changeLines(before, after, {
    status: { label: 'Status' },
    kind: { label: 'The file holds' },
    fileName: { label: 'File' },
  });
}
