import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsAnswer } from '../../../contract/settings';
import type { StoreInfo } from '../../../contract/store';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { as, createAdminApp } from '../../test/store-flow';

const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8"><title>x</title><!-- store-config --></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const SCRIPT = 'console.log("the app");';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const SECRET = 'outside the web build: must never be served';

let root: string;
let distDir: string;
let t: TestApp;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'store-web-test-'));
  distDir = path.join(root, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  mkdirSync(path.join(distDir, 'images'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), TEMPLATE);
  writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(distDir, 'images', 'a.svg'), SVG);
  writeFileSync(path.join(root, 'secret.txt'), SECRET);
  t = await createTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const unescapeAttribute = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The store info a page carries in its meta tag, read back the way a browser would. */
function storeConfigOf(page: string): unknown {
  const metas = [...page.matchAll(/<meta name="store-config" content="([^"]*)">/g)];
  expect(metas).toHaveLength(1);
  return JSON.parse(unescapeAttribute(metas[0]?.[1] ?? ''));
}

function expectRenderedIndex(res: Awaited<ReturnType<TestApp['app']['inject']>>, store: StoreInfo) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.body).not.toContain('<!-- store-config -->');
  // The root is there; pages with content for search engines (/tools, products) fill it in.
  expect(res.body).toContain('<div id="root">');
  // No Stripe keys in these tests: the page says the store is in test mode.
  expect(storeConfigOf(res.body)).toEqual({ ...store, testMode: true, orderHoldMinutes: 30 });
}

describe('the built web app', () => {
  it('answers / with index.html carrying the store info and the brand as the title', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expectRenderedIndex(res, testConfig().store);
    expect(res.body).toContain('<title>TorqueWorks</title>');
    expect(res.body).not.toContain('<title>x</title>');
  });

  it('escapes a store name that tries to break out of the markup', async () => {
    const store = { ...testConfig().store, brand: 'A"<script>' };
    const hostile = await createTestApp({ webDistDir: distDir, store });
    try {
      const res = await hostile.app.inject({ method: 'GET', url: '/', headers: html });
      expectRenderedIndex(res, store);
      expect(res.body).toContain('<title>A&quot;&lt;script&gt;</title>');
      expect(res.body).not.toContain('<script>');
      expect(res.body).not.toContain('A"<');
    } finally {
      await hostile.close();
    }
  });

  it('writes a store name with $ signs in literally', async () => {
    // String.replace would read $&, $' and $$ in a replacement string as patterns.
    const store = { ...testConfig().store, brand: "Buck$ $& $' $$ Tools" };
    const dollars = await createTestApp({ webDistDir: distDir, store });
    try {
      const res = await dollars.app.inject({ method: 'GET', url: '/', headers: html });
      expectRenderedIndex(res, store);
      expect(res.body).toContain("<title>Buck$ $&amp; $' $$ Tools</title>");
    } finally {
      await dollars.close();
    }
  });

  it('writes a page sent before again once the owner renames the store, compressed or not', async () => {
    const { t: owned, admin } = await createAdminApp({ webDistDir: distDir });
    try {
      const page = (encoding?: string) =>
        owned.app.inject({
          method: 'GET',
          url: '/garage?from=mail',
          headers: { ...html, ...(encoding ? { 'accept-encoding': encoding } : {}) },
        });
      const titleOf = (res: Awaited<ReturnType<typeof page>>) =>
        /<title>([^<]*)<\/title>/.exec(
          res.headers['content-encoding'] === 'br'
            ? brotliDecompressSync(res.rawPayload).toString()
            : res.body,
        )?.[1];
      // Sent twice each way: the second comes from what the first wrote.
      for (let i = 0; i < 2; i += 1) {
        expect(titleOf(await page('br'))).toContain('TorqueWorks');
        expect(titleOf(await page())).toContain('TorqueWorks');
      }
      const settings = (
        await owned.app.inject({ method: 'GET', url: '/api/settings', headers: as(admin) })
      ).json() as SettingsAnswer;
      const saved = await owned.app.inject({
        method: 'PUT',
        url: '/api/settings/store',
        headers: as(admin),
        payload: {
          value: { ...settings.settings.store, brand: 'Brake Barn' },
          revision: settings.sections.store.revision,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(titleOf(await page('br'))).toContain('Brake Barn');
      expect(titleOf(await page())).toContain('Brake Barn');
    } finally {
      await owned.close();
    }
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { accept: '*/*' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SCRIPT);
    expect(res.headers['content-type']).toMatch(/javascript/);
    const cache = String(res.headers['cache-control']);
    expect(cache).toContain('immutable');
    expect(cache).toContain('max-age=31536000');
  });

  it('serves other files with a shorter cache that is not immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/a.svg', headers: { accept: 'image/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SVG);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const cache = String(res.headers['cache-control']);
    expect(cache).not.toContain('immutable');
    const maxAge = Number(cache.match(/max-age=(\d+)/)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThan(31536000);
  });

  it.each(['/tools', '/purchase/abc', '/dashboard/my-orders', '/no-such-page'])(
    'answers the page address %s with index.html for the client router',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expectRenderedIndex(res, testConfig().store);
      expect(res.body).toMatch(/<title>([^<]+ \| )?TorqueWorks<\/title>/);
    },
  );

  it('answers a missing file asked for by a script tag with 404, not with the page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/missing-999.js',
      headers: { accept: '*/*' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it.each([
    ['/api/nope', '/api/nope'],
    ['/api/tool/with/too/many/parts', '/api/tool/with/too/many/parts'],
    ['/api', '/api'],
    ['/api?page=1', '/api'],
    ['/api/nope?accept=text/html', '/api/nope'],
  ])(
    'answers the unknown API address %s with the JSON 404 envelope even to a browser',
    async (url, shown) => {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: `No route for GET ${shown}` } });
    },
  );

  it('answers /index.html to a browser with the rendered page, never the template', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html', headers: html });
    expectRenderedIndex(res, testConfig().store);
    expect(res.body).not.toContain('<title>x</title>');
  });

  it('answers /index.html to anything else with 404, never the template', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!-- store-config -->');
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/images/%2e%2e/%2e%2e/secret.txt',
  ])('does not serve files outside the build for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
    expect(res.body).not.toContain(SECRET);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('without a web build', () => {
  it('answers / with the 404 envelope', async () => {
    const bare = await createTestApp({ webDistDir: path.join(tmpdir(), 'no-such-web-build-dir') });
    try {
      for (const headers of [html, { accept: 'application/json' }]) {
        const res = await bare.app.inject({ method: 'GET', url: '/', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /' } });
      }
      const page = await bare.app.inject({ method: 'GET', url: '/tools', headers: html });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    } finally {
      await bare.close();
    }
  });
});
