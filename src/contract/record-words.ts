import { dollarsToCents, formatCents } from './money';

/**
 * Records people read (the audit log, a product's history) as words: each changed field is one
 * line, "Minimum subtotal: $150.00 → $200.00", and a list shows what was added and removed. Each
 * kind of record has its own formatter (product-change-words.ts, the audit page's words); this file
 * holds what they share, and the fallback that writes any field no formatter knows yet in plain
 * words rather than JSON.
 */

/** One changed field: a value before and after (either may be absent: set for the first time, or removed). */
export interface ValueLine {
  label: string;
  before?: string;
  after?: string;
}

/** One changed list: the items added and the items removed. */
export interface ListLine {
  label: string;
  added: string[];
  removed: string[];
}

export type ChangeLine = ValueLine | ListLine;

export const isListLine = (line: ChangeLine): line is ListLine => 'added' in line;

/** What the record shows for nothing. */
export const NONE = '—';

/** A line as one sentence: "Price: $40.00 → $45.50", "Fitment: added 2016–2017 Honda Civic". */
export function lineText(line: ChangeLine): string {
  if (isListLine(line)) {
    const parts = [
      line.added.length > 0 ? `added ${line.added.join('; ')}` : '',
      line.removed.length > 0 ? `removed ${line.removed.join('; ')}` : '',
    ].filter(Boolean);
    return `${line.label}: ${parts.join('; ')}`;
  }
  if (line.before !== undefined && line.after !== undefined)
    return `${line.label}: ${line.before} → ${line.after}`;
  return `${line.label}: ${line.after ?? line.before ?? NONE}`;
}

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** 4200 -> "4,200"; decimals kept as given (2.125 -> "2.125"). */
export function countText(value: number): string {
  const [whole = '0', fraction] = String(value).split('.');
  const grouped = whole.replace(THOUSANDS, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** 600 basis points -> "6%", 725 -> "7.25%". */
export function basisPointsText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = Math.abs(basisPoints % 100);
  if (rest === 0) return `${whole}%`;
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/** A wire price in dollars (24.5) as money, exactly: "$24.50". */
export const dollarsText = (dollars: number) => formatCents(dollarsToCents(dollars));

export const yesNo = (value: unknown) => (value ? 'Yes' : 'No');

/** An instant as the owner reads it, in UTC so every reader sees the same: "2026-11-28 14:05 UTC". */
export function instantText(value: string): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  return `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`;
}

/** `minSubtotalCents` -> "Min subtotal", `free_shipping` -> "Free shipping": a key no formatter names. */
export function keyWords(key: string): string {
  const words = key
    .replace(/(Cents|BasisPoints|Bp)$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Any value in words, by what its key says it is: `…Cents` is money, `…BasisPoints` a rate, a
 * boolean Yes or No, an instant its date and time, a list its items, an object its fields. Used
 * for fields no formatter knows (one added since), so nothing reaches a reader as JSON.
 */
export function valueWords(value: unknown, key = ''): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return yesNo(value);
  if (
    typeof value === 'number' ||
    (typeof value === 'string' && /^-?\d+$/.test(value) && /Cents$/.test(key))
  ) {
    const n = Number(value);
    if (/Cents$/.test(key)) return formatCents(n);
    if (/(BasisPoints|Bp)$/.test(key)) return basisPointsText(n);
    return countText(n);
  }
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? instantText(value) : value;
  if (Array.isArray(value)) return value.length === 0 ? NONE : value.map((v) => valueWords(v)).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${keyWords(k)} ${valueWords(v, k)}`)
      .join(', ');
  }
  return String(value);
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export { asRecord };

/** How one field of a record is written. */
export interface FieldWords {
  label: string;
  /** The value in words; without it, `valueWords`. */
  text?: (value: unknown) => string;
  /** A list: its items in words, compared item by item (added, removed). */
  items?: (value: unknown) => string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The lines of a change between two versions of a record, in the order of `fields` and then any
 * other key (in plain words). A key only after: set for the first time; only before: removed.
 * Unchanged fields are left out when both sides are given.
 */
export function changeLines(
  before: unknown,
  after: unknown,
  fields: Record<string, FieldWords>,
  options: { skip?: readonly string[] } = {},
): ChangeLine[] {
  const was = asRecord(before);
  const now = asRecord(after);
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  const keys = [...new Set([...Object.keys(fields), ...Object.keys(was), ...Object.keys(now)])].filter(
    (key) => (key in was || key in now) && !options.skip?.includes(key),
  );
  const lines: ChangeLine[] = [];
  for (const key of keys) {
    const a = was[key];
    const b = now[key];
    if (key in was && key in now && same(a, b)) continue;
    const words = fields[key] ?? { label: keyWords(key) };
    if (words.items) {
      const beforeItems = key in was ? words.items(a) : [];
      const afterItems = key in now ? words.items(b) : [];
      const added = afterItems.filter((item) => !beforeItems.includes(item));
      const removed = beforeItems.filter((item) => !afterItems.includes(item));
      if (added.length > 0 || removed.length > 0) lines.push({ label: words.label, added, removed });
      continue;
    }
    const text = words.text ?? ((v: unknown) => valueWords(v, key));
    const line: ValueLine = { label: words.label };
    // A record made (nothing before) shows its values alone; one removed, what it had.
    if (hasBefore && key in was) line.before = text(a);
    else if (hasBefore && hasAfter) line.before = NONE;
    if (hasAfter && key in now) line.after = text(b);
    else if (hasBefore && hasAfter) line.after = NONE;
    lines.push(line);
  }
  return lines;
}
