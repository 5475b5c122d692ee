import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolDetails } from '../../../contract/catalog';
import type { ImportSummary } from '../../../contract/catalog-import';
import { NO_PHOTO_IMAGE } from '../../../contract/uploads.constants';
import { productImages, products } from '../../kernel/db/schema';
import { seedDemoData } from '../../seed/seed';
import type { TestApp } from '../../test/harness';
import type { TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';
import { runImports } from './import-job';

/**
 * A product without a photo shows the neutral "No photo" picture, never another product's: what an
 * import gives a new product without images, and what drizzle/0033 gives the products earlier
 * imports gave the socket set's picture (and only those).
 */

const SOCKET_SET = '/images/tools/socket-set.svg';
const root = path.resolve(import.meta.dirname, '../../../..');

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  expect(await seedDemoData(t.database.db)).toBe(true);
});
afterAll(() => t.close());

/** Checks and applies a products CSV as the owner's import page and the job runner would. */
async function importProducts(csv: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/catalog/imports?kind=products&name=supplier.csv',
    headers: { ...as(admin), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as ImportSummary;
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/catalog/imports/${id}/start`,
    headers: as(admin),
  });
  expect(started.statusCode, started.body).toBe(200);
  for (let round = 0; round < 20; round += 1) {
    const now = (
      await t.app.inject({ method: 'GET', url: `/api/catalog/imports/${id}`, headers: as(admin) })
    ).json() as ImportSummary;
    if (now.status === 'done') return;
    expect(now.status).not.toBe('failed');
    await runImports(t.database.db, {
      budgetMs: 60_000,
      fetchImage: () => Promise.reject(new Error('no fetching in this test')),
    });
  }
  throw new Error('the import did not finish');
}

const productBySku = async (sku: string) => {
  const [row] = await t.database.db.select().from(products).where(eq(products.sku, sku));
  if (!row) throw new Error(`no product ${sku}`);
  return row;
};
const picturesOf = async (productId: string) =>
  (
    await t.database.db
      .select({ url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, productId))
  ).map((image) => image.url);

/** Puts a product back as the import of before gave it: the socket set's picture, card and gallery. */
async function asEarlierImportsLeftIt(productId: string) {
  await t.database.db.update(products).set({ image: SOCKET_SET }).where(eq(products.id, productId));
  await t.database.db
    .update(productImages)
    .set({ url: SOCKET_SET })
    .where(eq(productImages.productId, productId));
}

/** The statements of drizzle/0033 that change data (its indexes exist already). */
async function runDataMigration() {
  const statements = readFileSync(path.join(root, 'drizzle/0033_parts_first.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => /^\s*UPDATE /m.test(statement));
  expect(statements.length).toBe(2);
  for (const statement of statements) await t.database.db.execute(sql.raw(statement));
}

describe('a product without a photo', () => {
  it('the picture is the store’s own neutral "No photo"', () => {
    const file = path.join(root, 'src/web/public', NO_PHOTO_IMAGE);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('No photo');
  });

  it('imported without images: its card and its page show "No photo", not the socket set', async () => {
    await importProducts(
      ['sku,name,description,price,status', 'NP-1,Rear Wiper Arm,Fits most hatchbacks.,14.99,active'].join(
        '\n',
      ),
    );
    const made = await productBySku('NP-1');
    expect(made.image).toBe(NO_PHOTO_IMAGE);
    expect(await picturesOf(made.id)).toEqual([NO_PHOTO_IMAGE]);
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/purchase/${made.id}` })
    ).json() as ToolDetails;
    expect(page.image).toBe(NO_PHOTO_IMAGE);
    expect(page.images?.map((image) => image.url)).toEqual([NO_PHOTO_IMAGE]);
  });

  it('drizzle/0033 gives "No photo" to the products earlier imports gave the socket set, and to no other', async () => {
    await importProducts(
      [
        'sku,name,description,price,status,images',
        'NP-OLD,Cabin Air Filter,Traps dust and pollen.,19.99,active,',
        `NP-MEANT,Socket Rail,Holds sockets in order.,9.99,active,${SOCKET_SET}`,
        'NP-EDITED,Valve Stem Caps,Keep the dust out.,4.99,active,',
      ].join('\n'),
    );
    const old = await productBySku('NP-OLD');
    const meant = await productBySku('NP-MEANT');
    const edited = await productBySku('NP-EDITED');
    expect(meant.image).toBe(SOCKET_SET);
    await asEarlierImportsLeftIt(old.id);
    await asEarlierImportsLeftIt(edited.id);
    // The owner chose the socket set's picture for this one in the editor since.
    const chose = await t.app.inject({
      method: 'PATCH',
      url: `/api/tool/${edited.id}`,
      headers: as(admin),
      payload: {
        images: [
          { url: SOCKET_SET, alt: 'Valve stem caps' },
          { url: SOCKET_SET, alt: 'Again' },
        ],
      },
    });
    expect(chose.statusCode, chose.body).toBe(200);
    const demoSocketSet = await t.database.db.select().from(products).where(eq(products.image, SOCKET_SET));
    expect(demoSocketSet.map((row) => row.sku)).toEqual(
      expect.arrayContaining(['NP-OLD', 'NP-MEANT', 'NP-EDITED']),
    );

    await runDataMigration();

    expect((await productBySku('NP-OLD')).image).toBe(NO_PHOTO_IMAGE);
    expect(await picturesOf(old.id)).toEqual([NO_PHOTO_IMAGE]);
    expect((await productBySku('NP-MEANT')).image).toBe(SOCKET_SET);
    expect((await productBySku('NP-EDITED')).image).toBe(SOCKET_SET);
    expect(await picturesOf(edited.id)).toEqual([SOCKET_SET, SOCKET_SET]);
    // The demo's own socket set (not imported) keeps its picture.
    const stillSocketSet = await t.database.db.select().from(products).where(eq(products.image, SOCKET_SET));
    expect(stillSocketSet.map((row) => row.sku).sort()).toEqual(
      demoSocketSet
        .map((row) => row.sku)
        .filter((sku) => sku !== 'NP-OLD')
        .sort(),
    );
    expect(stillSocketSet.length).toBeGreaterThan(2);
  });
});
