import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { UNKNOWN_ID } from '../../test/probes';

const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8">' +
  '<meta name="description" content="The template says this." /><!-- store-config --><title>x</title></head>' +
  '<body><div id="root"></div></body></html>';

let root: string;
let t: TestApp;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'store-meta-test-'));
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist', 'index.html'), TEMPLATE);
  t = await createTestApp({ webDistDir: path.join(root, 'dist') });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ url, headers: { accept: 'text/html', host: 'shop.example.com' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The content of every `<meta property|name="key">`, decoded. */
const metaValues = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`, 'g'))].map((m) =>
    (m[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );

describe('what each page tells search engines and link previews', () => {
  it('gives a product page its name, words and absolute picture URL', async () => {
    const product = await insertProduct(t.database.db, {
      name: 'Impact Wrench "Pro" <18V>',
      description: ['Drives lug nuts off in seconds.', 'Two batteries included.'],
      image: '/images/tools/impact-wrench.svg',
    });
    const html = await page(`/purchase/${product.id}`);
    expect(html).toContain('<title>Impact Wrench &quot;Pro&quot; &lt;18V&gt; | TorqueWorks</title>');
    expect(metaValues(html, 'description')).toEqual([
      'Drives lug nuts off in seconds. Two batteries included.',
    ]);
    expect(metaValues(html, 'og:type')).toEqual(['product']);
    expect(metaValues(html, 'og:title')).toEqual(['Impact Wrench "Pro" <18V> | TorqueWorks']);
    expect(metaValues(html, 'og:description')).toEqual([
      'Drives lug nuts off in seconds. Two batteries included.',
    ]);
    expect(metaValues(html, 'og:image')).toEqual(['http://shop.example.com/images/tools/impact-wrench.svg']);
    expect(metaValues(html, 'og:site_name')).toEqual(['TorqueWorks']);
  });

  it('shortens a long description to 160 characters', async () => {
    const product = await insertProduct(t.database.db, { description: ['Long words. '.repeat(40).trim()] });
    const [description] = metaValues(await page(`/purchase/${product.id}`), 'description');
    expect(description?.length).toBeLessThanOrEqual(160);
    expect(description?.endsWith('…')).toBe(true);
  });

  it('falls back to the store description for an unknown or malformed product', async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id', '%E2%9C%93']) {
      const html = await page(`/purchase/${id}`);
      expect(html).toContain('<title>TorqueWorks</title>');
      expect(metaValues(html, 'og:type')).toEqual(['website']);
      expect(metaValues(html, 'og:image')).toEqual([]);
    }
  });

  it('names the public pages and describes each once', async () => {
    for (const [url, title] of [
      ['/', 'TorqueWorks'],
      ['/tools', 'All Tools | TorqueWorks'],
      ['/tools/', 'All Tools | TorqueWorks'],
      ['/reviews?x=1', 'Reviews | TorqueWorks'],
      ['/dashboard', 'TorqueWorks'],
    ] as const) {
      const html = await page(url);
      expect(html).toContain(`<title>${title}</title>`);
      expect(metaValues(html, 'description')).toHaveLength(1);
      expect(metaValues(html, 'og:title')).toEqual([title]);
    }
    expect(metaValues(await page('/tools'), 'description')[0]).not.toBe(
      metaValues(await page('/'), 'description')[0],
    );
  });
});
