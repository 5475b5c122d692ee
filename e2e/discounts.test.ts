import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from './support/admin-page';
import { seriousViolations, trackRequests } from './support/axe';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

const ADMIN = 'discounts-admin@torque.example';
const WIDTHS = [1280, 390] as const;
let store: StoreProcess;
let browser: Browser;

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Signs a new account up through the API, with the page's own session. */
async function signUp(page: Page, name: string, email: string) {
  const res = await page.request.post(`${store.url}/api/auth/sign-up/email`, {
    headers: { origin: store.url },
    data: { name, email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The demo catalog's ceramic brake pads (brakes category), put in the cart at their minimum. */
async function brakePadsInCart(page: Page) {
  const products = (await (await page.request.get(`${store.url}/api/tool?limit=100`)).json()) as Array<{
    _id: string;
    name: string;
    minimum_order_quantity: number;
  }>;
  const pads = products.find((t) => t.name === 'Ceramic Front Brake Pad Set');
  if (!pads) throw new Error('the demo catalog has no ceramic brake pads');
  const put = await page.request.put(`${store.url}/api/cart/${pads._id}`, {
    headers: { origin: store.url },
    data: { quantity: pads.minimum_order_quantity },
  });
  expect(put.status(), await put.text()).toBe(200);
  return pads;
}

async function applyCode(page: Page, code: string) {
  const box = page.getByLabel('Discount code');
  await box.fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

journeys('a buyer pays less with BRAKES10; managers keep the discounts', () => {
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
    it(`at ${width} px: a wrong code is explained, BRAKES10 takes 10% off the brake pads, and the buyer pays`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchForPageErrors(page);
      const email = `brakes.${width}@torque.example`;
      await signUp(page, `Bea Brakes ${width}`, email);
      const pads = await brakePadsInCart(page);

      await page.goto(`${store.url}/cart`);
      const summary = page.getByRole('complementary', { name: 'Summary' });
      await summary.getByTestId('summary-total').waitFor();
      const before = (await summary.getByTestId('summary-total').textContent()) ?? '';

      // A code the store does not know: said why, nothing taken off.
      await applyCode(page, 'NOPE99');
      await page
        .getByRole('alert')
        .getByText('We do not know the code NOPE99. Check it and try again.')
        .waitFor();
      expect(await summary.getByTestId('summary-discount').count()).toBe(0);
      expect(await summary.getByTestId('summary-total').textContent()).toBe(before);

      // BRAKES10 on brake pads: applied, the discount row and a lower total.
      await applyCode(page, 'brakes10');
      await page.getByRole('status').getByText('Code BRAKES10 applied: 10% off brake parts.').waitFor();
      const discount = summary.getByTestId('summary-discount');
      await discount.waitFor();
      expect(await discount.textContent()).toMatch(/^-\$\d+\.\d\d$/);
      await summary.getByText('Discount BRAKES10 (10% off brake parts)').waitFor();
      const after = (await summary.getByTestId('summary-total').textContent()) ?? '';
      expect(after).not.toBe(before);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `discount-cart-${width}`, { fullPage: true });

      // The checkout keeps the code, and the buyer pays with the simulated provider's card form.
      await summary.getByRole('link', { name: 'Checkout' }).click();
      await page.waitForURL(`${store.url}/checkout`);
      const orderSummary = page.getByRole('complementary', { name: 'Order summary' });
      await orderSummary.getByText('Discount BRAKES10 (10% off brake parts)').waitFor();
      await page.getByRole('status').getByText('Code BRAKES10 applied: 10% off brake parts.').waitFor();
      await page.getByLabel('Full name').fill(`Bea Brakes ${width}`);
      await page.getByLabel('Address line 1').fill('88 Rotor Lane');
      await page.getByLabel('City').fill('Detroit');
      await page.getByLabel('State / province').fill('MI');
      await page.getByLabel('Postal code').fill('48201');
      await page.getByLabel('Country').selectOption('US');
      await page.getByLabel('Phone').fill('+1 313 555 0110');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/40');
      await page.getByLabel('CVC').fill('123');
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      const total = (await orderSummary.getByTestId('summary-total').textContent()) ?? '';
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `discount-checkout-${width}`, { fullPage: true });
      await page.getByRole('button', { name: 'Place order and pay' }).click();
      await page.waitForURL(/\/checkout\/done\/[^/]+$/, { timeout: 30_000 });
      await page.getByText('Thank you for your order!').waitFor();
      await page.getByText('Discount BRAKES10 (10% off brake parts)').waitFor();
      expect(await page.getByTestId('summary-total').textContent()).toBe(total);

      // The order is paid at the discounted total, its brake line carrying the discount.
      const orders = (await (
        await page.request.get(`${store.url}/api/order?userEmail=${encodeURIComponent(email)}`)
      ).json()) as Array<{
        paid: boolean;
        discount: { code: string } | null;
        amounts: { discountCents: number; totalCents: number };
        lines: { productId: string; discountCents: number }[];
      }>;
      expect(orders).toHaveLength(1);
      const [order] = orders;
      expect(order?.paid).toBe(true);
      expect(order?.discount?.code).toBe('BRAKES10');
      expect(order?.amounts.discountCents).toBeGreaterThan(0);
      expect(order?.lines.find((l) => l.productId === pads._id)?.discountCents).toBe(
        order?.amounts.discountCents,
      );
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const width of WIDTHS) {
    it(`at ${width} px: a manager lists, creates, changes and ends a discount`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchForPageErrors(page);
      trackRequests(page);
      if (width === WIDTHS[0]) await signUp(page, 'Dee Discounts', ADMIN);
      else {
        const res = await page.request.post(`${store.url}/api/auth/sign-in/email`, {
          headers: { origin: store.url },
          data: { email: ADMIN, password: PASSWORD },
        });
        expect(res.ok()).toBe(true);
      }
      await page.goto(`${store.url}/dashboard/discounts`);
      await page.getByRole('heading', { name: 'Discounts', exact: true }).waitFor();
      const table = page.getByTestId('discounts');
      await table.getByRole('row', { name: /BRAKES10/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `discounts-${width}`, { fullPage: true });

      // A new code: $5 off from $50, 100 uses.
      const code = `SPRING${width}`;
      await page.getByRole('button', { name: 'New discount' }).click();
      const form = page.getByRole('form', { name: 'Create discount' });
      await form.getByLabel('Code', { exact: true }).fill(code);
      await form.getByLabel('Name buyers read', { exact: true }).fill('$5 off spring service');
      await form.getByLabel('Type', { exact: true }).selectOption('fixed');
      await form.getByLabel('Amount ($)', { exact: true }).fill('5.00');
      await form.getByLabel('Minimum subtotal ($, optional)', { exact: true }).fill('50');
      await form.getByLabel('Uses in total (optional)', { exact: true }).fill('100');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `discounts-new-${width}`, { fullPage: true });
      await form.getByRole('button', { name: 'Create discount' }).click();
      const row = table.getByRole('row', { name: new RegExp(code) });
      await row.waitFor();
      await row.getByText('$5.00 off', { exact: true }).waitFor();

      // Changed to 10% with free shipping.
      await row.getByRole('button', { name: `Change ${code}` }).click();
      const edit = page.getByRole('form', { name: 'Save discount' });
      await edit.getByLabel('Type', { exact: true }).selectOption('percent');
      await edit.getByLabel('Percent', { exact: true }).fill('10');
      await edit.getByLabel('Free shipping too', { exact: true }).check();
      await edit.getByRole('button', { name: 'Save discount' }).click();
      await table
        .getByRole('row', { name: new RegExp(code) })
        .getByText('10% off and free shipping')
        .waitFor();

      // Ended, after a confirmation.
      await table.getByRole('button', { name: `End ${code}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'End discount' }).click();
      await table
        .getByRole('row', { name: new RegExp(code) })
        .getByText('Ended', { exact: true })
        .waitFor();
      expect(await scrollsSideways(page)).toBe(false);

      // The owner reads the three changes in the audit log.
      await page.goto(`${store.url}/dashboard/audit`);
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      await page.getByLabel('Kind').selectOption('discount');
      await page.getByRole('button', { name: 'Filter' }).click();
      for (const action of ['Added', 'Changed', 'Ended'])
        await page
          .getByTestId('audit-row')
          .filter({ hasText: `${action} discount ${code}` })
          .filter({ hasText: ADMIN })
          .first()
          .waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
