import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { OutboxList } from '../src/contract/outbox';
import { orderFirstProduct, signInThroughForms } from './support/admin-page';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

const ADMIN = 'outbox-admin@torque.example';

let store: StoreProcess;
let browser: Browser;

// The order webhook points at a port nobody listens on, and gives up after one try: every order
// change becomes a message the admin sees as not delivered and can send again.
journeys('the outbox page shows what could not be sent', () => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    store = await startJourneyStore({
      ADMIN_EMAILS: ADMIN,
      ORDER_WEBHOOK_URL: 'http://127.0.0.1:9/order-events',
      OUTBOX_RETRY_HOURS: '0',
      OUTBOX_POLL_MS: '100',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  for (const width of [1280, 390]) {
    it(`lists the undelivered order message and sends it again (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      page = await context.newPage();
      errors = watchForPageErrors(page);
      await signInThroughForms(page, store.url, {
        email: ADMIN,
        name: 'Olive Outbox',
        first: width === 1280,
      });
      await orderFirstProduct(page, store.url);

      // The runner's one try fails: once the server lists the dead letter, the Outbox shows it.
      await vi.waitFor(
        async () => {
          const answer = await page.request.get(`${store.url}/api/manage/outbox?status=dead`);
          const { counts } = (await answer.json()) as OutboxList;
          if (counts.dead < 1) throw new Error('no dead letter yet');
        },
        { timeout: 60_000, interval: 100 },
      );
      await page.goto(`${store.url}/dashboard/outbox`);
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      const retry = page.getByRole('button', { name: /^Send again/ }).first();
      await retry.waitFor();
      await retry.waitFor();
      await page.getByRole('button', { name: /^Not delivered \(\d+\)/ }).waitFor();
      await page
        .getByText(/ECONNREFUSED|fetch failed/)
        .first()
        .waitFor();
      await retry.click();
      await page.getByText('The message will be sent again').waitFor();
      await screenshot(page, `outbox-${width}`, { fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
