import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportRows, type ImportSummary, PRODUCT_CSV_COLUMNS } from '../../../contract/catalog-import';
import { catalogImports, fitments, products, stockLevels } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { bigPng } from '../../test/images';
import type { TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';
import { fetchProductImage } from '../uploads/image-fetch';
import { localImageStore } from '../uploads/image-store';
import { IMPORT_MAX_INTERRUPTIONS, runImports } from './import-job';
import { writePartsData } from './parts-data';

/** CSV import (dry run, then the job) and export, through the API, on the real database. */

let t: TestApp;
let admin: TestSession;
let images: Server;
let imageBase: string;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  // A supplier's image host, on this machine.
  const png = bigPng(32, 32);
  images = createServer((request, response) => {
    if (request.url === '/pad.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(async () => {
  images.close();
  await t.close();
});

const upload = async (kind: 'products' | 'fitment', csv: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/catalog/imports?kind=${kind}&name=supplier.csv`,
    headers: { ...as(admin), 'content-type': 'text/csv' },
    payload: csv,
  });
  return res;
};
const checked = async (kind: 'products' | 'fitment', csv: string) => {
  const res = await upload(kind, csv);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ImportSummary;
};
const importRowsOf = async (id: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/catalog/imports/${id}/rows?limit=500${query}`,
    headers: as(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportRows;
};
const summary = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/catalog/imports/${id}`, headers: as(admin) })
  ).json() as ImportSummary;
const start = async (id: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/catalog/imports/${id}/start`,
    headers: as(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const fetchImage = async (address: string) =>
  (await fetchProductImage(localImageStore(t.app.config.uploads.dir), address, true)).data.url;
/** Runs the job until the import is finished, as the job runner's rounds would. */
const finish = async (id: string) => {
  for (let round = 0; round < 50; round += 1) {
    const now = await summary(id);
    if (now.status === 'done' || now.status === 'failed') return now;
    await runImports(t.database.db, { budgetMs: 60_000, fetchImage });
  }
  throw new Error('the import did not finish');
};
const fitmentCount = async (productId: string) =>
  Number(
    (await t.database.db.select({ n: count() }).from(fitments).where(eq(fitments.productId, productId)))[0]
      ?.n,
  );

async function partWithNumber(sku: string, partNumber: string) {
  const product = await insertProduct(t.database.db, { name: `Pad ${sku}` });
  await t.database.db.transaction((tx) => writePartsData(tx, product.id, { sku, part_number: partNumber }));
  return product;
}

describe('fitment import', () => {
  it('dry run lists every row with its verdict and reason and writes nothing; the job applies the good rows', async () => {
    const pad = await partWithNumber('IMP-PAD-1', 'BR-1001');
    const csv = [
      'Part Number,Year From,Year To,Make,Model,Submodel,Engine,Position,Quantity,Note',
      'BR-1001,2016,2021,Honda,Civic,EX,,Front,1,',
      'br1001,2018,2022,Toyota,Camry,,,Front,1,With sport brakes',
      'BR-1001,2016,2021,Honda,Civic,EX,,Front,1,',
      'NOPE-9,2016,2021,Honda,Civic,,,,,',
      'BR-1001,2021,2016,Honda,Accord,,,,,',
      'BR-1001,2019,2020,,Accord,,,,,',
    ].join('\n');
    const report = await checked('fitment', csv);
    expect(report).toMatchObject({
      status: 'checked',
      total: 6,
      checked: { create: 2, update: 0, refuse: 4 },
    });
    expect(await fitmentCount(pad.id)).toBe(0);
    const { rows } = await importRowsOf(report.id);
    expect(rows.map((r) => [r.line, r.verdict, r.reason])).toEqual([
      [2, 'create', null],
      [3, 'create', null],
      [4, 'refuse', 'The same as line 2'],
      [5, 'refuse', 'No product has the part number NOPE-9'],
      [6, 'refuse', 'year_to: The first year must not be after the last'],
      [7, 'refuse', 'make: Make is required'],
    ]);

    await start(report.id);
    const done = await finish(report.id);
    expect(done).toMatchObject({ status: 'done', done: 6, applied: { create: 2, update: 0, refuse: 4 } });
    expect(await fitmentCount(pad.id)).toBe(2);
    const detail = await t.app.inject({ method: 'GET', url: `/api/purchase/${pad.id}` });
    expect(detail.json().fitment).toContainEqual(
      expect.objectContaining({
        make: 'Toyota',
        model: 'Camry',
        position: 'Front',
        note: 'With sport brakes',
      }),
    );

    // The same file again: nothing new; a changed note updates its row.
    const again = await checked('fitment', csv.replace('With sport brakes', 'Sport trim only'));
    expect(again.checked).toMatchObject({ create: 0, update: 1, unchanged: 1 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/catalog/imports/${report.id}/start`,
          headers: as(admin),
        })
      ).statusCode,
    ).toBe(409);
  });

  it('reads a whole vehicle in one cell, or a vPIC model id, and says why it cannot read one', async () => {
    const part = await partWithNumber('IMP-VEH-1', 'VR-2002');
    const report = await checked(
      'fitment',
      [
        'Part Number,Vehicle,Position',
        'VR-2002,2012-2015 Honda Civic 1.8L I4,Front',
        'VR-2002,1988 jeep cherokee Laredo,Front',
        'VR-2002,2012 Batmobile Tumbler,Front',
        'VR-2002,Honda Civic,Front',
      ].join('\n'),
    );
    const { rows } = await importRowsOf(report.id);
    expect(rows.map((r) => [r.line, r.verdict, r.reason])).toEqual([
      [2, 'create', null],
      [3, 'create', null],
      [4, 'refuse', 'vehicle: Name a make the vehicle picker lists, then the model'],
      [5, 'refuse', 'vehicle: Write the years, then make and model: 2012-2015 Honda Civic'],
    ]);
    await start(report.id);
    expect(await finish(report.id)).toMatchObject({ status: 'done', applied: { create: 2, refuse: 2 } });
    const byId = await checked(
      'fitment',
      'Part Number,Year From,Year To,vPIC Model Id\nVR-2002,2016,2018,1863\nVR-2002,2016,2018,99999999',
    );
    expect((await importRowsOf(byId.id)).rows.map((r) => [r.verdict, r.reason])).toEqual([
      ['create', null],
      ['refuse', 'vpic_model_id: vPIC has no model 99999999'],
    ]);
    await start(byId.id);
    await finish(byId.id);
    const fitment = (await t.app.inject({ method: 'GET', url: `/api/purchase/${part.id}` })).json().fitment;
    expect(
      fitment.map((f: Record<string, unknown>) => [
        f.year_from,
        f.year_to,
        f.make,
        f.model,
        f.engine,
        f.submodel,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [2012, 2015, 'Honda', 'Civic', '1.8L I4', null],
        [1988, 1988, 'Jeep', 'Cherokee', null, 'Laredo'],
        [2016, 2018, 'Honda', 'Civic', null, null],
      ]),
    );
  });

  it('refuses a row holding a NUL character, by line and column, and keeps the rest', async () => {
    const pad = await partWithNumber('IMP-PAD-NUL', 'BR-1077');
    const csv = [
      'Part Number,Year From,Year To,Make,Model,Submodel,Engine,Position,Quantity,Note',
      'BR-1077,2016,2021,Honda,Civic,,,Front,1,',
      'BR-1077,2018,2022,Toyota,Camry,,,Front,1,bad\u0000note',
    ].join('\n');
    const report = await checked('fitment', csv);
    expect(report.checked).toMatchObject({ create: 1, refuse: 1 });
    const { rows } = await importRowsOf(report.id);
    expect(rows.map((r) => [r.line, r.verdict, r.reason])).toEqual([
      [2, 'create', null],
      [3, 'refuse', 'note: Text may not contain NUL characters'],
    ]);
    await start(report.id);
    expect(await finish(report.id)).toMatchObject({ status: 'done', applied: { create: 1, refuse: 1 } });
    expect(await fitmentCount(pad.id)).toBe(1);
  });

  it('refuses a file that is not the layout, whole', async () => {
    const res = await upload('fitment', 'part,colour\nX,red\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain("(not the fitment layout's: part, colour)");
    expect(Number((await t.database.db.select({ n: count() }).from(catalogImports))[0]?.n)).toBeGreaterThan(
      0,
    );
  });

  // Ten thousand rows take seconds alone and over a minute on a machine busy with other work: a
  // generous limit, since the test waits for states, not for time.
  it('applies a 10,000-row file, resuming after a worker that stopped mid-way without applying a row twice', async () => {
    const parts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => partWithNumber(`BIG-${i}`, `BG-${i}`)),
    );
    const models = ['Civic', 'Accord', 'CR-V', 'Pilot', 'Fit'];
    const lines = ['part_number,year_from,year_to,make,model,position'];
    for (let i = 0; i < 10_000; i += 1) {
      // Every row a different part, model and year: 20 parts x 5 models x 100 years.
      const k = Math.floor(i / 20);
      const year = 1950 + Math.floor(k / 5);
      lines.push(`BG-${i % 20},${year},${year + 1},Honda,${models[k % 5]},Front`);
    }
    const report = await checked('fitment', lines.join('\n'));
    expect(report.checked).toMatchObject({ create: 10_000, refuse: 0 });
    await start(report.id);
    // One chunk, then the worker "dies": its lease runs out and another instance resumes.
    let clock = Date.now();
    await runImports(t.database.db, { budgetMs: 3, now: () => (clock += 1) });
    const halfway = await summary(report.id);
    expect(halfway.status).toBe('running');
    expect(halfway.done).toBeGreaterThan(0);
    expect(halfway.done).toBeLessThan(10_000);
    await t.database.db
      .update(catalogImports)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(catalogImports.id, report.id));
    const done = await finish(report.id);
    expect(done).toMatchObject({ status: 'done', done: 10_000, applied: { create: 10_000, refuse: 0 } });
    const total = (await Promise.all(parts.map((p) => fitmentCount(p.id)))).reduce((a, b) => a + b, 0);
    expect(total).toBe(10_000);
    const [resumed] = await t.database.db
      .select()
      .from(catalogImports)
      .where(eq(catalogImports.id, report.id));
    expect(resumed?.interruptions).toBe(1);
  }, 300_000);

  it('fails an import cleanly after repeated interruptions, keeping what was applied', async () => {
    const pad = await partWithNumber('INT-1', 'IN-1');
    const report = await checked(
      'fitment',
      'part_number,year_from,year_to,make,model\nIN-1,2015,2016,Honda,Civic\n',
    );
    await start(report.id);
    await t.database.db
      .update(catalogImports)
      .set({
        status: 'running',
        interruptions: IMPORT_MAX_INTERRUPTIONS,
        leaseUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(catalogImports.id, report.id));
    const failed = await finish(report.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('interruptions');
    expect(await fitmentCount(pad.id)).toBe(0);
  });
});

describe('products import', () => {
  it("takes a supplier's file as it comes: columns the layout does not have are left out and named, money as written", async () => {
    const csv = [
      'sku,name,description,price,qty_on_hand,Vendor Cost,warehouse',
      'SUP-1,Supplier Rotor,A vented rotor.,"1,249.00",12,900.00,B4',
      'SUP-2,Supplier Shoe,A brake shoe.,$12.99,3,5.10,B5',
      'SUP-3,Supplier Clip,A clip.,"12,99",1,0.10,B6',
    ].join('\n');
    const report = await checked('products', csv);
    expect(report.warnings).toEqual([
      `Ignored columns: qty_on_hand, vendor_cost, warehouse. The products layout has: ${PRODUCT_CSV_COLUMNS.join(', ')}`,
    ]);
    expect(report.checked).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 1 });
    const { rows } = await importRowsOf(report.id);
    expect(rows.map((r) => [r.key, r.verdict])).toEqual([
      ['SUP-1', 'create'],
      ['SUP-2', 'create'],
      ['SUP-3', 'refuse'],
    ]);
    expect(rows[2]?.reason).toBe('price: Write cents after a point, not a comma: 12.99');
    await start(report.id);
    expect(await finish(report.id)).toMatchObject({ status: 'done', applied: { create: 2, refuse: 1 } });
    const made = await t.database.db
      .select({ sku: products.sku, price: products.priceCents })
      .from(products)
      .where(inArray(products.sku, ['SUP-1', 'SUP-2']))
      .orderBy(products.sku);
    expect(made).toEqual([
      { sku: 'SUP-1', price: 124_900 },
      { sku: 'SUP-2', price: 1299 },
    ]);
  });

  it('creates and updates products with numbers, categories by name and images by address; refuses unknown categories, loops and half-rows', async () => {
    const existing = await partWithNumber('PROD-OLD', 'OLD-1');
    const csv = [
      'sku,name,description,price,category,brand,part_number,oem_numbers,interchange_numbers,superseded_by,status,ground_only,core_charge,images',
      `PROD-NEW,Ceramic Pads,Quiet pads. Low dust.,39.99,Brakes,Apex,BR-NEW,Honda:45022-XXX-A01,Wagner:D9999,,active,no,12.50,${imageBase}/pad.png`,
      'PROD-OLD,,,,,,,,,PROD-NEW,,,,',
      'PROD-BAD,Odd Pads,Odd. Pads.,20,Spaceships,,,,,,,,,',
      'PROD-HALF,Half Pads,,20,,,,,,,,,,',
      'PROD-LOOP,Loop Pads,Loops. Forever.,20,,,,,,PROD-LOOP,,,,',
      'PROD-PIC,Picture Pads,With a picture.,20,,,,,,,,,,http://127.0.0.1:9/none.png',
      'PROD-NEW,Again,Again.,1,,,,,,,,,,',
    ].join('\n');
    const report = await checked('products', csv);
    const { rows } = await importRowsOf(report.id);
    expect(rows.map((r) => [r.key, r.verdict, r.reason])).toEqual([
      ['PROD-NEW', 'create', null],
      ['PROD-OLD', 'update', null],
      ['PROD-BAD', 'refuse', 'category: the store has no category Spaceships'],
      ['PROD-HALF', 'refuse', 'A new product needs description'],
      ['PROD-LOOP', 'refuse', 'superseded_by: a product cannot replace itself'],
      ['PROD-PIC', 'create', null],
      ['PROD-NEW', 'refuse', 'The same as line 2'],
    ]);
    expect((await t.database.db.select().from(products).where(eq(products.sku, 'PROD-NEW'))).length).toBe(0);

    await start(report.id);
    const done = await finish(report.id);
    // The picture that cannot be fetched refuses its whole row.
    expect(done.applied).toMatchObject({ create: 1, update: 1, refuse: 5 });
    const [made] = await t.database.db.select().from(products).where(eq(products.sku, 'PROD-NEW'));
    expect(made).toMatchObject({
      status: 'active',
      categorySlug: 'brakes',
      brand: 'Apex',
      coreChargeCents: 1250,
    });
    expect(made?.image).toMatch(/^\/uploads\/.+\.webp$/);
    // A product the file creates starts with none in stock, at the inventory's main location.
    const levels = await t.database.db
      .select()
      .from(stockLevels)
      .where(eq(stockLevels.productId, made?.id ?? ''));
    expect(levels.map((l) => `${l.locationId} ${l.onHand}/${l.reserved}/${l.available}`)).toEqual([
      'main 0/0/0',
    ]);
    expect((await t.database.db.select().from(products).where(eq(products.sku, 'PROD-PIC'))).length).toBe(0);
    const [old] = await t.database.db.select().from(products).where(eq(products.id, existing.id));
    expect(old?.supersededById).toBe(made?.id);
    const applied = await importRowsOf(report.id, '&verdict=create');
    expect(applied.rows.find((r) => r.key === 'PROD-PIC')).toMatchObject({ outcome: 'refuse' });

    // Searching the old product's number lands on the new one.
    const found = await t.app.inject({ method: 'GET', url: '/api/tool?search=OLD-1' });
    expect(found.json().map((product: { _id: string }) => product._id)).toContain(made?.id);
  });

  it('refuses a loop the file closes with the store’s own links', async () => {
    const a = await partWithNumber('LOOP-A', 'LA-1');
    await partWithNumber('LOOP-B', 'LB-1');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tool/${a.id}`,
      headers: as(admin),
      payload: {
        superseded_by: (await t.database.db.select().from(products).where(eq(products.sku, 'LOOP-B')))[0]?.id,
      },
    });
    const report = await checked('products', 'sku,superseded_by\nLOOP-B,LOOP-A\n');
    const { rows } = await importRowsOf(report.id);
    expect(rows[0]).toMatchObject({
      verdict: 'refuse',
      reason: 'superseded_by: LOOP-A is itself replaced by LOOP-B, which would make a loop',
    });
  });
});

describe('export', () => {
  it('streams the catalog in the import layouts, and what it writes reads back unchanged', async () => {
    const pad = await partWithNumber('EXP-1', 'EX-1');
    await t.database.db
      .update(products)
      .set({ priceCents: 5599, coreChargeCents: 1250, costCents: 2210 })
      .where(eq(products.id, pad.id));
    await t.app.inject({
      method: 'POST',
      url: `/api/tool/${pad.id}/fitment`,
      headers: as(admin),
      payload: {
        year_from: 2015,
        year_to: 2019,
        vehicles: [{ make: 'Ford', model: 'F-150' }],
        position: 'Rear',
      },
    });
    const fitmentCsv = await t.app.inject({
      method: 'GET',
      url: '/api/catalog/export/fitment',
      headers: as(admin),
    });
    expect(fitmentCsv.statusCode).toBe(200);
    expect(fitmentCsv.headers['content-type']).toContain('text/csv');
    const rows = parse(fitmentCsv.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toContainEqual(
      expect.objectContaining({
        part_number: 'EXP-1',
        make: 'Ford',
        model: 'F-150',
        year_from: '2015',
        position: 'Rear',
      }),
    );
    const back = await checked('fitment', fitmentCsv.body);
    expect(back.checked).toMatchObject({ create: 0, update: 0, refuse: 0 });

    const productsCsv = await t.app.inject({
      method: 'GET',
      url: '/api/catalog/export/products',
      headers: as(admin),
    });
    const exported = parse(productsCsv.body, { columns: true }) as Array<Record<string, string>>;
    // Prices are plain decimals on both engines (PostgreSQL's numeric would write 55.9900000000000000).
    expect(exported.find((p) => p.sku === 'EXP-1')).toMatchObject({
      part_number: 'EX-1',
      status: 'active',
      price: '55.99',
      core_charge: '12.50',
      cost: '22.10',
    });
    const reread = await checked('products', productsCsv.body);
    expect(reread.checked.refuse).toBe(0);
    // A supplier's new cost, imported alone.
    const costs = await checked('products', 'sku,cost\nEXP-1,30.00\nEXP-NONE,-1');
    await start(costs.id);
    await finish(costs.id);
    const [after] = await t.database.db
      .select({ cost: products.costCents })
      .from(products)
      .where(eq(products.id, pad.id));
    expect(after?.cost).toBe(3000);
  });
});
