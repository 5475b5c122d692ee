import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD, signUpThroughApi } from './support/admin-page';
import { seriousViolations, trackRequests } from './support/axe';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

const ADMIN = 'trade-owner@torque.example';
const WIDTHS = [1280, 390] as const;
let store: StoreProcess;
let browser: Browser;

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

journeys('a repair shop buys at its trade prices, tax exempt, and buys again', () => {
  beforeAll(async () => {
    store = await startJourneyStore({ ADMIN_EMAILS: ADMIN });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  for (const width of WIDTHS) {
    it(`at ${width} px: the owner makes a shop a trade account; the shop sees and pays its prices, exempt, and buys again`, async () => {
      // The owner.
      const desk = await browser.newContext({ viewport: { width, height: 900 } });
      const owner = await desk.newPage();
      const deskErrors = watchForPageErrors(owner);
      trackRequests(owner);
      if (width === WIDTHS[0])
        await signUpThroughApi(owner.request, store.url, { name: 'Olive Owner', email: ADMIN });
      else {
        const res = await owner.request.post(`${store.url}/api/auth/sign-in/email`, {
          headers: { origin: store.url },
          data: { email: ADMIN, password: PASSWORD },
        });
        expect(res.ok()).toBe(true);
      }

      // The shop, with the demo's brake pads in its cart.
      const shopContext = await browser.newContext({ viewport: { width, height: 900 } });
      const shop = await shopContext.newPage();
      const shopErrors = watchForPageErrors(shop);
      trackRequests(shop);
      const email = `corner.garage.${width}@torque.example`;
      await signUpThroughApi(shop.request, store.url, { name: `Corner Garage ${width}`, email });
      const products = (await (await shop.request.get(`${store.url}/api/tool?limit=100`)).json()) as Array<{
        _id: string;
        name: string;
        minimum_order_quantity: number;
      }>;
      const pads = products.find((t) => t.name === 'Ceramic Front Brake Pad Set');
      if (!pads) throw new Error('the demo catalog has no ceramic brake pads');
      const put = await shop.request.put(`${store.url}/api/cart/${pads._id}`, {
        headers: { origin: store.url },
        data: { quantity: pads.minimum_order_quantity },
      });
      expect(put.status(), await put.text()).toBe(200);
      const listTotal = (await put.json()).lines[0].unitPriceCents as number;

      // The owner opens the shop's customer page and makes it a trade account: 10 % off, exempt in MI.
      const found = (await (
        await owner.request.get(`${store.url}/api/customers?search=${encodeURIComponent(email)}`)
      ).json()) as { customers: { _id?: string; id?: string }[] };
      const customer = found.customers[0];
      const customerId = customer?.id ?? customer?._id;
      if (!customerId) throw new Error('the shop is not in the customers list');
      await owner.goto(`${store.url}/dashboard/users/${customerId}`);
      const panel = owner.getByRole('region', { name: 'Trade account' });
      await panel.getByText('Retail: buys at list prices and pays sales tax.').waitFor();
      await panel.getByRole('button', { name: 'Make a trade account' }).click();
      const form = owner.getByRole('form', { name: 'Trade terms' });
      await form.getByLabel('Percent off list price').fill('10');
      await form.getByLabel('Holds a tax exemption certificate').check();
      await form.getByLabel('Certificate number').fill(`MI-RS-${width}`);
      await form.getByLabel('States (like MI, OH)').fill('MI');
      await form.getByLabel('Expires on').fill('2099-12-31');
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(owner, `trade-terms-form-${width}`, { fullPage: true });
      await form.getByRole('button', { name: 'Save trade terms' }).click();
      await panel.getByText(`Certificate MI-RS-${width}, MI, until 2099-12-31`).waitFor();
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(owner, `trade-terms-${width}`, { fullPage: true });

      // My Profile says the shop's terms.
      await shop.goto(`${store.url}/dashboard`);
      await shop
        .getByTestId('my-trade-terms')
        .getByText('You buy at trade prices: 10% off list price.')
        .waitFor();
      expect(await seriousViolations(shop)).toEqual([]);
      expect(await scrollsSideways(shop)).toBe(false);
      await screenshot(shop, `trade-profile-${width}`, { fullPage: true });

      // The product page: the list price for everyone, and the shop's own price under it.
      await shop.goto(`${store.url}/product/${pads._id}`);
      await shop.getByTestId('own-price').waitFor();
      expect(await shop.getByTestId('own-price').textContent()).toMatch(/^Your trade price: \$\d+\.\d\d$/);

      // The shop's cart: its trade price beside the list price.
      await shop.goto(`${store.url}/cart`);
      await shop.getByTestId('trade-price').first().waitFor();
      expect(await shop.getByTestId('trade-price').first().textContent()).toContain('your trade price');
      expect(await scrollsSideways(shop)).toBe(false);
      await screenshot(shop, `trade-cart-${width}`, { fullPage: true });

      // Checkout to Michigan: no tax, and the summary says under which certificate.
      await shop.goto(`${store.url}/checkout`);
      const orderSummary = shop.getByRole('complementary', { name: 'Order summary' });
      await shop.getByLabel('Full name').fill(`Corner Garage ${width}`);
      await shop.getByLabel('Address line 1').fill('88 Rotor Lane');
      await shop.getByLabel('City').fill('Detroit');
      await shop.getByLabel('State / province').fill('MI');
      await shop.getByLabel('Postal code').fill('48201');
      await shop.getByLabel('Country').selectOption('US');
      await shop.getByLabel('Phone').fill('+1 313 555 0110');
      await orderSummary.getByText(`Tax exempt for resale (certificate MI-RS-${width})`).waitFor();
      await shop.getByLabel('Card number').fill('4242 4242 4242 4242');
      await shop.getByLabel('Expiry (MM/YY)').fill('12/40');
      await shop.getByLabel('CVC').fill('123');
      await shop.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect(await scrollsSideways(shop)).toBe(false);
      await screenshot(shop, `trade-checkout-${width}`, { fullPage: true });
      await shop.getByRole('button', { name: 'Place order and pay' }).click();
      await shop.waitForURL(/\/checkout\/done\/[^/]+$/, { timeout: 30_000 });
      const orderId = shop.url().split('/').pop() ?? '';
      await shop.getByText(`Tax exempt for resale (certificate MI-RS-${width})`).waitFor();
      const order = (await (await shop.request.get(`${store.url}/api/order/${orderId}`)).json()) as {
        amounts: { taxCents: number; taxExemptCertificate?: string };
        lines: { unitPriceCents: number }[];
      };
      expect(order.amounts.taxCents).toBe(0);
      expect(order.amounts.taxExemptCertificate).toBe(`MI-RS-${width}`);
      expect(order.lines[0]?.unitPriceCents).toBeLessThan(listTotal);

      // Buy again from the order's page: the pads go back into the cart at today's price.
      await shop.goto(`${store.url}/dashboard/orders/${orderId}`);
      await shop.getByRole('button', { name: 'Buy again' }).click();
      await shop.getByText("Added to your cart at today's prices:").waitFor();
      expect(await seriousViolations(shop)).toEqual([]);
      expect(await scrollsSideways(shop)).toBe(false);
      await screenshot(shop, `trade-buy-again-${width}`, { fullPage: true });
      await shop.getByRole('link', { name: 'Go to your cart' }).click();
      await shop.getByTestId('trade-price').first().waitFor();

      expect(deskErrors).toEqual([]);
      expect(shopErrors).toEqual([]);
      await desk.close();
      await shopContext.close();
    });
  }
});
