import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool, ToolDetails } from '../../../contract/catalog';
import type { ProductChange, ProductRecord } from '../../../contract/catalog-admin';
import type { BulkPreview } from '../../../contract/catalog-bulk';
import { mails, outboxMessages, products } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { ledgerSum } from '../../test/probes';
import { signUp, type TestSession } from '../../test/sessions';
import { as, createAdminApp, PHONE } from '../../test/store-flow';
import { queueLowStockDigest } from './low-stock';

/** The owner's editor, history, categories and brands, bulk changes and low stock, through the API. */

let t: TestApp;
let admin: TestSession;
let customer: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  customer = await signUp(t.app, { name: 'Casey Customer' });
});
afterAll(() => t.close());

const call = async (method: InjectOptions['method'], url: string, payload?: unknown, session = admin) =>
  t.app.inject({
    method,
    url,
    headers: as(session),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
const ok = async (method: InjectOptions['method'], url: string, payload?: unknown) => {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const record = async (id: string) => (await ok('GET', `/api/catalog/products/${id}`)) as ProductRecord;
const history = async (id: string) =>
  (await ok('GET', `/api/catalog/products/${id}/history`)) as ProductChange[];
const listedIds = async (query = '') =>
  ((await ok('GET', `/api/tool?limit=100${query}`)) as Tool[]).map((product) => product._id);

const newProduct = {
  name: 'Breaker Bar',
  image: '/images/tools/torque-wrench.svg',
  price: 24.5,
  description: ['Half-inch drive.', 'Chrome vanadium steel.'],
  available_quantity: 40,
  minimum_order_quantity: 1,
};

describe('the product editor', () => {
  it('edits every field in one call, keeps who changed what in the history, and shows it on the product page', async () => {
    const { insertedId: id } = await ok('POST', '/api/tool', newProduct);
    const replacement = await insertProduct(t.database.db, { name: 'Breaker Bar Mk II', partNumber: 'BB-2' });
    const edited = await call('PATCH', `/api/tool/${id}`, {
      name: 'Long Breaker Bar',
      minimum_order_quantity: 2,
      upc: '0-36000-29145-2',
      weight_lb: 2.125,
      length_in: 24,
      width_in: 1.5,
      height_in: 1.25,
      ground_only: true,
      core_charge: 15,
      low_stock_threshold: 7,
      superseded_by: replacement.id,
      images: [
        { url: '/images/tools/torque-wrench.svg', alt: 'The bar' },
        { url: '/uploads/5f0c7a0e-1f0e-4c55-9d7e-3f7a8f0d2b11-960.webp', alt: 'Its head' },
      ],
      fitment: [
        {
          make: 'Honda',
          model: 'Civic',
          year_from: 2016,
          year_to: 2021,
          submodel: 'Sport',
          position: 'Front',
          quantity: 2,
          note: 'With 17-inch wheels',
        },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Long Breaker Bar',
      image: '/images/tools/torque-wrench.svg',
    });

    const shown = await record(id);
    expect(shown).toMatchObject({
      name: 'Long Breaker Bar',
      minimum_order_quantity: 2,
      upc: '036000291452',
      weight_lb: 2.125,
      ground_only: true,
      core_charge: 15,
      low_stock_threshold: 7,
      low_stock_at: 7,
      superseded_by: { _id: replacement.id, name: 'Breaker Bar Mk II', part_number: 'BB-2' },
      fitment: [{ submodel: 'Sport', position: 'Front', quantity: 2, note: 'With 17-inch wheels' }],
    });
    expect(shown.images.map((i) => i.alt)).toEqual(['The bar', 'Its head']);

    const page = (await ok('GET', `/api/purchase/${id}`)) as ToolDetails;
    expect(page).toMatchObject({
      core_charge: 15,
      ground_only: true,
      upc: '036000291452',
      replaced_by: { _id: replacement.id, name: 'Breaker Bar Mk II' },
    });
    expect(page.part_numbers).toContainEqual({ number: '036000291452', kind: 'upc', brand: '' });

    const entries = await history(id);
    expect(entries.map((e) => e.source)).toEqual(['editor', 'created']);
    const [change] = entries;
    expect(change?.actor?.name).toBe(admin.name);
    expect(change?.before).toMatchObject({ name: 'Breaker Bar', ground_only: false, core_charge: 0 });
    expect(change?.after).toMatchObject({ name: 'Long Breaker Bar', ground_only: true, core_charge: 15 });
    // What did not change is not in the entry.
    expect(Object.keys(change?.after ?? {})).not.toContain('price');
  });

  it('refuses a wrong UPC check digit and a superseded loop, changing nothing', async () => {
    const a = await insertProduct(t.database.db, { name: 'Old pad' });
    const b = await insertProduct(t.database.db, { name: 'New pad' });
    expect((await call('PATCH', `/api/tool/${a.id}`, { upc: '036000291453' })).json().error.message).toBe(
      'UPC must be 8, 12, 13 or 14 digits with a correct check digit',
    );
    await ok('PATCH', `/api/tool/${a.id}`, { superseded_by: b.id });
    const loop = await call('PATCH', `/api/tool/${b.id}`, { superseded_by: a.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().error.issues).toEqual([
      {
        path: 'superseded_by',
        message: 'Old pad is itself replaced by this one: a part cannot be superseded in a loop',
      },
    ]);
    expect((await record(b.id)).superseded_by).toBeNull();
    expect((await call('PATCH', `/api/tool/${a.id}`, { superseded_by: a.id })).statusCode).toBe(400);
  });

  it('a draft is neither listed, shown nor sold; made active it is all three', async () => {
    const { insertedId: id } = await ok('POST', '/api/tool', {
      ...newProduct,
      name: 'Draft Jack',
      status: 'draft',
    });
    expect(await listedIds()).not.toContain(id);
    expect((await call('GET', `/api/purchase/${id}`)).statusCode).toBe(404);
    const order = await call('POST', '/api/order', { orderId: id, orderQuantity: 1, phone: PHONE }, customer);
    expect(order.statusCode).toBe(404);
    const cart = await call('PUT', `/api/cart/${id}`, { quantity: 1 }, customer);
    expect(cart.statusCode).toBe(404);
    // The owner finds it among the drafts.
    const drafts = await ok('GET', '/api/catalog/products?status=draft');
    expect(drafts.products.map((p: { _id: string }) => p._id)).toContain(id);

    await ok('PATCH', `/api/tool/${id}`, { status: 'active' });
    expect(await listedIds()).toContain(id);
    expect(
      (await call('POST', '/api/order', { orderId: id, orderQuantity: 1, phone: PHONE }, customer))
        .statusCode,
    ).toBe(201);
    await ok('PATCH', `/api/tool/${id}`, { status: 'archived' });
    expect(await listedIds()).not.toContain(id);
    expect((await history(id)).map((e) => e.after.status).filter(Boolean)).toEqual([
      'archived',
      'active',
      'draft',
    ]);
  });

  it('adds one year range for several models at once, skipping rows it has', async () => {
    const product = await insertProduct(t.database.db);
    const body = {
      year_from: 2018,
      year_to: 2022,
      vehicles: [
        { make: 'Toyota', model: 'Camry' },
        { make: 'Toyota', model: 'Corolla' },
        { make: 'Honda', model: 'Accord', engine: '1.5L Turbo I4' },
      ],
      position: 'Rear',
    };
    expect(await ok('POST', `/api/tool/${product.id}/fitment`, body)).toMatchObject({ added: 3, skipped: 0 });
    const again = await ok('POST', `/api/tool/${product.id}/fitment`, body);
    expect(again).toMatchObject({ added: 0, skipped: 3 });
    expect(again.fitment).toHaveLength(3);
    expect((await history(product.id)).map((e) => e.source)).toEqual(['fitment']);
  });
});

describe('categories and brands', () => {
  it('creates, nests one level, renames (search finds the new name), reorders and removes after moving products', async () => {
    const top = await ok('POST', '/api/catalog/categories', {
      name: 'Suspension',
      description: 'Shocks and struts',
    });
    expect(top).toMatchObject({ slug: 'suspension', parent: null, count: 0 });
    const child = await ok('POST', '/api/catalog/categories', { name: 'Struts', parent: 'suspension' });
    expect(child.parent).toBe('suspension');
    // One level only.
    const deep = await call('POST', '/api/catalog/categories', { name: 'Front Struts', parent: 'struts' });
    expect(deep.json().error.message).toBe('Categories nest one level: choose a top-level category');

    const product = await insertProduct(t.database.db, {
      name: 'Gas Strut Assembly',
      categorySlug: 'struts',
    });
    await ok('PATCH', '/api/catalog/categories/struts', { name: 'Coilovers' });
    expect(await listedIds('&search=coilovers')).toContain(product.id);

    const ordered = (await ok('PUT', '/api/catalog/categories/order', {
      slugs: ['struts', 'suspension'],
    })) as Array<{
      slug: string;
    }>;
    expect(ordered.slice(0, 2).map((c) => c.slug)).toEqual(['struts', 'suspension']);

    const refused = await call('DELETE', '/api/catalog/categories/struts');
    expect(refused.statusCode).toBe(409);
    expect(await ok('DELETE', '/api/catalog/categories/struts?moveTo=suspension')).toEqual({
      removed: true,
      moved: 1,
    });
    expect((await record(product.id)).category).toBe('suspension');
    expect((await history(product.id))[0]).toMatchObject({
      source: 'category',
      before: { category: 'struts' },
      after: { category: 'suspension' },
    });
  });

  it('renames a brand on every product and removes one only with somewhere to move its products', async () => {
    const product = await insertProduct(t.database.db, { brand: 'Acme Brakes' });
    const brands = (await ok('GET', '/api/brands')) as Array<{ id: number; name: string; count: number }>;
    const acme = brands.find((b) => b.name === 'Acme Brakes');
    expect(acme?.count).toBe(1);
    await ok('PATCH', `/api/catalog/brands/${acme?.id}`, { name: 'Acme Stopping' });
    expect((await record(product.id)).brand).toBe('Acme Stopping');
    const other = await ok('POST', '/api/catalog/brands', { name: 'Zenith' });
    expect((await call('DELETE', `/api/catalog/brands/${acme?.id}`)).statusCode).toBe(409);
    expect(await ok('DELETE', `/api/catalog/brands/${acme?.id}?moveTo=${other.id}`)).toEqual({
      removed: true,
      moved: 1,
    });
    expect((await record(product.id)).brand).toBe('Zenith');
  });
});

describe('bulk changes', () => {
  it('previews then raises a category 5% (rounded to cents) in one go, and the undo puts every price back', async () => {
    await ok('POST', '/api/catalog/categories', { name: 'Bulk Test', slug: 'bulk-test' });
    const a = await insertProduct(t.database.db, { categorySlug: 'bulk-test', priceCents: 1999 });
    const b = await insertProduct(t.database.db, { categorySlug: 'bulk-test', priceCents: 10_000 });
    const selection = { filter: { category: 'bulk-test' } };
    const change = { kind: 'price', mode: 'percent', value: 5 };
    const preview = (await ok('POST', '/api/catalog/bulk/preview', { selection, change })) as BulkPreview;
    expect(preview).toMatchObject({ count: 2, problems: 0, unchanged: 0 });
    const rows = new Map(preview.rows.map((r) => [r._id, r]));
    // 19.99 x 1.05 = 20.9895 -> 20.99; 100 x 1.05 = 105.
    expect(rows.get(a.id)).toMatchObject({ before: 19.99, after: 20.99 });
    expect(rows.get(b.id)).toMatchObject({ before: 100, after: 105 });

    // A product added after the preview: the count no longer matches, nothing changes.
    const late = await insertProduct(t.database.db, { categorySlug: 'bulk-test', priceCents: 500 });
    const moved = await call('POST', '/api/catalog/bulk', { selection, change, expectedCount: 2 });
    expect(moved.statusCode).toBe(409);
    expect((await record(a.id)).price).toBe(19.99);

    const applied = await ok('POST', '/api/catalog/bulk', { selection, change, expectedCount: 3 });
    expect(applied).toMatchObject({ count: 3, changed: 3 });
    expect((await record(a.id)).price).toBe(20.99);
    expect((await record(late.id)).price).toBe(5.25);
    expect((await history(b.id))[0]).toMatchObject({
      source: 'bulk',
      before: { price: 100 },
      after: { price: 105 },
    });

    // Changed again by hand since: kept as it is, and named.
    await ok('PATCH', `/api/tool/${late.id}`, { price: 6 });
    const undone = await ok('POST', `/api/catalog/bulk/${applied.id}/undo`);
    expect(undone.restored).toBe(2);
    expect(undone.kept.map((k: { _id: string }) => k._id)).toEqual([late.id]);
    expect((await record(a.id)).price).toBe(19.99);
    expect((await record(b.id)).price).toBe(100);
    expect((await call('POST', `/api/catalog/bulk/${applied.id}/undo`)).statusCode).toBe(409);
  });

  it('refuses the whole change when one product would cost under $1, and changes nothing', async () => {
    const cheap = await insertProduct(t.database.db, { priceCents: 150 });
    const dear = await insertProduct(t.database.db, { priceCents: 9000 });
    const selection = { ids: [cheap.id, dear.id] };
    const change = { kind: 'price', mode: 'amount', value: -1 };
    const preview = (await ok('POST', '/api/catalog/bulk/preview', { selection, change })) as BulkPreview;
    expect(preview.problems).toBe(1);
    expect(preview.rows[0]).toMatchObject({
      _id: cheap.id,
      problem: 'Would cost $0.50, below the $1.00 minimum',
    });
    const res = await call('POST', '/api/catalog/bulk', { selection, change, expectedCount: 2 });
    expect(res.statusCode).toBe(400);
    expect((await record(dear.id)).price).toBe(90);
  });

  it('sets status and category for a selection, and counts stock through the inventory ledger', async () => {
    const one = await insertProduct(t.database.db, { availableQuantity: 30 });
    const two = await insertProduct(t.database.db, { availableQuantity: 5 });
    const selection = { ids: [one.id, two.id] };
    await ok('POST', '/api/catalog/bulk', {
      selection,
      change: { kind: 'stock', mode: 'set', value: 12 },
      expectedCount: 2,
    });
    for (const product of [one, two]) {
      expect((await record(product.id)).available_quantity).toBe(12);
      expect(await ledgerSum(t.database.db, product.id)).toBe(12);
    }
    await ok('POST', '/api/catalog/bulk', {
      selection,
      change: { kind: 'status', status: 'archived' },
      expectedCount: 2,
    });
    const ids = await listedIds();
    expect(ids).not.toContain(one.id);
    expect(ids).not.toContain(two.id);
    const last = await ok('GET', '/api/catalog/bulk/last');
    await ok('POST', `/api/catalog/bulk/${last.id}/undo`);
    expect(await listedIds()).toEqual(expect.arrayContaining([one.id, two.id]));
  });
});

describe('low stock', () => {
  it('lists products at or under their own threshold or the default, and mails the daily digest to admins who asked', async () => {
    const own = await insertProduct(t.database.db, {
      name: 'Spark plug',
      availableQuantity: 7,
      lowStockThreshold: 7,
    });
    const plenty = await insertProduct(t.database.db, {
      name: 'Plenty',
      availableQuantity: 8,
      lowStockThreshold: 7,
    });
    // No threshold: minimum order 5 x LOW_STOCK_FACTOR 2 = 10.
    const byDefault = await insertProduct(t.database.db, {
      name: 'Wiper',
      availableQuantity: 10,
      minimumOrderQuantity: 5,
    });
    const low = (await ok('GET', '/api/catalog/low-stock')).products.map((p: { _id: string }) => p._id);
    expect(low).toEqual(expect.arrayContaining([own.id, byDefault.id]));
    expect(low).not.toContain(plenty.id);

    await ok('PUT', '/api/manage/notifications', {
      emailOnNewOrder: true,
      emailOnNewMessage: true,
      emailLowStockDigest: true,
    });
    const day = new Date('2026-11-24T08:00:00Z');
    expect(await queueLowStockDigest(t.database.db, t.app.outbox, 2, day)).toBe(true);
    // Run twice the same day: one digest.
    await queueLowStockDigest(t.database.db, t.app.outbox, 2, day);
    const queued = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.topic, 'catalog.low_stock_digest'));
    expect(queued).toHaveLength(1);
    await t.app.jobs.drain();
    const sent = await t.database.db.select().from(mails).where(eq(mails.toAddress, admin.email));
    const digests = sent.filter((m) => m.key.includes('low-stock-digest:2026-11-24'));
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain('Spark plug');
    expect(digests[0]?.text).not.toContain('Plenty');
  });
});

describe('reviews of a product', () => {
  it('keeps the spec store-wide reviews apart from a product’s own', async () => {
    const product = await insertProduct(t.database.db);
    // Published at once, whoever writes them (by default a non-buyer's review waits for approval).
    const settings = await ok('GET', '/api/settings');
    await ok('PUT', '/api/settings/reviews', {
      value: { hold: 'none' },
      revision: settings.sections.reviews.revision,
    });
    const store = await call('POST', '/api/review', { comment: 'Fast shipping.', ratings: 5 }, customer);
    expect(store.statusCode, store.body).toBe(201);
    const about = await call(
      'POST',
      '/api/review',
      { comment: 'Fits well.', ratings: 4, productId: product.id },
      customer,
    );
    expect(about.statusCode, about.body).toBe(201);
    const storeWide = (await ok('GET', '/api/review')) as Array<{ comment: string }>;
    expect(storeWide.map((r) => r.comment)).toContain('Fast shipping.');
    expect(storeWide.map((r) => r.comment)).not.toContain('Fits well.');
    const mine = (await ok('GET', `/api/review?productId=${product.id}`)) as Array<{
      comment: string;
      productId: string;
    }>;
    expect(mine).toEqual([expect.objectContaining({ comment: 'Fits well.', productId: product.id })]);
    expect(
      (
        await call(
          'POST',
          '/api/review',
          { comment: 'x', ratings: 4, productId: '00000000-0000-4000-8000-000000000000' },
          customer,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('history keeps the row', () => {
  it('is kept in the same transaction as the change: a refused edit leaves no entry', async () => {
    const product = await insertProduct(t.database.db);
    await call('PATCH', `/api/tool/${product.id}`, { name: 'Renamed', superseded_by: product.id });
    expect(await history(product.id)).toEqual([]);
    expect((await t.database.db.select().from(products).where(eq(products.id, product.id)))[0]?.name).toBe(
      product.name,
    );
  });
});
