import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// A build as Vite writes it: the entry preloads one shared chunk itself; the pages' modules
// import that chunk, the entry and chunks of their own, one of them two levels deep.
const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8"><title>x</title><!-- store-config -->' +
  '<script type="module" crossorigin src="/assets/entry-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-1.js"></head>' +
  '<body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/entry-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_catalog-1.js': { file: 'assets/catalog-1.js', imports: ['_zod-1.js', '_shared-1.js'] },
  '_zod-1.js': { file: 'assets/zod-1.js' },
  'features/catalog/pages/tools-page.tsx': {
    file: 'assets/tools-1.js',
    imports: ['index.html', '_shared-1.js', '_catalog-1.js'],
  },
  'features/orders/pages/purchase-page.tsx': {
    file: 'assets/purchase-1.js',
    imports: ['index.html', '_shared-1.js'],
  },
  'app/layouts/dashboard-layout.tsx': { file: 'assets/dashboard-layout-1.js' },
  'features/orders/pages/my-orders-page.tsx': { file: 'assets/my-orders-1.js', imports: ['_shared-1.js'] },
  'features/admin-orders/pages/admin-order-page.tsx': { file: 'assets/admin-order-page-1.js' },
  'features/orders/pages/order-status-page.tsx': {
    file: 'assets/order-status-1.js',
    imports: ['_catalog-1.js'],
  },
};

let root: string;
let t: TestApp;

function buildDir(name: string, manifest?: object) {
  const distDir = path.join(root, name);
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), TEMPLATE);
  if (manifest) {
    mkdirSync(path.join(distDir, '.vite'));
    writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return distDir;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'store-preload-test-'));
  t = await createTestApp({ webDistDir: buildDir('dist', MANIFEST) });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const html = { accept: 'text/html' };

/** The addresses a page's preload hints name, by kind (the template's own link left aside). */
async function hintsOf(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...html, ...headers } });
  expect(res.statusCode).toBe(200);
  const links = [...res.body.matchAll(/<link rel="(modulepreload|preload)"[^>]*>/g)]
    .map((m) => m[0])
    .filter((link) => !TEMPLATE.includes(link));
  const href = (link: string) => /href="([^"]*)"/.exec(link)?.[1]?.replace(/&amp;/g, '&');
  return {
    body: res.body,
    scripts: links.filter((l) => l.includes('modulepreload')).map(href),
    fetches: links.filter((l) => l.includes('as="fetch"')).map(href),
    images: links.filter((l) => l.includes('as="image"')),
  };
}

describe('preload hints in the page', () => {
  it("names a page's own chunks and what they import, not what the entry already loads", async () => {
    const page = await hintsOf('/tools');
    expect(page.scripts).toEqual(['/assets/tools-1.js', '/assets/catalog-1.js', '/assets/zod-1.js']);
    // The entry's own preload is in the template once, not added again.
    expect(page.body.match(/shared-1\.js/g)).toHaveLength(1);
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/tools-1.js">');
  });

  it('names the dashboard frame and the page inside it', async () => {
    const page = await hintsOf('/dashboard/myOrders');
    expect(page.scripts).toEqual(['/assets/dashboard-layout-1.js', '/assets/my-orders-1.js']);
    expect(page.fetches).toEqual([]);
  });

  it('names the code of the pages mails open, with their ids and keys in the address', async () => {
    const order = await hintsOf('/dashboard/manageOrders/3f2c9a1e-0b7d-4e5a-9c61-2d8e4f7a1b90');
    expect(order.scripts).toEqual(['/assets/dashboard-layout-1.js', '/assets/admin-order-page-1.js']);
    const guest = await hintsOf('/order-status?token=abc.def');
    expect(guest.scripts).toEqual(['/assets/order-status-1.js', '/assets/catalog-1.js', '/assets/zod-1.js']);
    // An address no page answers names nothing: the page it shows is the not-found card.
    expect((await hintsOf('/dashboard/manageOrders/1/2')).scripts).toEqual([]);
  });

  it('names the list /tools will ask for, read from the address the way the page reads it', async () => {
    // The list, and the filters' counts for the same filters (without the sort and the page).
    const first = ['/api/tool?page=1&limit=24', '/api/tool/facets'];
    expect((await hintsOf('/tools')).fetches).toEqual(first);
    expect((await hintsOf('/tools/')).fetches).toEqual(first);
    expect((await hintsOf('/tools?page=3&sort=-price&search=  torque wrench ')).fetches).toEqual([
      '/api/tool?search=torque+wrench&sort=-price&page=3&limit=24',
      '/api/tool/facets?search=torque+wrench',
    ]);
    expect((await hintsOf('/tools?category=brakes&year=2014&make=Honda&model=Civic')).fetches).toEqual([
      '/api/tool?category=brakes&year=2014&make=Honda&model=Civic&page=1&limit=24',
      '/api/tool/facets?category=brakes&year=2014&make=Honda&model=Civic',
    ]);
    // An address the list cannot use falls back to the first page, as the page itself does.
    expect((await hintsOf('/tools?sort=cheapest&page=0')).fetches).toEqual(first);
  });

  it("names the home page's two lists", async () => {
    const page = await hintsOf('/');
    expect(page.fetches).toEqual(['/api/tool?limit=6', '/api/review']);
    expect(page.scripts).toEqual([]);
  });

  it("names a purchase page's session, product and picture once signed in; only the session before", async () => {
    const product = await insertProduct(t.database.db, { image: '/uploads/0b8f-960.webp' });
    const address = `/purchase/${product.id}`;

    const signedOut = await hintsOf(address);
    expect(signedOut.scripts).toEqual(['/assets/purchase-1.js']);
    expect(signedOut.fetches).toEqual(['/api/auth/get-session']);
    expect(signedOut.images).toEqual([]);

    const signedIn = await hintsOf(address, { cookie: 'better-auth.session_token=abc.def' });
    expect(signedIn.fetches).toEqual(['/api/auth/get-session', `/api/purchase/${product.id}`]);
    expect(signedIn.images).toEqual([
      '<link rel="preload" href="/uploads/0b8f-960.webp" as="image" fetchpriority="high" ' +
        'imagesrcset="/uploads/0b8f-480.webp 480w, /uploads/0b8f-960.webp 960w" ' +
        'imagesizes="(min-width: 1024px) 50vw, 100vw">',
    ]);
  });

  it("names the first card's picture of the list /tools shows, and only of that list", async () => {
    await insertProduct(t.database.db, { image: '/uploads/5d1c-960.webp' });
    // The picture the page will draw first: the first tool of the list the page asks for.
    const list = await t.app.inject({ method: 'GET', url: '/api/tool?page=1&limit=24' });
    const [first] = list.json() as { image: string }[];
    if (!first) throw new Error('the list is empty');
    const plain = await hintsOf('/tools');
    expect(plain.fetches).toEqual(['/api/tool?page=1&limit=24', '/api/tool/facets']);
    expect(plain.images).toHaveLength(1);
    expect(plain.images[0]).toContain(`href="${first.image}" as="image" fetchpriority="high"`);
    expect(plain.images[0]).toContain(
      'imagesizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, (min-width: 640px) 100vw, 7rem"',
    );
    // Another list than the one the server wrote into the page: its first picture is not known.
    for (const other of ['/tools?sort=price', '/tools?page=2', '/tools?search=wrench', '/tools?inStock=1']) {
      expect((await hintsOf(other)).images).toEqual([]);
    }
  });

  it("names the session on /cart and /checkout, and a customer's cart once signed in", async () => {
    const cookie = { cookie: 'better-auth.session_token=abc.def' };
    for (const address of ['/cart', '/checkout']) {
      expect((await hintsOf(address)).fetches).toEqual(['/api/auth/get-session']);
      expect((await hintsOf(address, cookie)).fetches).toEqual([
        '/api/auth/get-session',
        '/api/cart?shippingMethod=standard',
      ]);
    }
  });

  it('names no product for an unknown or retired one, and escapes what it writes', async () => {
    const unknown = await hintsOf('/purchase/no-such-tool', { cookie: 'better-auth.session_token=x' });
    expect(unknown.fetches).toEqual(['/api/auth/get-session']);
    expect(unknown.images).toEqual([]);

    const hostile = await hintsOf('/tools?search="><script>alert(1)</script>');
    expect(hostile.body).not.toContain('<script>alert');
    expect(hostile.fetches).toEqual([
      '/api/tool?search=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&page=1&limit=24',
      '/api/tool/facets?search=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E',
    ]);
  });

  it('does not serve the manifest itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
  });

  it('still serves pages from a build without a manifest, with their data hints only', async () => {
    const bare = await createTestApp({ webDistDir: buildDir('bare') });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/tools', headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('rel="modulepreload" crossorigin href="/assets/tools');
      expect(res.body).toContain(
        '<link rel="preload" href="/api/tool?page=1&amp;limit=24" as="fetch" crossorigin>',
      );
    } finally {
      await bare.close();
    }
  });
});
