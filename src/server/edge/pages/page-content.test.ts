import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../../contract/catalog';
import { products } from '../../kernel/db/schema';
import { seedDemoData } from '../../seed/seed';
import { seedParts } from '../../seed/seed-catalog';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { setAvailable } from '../../test/probes';

const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8">' +
  '<meta name="description" content="x" /><!-- store-config --><title>x</title></head>' +
  '<body><div id="root"></div></body></html>';

let root: string;
let t: TestApp;
let catalog: Tool[];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'store-content-test-'));
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist', 'index.html'), TEMPLATE);
  t = await createTestApp({ webDistDir: path.join(root, 'dist') });
  await seedDemoData(t.database.db);
  catalog = (await t.app.inject({ method: 'GET', url: '/api/tool' })).json() as Tool[];
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const HOST = 'shop.example.com';
const page = async (url: string) => {
  const res = await t.app.inject({ url, headers: { accept: 'text/html', host: HOST } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
const byName = (name: string) => catalog.find((product) => product.name === name) as Tool;

describe('product and category pages in the HTML, before any script runs', () => {
  it('answers a product page with its name, price, availability and picture, Product JSON-LD with an Offer, and a canonical address', async () => {
    const pads = byName('Ceramic Front Brake Pad Set');
    const html = await page(`/product/${pads._id}`);
    expect(html).toContain('<h1>Ceramic Front Brake Pad Set</h1>');
    expect(html).toContain('Price: $44.99');
    expect(html).toContain('In stock');
    expect(html).toContain('src="/images/tools/brake-pad-set.svg"');
    expect(html).toContain('BR-320V');
    expect(html).toContain('2012-2015 Honda Civic');
    expect(html).toContain(`<link rel="canonical" href="http://${HOST}/product/${pads._id}">`);
    const [product] = jsonLd(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Ceramic Front Brake Pad Set',
      sku: 'AG-BP-1578',
      mpn: 'BR-320V',
      brand: { '@type': 'Brand', name: 'Apex Garage' },
      image: `http://${HOST}/images/tools/brake-pad-set.svg`,
      offers: {
        '@type': 'Offer',
        price: '44.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `http://${HOST}/product/${pads._id}`,
      },
    });
    // The purchase page shows the same product and names the product page as the one address.
    expect(await page(`/purchase/${pads._id}`)).toContain(
      `<link rel="canonical" href="http://${HOST}/product/${pads._id}">`,
    );
  });

  it('says OutOfStock when the product cannot be ordered, and escapes what could close the script', async () => {
    const wheel = byName('18-Inch Five-Spoke Alloy Wheel');
    await setAvailable(t.database.db, wheel._id, 0);
    await t.database.db
      .update(products)
      .set({ name: 'Wheel </script><script>alert(1)</script>' })
      .where(eq(products.id, wheel._id));
    const html = await page(`/product/${wheel._id}`);
    expect(html).not.toContain('<script>alert(1)');
    const [product] = jsonLd(html);
    expect(product?.name).toBe('Wheel </script><script>alert(1)</script>');
    expect((product?.offers as { availability?: string } | undefined)?.availability).toBe(
      'https://schema.org/OutOfStock',
    );
  });

  it('answers a category page with its name, description and product links, and its canonical address', async () => {
    const html = await page('/tools?category=brakes&page=1');
    expect(html).toContain('<h1>Brakes</h1>');
    expect(html).toContain(`href="/product/${byName('Ceramic Front Brake Pad Set')._id}"`);
    expect(html).not.toContain(byName('1/2-Inch Drive Click Torque Wrench')._id);
    expect(html).toContain(`<link rel="canonical" href="http://${HOST}/tools?category=brakes">`);
    const [list] = jsonLd(html);
    expect(list?.['@type']).toBe('ItemList');
    expect(list?.itemListElement).toHaveLength(
      Object.values(seedParts).filter((part) => part.category === 'brakes').length,
    );
  });

  it('leaves an unknown product to the app (its not-found card), with no JSON-LD', async () => {
    const html = await page('/product/00000000-0000-0000-0000-000000000000');
    expect(jsonLd(html)).toEqual([]);
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('/sitemap.xml and /robots.txt', () => {
  it('lists every public page, category and live product as absolute addresses', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
      (m[1] ?? '').replace(/&amp;/g, '&'),
    );
    expect(locs).toContain(`http://${HOST}/`);
    expect(locs).toContain(`http://${HOST}/tools?category=tires`);
    for (const product of catalog) expect(locs).toContain(`http://${HOST}/product/${product._id}`);
    expect(locs.filter((loc) => loc.includes('/product/'))).toHaveLength(catalog.length);
  });

  it('drops a retired product from the sitemap at once', async () => {
    const jack = byName('3-Ton Low-Profile Hydraulic Floor Jack');
    await t.database.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, jack._id));
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: HOST } });
    expect(res.body).not.toContain(jack._id);
  });

  it('points crawlers at the sitemap and away from private pages', async () => {
    const res = await t.app.inject({ url: '/robots.txt', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Sitemap: http://${HOST}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /dashboard');
    // A purchase page names its product page as canonical; a crawler must be able to read it for that.
    expect(res.body).not.toContain('/purchase');
  });
});

describe('with PUBLIC_URL set', () => {
  it('names the store by its public address, whatever Host the request carried', async () => {
    const other = await createTestApp({
      webDistDir: path.join(root, 'dist'),
      auth: { ...testConfig().auth, publicUrl: 'https://shop.example.com' },
    });
    try {
      await seedDemoData(other.database.db);
      const headers = { accept: 'text/html', host: 'evil.example' };
      const html = (await other.app.inject({ url: '/tools?category=tires', headers })).body;
      expect(html).toContain('<link rel="canonical" href="https://shop.example.com/tools?category=tires">');
      expect(html).not.toContain('evil.example');
      const sitemap = (await other.app.inject({ url: '/sitemap.xml', headers })).body;
      expect(sitemap).toContain('<loc>https://shop.example.com/</loc>');
      expect(sitemap).not.toContain('evil.example');
      const robots = (await other.app.inject({ url: '/robots.txt', headers })).body;
      expect(robots).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    } finally {
      await other.close();
    }
  });
});
