import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Money has one kernel, src/contract/money.ts (decision 086): dollars to cents, cents to dollars or
 * text, rounding a share and splitting a total all live there. This test reads every source file of
 * src/server and src/web (tests left out) and fails on arithmetic that looks like money done by hand:
 * multiplying or dividing by 100, `Math.round` of a price, cents, dollars or an amount, and
 * `toFixed(2)`. What is not money (percent as basis points, a progress bar, a page of 100 rows) is
 * allowed below, line by line, each with its reason; a new line needs a reason or the kernel.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `file: the line's code, trimmed` -> why it is not money done by hand. */
const ALLOWED: Record<string, string> = {
  "src/server/kernel/config/config.ts: return Number(whole) * 100 + Number(hundredths.padEnd(2, '0'));":
    'TAX_RATE and TAX_RATES: a percentage as basis points, not money',
  'src/server/modules/orders/guest-buyer.ts: export const guestShareOf = (onHand: number, percent: number) => Math.ceil((onHand * percent) / 100);':
    'a percent of units on hand, not money',
  'src/server/test/openapi-arbitraries.ts: payload: whole.payload.subarray(0, Math.floor((whole.payload.length * percent) / 100)),':
    'a percent of a payload’s bytes, in a test helper',
  'src/web/features/catalog/api/admin-calls.ts: if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));':
    'an upload’s progress in percent',
  'src/web/features/catalog/pages/catalog-import-page.tsx: <Pager page={page} pages={Math.max(1, Math.ceil(data.total / 100))} onPage={setPage} />':
    'pages of 100 import rows',
  "src/web/features/discounts/components/discount-form.tsx: return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));":
    'a discount’s percent as basis points, not money',
  "src/web/features/settings/components/units.ts: `${Math.trunc(basisPoints / 100)}${basisPoints % 100 ? `.${String(basisPoints % 100).padStart(2, '0')}` : ''}`;":
    'a tax rate’s basis points as percent, not money',
  "src/web/features/settings/components/units.ts: return Number(whole) * 100 + Number(hundredths.padEnd(2, '0'));":
    'a tax rate in percent as basis points, not money',
  "src/web/features/store/components/return-policy.tsx: const percent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')} %`;":
    'the restocking fee in percent, not money',
  'src/web/lib/format.ts: export const formatTotal = (price: number, quantity: number) => `${Math.round(price * quantity)}.00`;':
    'the requirements’ order total in whole dollars (docs/requirements.md §9), a wire price times a count',
};

const HAND_MONEY = [
  /[*/]\s*100(?:\.0+)?(?![\d_.])/,
  /Math\.round\([^)]*\b(?:price|cents|Cents|dollars|Dollars|amount)/,
  /\.toFixed\(2\)/,
];

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** The lines of `text` that do money by hand, as `file: code`; comments are not code. */
function handMoney(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => !/^(\/\/|\/\*|\*)/.test(line))
    .filter((line) => HAND_MONEY.some((pattern) => pattern.test(line)))
    .map((line) => `${file}: ${line}`);
}

const found = ['src/server', 'src/web'].flatMap((top) =>
  sources(path.join(root, top)).flatMap((full) =>
    handMoney(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, 'utf8')),
  ),
);

describe('money is done by the kernel', () => {
  it('no source of the server or the web app multiplies, divides or rounds money by hand', () => {
    expect(found.filter((site) => !(site in ALLOWED))).toEqual([]);
  });

  it('every allowed line still exists, so the list holds no stale reasons', () => {
    expect(Object.keys(ALLOWED).filter((site) => !found.includes(site))).toEqual([]);
  });

  it('catches the ways money was done by hand before the kernel', () => {
    const fake = [
      'const toCents = (dollars: number) => Math.round(dollars * 100);',
      '  price: row.priceCents / 100,',
      '  sql`(t.price_cents / 100.0)::text as price`',
      'const shown = `$${(amount / 100).toFixed(2)}`;',
      'const fee = Math.round(amount * 0.15);',
      '// a comment may say * 100',
      'const limit = 100_000 / 4;',
      'const bigger = total * 1000;',
    ].join('\n');
    expect(handMoney('fake.ts', fake)).toEqual([
      'fake.ts: const toCents = (dollars: number) => Math.round(dollars * 100);',
      'fake.ts: price: row.priceCents / 100,',
      'fake.ts: sql`(t.price_cents / 100.0)::text as price`',
      'fake.ts: const shown = `$${(amount / 100).toFixed(2)}`;',
      'fake.ts: const fee = Math.round(amount * 0.15);',
    ]);
  });
});
