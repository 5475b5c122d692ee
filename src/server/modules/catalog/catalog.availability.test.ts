import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool, ToolFacets } from '../../../contract/catalog';
import { buildApp } from '../../app';
import { changeFeed } from '../../kernel/db/change-feed';
import { type Database, openPostgres } from '../../kernel/db/database';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testConfig } from '../../test/harness';
import { setAvailable } from '../../test/probes';
import { type AvailabilityUpdates, createAnswerCache } from './answer-cache';

/**
 * A change of availability alone updates the figures in the cached catalog answers instead of
 * forgetting them all (decision 094). A stock move announces `stock_levels:<ids>`, naming
 * the products whose figures changed (drizzle/0042); any other change of a product still announces
 * `products`, which forgets everything.
 */

const productOf = (id: string, available: number) => ({
  _id: id,
  name: `Tool ${id}`,
  available_quantity: available,
});

function availabilityFrom(figures: Map<string, number>, reads: string[][]): AvailabilityUpdates {
  return {
    tables: ['stock_levels'],
    async read(ids) {
      reads.push([...ids].sort());
      return new Map([...figures].filter(([id]) => ids.includes(id)));
    },
    dependsOnAvailability: (key) => key.startsWith('facets'),
  };
}

describe('the answer cache, told that availability changed', () => {
  it('rewrites the figure in the answers that show the product, reading it once, and builds nothing', async () => {
    const feed = changeFeed();
    const figures = new Map([
      ['a', 7],
      ['b', 9],
    ]);
    const reads: string[][] = [];
    const cache = createAnswerCache(feed, 'products', undefined, availabilityFrom(figures, reads));
    const builds: string[] = [];
    const build = (key: string, value: unknown) => async () => {
      builds.push(key);
      return { body: JSON.stringify(value), headers: { 'X-Total-Count': '2' } };
    };
    const list = build('list', [productOf('a', 7), productOf('b', 9)]);
    const a = build('a', productOf('a', 7));
    const b = build('b', productOf('b', 9));
    const facets = build('facets', { in_stock: 2 });
    const before = await cache.answer('list', list);
    await cache.answer('a', a);
    const bBefore = await cache.answer('b', b);
    await cache.answer('facets', facets);
    expect(builds).toEqual(['list', 'a', 'b', 'facets']);

    figures.set('a', 3);
    feed.announce('stock_levels:a');
    // Held back until the figure is read: never the old one.
    expect(cache.isCurrent(before)).toBe(false);
    const after = await cache.answer('list', list);
    expect(JSON.parse(after.body.toString())).toEqual([productOf('a', 3), productOf('b', 9)]);
    expect(after.headers).toEqual({ 'X-Total-Count': '2' });
    expect(after.etag).not.toBe(before.etag);
    expect(JSON.parse((await cache.answer('a', a)).body.toString())).toEqual(productOf('a', 3));
    expect((await cache.answer('b', b)).etag).toBe(bBefore.etag);
    // The facets count what is in stock: built again.
    await cache.answer('facets', facets);
    expect(builds).toEqual(['list', 'a', 'b', 'facets', 'facets']);
    expect(reads).toEqual([['a']]);

    // Told no product: every figure shown is read again, still in one read and with no build.
    figures.set('b', 0);
    feed.announce('stock_levels');
    expect(JSON.parse((await cache.answer('list', list)).body.toString())).toEqual([
      productOf('a', 3),
      productOf('b', 0),
    ]);
    expect(reads).toEqual([['a'], ['a', 'b']]);
    expect(builds).toEqual(['list', 'a', 'b', 'facets', 'facets']);

    // Any other change of the catalog's tables still forgets everything.
    feed.announce('products');
    await cache.answer('b', b);
    expect(builds.at(-1)).toBe('b');
    cache.close();
  });

  it('serves a build that started before the change once, and forgets all when the figures cannot be read', async () => {
    const feed = changeFeed();
    const figures = new Map([['a', 7]]);
    const reads: string[][] = [];
    const availability = availabilityFrom(figures, reads);
    const cache = createAnswerCache(feed, 'products', undefined, availability);
    let builds = 0;
    const during = await cache.answer('a', async () => {
      builds += 1;
      feed.announce('stock_levels:a');
      return { body: JSON.stringify(productOf('a', 7)) };
    });
    expect(JSON.parse(during.body.toString())).toEqual(productOf('a', 7));
    figures.set('a', 6);
    const build = async () => {
      builds += 1;
      return { body: JSON.stringify(productOf('a', figures.get('a') as number)) };
    };
    expect(JSON.parse((await cache.answer('a', build)).body.toString())).toEqual(productOf('a', 6));
    expect(builds).toBe(2);

    availability.read = async () => {
      throw new Error('connection lost');
    };
    figures.set('a', 5);
    feed.announce('stock_levels:a');
    expect(JSON.parse((await cache.answer('a', build)).body.toString())).toEqual(productOf('a', 5));
    expect(builds).toBe(3);
    cache.close();
  });
});

let database: Database & { url?: string };
let secondPool: Database | undefined;
const instances: { app: Awaited<ReturnType<typeof buildApp>>; db: Database }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  secondPool = database.url ? openPostgres(database.url, 4) : undefined;
  for (const db of [database, secondPool ?? database]) {
    const app = await buildApp(testConfig(), db);
    await app.ready();
    instances.push({ app, db });
  }
});
afterAll(async () => {
  for (const { app } of instances) await app.close();
  await secondPool?.close();
  await database?.close();
});

describe('two instances on one database, a stock change announced with its product', () => {
  it('show the new availability in the list and the product on both, rebuilding only what counts stock', async () => {
    const changed = await insertProduct(database.db, { name: 'Availability wrench', availableQuantity: 40 });
    const other = await insertProduct(database.db, { name: 'Availability socket', availableQuantity: 25 });
    const get = async (app: (typeof instances)[0]['app'], url: string) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.json() as unknown;
    };
    const figureIn = (list: unknown, id: string) =>
      (list as Tool[]).find((product) => product._id === id)?.available_quantity;
    const addresses = [
      '/api/tool',
      `/api/purchase/${changed.id}`,
      `/api/purchase/${other.id}`,
      '/api/categories',
      '/api/tool/facets',
    ];
    for (const { app } of instances) {
      for (const url of addresses) await get(app, url);
      expect(figureIn(await get(app, '/api/tool'), changed.id)).toBe(40);
    }

    // Each database (one per instance on PostgreSQL) hears the announcement before the test reads.
    const feeds = [...new Set(instances.map(({ db }) => db))];
    const heard = feeds.map(
      (db) =>
        new Promise<void>((resolve) => {
          const stop = db.changes.subscribe((table, ids) => {
            if (table === 'stock_levels' && ids?.includes(changed.id)) {
              stop();
              resolve();
            }
          });
        }),
    );
    // The one stock writer moves it: the product row's trigger announces the figures of this
    // product alone (drizzle/0042), not a change of the catalog.
    await setAvailable(database.db, changed.id, 33);
    await Promise.all(heard);

    // The first read of the changed product waits for its figure: then it and the list show it.
    for (const { app } of instances) {
      expect((await get(app, `/api/purchase/${changed.id}`)) as Tool).toMatchObject({
        available_quantity: 33,
      });
    }
    for (const { app, db } of instances) {
      const before = db.queryCount();
      expect(figureIn(await get(app, '/api/tool'), changed.id)).toBe(33);
      expect(figureIn(await get(app, '/api/tool'), other.id)).toBe(25);
      expect(((await get(app, `/api/purchase/${other.id}`)) as Tool).available_quantity).toBe(25);
      await get(app, '/api/categories');
      // Every answer came from memory: not one statement for the list, the products or the categories.
      expect(db.queryCount() - before).toBe(0);
      // The facets count what is in stock, so they are built again (and right).
      expect(((await get(app, '/api/tool/facets')) as ToolFacets).in_stock).toBe(2);
      expect(db.queryCount() - before).toBeGreaterThan(0);
    }
  });
});
