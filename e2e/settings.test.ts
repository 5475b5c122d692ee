import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from './support/admin-page';
import { seriousViolations, trackRequests } from './support/axe';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

/**
 * The owner changes express shipping's price in Settings, and a buyer whose checkout is open sees
 * the new price on the next look at it: no restart, no redeploy, and the order charges it.
 */

const OWNER = 'settings-owner@torque.example';
let store: StoreProcess;
let browser: Browser;
let ownerContext: BrowserContext;

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Signs a new account up through the API, in this context (its cookie is the context's). */
async function signUpIn(context: BrowserContext, email: string, name: string) {
  const res = await context.request.post(`${store.url}/api/auth/sign-up/email`, {
    headers: { origin: store.url },
    data: { name, email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const expressRadio = (page: Page) => page.getByRole('radio', { name: /Express shipping/ });
/** The express option's row as the buyer reads it: "Express shipping 1 to 2 business days $19.99". */
const expressRow = (page: Page) => page.locator('label').filter({ has: expressRadio(page) });

journeys('the owner changes express shipping in Settings and a buyer sees it at once', () => {
  beforeAll(async () => {
    store = await startJourneyStore({ ADMIN_EMAILS: OWNER });
    browser = await launchBrowser();
    ownerContext = await browser.newContext();
    await signUpIn(ownerContext, OWNER, 'Olive Owner');
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  const prices = { 1280: '23.45', 390: '27.15' } as const;
  /** The express price each run starts from: the store's default, then the first run's. */
  const pricesBefore = { 1280: '19.99', 390: '23.45' } as const;
  for (const width of [1280, 390] as const) {
    it(`at ${width} px: Settings saves a new express price, the open checkout shows and charges it`, async () => {
      const newPrice = prices[width];
      // The buyer: a product in the cart and an address on file, through the API.
      const buyerContext = await browser.newContext({ viewport: { width, height: 900 } });
      await signUpIn(buyerContext, `settings.buyer.${width}@torque.example`, `Bea Buyer ${width}`);
      const headers = { origin: store.url };
      const [tool] = (await (
        await buyerContext.request.get(`${store.url}/api/tool?limit=1`)
      ).json()) as Array<{
        _id: string;
        minimum_order_quantity: number;
      }>;
      if (!tool) throw new Error('the catalog is empty');
      const added = await buyerContext.request.put(`${store.url}/api/cart/${tool._id}`, {
        headers,
        data: { quantity: tool.minimum_order_quantity },
      });
      expect(added.ok(), await added.text()).toBe(true);
      const saved = await buyerContext.request.post(`${store.url}/api/addresses`, {
        headers,
        data: {
          fullName: `Bea Buyer ${width}`,
          line1: '40 Caliper Court',
          line2: '',
          city: 'Lansing',
          region: 'MI',
          postalCode: '48933',
          country: 'US',
          phone: '+1 517 555 0199',
          isDefault: true,
        },
      });
      expect(saved.ok(), await saved.text()).toBe(true);

      const buyer = await buyerContext.newPage();
      const buyerErrors = watchForPageErrors(buyer);
      await buyer.goto(`${store.url}/checkout`);
      await expressRadio(buyer).waitFor();
      expect(await expressRow(buyer).textContent()).not.toContain(`$${newPrice}`);

      // The owner opens Settings and saves the new express price.
      const owner = await ownerContext.newPage();
      await owner.setViewportSize({ width, height: 900 });
      const ownerErrors = watchForPageErrors(owner);
      trackRequests(owner);
      await owner.goto(`${store.url}/dashboard/settings`);
      await owner.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
      const shipping = owner.getByRole('region', { name: 'Shipping' });
      const express = shipping.getByLabel('Express shipping ($)');
      await express.waitFor();
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(owner, `settings-${width}`, { fullPage: true });
      await express.fill(newPrice);
      const answered = owner.waitForResponse(
        (r) => r.url().endsWith('/api/settings/shipping') && r.request().method() === 'PUT',
      );
      await shipping.getByRole('button', { name: 'Save shipping' }).click();
      expect((await answered).status()).toBe(200);
      await shipping.getByText(/^Last saved /).waitFor();
      // The zones editor, opened but not saved: a zone with a second method, read by axe.
      await shipping.getByRole('button', { name: 'Add a zone' }).click();
      await shipping.getByRole('button', { name: 'Add a method' }).click();
      await shipping.getByLabel('Bracket 1: up to (lb)').last().waitFor();
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(shipping, `settings-zones-${width}`);
      await shipping.getByRole('button', { name: 'Remove zone 1' }).click();
      const confirm = owner.getByRole('dialog', { name: 'Remove this zone?' });
      await confirm.getByRole('button', { name: 'Remove zone' }).click();
      await shipping.getByTestId('no-zones').waitFor();

      // The buyer looks again: the open checkout now offers express at the new price, and the
      // order placed with it charges that.
      await buyer.reload();
      await expressRow(buyer).getByText(`$${newPrice}`).waitFor();
      await expressRadio(buyer).check();
      const summary = buyer.getByRole('complementary', { name: 'Order summary' });
      await summary.getByText('Express shipping').waitFor();
      await buyer.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      await summary.getByText(`$${newPrice}`).waitFor();
      expect(await scrollsSideways(buyer)).toBe(false);
      await screenshot(buyer, `settings-checkout-${width}`, { fullPage: true });
      await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
      await buyer.getByLabel('Expiry (MM/YY)').fill('12/40');
      await buyer.getByLabel('CVC').fill('123');
      await buyer.getByRole('button', { name: 'Place order and pay' }).click();
      await buyer.waitForURL(/\/checkout\/done\/[^/]+$/, { timeout: 30_000 });
      const orders = (await (
        await buyerContext.request.get(
          `${store.url}/api/order?userEmail=${encodeURIComponent(`settings.buyer.${width}@torque.example`)}`,
        )
      ).json()) as Array<{ shippingMethod: string; amounts: { shippingCents: number }; paid: boolean }>;
      expect(orders.map((o) => [o.shippingMethod, o.amounts.shippingCents, o.paid])).toEqual([
        ['express', Number(newPrice.replace('.', '')), true],
      ]);
      // The owner reads the change in the audit log: who, and the price before and after, in dollars.
      await owner.goto(`${store.url}/dashboard/audit`);
      await owner.getByRole('heading', { name: 'Audit log' }).waitFor();
      await owner.getByLabel('Kind').selectOption('setting');
      await owner.getByRole('button', { name: 'Filter' }).click();
      await owner
        .getByTestId('audit-row')
        .filter({ hasText: 'Saved settings: Shipping' })
        .filter({ hasText: OWNER })
        .filter({ hasText: `Express shipping: $${pricesBefore[width]} → $${newPrice}` })
        .first()
        .waitFor();
      expect(buyerErrors).toEqual([]);
      expect(ownerErrors).toEqual([]);
      await buyerContext.close();
      await owner.close();
    });
  }
});
