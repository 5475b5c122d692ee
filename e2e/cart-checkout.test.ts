import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from './support/admin-page';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

let store: StoreProcess;
let browser: Browser;

const WIDTHS = [1280, 390] as const;

/** Whether the page scrolls sideways (something wider than the screen). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The navigation's cart link, in the bar on a phone and in the menu on a wide screen. */
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ }).first();

async function signUp(email: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${store.url}/signup`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByTestId('display-name').waitFor();
  await context.close();
}

journeys('a visitor fills a cart, signs in and checks out in one step', () => {
  beforeAll(async () => {
    store = await startJourneyStore();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  for (const width of WIDTHS) {
    it(`at ${width} px: two products into the cart, sign in, express shipping, card, order number`, async () => {
      const email = `cart.${width}@torque.example`;
      await signUp(email, `Cart Buyer ${width}`);

      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchForPageErrors(page);

      // Anonymously: two products from the tools page, each at its minimum.
      await page.goto(`${store.url}/tools`);
      const cards = page.locator('[data-testid="tool-grid"] article').filter({
        has: page.getByRole('button', { name: /^Add to cart: /, disabled: false }),
      });
      await cards.first().waitFor();
      const names: string[] = [];
      for (const index of [0, 1]) {
        const card = cards.nth(index);
        names.push((await card.locator('h3').textContent()) ?? '');
        await card.getByRole('button', { name: /^Add to cart: / }).click();
        await card
          .getByRole('status')
          .getByText(/^Added \d+ to your cart/)
          .waitFor();
      }
      // The Order Now links stay as they were.
      expect(await cards.first().getByRole('link', { name: 'Order Now' }).count()).toBe(1);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('a[href="/cart"]')].some((a) =>
          /^Cart, [1-9]/.test(a.getAttribute('aria-label') ?? ''),
        ),
      );
      const countNow = async () =>
        Number(/Cart, (\d+)/.exec((await cartLink(page).getAttribute('aria-label')) ?? '')?.[1]);
      const added = await countNow();
      expect(added).toBeGreaterThan(1);

      await cartLink(page).click();
      await page.waitForURL(`${store.url}/cart`);
      const lines = page.getByRole('region', { name: 'Cart lines' }).locator('li');
      await lines.nth(1).waitFor();
      expect(await lines.count()).toBe(2);
      for (const name of names) await page.getByRole('link', { name, exact: true }).waitFor();
      await page.getByTestId('summary-total').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `cart-${width}`, { fullPage: true });

      // One more of the first product, priced by the store; a removal is undone from its notice.
      const first = lines.first();
      const lineTotal = async () => (await first.getByTestId('line-total').textContent()) ?? '';
      const quantityBox = page.getByLabel(`Quantity of ${names[0]}`, { exact: true });
      const quantityBefore = Number(await quantityBox.inputValue());
      const before = await lineTotal();
      await page.getByRole('button', { name: `Increase: Quantity of ${names[0]}` }).click();
      await page.waitForFunction(
        ([id, was]) => document.querySelector(`[data-testid="${id}"]`)?.textContent !== was,
        ['line-total', before] as const,
      );
      expect(Number(await quantityBox.inputValue())).toBe(quantityBefore + 1);
      await page.waitForFunction((n) => {
        const link = [...document.querySelectorAll('a[href="/cart"]')].find((a) =>
          a.getAttribute('aria-label'),
        );
        return link?.getAttribute('aria-label') === `Cart, ${n} items`;
      }, added + 1);
      await page.getByRole('button', { name: `Remove ${names[1]}` }).click();
      await page.getByRole('status').getByText(`Removed ${names[1]} from your cart.`).waitFor();
      await lines.nth(1).waitFor({ state: 'detached' });
      expect(await lines.count()).toBe(1);
      await page.getByRole('button', { name: 'Undo' }).click();
      await lines.nth(1).waitFor();
      const count = await countNow();
      expect(count).toBe(added + 1);

      // Signing in to check out sends the visitor to sign in, then back to the checkout with the cart kept.
      await page.getByRole('link', { name: 'Sign in to check out' }).click();
      await page.waitForURL(`${store.url}/login`);
      await page.getByText('Sign in to check out.', { exact: false }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${store.url}/checkout`);
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      for (const name of names) await summary.getByText(name, { exact: false }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('tw.cart'))).toBeNull();
      expect(await cartLink(page).getAttribute('aria-label')).toBe(`Cart, ${count} items`);

      // A new address, express shipping and the test card.
      await page.getByLabel('Full name').fill(`Cart Buyer ${width}`);
      await page.getByLabel('Address line 1').fill('12 Spark Plug Road');
      await page.getByLabel('Address line 2').fill('Unit 4');
      await page.getByLabel('City').fill('Detroit');
      await page.getByLabel('State / province').fill('MI');
      await page.getByLabel('Postal code').fill('48201');
      await page.getByLabel('Country').selectOption('US');
      await page.getByLabel('Phone').fill('+1 313 555 0142');
      expect(await page.getByLabel('Save this address').isChecked()).toBe(true);
      await page.getByRole('radio', { name: /Express shipping/ }).check();
      await summary.getByText('Express shipping').waitFor();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/40');
      await page.getByLabel('CVC').fill('123');
      // The summary is priced for this region and express before the order is placed.
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      const total = (await summary.getByTestId('summary-total').textContent()) ?? '';
      expect(total).toMatch(/^\$[\d,]+\.\d\d$/);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `checkout-${width}`, { fullPage: true });

      // A double click places one order: the button is disabled at once and the key is the same.
      await page.getByRole('button', { name: 'Place order and pay' }).dblclick();
      await page.waitForURL(/\/checkout\/done\/[^/]+$/, { timeout: 30_000 });
      const number = (await page.getByTestId('order-number').textContent()) ?? '';
      expect(number).toMatch(/^TW-\d+$/);
      await page.getByText('Thank you for your order!').waitFor();
      expect(await page.getByTestId('summary-total').textContent()).toBe(total);
      expect(await page.getByRole('link', { name: 'View your order' }).getAttribute('href')).toMatch(
        /^\/dashboard\/orders\/[^/]+$/,
      );
      await page.waitForFunction(() =>
        [...document.querySelectorAll('a[href="/cart"]')].some(
          (a) => a.getAttribute('aria-label') === 'Cart, 0 items',
        ),
      );
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `checkout-done-${width}`, { fullPage: true });

      // One order, paid, with the address saved for next time.
      const orders = (await (
        await page.request.get(`${store.url}/api/order?userEmail=${encodeURIComponent(email)}`)
      ).json()) as Array<{ number: string; paid: boolean; shippingMethod: string }>;
      expect(orders.map((o) => [o.number, o.paid, o.shippingMethod])).toEqual([[number, true, 'express']]);
      const saved = (await (await page.request.get(`${store.url}/api/addresses`)).json()) as Array<{
        city: string;
      }>;
      expect(saved.map((a) => a.city)).toEqual(['Detroit']);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
