import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOME_TOOL_COUNT } from '../src/contract/catalog.constants';
import { pageModules } from '../src/server/edge/pages/page-preloads';
import { settle, trackRequests } from './support/axe';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';

const root = path.resolve(import.meta.dirname, '..');

let store: StoreProcess;
let browser: Browser;
let customer: BrowserContext;

/** Every script and API call a page makes, and the addresses its HTML named for preloading. */
async function openAndRecord(context: BrowserContext, address: string, ready: string) {
  const page = await context.newPage();
  trackRequests(page);
  const errors = watchForPageErrors(page);
  const requested: string[] = [];
  page.on('request', (request) =>
    requested.push(new URL(request.url()).pathname + new URL(request.url()).search),
  );
  const response = await page.goto(`${store.url}${address}`);
  const html = (await response?.text()) ?? '';
  await page.locator(ready).first().waitFor();
  await settle(page);
  await page.close();
  const named = [...html.matchAll(/<(?:link|script)[^>]*(?:href|src)="([^"]+)"/g)].map((m) =>
    m[1]?.replace(/&amp;/g, '&'),
  );
  const scripts = requested.filter((url) => url.endsWith('.js'));
  const count = (url: string) => requested.filter((r) => r === url).length;
  return { errors, html, named, scripts, count };
}

journeys('pages name what they need in their HTML', () => {
  beforeAll(async () => {
    store = await startJourneyStore();
    browser = await launchBrowser();
    const res = await fetch(`${store.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: store.url },
      body: JSON.stringify({
        name: 'Pia Preload',
        email: 'pia.preload@torque.example',
        password: 'Spanner#42',
      }),
    });
    expect(res.status).toBe(200);
    customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await customer.addCookies(
      res.headers.getSetCookie().map((cookie) => {
        const [name = '', value = ''] = (cookie.split(';')[0] ?? '').split(/=(.*)/);
        return { name, value, url: store.url };
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    if (store) {
      await store.stop();
      store.cleanUp();
    }
  });

  it('finds every page module the server names in the build', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'dist/web/.vite/manifest.json'), 'utf8'));
    const missing = pageModules().filter((module) => !(module in manifest));
    expect(missing).toEqual([]);
  });

  it('home: its two lists come from the hints, each fetched once', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openAndRecord(context, '/', '#reviews blockquote');
    await context.close();

    for (const url of [`/api/tool?limit=${HOME_TOOL_COUNT}`, '/api/review']) {
      expect(page.named).toContain(url);
      expect(page.count(url)).toBe(1);
    }
    expect(page.errors).toEqual([]);
  });

  it('/tools: its code and its list come from the hints, each fetched once', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openAndRecord(context, '/tools?sort=price', '[data-testid="tool-grid"] article');
    await context.close();

    expect(page.html).toContain('as="fetch"');
    expect(page.count('/api/tool?sort=price&page=1&limit=24')).toBe(1);
    expect(page.named).toContain('/api/tool?sort=price&page=1&limit=24');
    // The filters' counts too, for the same filters.
    expect(page.named).toContain('/api/tool/facets');
    expect(page.count('/api/tool/facets')).toBe(1);
    // No script found only once another had run: the page's whole code was named up front.
    expect(page.scripts.length).toBeGreaterThan(1);
    expect(page.scripts.filter((script) => !page.named.includes(script))).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it("/tools: the first card's picture comes from the hints, fetched once", async () => {
    const [first] = (await (await fetch(`${store.url}/api/tool?page=1&limit=24`)).json()) as {
      image: string;
    }[];
    if (!first) throw new Error('the demo catalog is empty');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await openAndRecord(context, '/tools', '[data-testid="tool-grid"] article');
    await context.close();

    expect(page.named).toContain(first.image);
    expect(page.count(first.image)).toBe(1);
    expect(page.errors).toEqual([]);
  });

  it("/cart and /checkout, signed in: the session and the customer's cart are named up front", async () => {
    const [tool] = (await (await fetch(`${store.url}/api/tool?limit=1`)).json()) as {
      _id: string;
      minimum_order_quantity: number;
    }[];
    if (!tool) throw new Error('the demo catalog is empty');
    const cookie = (await customer.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const put = await fetch(`${store.url}/api/cart/${tool._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: store.url, cookie },
      body: JSON.stringify({ quantity: tool.minimum_order_quantity }),
    });
    expect(put.status).toBe(200);
    for (const [address, ready] of [
      ['/cart', 'main h1'],
      ['/checkout', 'main form'],
    ] as const) {
      const page = await openAndRecord(customer, address, ready);
      for (const url of ['/api/auth/get-session', '/api/cart?shippingMethod=standard']) {
        expect(page.named).toContain(url);
        expect(page.count(url)).toBeGreaterThanOrEqual(1);
      }
      expect(page.scripts.filter((script) => !page.named.includes(script))).toEqual([]);
      expect(page.errors).toEqual([]);
    }
  });

  it('a purchase page, signed in: product and picture each fetched once, all named up front', async () => {
    const [tool] = (await (await fetch(`${store.url}/api/tool?limit=1`)).json()) as {
      _id: string;
      image: string;
    }[];
    if (!tool) throw new Error('the demo catalog is empty');
    const page = await openAndRecord(customer, `/purchase/${tool._id}`, 'article h1');

    for (const url of [`/api/purchase/${tool._id}`, tool.image]) {
      expect(page.named).toContain(url);
      expect(page.count(url)).toBe(1);
    }
    // The session is named and fetched early too; the page reads it again when its product part
    // mounts (TanStack Query reads stale data again for each new reader).
    expect(page.named).toContain('/api/auth/get-session');
    expect(page.count('/api/auth/get-session')).toBeGreaterThanOrEqual(1);
    expect(page.scripts.length).toBeGreaterThan(1);
    expect(page.scripts.filter((script) => !page.named.includes(script))).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
