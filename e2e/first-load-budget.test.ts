import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script shared with `npm run size`
import { FIRST_LOAD_BUDGET_BYTES, gzipSize, measureFirstLoad } from '../scripts/first-load-budget.mjs';
import { settle, trackRequests } from './support/axe';
import { journeys, launchBrowser } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';

// The budget guards CI: a dependency or an eager import that pushes the home page past it fails here.
describe('the home page first-load JavaScript budget', () => {
  it('keeps the entry script and its preloads within 120 KB gzip', () => {
    const { files, totalBytes } = measureFirstLoad() as { files: { url: string }[]; totalBytes: number };
    expect(files.length).toBeGreaterThan(0);
    expect(totalBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });
});

let store: StoreProcess;
let browser: Browser;

journeys('the home page as a browser loads it', () => {
  beforeAll(async () => {
    store = await startJourneyStore();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (store) {
      await store.stop();
      store.cleanUp();
    }
  });

  it('fetches no more than the budget of JavaScript before the catalog shows', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    trackRequests(page);
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then(gzipSize));
    });
    await page.goto(store.url);
    await page.locator('[data-testid="tool-grid"] article').first().waitFor();
    await settle(page);
    const sizes = await Promise.all(scripts);
    await page.close();

    // Lazy chunks fetched on the way (a page's own code, a library loaded early) count too.
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it('loads the home contact form when the reader scrolls to it, and it works', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    trackRequests(page);
    await page.goto(store.url);
    await page.locator('[data-testid="tool-grid"] article').first().waitFor();
    await settle(page);
    const form = page.locator('#contact-us form');
    expect(await form.count()).toBe(0);

    await page.locator('#contact-us').scrollIntoViewIfNeeded();
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Name is Required').waitFor();
    await form.getByText('Message is Required').waitFor();
    await page.close();
  });
});
