import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRows, ImportSummary } from '../../../contract/catalog-import';
import type { Supplier } from '../../../contract/purchasing';
import { products, stockLevels, stockMovements, supplierProducts } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { createOwnerApp, type Member, newStaff } from '../../test/kit';
import { as } from '../../test/store-flow';
import { runImports } from '../catalog/import-job';
import { createLocation, moveStock, stockAtPlaces } from '../inventory';
import { writeSupplierFileRow } from './suppliers';

/**
 * A supplier's price-and-stock file as it comes (decision 098): its own headers mapped once to the
 * store's columns and kept with the supplier, unknown columns ignored with a warning, the supplier's
 * part number, pack and cost written to what it sells, and the counted stock set through the ledger.
 */

let t: TestApp;
let owner: Member;
let staff: Member;
let supplier: Supplier;

beforeAll(async () => {
  ({ t, admin: owner } = await createOwnerApp());
  staff = await newStaff(t.app, 'staff', 'Sam Staff');
  const made = await call(owner, 'POST', '/api/suppliers', {
    name: 'Midwest Brake Wholesale',
    email: 'orders@midwest-brake.example',
    leadTimeDays: 3,
    minimumOrderCents: 0,
  });
  expect(made.statusCode, made.body).toBe(201);
  supplier = made.json() as Supplier;
});
afterAll(async () => {
  await t?.close();
});

const call = (who: Member | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

const check = (file: string, query = `&supplier=${supplier.id}`, who: Member = owner) =>
  t.app.inject({
    method: 'POST',
    url: `/api/catalog/imports?kind=products&name=midwest.csv${query}`,
    headers: { ...as(who), 'content-type': 'text/csv' },
    payload: file,
  });

async function checkAndApply(file: string): Promise<ImportSummary> {
  const res = await check(file);
  expect(res.statusCode, res.body).toBe(201);
  const summary = res.json() as ImportSummary;
  const started = await call(owner, 'POST', `/api/catalog/imports/${summary.id}/start`);
  expect(started.statusCode, started.body).toBe(200);
  await runImports(t.database.db, { budgetMs: 60_000, writeSupplierRow: writeSupplierFileRow });
  return (await call(owner, 'GET', `/api/catalog/imports/${summary.id}`)).json() as ImportSummary;
}

const rowsOf = async (id: string) =>
  ((await call(owner, 'GET', `/api/catalog/imports/${id}/rows?limit=500`)).json() as ImportRows).rows;

const offerOf = async (productId: string) =>
  (
    await t.database.db
      .select()
      .from(supplierProducts)
      .where(and(eq(supplierProducts.supplierId, supplier.id), eq(supplierProducts.productId, productId)))
  )[0];

const onHandOf = async (productId: string) =>
  (await t.database.db.select().from(stockLevels).where(eq(stockLevels.productId, productId)))[0]?.onHand;

// The supplier's file as it sends it: its own names, a column the store has no use for.
const MIDWEST_HEADER = 'Item #,Description,Vendor Part,Qty On Hand,Our Cost,Case Qty,Web Notes';

describe("a supplier's own headers", () => {
  it('are read by their names until mapped: the store says which columns it ignored', async () => {
    const res = await check(`${MIDWEST_HEADER}\nMW-100,Rotor,R-100,12,$18.40,2,Fast mover\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "The file needs the columns sku (not the products layout's: item, vendor_part, qty_on_hand, our_cost, case_qty, web_notes): map its own headers to them",
    );
  });

  it('are mapped once, kept with the supplier, and read so in its next file', async () => {
    const mapping = {
      'Item #': 'sku',
      Description: 'name',
      'Vendor Part': 'supplier_part_number',
      'Qty On Hand': 'on_hand',
      'Our Cost': 'supplier_cost',
      'Case Qty': 'pack_size',
    };
    const saved = await call(owner, 'PUT', `/api/suppliers/${supplier.id}/import-mapping`, { mapping });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Supplier).importMapping).toEqual(mapping);
    const details = (await call(owner, 'GET', `/api/suppliers/${supplier.id}`)).json();
    expect(details.supplier.importMapping).toEqual(mapping);

    const rotor = await insertProduct(t.database.db, { sku: 'MW-100', name: 'Vented rotor' });
    const res = await check(`${MIDWEST_HEADER}\nMW-100,Vented rotor,R-100,12,$18.40,2,Fast mover\n`);
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json() as ImportSummary;
    expect(summary.supplier).toEqual({ id: supplier.id, name: 'Midwest Brake Wholesale' });
    expect(summary.columns).toEqual([
      { header: 'Item #', column: 'sku', mapped: true },
      { header: 'Description', column: 'name', mapped: true },
      { header: 'Vendor Part', column: 'supplier_part_number', mapped: true },
      { header: 'Qty On Hand', column: 'on_hand', mapped: true },
      { header: 'Our Cost', column: 'supplier_cost', mapped: true },
      { header: 'Case Qty', column: 'pack_size', mapped: true },
      { header: 'Web Notes', column: null, mapped: false },
    ]);
    expect(summary.warnings).toEqual([expect.stringMatching(/^Ignored columns: web_notes\. /)]);
    expect(summary.checked).toMatchObject({ update: 1, refuse: 0 });
    expect(rotor.id).toBeTruthy();
  });

  it('keeps how the first 300 cells of a very wide header were read, and names a few it ignored', async () => {
    await call(owner, 'PUT', `/api/suppliers/${supplier.id}/import-mapping`, {
      mapping: { 'Item #': 'sku' },
    });
    const wide = ['Item #', ...Array.from({ length: 399 }, (_, i) => `Extra ${i}`)];
    const res = await check(`${wide.join(',')}\nMW-100${',x'.repeat(399)}\n`);
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json() as ImportSummary;
    expect(summary.columns).toHaveLength(300);
    expect(summary.columns[0]).toEqual({ header: 'Item #', column: 'sku', mapped: true });
    expect(summary.warnings[0]).toMatch(/^Ignored columns: extra_0, .* and 389 more\. /);
  });

  it('may be ignored on purpose, without a warning', async () => {
    const mapping = { 'Item #': 'sku', 'Web Notes': 'ignore' };
    expect(
      (await call(owner, 'PUT', `/api/suppliers/${supplier.id}/import-mapping`, { mapping })).statusCode,
    ).toBe(200);
    const res = await check('Item #,Web Notes\nMW-100,Fast mover\n');
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json() as ImportSummary;
    expect(summary.warnings).toEqual([]);
    expect(summary.columns[1]).toEqual({ header: 'Web Notes', column: null, mapped: true });
  });

  it('refuses a mapping that reads two headers as one column, or names no column of the store', async () => {
    const twice = await call(owner, 'PUT', `/api/suppliers/${supplier.id}/import-mapping`, {
      mapping: { 'Item #': 'sku', Part: 'sku' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('Two columns of the file are mapped to the same column of the store');
    const unknown = await call(owner, 'PUT', `/api/suppliers/${supplier.id}/import-mapping`, {
      mapping: { 'Item #': 'stock_level' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("Choose one of the store's columns, or ignore it");
  });

  it('refuses a file whose header reads two cells as one column, naming it', async () => {
    await call(owner, 'PUT', `/api/suppliers/${supplier.id}/import-mapping`, {
      mapping: { 'Item #': 'sku' },
    });
    const res = await check('Item #,SKU\nMW-100,MW-100\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Two columns of the file are read as sku: map one of them to another column or ignore it',
    );
  });
});

describe("a supplier's file applied", () => {
  it("writes the supplier's part number, pack and cost, and counts the stock through the ledger", async () => {
    await call(owner, 'PUT', `/api/suppliers/${supplier.id}/import-mapping`, {
      mapping: {
        'Item #': 'sku',
        'Vendor Part': 'supplier_part_number',
        'Qty On Hand': 'on_hand',
        'Our Cost': 'supplier_cost',
        'Case Qty': 'pack_size',
      },
    });
    const pads = await insertProduct(t.database.db, { sku: 'MW-200', name: 'Ceramic pads' });
    const caliper = await insertProduct(t.database.db, { sku: 'MW-300', name: 'Caliper' });
    await t.database.db.insert(supplierProducts).values({
      supplierId: supplier.id,
      productId: caliper.id,
      supplierPartNumber: 'C-300',
      costCents: 5000,
    });
    const file = [
      'Item #,Vendor Part,Qty On Hand,Our Cost,Case Qty',
      'MW-200,P-200,40,"1,249.00",4',
      'MW-300,C-300,7,$52.10,',
      'MW-200X,P-999,,12.99,', // no such product, and no name to make one: refused
      'MW-300,C-300,7,"12,99",', // a comma for a point
    ].join('\n');
    const summary = await checkAndApply(`${file}\n`);
    const rows = await rowsOf(summary.id);
    expect(rows.map((r) => [r.line, r.verdict, r.outcome, r.reason])).toEqual([
      [2, 'update', 'update', null],
      [3, 'update', 'update', null],
      [4, 'refuse', 'refuse', 'A new product needs name, price, description'],
      [5, 'refuse', 'refuse', 'supplier_cost: Write cents after a point, not a comma: 12.99'],
    ]);
    expect(await offerOf(pads.id)).toMatchObject({
      supplierPartNumber: 'P-200',
      packSize: 4,
      costCents: 124_900,
    });
    // The pack the supplier already sold it in stays when the file leaves the cell empty.
    expect(await offerOf(caliper.id)).toMatchObject({
      supplierPartNumber: 'C-300',
      packSize: 1,
      costCents: 5210,
    });
    expect(await onHandOf(pads.id)).toBe(40);
    expect(await onHandOf(caliper.id)).toBe(7);
    const [counted] = await t.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, pads.id), eq(stockMovements.reason, 'admin_adjustment')));
    expect(counted).toMatchObject({ onHandDelta: -60, note: 'Counted in the import of midwest.csv, line 2' });
  });

  it('stocks a product the file brings new, as a draft, before it goes on sale', async () => {
    await call(owner, 'PUT', `/api/suppliers/${supplier.id}/import-mapping`, {
      mapping: {
        'Item #': 'sku',
        'Vendor Part': 'supplier_part_number',
        'Qty On Hand': 'on_hand',
        'Our Cost': 'supplier_cost',
      },
    });
    const summary = await checkAndApply(
      'Item #,name,description,price,Vendor Part,Qty On Hand,Our Cost\nMW-500,Wheel bearing,A sealed bearing.,64.00,B-500,18,31.75\n',
    );
    expect(summary.applied).toMatchObject({ create: 1, refuse: 0 });
    const [made] = await t.database.db.select().from(products).where(eq(products.sku, 'MW-500'));
    expect(made?.status).toBe('draft');
    expect(await onHandOf(made?.id ?? '')).toBe(18);
    expect(await offerOf(made?.id ?? '')).toMatchObject({
      supplierPartNumber: 'B-500',
      packSize: 1,
      costCents: 3175,
    });
  });

  it('counts a row that says what is already kept as unchanged, and moves no stock', async () => {
    const summary = await checkAndApply('Item #,Vendor Part,Qty On Hand,Our Cost\nMW-200,P-200,40,1249.00\n');
    expect(summary.applied).toMatchObject({ unchanged: 1, update: 0, refuse: 0 });
    const [pads] = await t.database.db.select().from(products).where(eq(products.sku, 'MW-200'));
    const moves = await t.database.db
      .select()
      .from(stockMovements)
      .where(
        and(eq(stockMovements.productId, pads?.id ?? ''), eq(stockMovements.reason, 'admin_adjustment')),
      );
    expect(moves).toHaveLength(1);
  });

  it('refuses a count below what live orders hold, and a supplier row without its part number or cost', async () => {
    const held = await insertProduct(t.database.db, { sku: 'MW-400', name: 'Hub' });
    // Five units promised to a live order, moved as an order moves them.
    await t.database.db.transaction((tx) =>
      moveStock(tx, [{ productId: held.id, reserved: 5, reason: 'order_placed' }]),
    );
    const summary = await checkAndApply(
      'Item #,Vendor Part,Qty On Hand,Our Cost\nMW-400,H-400,3,20.00\nMW-200,,41,20.00\nMW-300,C-300,7,\n',
    );
    const rows = await rowsOf(summary.id);
    expect(rows.map((r) => [r.line, r.outcome, r.reason])).toEqual([
      [2, 'refuse', expect.stringMatching(/5/)],
      [3, 'refuse', "supplier_part_number: Give the supplier's part number beside its cost"],
      [4, 'refuse', "supplier_cost: Give the supplier's cost beside its part number"],
    ]);
    expect(await offerOf(held.id)).toBeUndefined();
  });

  it('counts and shelves at the place a row names, and exports each place as the import reads it', async () => {
    await createLocation(t.database.db, { name: 'Back room', kind: 'warehouse', pickOrder: 2 });
    const mapping = { 'Item #': 'sku', 'Qty On Hand': 'on_hand', Warehouse: 'location', Shelf: 'bin' };
    expect(
      (await call(owner, 'PUT', `/api/suppliers/${supplier.id}/import-mapping`, { mapping })).statusCode,
    ).toBe(200);
    const summary = await checkAndApply(
      'Item #,Qty On Hand,Warehouse,Shelf\nMW-200,7,back room,c-12\nMW-100,2,Attic,\n',
    );
    expect((await rowsOf(summary.id)).map((r) => [r.line, r.outcome, r.reason])).toEqual([
      [2, 'update', null],
      [3, 'refuse', 'Choose one of the store’s open places'],
    ]);
    const [pads] = await t.database.db.select().from(products).where(eq(products.sku, 'MW-200'));
    expect(await stockAtPlaces(t.database.db, pads?.id ?? '')).toMatchObject([
      { locationId: 'main', onHand: 40, bin: null },
      { locationId: 'back-room', onHand: 7, bin: 'C-12' },
    ]);
    const cellsOf = async (query: string) => {
      const res = await call(owner, 'GET', `/api/catalog/export/products${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const [header, ...lines] = res.body.trim().split('\n');
      expect(header?.split(',').slice(-3)).toEqual(['on_hand', 'location', 'bin']);
      return lines
        .find((l) => l.startsWith('MW-200,'))
        ?.split(',')
        .slice(-3);
    };
    expect(await cellsOf('')).toEqual(['40', 'main', '']);
    expect(await cellsOf('?location=Back%20room')).toEqual(['7', 'back-room', 'C-12']);
    expect((await call(owner, 'GET', '/api/catalog/export/products?location=attic')).statusCode).toBe(400);
  });
});

describe('who may read a file as a supplier’s', () => {
  it('refuses staff, and an unknown supplier', async () => {
    expect((await check('sku\nMW-200\n', `&supplier=${supplier.id}`, staff)).statusCode).toBe(403);
    expect(
      (await call(staff, 'PUT', `/api/suppliers/${supplier.id}/import-mapping`, { mapping: {} })).statusCode,
    ).toBe(403);
    const unknown = await check('sku\nMW-200\n', '&supplier=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('reads a fitment file only in its own layout', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/catalog/imports?kind=fitment&supplier=${supplier.id}`,
      headers: { ...as(owner), 'content-type': 'text/csv' },
      payload: 'part_number,year_from,year_to,make,model\nMW-200,2010,2012,Ford,F-150\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "A supplier's file is read as products: choose the products layout",
    );
  });
});
