import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../kernel/http/content-encoding';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Compressed answers of the web app: the build's .br/.gz files for its assets (written by
 * scripts/vite-precompress.mjs), and index.html compressed by the server, each as the browser accepts.
 */
const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8"><title>x</title><!-- store-config --></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(200))});`;

let root: string;
let t: TestApp;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'store-web-compression-'));
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), TEMPLATE);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(root, 'assets', 'plain-def456.js'), 'console.log(1);');
  t = await createTestApp({ webDistDir: root });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const decoded = (res: Awaited<ReturnType<typeof get>>) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.body;
};

describe('a hashed asset', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
  ])('Accept-Encoding %j gets %s, kept a year and varying on the encoding', async (accept, encoding) => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('is sent as it is when the build wrote no compressed copy', async () => {
    const res = await get('/assets/plain-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1);');
  });
});

describe('index.html', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    [undefined, undefined],
  ])('Accept-Encoding %j gets %s, never kept without asking again', async (accept, encoding) => {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (accept) headers['accept-encoding'] = accept;
    for (const url of ['/', '/tools']) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('accept-encoding');
      const page = decoded(res);
      expect(page).toContain('<meta name="store-config"');
      // /tools fills the root with its list for search engines; the page is whole either way.
      expect(page).toContain('<div id="root">');
      expect(page).toContain('</html>');
    }
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['deflate', undefined],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['BR', 'br'],
    ['br;q=0', undefined],
    ['br;q=0.0, gzip;q=0', undefined],
    ['*', undefined],
  ])('%j -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
