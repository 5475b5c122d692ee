import { discountSummary } from '@contract/discounts';
import { formatCents } from '@contract/money';
import {
  asRecord,
  type ChangeLine,
  changeLines,
  countText,
  type FieldWords,
  instantText,
  NONE,
} from '@contract/record-words';

/**
 * A discount created, changed or ended, in the discounts page's words: "Discount: 5% off → 10%
 * off", "Minimum subtotal: $150.00 → $200.00", "Ends: — → 2026-12-31 23:59 UTC".
 */

const SCOPES: Record<string, string> = {
  order: 'The whole order',
  categories: 'Some categories',
  brands: 'Some brands',
};
const limit = (v: unknown) => (v === null || v === undefined ? 'No limit' : countText(Number(v)));
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

const FIELDS: Record<string, FieldWords> = {
  code: { label: 'Code', text: (v) => (v ? String(v) : 'None (automatic)') },
  name: { label: 'Name' },
  offer: { label: 'Discount' },
  automatic: { label: 'Automatic', text: (v) => (v ? 'Yes' : 'No') },
  appliesTo: { label: 'Applies to', text: (v) => SCOPES[String(v)] ?? String(v) },
  categorySlugs: { label: 'Categories', items: list },
  brandNames: { label: 'Brands', items: list },
  minSubtotalCents: { label: 'Minimum subtotal', text: (v) => formatCents(Number(v ?? 0)) },
  startsAt: { label: 'Starts', text: (v) => (v ? instantText(String(v)) : NONE) },
  endsAt: { label: 'Ends', text: (v) => (v ? instantText(String(v)) : 'No end') },
  usageLimit: { label: 'Uses allowed', text: limit },
  perCustomerLimit: { label: 'Uses per customer', text: limit },
  usedCount: { label: 'Used', text: (v) => countText(Number(v ?? 0)) },
};

/** The row with its kind, value and free shipping as one offer ("10% off and free shipping"). */
function withOffer(row: unknown): Record<string, unknown> | null {
  if (row === null || row === undefined) return null;
  const r = asRecord(row);
  const { kind, value, freeShipping, id: _id, createdAt: _created, updatedAt: _updated, ...rest } = r;
  if (kind === undefined || value === undefined) return rest;
  return {
    ...rest,
    offer: discountSummary({
      kind: kind as 'percent' | 'fixed',
      value: Number(value),
      freeShipping: Boolean(freeShipping),
    }),
  };
}

export function discountLines(before: unknown, after: unknown): ChangeLine[] {
  return changeLines(withOffer(before), withOffer(after), FIELDS);
}
