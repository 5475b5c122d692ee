import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '../../../contract/catalog-admin';
import type { TestApp } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';

/** Manage Product's list (GET /api/catalog/products?sort=name): search, filters and pages, on the server. */

let t: TestApp;
let admin: TestSession;
const ids: Record<string, string> = {};

const call = (method: InjectOptions['method'], url: string, payload?: unknown, session = admin) =>
  t.app.inject({
    method,
    url,
    headers: as(session),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
async function ok(method: InjectOptions['method'], url: string, payload?: unknown) {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}
const list = async (query: string) =>
  (await ok('GET', `/api/catalog/products?sort=name&${query}`)) as ProductList;
const names = async (query: string) => (await list(query)).products.map((p) => p.name);

async function product(name: string, fields: Record<string, unknown>, status?: string) {
  const { insertedId } = await ok('POST', '/api/tool', {
    name,
    image: '/images/tools/torque-wrench.svg',
    price: 30,
    description: ['A part.'],
    available_quantity: 40,
    minimum_order_quantity: 5,
    ...(status ? { status } : {}),
  });
  await ok('PATCH', `/api/tool/${insertedId}`, fields);
  ids[name] = insertedId;
}

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  await ok('POST', '/api/catalog/categories', { name: 'Rotors' });
  await ok('POST', '/api/catalog/categories', { name: 'Filters' });
  await product('Alpha Vented Rotor', {
    sku: 'TW-ROT-100',
    part_number: 'BR-320V',
    brand: 'Redline',
    category: 'rotors',
  });
  await product(
    'beta Oil Filter',
    { sku: 'TW-OIL-200', part_number: 'OF-7741', brand: 'Pit Lane', category: 'filters' },
    'draft',
  );
  await product(
    'Gamma Spark Plug',
    {
      sku: 'TW-SPK-300',
      part_number: 'SP-11',
      brand: 'Redline',
      cross_references: [{ number: '90919-01253', kind: 'oem', brand: 'Toyota' }],
      low_stock_threshold: 45,
    },
    'archived',
  );
});
afterAll(() => t.close());

describe('Manage Product finds products on the server', () => {
  it('lists every status by name, with SKU, part number, stock and status, a page at a time', async () => {
    const first = await list('limit=2');
    expect(first.total).toBe(3);
    expect(first.products.map((p) => [p.name, p.sku, p.part_number, p.available_quantity, p.status])).toEqual(
      [
        ['Alpha Vented Rotor', 'TW-ROT-100', 'BR-320V', 40, 'active'],
        // Lower and upper case sort together.
        ['beta Oil Filter', 'TW-OIL-200', 'OF-7741', 40, 'draft'],
      ],
    );
    expect(await names('limit=2&page=2')).toEqual(['Gamma Spark Plug']);
  });

  it.each([
    ['a word of the name', 'search=oil', ['beta Oil Filter']],
    ["the maker's part number, as typed or its start", 'search=br-320', ['Alpha Vented Rotor']],
    ['the SKU', 'search=TW-SPK-300', ['Gamma Spark Plug']],
    ["a SKU's start of letters only", 'search=TW-OIL', ['beta Oil Filter']],
    ['an OEM number without its dash', 'search=9091901253', ['Gamma Spark Plug']],
    ['a category', 'category=filters', ['beta Oil Filter']],
    ['a brand', 'brand=Redline', ['Alpha Vented Rotor', 'Gamma Spark Plug']],
    ['a status', 'status=archived', ['Gamma Spark Plug']],
    // 40 left: at or under its own threshold of 45; the others are low at 2 x 5 = 10.
    ['low stock', 'stock=low', ['Gamma Spark Plug']],
    ['a search and a filter together', 'search=redline&status=archived', ['Gamma Spark Plug']],
  ])('by %s', async (_by, query, expected) => {
    const found = await list(query);
    expect(found.products.map((p) => p.name)).toEqual(expected);
    expect(found.total).toBe(expected.length);
  });

  it('answers a search that finds nothing with an empty page, and refuses an unknown sort', async () => {
    expect(await list('search=ZZ-999-NOTHING')).toEqual({ total: 0, products: [] });
    const bad = await call('GET', '/api/catalog/products?sort=price');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Sort by updated or name');
  });

  it('is the staff with products.read only', async () => {
    const customer = await signUp(t.app, { name: 'Curious Customer' });
    expect((await call('GET', '/api/catalog/products?sort=name', undefined, customer)).statusCode).toBe(403);
  });
});
