import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_LIST_DEFAULT_LIMIT, TOOL_LIST_TOO_DEEP, type Tool } from '../../../contract/catalog';
import { products } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { UNKNOWN_ID } from '../../test/probes';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ids.wrench = (
    await insertProduct(db, {
      name: 'Click Torque Wrench',
      priceCents: 8999,
      description: ['Clicks at the set torque.', 'Half-inch drive.'],
      availableQuantity: 120,
      minimumOrderQuantity: 2,
    })
  ).id;
  ids.jack = (
    await insertProduct(db, { name: 'Floor Jack', priceCents: 19999, description: ['Lifts three tons.'] })
  ).id;
  ids.gauge = (
    await insertProduct(db, {
      name: 'tire gauge 100% digital',
      priceCents: 1499,
      description: ['Reads in PSI.'],
    })
  ).id;
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/tool${query}` });
  return { res, body: res.json() as Tool[] };
};

describe('GET /api/tool', () => {
  it('answers every tool in the spec wire shape, in catalog order, with the total in X-Total-Count', async () => {
    const { res, body } = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(body.map((product) => product.name)).toEqual([
      'Click Torque Wrench',
      'Floor Jack',
      'tire gauge 100% digital',
    ]);
    expect(body[0]).toEqual({
      _id: ids.wrench,
      name: 'Click Torque Wrench',
      image: '/images/tools/torque-wrench.svg',
      price: 89.99,
      description: ['Clicks at the set torque.', 'Half-inch drive.'],
      available_quantity: 120,
      minimum_order_quantity: 2,
      // The parts-catalog fields follow the spec's; this product was given none.
      brand: '',
      sku: null,
      part_number: null,
      category: null,
      universal_fit: false,
    });
  });

  it('searches name and description case-insensitively', async () => {
    expect((await list('?search=TORQUE')).body.map((x) => x.name)).toEqual(['Click Torque Wrench']);
    expect((await list('?search=three%20tons')).body.map((x) => x.name)).toEqual(['Floor Jack']);
    const none = await list('?search=carburettor');
    expect(none.body).toEqual([]);
    expect(none.res.headers['x-total-count']).toBe('0');
  });

  it('treats % and _ in a search as no wildcard: the search reads words, and they are none', async () => {
    expect((await list('?search=100%25')).body.map((x) => x.name)).toEqual(['tire gauge 100% digital']);
    expect((await list('?search=%25')).body).toHaveLength(0);
    expect((await list('?search=_')).body).toHaveLength(0);
  });

  it('sorts by price both ways, by name and by newest', async () => {
    expect((await list('?sort=price')).body.map((x) => x.price)).toEqual([14.99, 89.99, 199.99]);
    expect((await list('?sort=-price')).body.map((x) => x.price)).toEqual([199.99, 89.99, 14.99]);
    expect((await list('?sort=name')).body.map((x) => x.name)).toEqual([
      'Click Torque Wrench',
      'Floor Jack',
      'tire gauge 100% digital',
    ]);
    expect((await list('?sort=newest')).body[0]?.name).toBe('tire gauge 100% digital');
  });

  it('pages with page and limit while X-Total-Count keeps the full count', async () => {
    const first = await list('?sort=price&limit=2&page=1');
    const second = await list('?sort=price&limit=2&page=2');
    const third = await list('?sort=price&limit=2&page=3');
    expect(first.body.map((x) => x.price)).toEqual([14.99, 89.99]);
    expect(second.body.map((x) => x.price)).toEqual([199.99]);
    expect(third.body).toEqual([]);
    for (const page of [first, second, third]) expect(page.res.headers['x-total-count']).toBe('3');
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['sort=cheapest', 'sort'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses %s with 400 and a field issue', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/tool?${query}` });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues.map((i: { path: string }) => i.path)).toContain(field);
  });

  it('refuses a page past the paging depth with 400 on page', async () => {
    expect((await list('?limit=24&page=416')).res.statusCode).toBe(200);
    for (const query of ['limit=24&page=417', 'page=101', 'limit=100&page=101']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tool?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.issues).toEqual([{ path: 'page', message: TOOL_LIST_TOO_DEEP }]);
    }
  });

  it('caps an unpaged list at the default limit', async () => {
    const many = await createTestApp();
    try {
      const rows = Array.from({ length: TOOL_LIST_DEFAULT_LIMIT + 5 }, (_, i) => ({
        name: `Bulk ${i}`,
        image: '/x.svg',
        priceCents: 500,
        description: ['Bulk.'],
        availableQuantity: 50,
        minimumOrderQuantity: 1,
      }));
      await many.database.db.insert(products).values(rows);
      const res = await many.app.inject({ method: 'GET', url: '/api/tool' });
      expect(res.json()).toHaveLength(TOOL_LIST_DEFAULT_LIMIT);
      expect(res.headers['x-total-count']).toBe(String(TOOL_LIST_DEFAULT_LIMIT + 5));
    } finally {
      await many.close();
    }
  });
});

describe('GET /api/purchase/:id', () => {
  it('answers one tool', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/purchase/${ids.jack}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: ids.jack, name: 'Floor Jack', price: 199.99 });
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-an-id'],
    ['an injection attempt', "1'%20or%20'1'='1"],
  ])('answers 404 with the error envelope for %s', async (_label, id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/purchase/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Tool was not found' } });
  });
});
