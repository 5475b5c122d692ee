import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRows, ImportSummary } from '../../../contract/catalog-import';
import { catalogImports, products } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import type { TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';
import { runImports } from './import-job';
import { writePartsData } from './parts-data';

/**
 * Supplier files as they come (docs/decisions/072): a file the CSV parser refuses is answered 400
 * with its line and reason on either engine, leaves no import behind, and the store keeps
 * answering; a stray quote in an unquoted cell is that cell's text; a long supersession chain is
 * checked whole, its loop found on its line.
 */

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
});
afterAll(async () => {
  await t.close();
});

const upload = (kind: 'products' | 'fitment', payload: string | Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/catalog/imports?kind=${kind}&name=supplier.csv`,
    headers: { ...as(admin), 'content-type': 'text/csv' },
    payload,
  });
const importCount = async () =>
  Number((await t.database.db.select({ n: count() }).from(catalogImports))[0]?.n);
const healthz = async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;
const rowsOf = async (id: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/catalog/imports/${id}/rows?limit=500${query}`,
    headers: as(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportRows;
};

/** Bytes that are no CSV at all, the same on every run. */
const noise = (size: number) => {
  const parts: Buffer[] = [];
  for (let i = 0; parts.length * 32 < size; i += 1)
    parts.push(createHash('sha256').update(`noise ${i}`).digest());
  return Buffer.concat(parts).subarray(0, size);
};

const PRODUCT_HEADER = 'sku,name,description,price';
const goodRows = (n: number) =>
  Array.from({ length: n }, (_, i) => `GOOD-${i},Good part ${i},A part.,10`).join('\n');

describe('a file the parser refuses', () => {
  const refused: Array<[string, string | Buffer, RegExp]> = [
    [
      'an unclosed quote',
      `${PRODUCT_HEADER}\nQ-1,"Socket set,A set.,10\nQ-2,Wrench,A wrench.,12\n`,
      /^line 2: a quote is not closed$/,
    ],
    [
      'an unclosed quote after thousands of good rows',
      `${PRODUCT_HEADER}\n${goodRows(3000)}\nQ-3,"Socket set,A set.,10\n`,
      /^line 3002: a quote is not closed$/,
    ],
    [
      'a quoted cell that goes on after its closing quote',
      `${PRODUCT_HEADER}\nQ-4,"3/8" drive",A ratchet.,10\n`,
      /^line 2: a quoted cell goes on after its closing quote/,
    ],
    ['random bytes', noise(4096), /^The file needs the columns sku \(not the products layout's: /],
    ['a"b', 'a"b', /^The file needs the columns .* \(not the products layout's: a_b\)$/],
  ];

  it.each(refused)(
    'answers %s with 400, its line and reason, leaves no import, and the store answers on',
    async (_label, file, message) => {
      const before = await importCount();
      const res = await upload('products', file);
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.issues?.[0]?.message ?? error.message).toMatch(message);
      expect(await importCount()).toBe(before);
      expect(await healthz()).toBe(200);
    },
  );

  it('names at most ten of the columns a file of anything but CSV has', async () => {
    const res = await upload('fitment', noise(64 * 1024));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message.length).toBeLessThan(1000);
  });

  it('answers a file over 20 MB with 413, and the store answers on', async () => {
    const before = await importCount();
    // Rows of 4 kB, so the size is met before the count of rows.
    const row = `BIG-1,Big,${'A long description. '.repeat(200)},10\n`;
    const res = await upload('products', `${PRODUCT_HEADER}\n${row.repeat(5500)}`);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await importCount()).toBe(before);
    expect(await healthz()).toBe(200);
  });
});

describe('a stray quote in a cell that is not quoted', () => {
  it('reads as the cell’s own text, as a spreadsheet wrote it, and imports so', async () => {
    const res = await upload(
      'products',
      `${PRODUCT_HEADER}\nRATCHET-38,3/8" drive ratchet,"A 3/8"" drive ratchet, 72 teeth.",24.50\n`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json() as ImportSummary;
    expect(report.checked).toMatchObject({ create: 1, refuse: 0 });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/catalog/imports/${report.id}/start`,
      headers: as(admin),
    });
    expect(started.statusCode, started.body).toBe(200);
    await runImports(t.database.db, { budgetMs: 60_000 });
    const [made] = await t.database.db.select().from(products).where(eq(products.sku, 'RATCHET-38'));
    expect(made).toMatchObject({ name: '3/8" drive ratchet', priceCents: 2450 });
    expect(made?.description.join(' ')).toBe('A 3/8" drive ratchet, 72 teeth.');
  });
});

describe('a long supersession chain', () => {
  // One chain of 20,000 new products, each replacing the one before it, from a product the store
  // holds; the last row closes the loop through all of them.
  it('is checked whole: every link taken, and the row that closes the loop refused on its line', async () => {
    const n = 20_000;
    const first = await insertProduct(t.database.db, { name: 'Chain start' });
    await t.database.db.transaction((tx) => writePartsData(tx, first.id, { sku: 'CHAIN-0' }));
    const lines = ['sku,name,description,price,superseded_by'];
    for (let i = 1; i <= n; i += 1) lines.push(`CHAIN-${i},Chain part ${i},A part.,10,CHAIN-${i - 1}`);
    lines.push(`CHAIN-0,,,,CHAIN-${n}`);
    const res = await upload('products', lines.join('\n'));
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json() as ImportSummary;
    expect(report.total).toBe(n + 1);
    expect(report.checked).toMatchObject({ create: n, refuse: 1 });
    const { rows } = await rowsOf(report.id, '&verdict=refuse');
    expect(rows).toEqual([
      {
        line: n + 2,
        key: 'CHAIN-0',
        verdict: 'refuse',
        outcome: null,
        reason: `superseded_by: CHAIN-${n} is itself replaced by CHAIN-0, which would make a loop`,
      },
    ]);
  }, 300_000);
});
