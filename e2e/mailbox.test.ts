import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderFirstProduct, signInThroughForms } from './support/admin-page';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { mailsWritten } from './support/mailbox';
import { screenshot } from './support/screenshot';

const ADMIN = 'mailbox-admin@torque.example';

let store: StoreProcess;
let browser: Browser;

// No SMTP server is set up (the one-command default): the order mail is kept, and the admin reads
// it in the Mailbox exactly as the customer would have received it.
journeys('the mailbox shows the mails kept without an SMTP server', () => {
  beforeAll(async () => {
    // The waiting-for-payment mail is due at once here (a store waits a few minutes for it).
    store = await startJourneyStore({
      ADMIN_EMAILS: ADMIN,
      OUTBOX_POLL_MS: '100',
      ORDER_WAITING_MAIL_MINUTES: '0',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  for (const width of [1280, 390]) {
    it(`lists the order mail and opens its HTML and text versions (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchForPageErrors(page);
      await signInThroughForms(page, store.url, {
        email: ADMIN,
        name: 'Milo Mailbox',
        first: width === 1280,
      });
      const orderId = await orderFirstProduct(page, store.url);
      // The job runner writes this order's mail; once the server holds it, the Mailbox lists it.
      await mailsWritten(page, store.url, (mail) => mail.orderId === orderId);

      await page.goto(`${store.url}/dashboard/mailbox`);
      await page.getByRole('heading', { name: 'Mailbox' }).waitFor();
      const mails = page.getByRole('list', { name: 'Mails' }).getByRole('listitem');
      const newest = mails.first();
      await newest.getByText(`To ${ADMIN}`).waitFor();
      await newest.getByText('Not sent: no SMTP server is set up').waitFor();
      await page
        .getByRole('note')
        .getByText(/no SMTP server is set up/)
        .waitFor();
      // A phone shows cards, never a page wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `mailbox-${width}`, { fullPage: true });

      await newest.getByRole('link', { name: /^TorqueWorks: order TW-\d+ is waiting for payment$/ }).click();
      await page.getByRole('heading', { name: 'Text version' }).waitFor();
      await expect(page.locator('pre').textContent()).resolves.toContain(`/dashboard/payment/${orderId}`);
      const html = page.frameLocator('iframe[title^="HTML version"]');
      await html.getByRole('link', { name: 'Pay for your order' }).waitFor();
      await html
        .getByText(/^TW-\d+$/)
        .first()
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `mail-${width}`, { fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
