import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../../contract/catalog';
import { buildApp } from '../../app';
import { changeFeed } from '../../kernel/db/change-feed';
import { openPostgres } from '../../kernel/db/database';
import { insertProduct } from '../../test/fixtures';
import { testConfig } from '../../test/harness';
import { postgresOnly } from '../../test/postgres-only';
import { setAvailable } from '../../test/probes';
import type { TestSession } from '../../test/sessions';
import { signUp } from '../../test/sessions';
import { as, createAdminApp, payOrder, placeOrder } from '../../test/store-flow';
import { moveStock } from '../inventory';
import { expireUnpaidOrders } from '../orders/expiry';
import { createAnswerCache } from './answer-cache';

/**
 * The answer cache of GET /api/tool and GET /api/purchase/:id (docs/decisions/007): conditional
 * GETs, and every way the products table changes reaching the next answer. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL (where one more test writes from a second connection pool,
 * as another instance would).
 */

let t: Awaited<ReturnType<typeof createAdminApp>>['t'];
let admin: TestSession;
let customer: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  customer = await signUp(t.app, { name: 'Cache Customer' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
/** A change of a product's stock, as the inventory makes every one. */
const moveBy = (productId: string, onHand: number) =>
  t.database.db.transaction((tx) => moveStock(tx, [{ productId, onHand, reason: 'admin_adjustment' }]));
const stockOf = async (id: string) => ((await get(`/api/purchase/${id}`)).json() as Tool).available_quantity;
const listed = async (url: string) => ((await get(url)).json() as Tool[]).map((product) => product.name);

describe('ETag and 304', () => {
  it.each([
    ['the list', () => '/api/tool?limit=5'],
    ['one tool', (id: string) => `/api/purchase/${id}`],
  ])('%s carries a strong ETag and answers 304 without a body when it still holds', async (_, url) => {
    const product = await insertProduct(t.database.db);
    const first = await get(url(product.id));
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const again = await get(url(product.id), { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const otherTag = await get(url(product.id), { 'if-none-match': '"something-else"' });
    expect(otherTag.statusCode).toBe(200);
    expect(otherTag.body).toBe(first.body);
  });

  it('keeps X-Total-Count on a 304, and tags the same content with the same ETag again', async () => {
    const product = await insertProduct(t.database.db, { availableQuantity: 100 });
    const before = await get(`/api/purchase/${product.id}`);
    const list = await get('/api/tool?limit=1');
    const notModified = await get('/api/tool?limit=1', { 'if-none-match': String(list.headers.etag) });
    expect(notModified.headers['x-total-count']).toBe(list.headers['x-total-count']);

    await moveBy(product.id, -1);
    expect((await get(`/api/purchase/${product.id}`)).headers.etag).not.toBe(before.headers.etag);
    await moveBy(product.id, 1);
    // The tag is made from the bytes, not from when they were built: any instance agrees on it.
    expect((await get(`/api/purchase/${product.id}`)).headers.etag).toBe(before.headers.etag);
  });

  it('never answers 304 to a tag of an answer that has changed since', async () => {
    const product = await insertProduct(t.database.db);
    const old = String((await get(`/api/purchase/${product.id}`)).headers.etag);
    await moveBy(product.id, 7 - 100);
    const fresh = await get(`/api/purchase/${product.id}`, { 'if-none-match': old });
    expect(fresh.statusCode).toBe(200);
    expect((fresh.json() as Tool).available_quantity).toBe(7);
  });
});

describe('every change of the products table reaches the next answer', () => {
  it('an admin edit of price, stock and description', async () => {
    const product = await insertProduct(t.database.db, { name: 'Cache edit wrench', priceCents: 2000 });
    const url = '/api/tool?search=Cache%20edit';
    const before = await get(url);
    expect((before.json() as Tool[])[0]?.price).toBe(20);
    await get(`/api/purchase/${product.id}`);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/tool/${product.id}`,
      headers: as(admin),
      payload: { price: 25.5, available_quantity: 33, description: ['Now with a case.'] },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject([
      { price: 25.5, available_quantity: 33, description: ['Now with a case.'] },
    ]);
    expect(await get(`/api/purchase/${product.id}`).then((r) => r.json())).toMatchObject({
      price: 25.5,
      available_quantity: 33,
    });
    // The new description is searchable at once.
    expect(await listed('/api/tool?search=with%20a%20case')).toEqual(['Cache edit wrench']);
  });

  it('an address answered from memory before, after an admin edit (answered before its query is read again)', async () => {
    const product = await insertProduct(t.database.db, { name: 'Cache address wrench', priceCents: 2000 });
    const one = `/api/purchase/${product.id}`;
    const list = '/api/tool?limit=48&sort=newest';
    // Twice each: the second answer comes from memory, and the address remembers it.
    for (let i = 0; i < 3; i += 1) {
      expect((await get(one)).json()).toMatchObject({ price: 20 });
      expect((await get(list)).json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ price: 20 })]),
      );
    }
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/tool/${product.id}`,
      headers: as(admin),
      payload: { price: 21 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const fresh = await get(one);
    expect(fresh.json()).toMatchObject({ price: 21 });
    // From memory or not, an answer carries the same headers (the security headers among them).
    const remembered = await get(one);
    expect(remembered.headers['x-content-type-options']).toBe('nosniff');
    expect(Object.keys(remembered.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    const listedNow = (await get(list)).json() as Tool[];
    expect(listedNow.find((listedProduct) => listedProduct._id === product.id)?.price).toBe(21);
    // A malformed address is never remembered: it is refused each time.
    for (let i = 0; i < 2; i += 1) expect((await get('/api/tool?limit=abc')).statusCode).toBe(400);
  });

  it('an admin adding and deleting a product', async () => {
    const url = '/api/tool?search=Quokkavault';
    expect(await listed(url)).toEqual([]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/tool',
      headers: as(admin),
      payload: {
        name: 'Quokkavault jack',
        image: '/images/tools/floor-jack.svg',
        price: 99,
        description: ['Lifts.'],
        available_quantity: 40,
        minimum_order_quantity: 1,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().insertedId as string;
    expect(await listed(url)).toEqual(['Quokkavault jack']);
    expect((await get(`/api/purchase/${id}`)).statusCode).toBe(200);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/tool/${id}`, headers: as(admin) });
    expect(removed.statusCode).toBe(200);
    expect(await listed(url)).toEqual([]);
    expect((await get(`/api/purchase/${id}`)).statusCode).toBe(404);
  });

  it("an order's reservation, its payment, and its expiry", async () => {
    const product = await insertProduct(t.database.db, { availableQuantity: 100, minimumOrderQuantity: 1 });
    expect(await stockOf(product.id)).toBe(100);

    const paid = await placeOrder(t.app, customer, product.id, 4);
    expect(await stockOf(product.id)).toBe(96);
    await payOrder(t.app, customer, paid._id);
    expect(await stockOf(product.id)).toBe(96);

    await placeOrder(t.app, customer, product.id, 10);
    expect(await stockOf(product.id)).toBe(86);
    // The sweep main.ts runs, as it would once the hold has passed: the unpaid order's stock returns.
    const afterHold = new Date(Date.now() + t.app.config.orders.holdMs + 60_000);
    expect(await expireUnpaidOrders(t.database.db, t.app.outbox, afterHold)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(product.id)).toBe(96);
  });

  it("a customer cancelling an unpaid order, and an admin cancelling another's", async () => {
    const product = await insertProduct(t.database.db, { availableQuantity: 50, minimumOrderQuantity: 1 });
    const mine = await placeOrder(t.app, customer, product.id, 5);
    const theirs = await placeOrder(t.app, customer, product.id, 6);
    expect(await stockOf(product.id)).toBe(39);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${mine._id}`,
      headers: as(customer),
    });
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(44);
    const desk = await t.app.inject({
      method: 'DELETE',
      url: `/api/manage/${theirs._id}`,
      headers: as(admin),
    });
    expect(desk.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(50);
  });

  it('no stale stock: each read after a write shows it, even with a read in flight during the write', async () => {
    const product = await insertProduct(t.database.db, { availableQuantity: 60, minimumOrderQuantity: 1 });
    const list = `/api/tool?search=${encodeURIComponent(product.name)}`;
    for (let left = 59; left >= 50; left -= 1) {
      // A read started before the order may finish after it; what it built must not be kept.
      const [during] = await Promise.all([
        get(`/api/purchase/${product.id}`),
        placeOrder(t.app, customer, product.id, 1),
      ]);
      expect([left, left + 1]).toContain((during.json() as Tool).available_quantity);
      expect(await stockOf(product.id)).toBe(left);
      expect((await get(list)).json()).toMatchObject([{ available_quantity: left }]);
    }
  });
});

describe('one answer per query', () => {
  it('keeps search, sort, page and limit apart, and shares an answer between spellings of one query', async () => {
    const db = t.database.db;
    const names = ['Cachequery alpha', 'Cachequery beta', 'Cachequery gamma'];
    await insertProduct(db, { name: names[0], priceCents: 3000 });
    await insertProduct(db, { name: names[1], priceCents: 1000 });
    await insertProduct(db, { name: names[2], priceCents: 2000 });
    const q = '/api/tool?search=cachequery';
    expect(await listed(q)).toEqual(names);
    expect(await listed(`${q}&sort=price`)).toEqual([
      'Cachequery beta',
      'Cachequery gamma',
      'Cachequery alpha',
    ]);
    expect(await listed(`${q}&sort=-price`)).toEqual([
      'Cachequery alpha',
      'Cachequery gamma',
      'Cachequery beta',
    ]);
    expect(await listed(`${q}&sort=newest`)).toEqual([...names].reverse());
    expect(await listed(`${q}&sort=name`)).toEqual(names);
    expect(await listed(`${q}&limit=2&page=1`)).toEqual(names.slice(0, 2));
    expect(await listed(`${q}&limit=2&page=2`)).toEqual(names.slice(2));
    expect(await listed(`${q}&limit=1&page=2`)).toEqual(names.slice(1, 2));
    expect(await listed('/api/tool?search=cachequery%20beta')).toEqual(['Cachequery beta']);
    expect(await listed('/api/tool?search=cachequery%20nothing')).toEqual([]);

    const plain = await get(`${q}&page=1&limit=2`);
    const padded = await get(`/api/tool?limit=02&page=01&search=%20cachequery%20`);
    expect(padded.body).toBe(plain.body);
    expect(padded.headers.etag).toBe(plain.headers.etag);
  });
});

describe('the answer cache itself', () => {
  it('rebuilds an answer once it is older than its maximum age, on an injected clock', async () => {
    let now = 1_000;
    const cache = createAnswerCache(t.database.changes, 'products', {
      maxBytes: 1024 * 1024,
      maxAgeMs: 30_000,
      now: () => now,
    });
    let builds = 0;
    const build = async () => ({ body: JSON.stringify({ build: ++builds }) });
    try {
      expect((await cache.answer('k', build)).body.toString()).toBe('{"build":1}');
      now += 29_999;
      expect((await cache.answer('k', build)).body.toString()).toBe('{"build":1}');
      now += 1;
      expect((await cache.answer('k', build)).body.toString()).toBe('{"build":2}');
    } finally {
      cache.close();
    }
  });

  it('shares one build between concurrent misses, and forgets on a change of its table only', async () => {
    const feed = changeFeed();
    const cache = createAnswerCache(feed, 'products');
    let builds = 0;
    const build = async () => ({ body: String(++builds) });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.answer('k', build)));
    expect(new Set(answers.map((a) => a.body.toString()))).toEqual(new Set(['1']));
    feed.announce('reviews');
    expect((await cache.answer('k', build)).body.toString()).toBe('1');
    feed.announce('products');
    expect((await cache.answer('k', build)).body.toString()).toBe('2');
    feed.announce('*');
    expect((await cache.answer('k', build)).body.toString()).toBe('3');

    // A request arriving after a change never joins a build that started before it.
    let finishEarly: (body: string) => void = () => {};
    const early = cache.answer(
      'j',
      () => new Promise((resolve) => (finishEarly = (body) => resolve({ body }))),
    );
    feed.announce('products');
    const late = cache.answer('j', async () => ({ body: 'after the change' }));
    finishEarly('before the change');
    expect((await early).body.toString()).toBe('before the change');
    expect((await late).body.toString()).toBe('after the change');
    expect((await cache.answer('j', build)).body.toString()).toBe('after the change');
    cache.close();
  });

  it('keeps nothing while the feed cannot hear changes, and nothing built across a change', async () => {
    const feed = changeFeed();
    let listening = false;
    feed.setListening(() => listening);
    const cache = createAnswerCache(feed, 'products');
    let builds = 0;
    const build = async () => ({ body: String(++builds) });
    await cache.answer('k', build);
    expect((await cache.answer('k', build)).body.toString()).toBe('2');
    listening = true;
    // The table changes while the answer is being built: it is served once, then built again.
    const during = await cache.answer('k', async () => {
      feed.announce('products');
      return build();
    });
    expect(during.body.toString()).toBe('3');
    expect((await cache.answer('k', build)).body.toString()).toBe('4');
    expect((await cache.answer('k', build)).body.toString()).toBe('4');
    cache.close();
  });

  it('evicts the oldest answers beyond its size in bytes', async () => {
    const cache = createAnswerCache(changeFeed(), 'products', {
      maxBytes: 10,
      maxAgeMs: 60_000,
      now: () => 0,
    });
    let builds = 0;
    const build = async () => ({ body: `${++builds}`.padStart(4, '0') });
    await cache.answer('a', build);
    await cache.answer('b', build);
    await cache.answer('c', build);
    expect((await cache.answer('a', build)).body.toString()).toBe('0004');
    expect((await cache.answer('c', build)).body.toString()).toBe('0003');
    cache.close();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

postgresOnly('another instance writing to the same PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it("updates this instance's answers when the other's stock move is announced", async () => {
    const name = `store_cache_${randomBytes(6).toString('hex')}`;
    const creator = new pg.Client({ connectionString: serverUrl });
    await creator.connect();
    await creator.query(`create database ${name}`);
    await creator.end();
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const mine = openPostgres(url.toString(), 4);
    const theirs = openPostgres(url.toString(), 2);
    try {
      await mine.migrate();
      const app = await buildApp(testConfig(), mine);
      try {
        const product = await insertProduct(mine.db, { availableQuantity: 80 });
        const read = async () =>
          (await app.inject({ method: 'GET', url: `/api/purchase/${product.id}` })).json() as Tool;
        expect((await read()).available_quantity).toBe(80);

        // Waiting for the announcement, not for time: it is what the cache itself waits for.
        const heard = new Promise<void>((resolve) => {
          // A stock move names its product (drizzle/0042): the answers showing it take its new figure.
          const stop = mine.changes.subscribe((table, ids) => {
            if (table === 'stock_levels' && ids?.includes(product.id)) {
              stop();
              resolve();
            }
          });
        });
        await setAvailable(theirs.db, product.id, 79);
        await heard;
        expect((await read()).available_quantity).toBe(79);
      } finally {
        await app.close();
      }
    } finally {
      await theirs.close();
      await mine.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    }
  });
});
