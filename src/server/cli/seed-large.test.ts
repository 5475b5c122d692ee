import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../kernel/db/database';
import { fitments, partNumbers, products, stockLevels } from '../kernel/db/schema';
import { listTools } from '../modules/catalog/catalog.service';
import { largeCatalog } from './large-catalog';
import { runSeedLarge } from './seed-large';

/**
 * `npm run seed:large` against the store's own database settings: the PGlite in DATA_DIR, or with
 * TEST_DATABASE_URL a fresh PostgreSQL database as DATABASE_URL. A few hundred tools stand in for
 * the 100,000 (same code, same batches).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
let env: NodeJS.ProcessEnv;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-seed-large-'));
  env = { DATA_DIR: dataDir };
  cleanUp = async () => rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) {
    const name = `store_seed_large_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    const removeDir = cleanUp;
    cleanUp = async () => {
      await removeDir();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }
});
afterAll(() => cleanUp());

/** Opens the database the command used; on PGlite the command must have closed it first. */
async function withDatabase<T>(work: (database: Database) => Promise<T>) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: String(env.DATA_DIR) });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe('npm run seed:large', () => {
  it('adds the generated tools once; a second run adds nothing', async () => {
    const quiet = () => {};
    const first = await runSeedLarge(['--count', '300'], env, quiet);
    expect(first.code).toBe(0);
    expect(first.message).toMatch(/^Added 300 tools in [\d.]+ s/);
    expect(await runSeedLarge(['--count', '300'], env, quiet)).toEqual({
      code: 0,
      message: 'The store already has 300 tools; nothing added.',
    });

    await withDatabase(async ({ db }) => {
      expect((await db.select({ n: count() }).from(products))[0]?.n).toBe(300);
      const expected = [...largeCatalog(300)];
      const rows = await db.select().from(products).orderBy(asc(products.createdAt));
      expect(rows.map((row) => row.name)).toEqual(expected.map((product) => product.name));
      expect(rows[0]?.description).toEqual(expected[0]?.description);
      // Every product has its main stock level, holding what the generator gave it.
      const levels = await db.select().from(stockLevels);
      expect(levels).toHaveLength(300);
      const stocked = new Map(levels.map((l) => [l.productId, l]));
      expect(
        rows.filter((row) => {
          const level = stocked.get(row.id);
          return (
            !level || level.available !== row.availableQuantity || level.onHand !== row.availableQuantity
          );
        }),
      ).toEqual([]);
      expect(rows.map((row) => row.availableQuantity)).toEqual(
        expected.map((product) => product.availableQuantity),
      );
      // The trigger filled the searchable text, so descriptions are found like names.
      expect(rows[0]?.descriptionText).toBe(expected[0]?.description.join(' '));
      // Every word of one of its sentences finds the product (the search reads words, in any order).
      const sentence = expected[0]?.description[1] ?? '';
      const found = await listTools(db, { search: sentence, limit: 100 });
      expect(found.tools.map((product) => product._id)).toContain(rows[0]?.id);

      // Parts data: every product filed, numbered and fitted (about ten vehicle ranges on average).
      expect(rows.every((row) => row.categorySlug && row.brand && row.sku && row.partNumber)).toBe(true);
      const [fitted] = await db.select({ n: count() }).from(fitments);
      expect((fitted?.n ?? 0) / 300).toBeGreaterThan(6);
      expect((fitted?.n ?? 0) / 300).toBeLessThan(14);
      const [numbered] = await db.select({ n: count() }).from(partNumbers);
      expect(numbered?.n).toBe(600);
      const [first] = await db.select().from(fitments).limit(1);
      if (!first) throw new Error('no fitment rows');
      const fits = await listTools(db, {
        year: first.yearFrom,
        make: first.make,
        model: first.model,
        limit: 100,
      });
      expect(fits.tools.map((product) => product._id)).toContain(first.productId);
      const byNumber = await listTools(db, {
        search: (rows[0]?.partNumber ?? '').toLowerCase().replace('-', ' '),
        limit: 10,
      });
      expect(byNumber.tools.map((product) => product._id)).toContain(rows[0]?.id);
    });
  });

  it('makes the same catalog from the same seed, within the store limits', () => {
    const once = [...largeCatalog(2000)];
    expect([...largeCatalog(2000)]).toEqual(once);
    expect(new Set(once.map((product) => product.name)).size).toBeGreaterThan(1500);
    for (const product of once) {
      expect(product.priceCents).toBeGreaterThanOrEqual(100);
      expect(product.availableQuantity).toBeGreaterThanOrEqual(20);
      expect(product.minimumOrderQuantity).toBeGreaterThanOrEqual(1);
      expect(product.minimumOrderQuantity).toBeLessThanOrEqual(20);
      expect(product.description.every((sentence) => sentence.endsWith('.'))).toBe(true);
    }
  });

  it.each([[['--count']], [['--count', 'many']], [['--count', '0']], [['--size', '5']]])(
    'answers usage to %j',
    async (argv) => {
      expect(await runSeedLarge(argv, env)).toEqual({
        code: 2,
        message: 'Usage: npm run seed:large [-- --count <tools>]',
      });
    },
  );
});
