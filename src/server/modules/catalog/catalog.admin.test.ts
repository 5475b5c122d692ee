import { readdir } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitDescription, type Tool } from '../../../contract/catalog';
import type { Order } from '../../../contract/orders';
import { products } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { imageForm, testImage } from '../../test/images';
import { orderRow as orderRowIn, UNKNOWN_ID } from '../../test/probes';
import { signUp, type TestSession } from '../../test/sessions';
import { as, createAdminApp, PHONE, payOrder, placeOrder } from '../../test/store-flow';

let t: TestApp;
let admin: TestSession;
let customer: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  customer = await signUp(t.app, { name: 'Casey Customer' });
});
afterAll(() => t.close());

const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: 'Breaker Bar',
  image: '/uploads/5f0c7a0e-1f0e-4c55-9d7e-3f7a8f0d2b11-960.webp',
  price: 12.5,
  description: ['Half-inch drive.', 'Chrome vanadium steel.'],
  available_quantity: 40,
  minimum_order_quantity: 4,
  ...overrides,
});

const inject = (method: InjectOptions['method'], url: string, session?: TestSession, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: as(session),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

const productRow = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0];
const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0]?.n;
const catalogIds = async () =>
  ((await inject('GET', '/api/tool?limit=100')).json() as Tool[]).map((product) => product._id);

/** The parts-catalog fields of a product given none, after the spec's fields. */
const NO_PARTS_DATA = { brand: '', sku: null, part_number: null, category: null, universal_fit: false };
/** What the purchase page adds about the part (a product put straight into the table has no pictures row). */
const NO_PARTS_DETAILS = {
  category_name: null,
  part_numbers: [],
  fitment: [],
  images: [],
  upc: null,
  replaced_by: null,
  core_charge: 0,
  ground_only: false,
  weight_lb: null,
  length_in: null,
  width_in: null,
  height_in: null,
};

describe('POST /api/tool (admin)', () => {
  it('adds a product: 201 with its id, listed and sold at its price in dollars', async () => {
    const res = await inject('POST', '/api/tool', admin, newProduct());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['insertedId']);
    const id = body.insertedId as string;

    const expected: Tool = { _id: id, ...newProduct(), ...NO_PARTS_DATA };
    expect((await inject('GET', '/api/tool')).json()).toContainEqual(expected);
    const one = await inject('GET', `/api/purchase/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      ...expected,
      ...NO_PARTS_DETAILS,
      images: [{ url: newProduct().image, alt: newProduct().name }],
    });
    // Money is kept as whole cents.
    expect((await productRow(id))?.priceCents).toBe(1250);
  });

  it('accepts the numbers as the form sends them, as text', async () => {
    const res = await inject(
      'POST',
      '/api/tool',
      admin,
      newProduct({ price: '19.99', available_quantity: '25', minimum_order_quantity: '1' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const product = (await inject('GET', `/api/purchase/${res.json().insertedId}`)).json();
    expect(product).toMatchObject({ price: 19.99, available_quantity: 25, minimum_order_quantity: 1 });
  });

  it('ignores fields it does not take (an id, a retirement date)', async () => {
    const res = await inject(
      'POST',
      '/api/tool',
      admin,
      newProduct({
        name: 'Sneaky Socket',
        _id: UNKNOWN_ID,
        retiredAt: '2020-01-01T00:00:00Z',
        priceCents: 1,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId;
    expect(id).not.toBe(UNKNOWN_ID);
    const row = await productRow(id);
    expect(row).toMatchObject({ name: 'Sneaky Socket', priceCents: 1250, retiredAt: null });
    expect(await catalogIds()).toContain(id);
    expect(await productRow(UNKNOWN_ID)).toBeUndefined();
  });

  const without = (field: string) => {
    const body: Record<string, unknown> = newProduct();
    delete body[field];
    return body;
  };

  it.each([
    ['no name', without('name'), 'name', 'Product name is required'],
    ['a blank name', newProduct({ name: '   ' }), 'name', 'Product name is required'],
    ['price 0', newProduct({ price: 0 }), 'price', 'Price must be greater than 0.'],
    ['a negative price', newProduct({ price: -5 }), 'price', 'Price must be greater than 0.'],
    ['no price', without('price'), 'price', 'Price is required'],
    ['an empty price box', newProduct({ price: '' }), 'price', 'Price is required'],
    [
      'available quantity 19',
      newProduct({ available_quantity: 19 }),
      'available_quantity',
      'Available quantity must be 20 or more',
    ],
    [
      'minimum order quantity 0',
      newProduct({ minimum_order_quantity: 0 }),
      'minimum_order_quantity',
      'Minimum order quantity must be between 1 and 20',
    ],
    [
      'minimum order quantity 21',
      newProduct({ minimum_order_quantity: 21 }),
      'minimum_order_quantity',
      'Minimum order quantity must be between 1 and 20',
    ],
    ['an empty description list', newProduct({ description: [] }), 'description', 'Description is required'],
    ['no description', without('description'), 'description', 'Description is required'],
    ['no image', without('image'), 'image', 'Product image is required'],
    ['an empty image', newProduct({ image: '' }), 'image', 'Product image is required'],
    [
      'an image on another site',
      newProduct({ image: 'https://evil.example/x.png' }),
      'image',
      'Upload the image first',
    ],
    [
      'a protocol-relative image',
      newProduct({ image: '//evil.example/x.png' }),
      'image',
      'Upload the image first',
    ],
    [
      'a script URL as image',
      newProduct({ image: 'javascript:alert(1)' }),
      'image',
      'Upload the image first',
    ],
    [
      'a path outside the image folders',
      newProduct({ image: '/etc/passwd' }),
      'image',
      'Upload the image first',
    ],
    [
      'an upload path climbing out with ..',
      newProduct({ image: '/uploads/../../etc/passwd' }),
      'image',
      'Upload the image first',
    ],
    [
      'an images path climbing into the API with ..',
      newProduct({ image: '/images/../api/manage' }),
      'image',
      'Upload the image first',
    ],
  ])('refuses %s with its message and stores nothing', async (_label, body, path, message) => {
    const before = await productCount();
    const res = await inject('POST', '/api/tool', admin, body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toContainEqual({ path, message });
    expect(await productCount()).toBe(before);
  });

  it('accepts the bundled pictures under /images', async () => {
    const res = await inject(
      'POST',
      '/api/tool',
      admin,
      newProduct({ image: '/images/tools/torque-wrench.svg' }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('splitDescription', () => {
  it.each([
    ['A. B.', ['A.', 'B.']],
    ['Forged steel.   Lifetime warranty.   ', ['Forged steel.', 'Lifetime warranty.']],
    ['  No full stop at all  ', ['No full stop at all.']],
    ['One.Two', ['One.', 'Two.']],
    ['Ends twice..', ['Ends twice.']],
    ['', []],
    [' . . ', []],
  ])('splits %j into %j', (text, sentences) => {
    expect(splitDescription(text)).toEqual(sentences);
  });
});

describe('PATCH /api/tool/:id (admin)', () => {
  it("changes a product's price, stock and description", async () => {
    const row = await insertProduct(t.database.db, { priceCents: 2000, availableQuantity: 50 });
    const res = await inject('PATCH', `/api/tool/${row.id}`, admin, {
      price: 15.75,
      available_quantity: 33,
      description: ['Now with a case.'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      _id: row.id,
      name: row.name,
      image: row.image,
      price: 15.75,
      available_quantity: 33,
      minimum_order_quantity: row.minimumOrderQuantity,
      description: ['Now with a case.'],
      ...NO_PARTS_DATA,
    };
    expect(res.json()).toEqual(expected);
    expect((await inject('GET', `/api/purchase/${row.id}`)).json()).toEqual({
      ...expected,
      ...NO_PARTS_DETAILS,
    });
    expect((await productRow(row.id))?.priceCents).toBe(1575);
  });

  it('changes only what it is given, and stock may go to 0', async () => {
    const row = await insertProduct(t.database.db, { priceCents: 2000, availableQuantity: 50 });
    const res = await inject('PATCH', `/api/tool/${row.id}`, admin, { available_quantity: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price: 20, available_quantity: 0, description: row.description });
  });

  it.each([
    ['an empty body', {}, 'Change at least one field'],
    ['only fields it does not know', { colour: 'red' }, 'Change at least one field'],
    ['a negative stock', { available_quantity: -1 }, 'Available quantity cannot be negative'],
    ['price 0', { price: 0 }, 'Price must be greater than 0.'],
    ['an empty description', { description: [] }, 'Description is required'],
  ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
    const row = await insertProduct(t.database.db);
    const res = await inject('PATCH', `/api/tool/${row.id}`, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await productRow(row.id)).toEqual(row);
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-an-id'],
  ])('answers 404 for %s', async (_label, id) => {
    const res = await inject('PATCH', `/api/tool/${id}`, admin, { price: 10 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Tool was not found' } });
  });

  it('leaves orders already placed at the price they were placed at', async () => {
    const row = await insertProduct(t.database.db, { priceCents: 2000, minimumOrderQuantity: 2 });
    const order = await placeOrder(t.app, customer, row.id, 3);
    // $60 of goods, $7.99 standard shipping, 7% tax $4.20.
    expect(order).toMatchObject({ price: 20, total: 72.19 });

    const change = await inject('PATCH', `/api/tool/${row.id}`, admin, { price: 25 });
    expect(change.statusCode).toBe(200);

    const again = await inject('GET', `/api/order/${order._id}`, customer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ _id: order._id, price: 20, total: 72.19, orderQuantity: 3 });
    // A new order pays the new price: $50, $7.99 shipping, $3.50 tax.
    expect(await placeOrder(t.app, customer, row.id, 2)).toMatchObject({ price: 25, total: 61.49 });
  });
});

describe('DELETE /api/tool/:id (admin)', () => {
  it('removes a product nobody ordered', async () => {
    const row = await insertProduct(t.database.db);
    const res = await inject('DELETE', `/api/tool/${row.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1, retired: false });
    expect(await productRow(row.id)).toBeUndefined();
    expect((await inject('GET', `/api/purchase/${row.id}`)).statusCode).toBe(404);
  });

  it('retires a product with orders: hidden and unorderable, while its orders keep name and price', async () => {
    const row = await insertProduct(t.database.db, { name: 'Retiring Ratchet', priceCents: 3450 });
    const order = await placeOrder(t.app, customer, row.id, row.minimumOrderQuantity);

    const res = await inject('DELETE', `/api/tool/${row.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1, retired: true });
    expect((await productRow(row.id))?.retiredAt).toBeInstanceOf(Date);

    expect(await catalogIds()).not.toContain(row.id);
    const one = await inject('GET', `/api/purchase/${row.id}`);
    expect(one.statusCode).toBe(404);
    expect(one.json().error.code).toBe('NOT_FOUND');

    const buy = await inject('POST', '/api/order', customer, {
      orderId: row.id,
      orderQuantity: row.minimumOrderQuantity,
      phone: PHONE,
    });
    expect(buy.statusCode).toBe(404);
    expect(buy.json().error.code).toBe('NOT_FOUND');

    const kept = await inject('GET', `/api/order/${order._id}`, customer);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      orderId: row.id,
      orderName: 'Retiring Ratchet',
      price: 34.5,
      amounts: { subtotalCents: 3450 * row.minimumOrderQuantity },
    });
    const mine = (await inject('GET', `/api/order?userEmail=${customer.email}`, customer)).json() as Order[];
    expect(mine.map((o) => o._id)).toContain(order._id);

    // A second delete finds nothing; the owner still finds it, archived, and may edit it there.
    const again = await inject('DELETE', `/api/tool/${row.id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Tool was not found' } });
    expect((await productRow(row.id))?.status).toBe('archived');
    expect((await inject('PATCH', `/api/tool/${row.id}`, admin, { price: 1 })).statusCode).toBe(200);
    expect(await catalogIds()).not.toContain(row.id);
  });

  it('answers 404 for a product already removed, an unknown or a malformed id', async () => {
    const row = await insertProduct(t.database.db);
    expect((await inject('DELETE', `/api/tool/${row.id}`, admin)).statusCode).toBe(200);
    for (const id of [row.id, UNKNOWN_ID, 'not-an-id']) {
      const res = await inject('DELETE', `/api/tool/${id}`, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('who may use the admin calls', () => {
  interface Case {
    /** The request, fresh for each caller (ids of things made for this case). */
    request: InjectOptions;
    /** What the call would change; refusals must leave it as it was. */
    state: () => Promise<unknown>;
  }
  const nothing = async () => null;

  const cases: Array<[string, number, () => Promise<Case>]> = [
    [
      'POST /api/tool',
      201,
      async () => ({
        request: { method: 'POST', url: '/api/tool', payload: newProduct({ name: 'Matrix Tool' }) },
        state: async () =>
          (await t.database.db.select().from(products).where(eq(products.name, 'Matrix Tool'))).length,
      }),
    ],
    [
      'PATCH /api/tool/:id',
      200,
      async () => {
        const row = await insertProduct(t.database.db);
        return {
          request: {
            method: 'PATCH',
            url: `/api/tool/${row.id}`,
            payload: { price: 1, available_quantity: 0 },
          },
          state: () => productRow(row.id),
        };
      },
    ],
    [
      'DELETE /api/tool/:id',
      200,
      async () => {
        const row = await insertProduct(t.database.db);
        return { request: { method: 'DELETE', url: `/api/tool/${row.id}` }, state: () => productRow(row.id) };
      },
    ],
    [
      'POST /api/uploads',
      200,
      async () => {
        const form = imageForm(await testImage('jpeg', { width: 200, height: 100 }));
        return {
          request: { method: 'POST', url: '/api/uploads', headers: form.headers, payload: form.payload },
          state: async () => (await readdir(t.app.config.uploads.dir)).sort(),
        };
      },
    ],
    [
      'GET /api/manage',
      200,
      async () => ({ request: { method: 'GET', url: '/api/manage' }, state: nothing }),
    ],
    [
      'GET /api/manage/stats',
      200,
      async () => ({ request: { method: 'GET', url: '/api/manage/stats' }, state: nothing }),
    ],
    [
      'PUT /api/manage/:id',
      200,
      async () => {
        const row = await insertProduct(t.database.db);
        const order = await placeOrder(t.app, customer, row.id, row.minimumOrderQuantity);
        await payOrder(t.app, customer, order._id);
        return {
          request: { method: 'PUT', url: `/api/manage/${order._id}` },
          state: () => orderRowIn(t.database.db, order._id),
        };
      },
    ],
    [
      'DELETE /api/manage/:id',
      200,
      async () => {
        const row = await insertProduct(t.database.db);
        const order = await placeOrder(t.app, customer, row.id, row.minimumOrderQuantity);
        return {
          request: { method: 'DELETE', url: `/api/manage/${order._id}` },
          state: async () => [await orderRowIn(t.database.db, order._id), await productRow(row.id)],
        };
      },
    ],
  ];

  it.each(cases)('%s: anonymous 401, customer 403 (changing nothing), admin %i', async (_label, ok, make) => {
    const { request, state } = await make();
    const send = (session?: TestSession) =>
      t.app.inject({ ...request, headers: { ...(request.headers ?? {}), ...as(session) } });
    const before = await state();

    const anonymous = await send();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Please log in to continue' },
    });
    expect(await state()).toEqual(before);

    // The customer owns the orders of these cases, and still may not ship or cancel them here.
    const refused = await send(customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only an admin may do this' } });
    expect(await state()).toEqual(before);

    const allowed = await send(admin);
    expect(allowed.statusCode, allowed.body).toBe(ok);
    if (before !== null) expect(await state()).not.toEqual(before);
  });
});
