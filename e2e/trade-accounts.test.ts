import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatCents, percentOf } from '../src/contract/money';
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

journeys('a repair shop buys at its trade prices, tax exempt, buys again, and orders on account', () => {
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
    it(`at ${width} px: the owner makes a shop a trade account; the shop sees and pays its prices, exempt, buys again, and orders on account`, async () => {
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
      await owner.getByText('Trade terms saved').waitFor();
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

      // The owner adds a customer group at 20 % off on the customer groups page.
      const group = `Fleet ${width}`;
      await owner.goto(`${store.url}/dashboard/customer-groups`);
      await owner.getByRole('heading', { name: 'Customer groups' }).waitFor();
      await owner.getByRole('button', { name: 'Add a group' }).click();
      const groupForm = owner.getByRole('form', { name: 'New customer group' });
      await groupForm.getByLabel('Group name').fill(group);
      await groupForm.getByLabel('Percent off list price').fill('20');
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(owner, `customer-group-form-${width}`, { fullPage: true });
      await groupForm.getByRole('button', { name: 'Add group' }).click();
      const groupRow = owner.getByTestId('customer-groups').getByRole('row').filter({ hasText: group });
      await groupRow.getByText('20%').waitFor();
      await groupForm.waitFor({ state: 'hidden' });
      // The toast is on the page (its entrance is then an animation axe waits out), not about to come.
      await owner.getByText(`${group} is added`).waitFor();
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(owner, `customer-groups-${width}`, { fullPage: true });

      // On the shop's page the owner puts it in the group and gives it terms on account: net 30, up to $5,000.
      await owner.goto(`${store.url}/dashboard/users/${customerId}`);
      await panel.getByText(`Certificate MI-RS-${width}, MI, until 2099-12-31`).waitFor();
      await panel.getByRole('button', { name: 'Change trade terms' }).click();
      await form.getByLabel('Price list').selectOption({ label: `Group: ${group}` });
      await form.getByTestId('group-note').waitFor();
      await form.getByLabel('Terms', { exact: true }).selectOption({ label: 'Net 30' });
      await form.getByLabel('Credit limit ($)').fill('5,000.00');
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(owner, `trade-terms-on-account-form-${width}`, { fullPage: true });
      await form.getByRole('button', { name: 'Save trade terms' }).click();
      const summary = panel.getByTestId('trade-summary');
      await summary.getByText('Net 30, up to $5,000.00').waitFor();
      await summary.getByText(`${group}: buys at the group's price list`).waitFor();
      // With terms, the customer page has its invoices on account, none yet.
      const deskInvoices = owner.getByTestId('account-invoices');
      await deskInvoices.getByText('No invoices yet.').waitFor();

      // The shop's cart: the pads at the group's 20 % off list.
      const groupPrice = listTotal - percentOf(listTotal, 2000);
      await shop.goto(`${store.url}/cart`);
      await shop
        .getByText(`${formatCents(groupPrice)} each`)
        .first()
        .waitFor();
      expect(await shop.getByTestId('trade-price').first().textContent()).toContain(formatCents(listTotal));

      // Checkout: the shop pays on account, with no card.
      await shop.goto(`${store.url}/checkout`);
      const payWith = shop.getByTestId('pay-with');
      const onAccountChoice = payWith.getByRole('radio', {
        name: 'On account (net 30, $5,000.00 available)',
      });
      await onAccountChoice.check();
      await shop.getByTestId('on-account-pays').waitFor();
      await orderSummary.getByText(`Tax exempt for resale (certificate MI-RS-${width})`).waitFor();
      await orderSummary.getByTestId('summary-on-account').waitFor();
      await expect.poll(() => shop.getByLabel('Card number').count()).toBe(0);
      await shop.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect(await seriousViolations(shop)).toEqual([]);
      expect(await scrollsSideways(shop)).toBe(false);
      await screenshot(shop, `trade-checkout-on-account-${width}`, { fullPage: true });
      await shop.getByRole('button', { name: 'Place order', exact: true }).click();
      await shop.waitForURL(/\/checkout\/done\/[^/]+$/, { timeout: 30_000 });
      const accountOrderId = shop.url().split('/').pop() ?? '';
      const accountOrder = (await (
        await shop.request.get(`${store.url}/api/order/${accountOrderId}`)
      ).json()) as {
        number: string;
        paid: boolean;
        amounts: { totalCents: number; onAccountCents?: number };
      };
      expect(accountOrder.paid).toBe(true);
      const owed = accountOrder.amounts.totalCents;
      expect(accountOrder.amounts.onAccountCents).toBe(owed);
      await shop.getByTestId('summary-on-account').getByText(formatCents(owed)).waitFor();

      // Its order page: paid on account.
      await shop.goto(`${store.url}/dashboard/orders/${accountOrderId}`);
      await shop.getByTestId('payment-card').getByText('Paid on account').waitFor();
      expect(await shop.getByTestId('summary-on-account').textContent()).toBe(formatCents(owed));

      // The owner records a partial payment by check: the invoice owes $10.00 less.
      await owner.reload();
      const invoiceRow = deskInvoices
        .getByTestId('account-invoice-list')
        .getByRole('row')
        .filter({ hasText: accountOrder.number });
      await invoiceRow.locator('[data-label="Owed"]').getByText(formatCents(owed), { exact: true }).waitFor();
      const payment = deskInvoices.getByRole('form', { name: 'Record payment' });
      await payment.getByLabel('Method').selectOption('check');
      await payment.getByLabel('Amount ($)').fill('10.00');
      await payment.getByLabel('Reference (optional)').fill(`CHK-${width}`);
      await payment.getByRole('button', { name: 'Record payment' }).click();
      await invoiceRow
        .locator('[data-label="Owed"]')
        .getByText(formatCents(owed - 1000), { exact: true })
        .waitFor();
      await deskInvoices.getByTestId('account-payment-list').getByText(`CHK-${width}`).waitFor();
      await owner.getByText('Payment of $10.00 recorded').waitFor();
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(owner, `customer-invoices-${width}`, { fullPage: true });

      // The store's open invoices: the shop's, with what it still owes.
      await owner.goto(`${store.url}/dashboard/invoices`);
      await owner.getByRole('heading', { name: 'Open invoices' }).waitFor();
      await owner
        .getByRole('row')
        .filter({ hasText: accountOrder.number })
        .getByText(formatCents(owed - 1000), { exact: true })
        .waitFor();
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(owner, `open-invoices-${width}`, { fullPage: true });

      // My Profile: the invoice with what the shop still owes, and its statement as a PDF.
      await shop.goto(`${store.url}/dashboard`);
      const myInvoices = shop.getByTestId('my-invoices');
      const myRow = myInvoices.getByTestId('invoice-row').filter({ hasText: accountOrder.number });
      await myRow.getByText(formatCents(owed - 1000), { exact: true }).waitFor();
      expect(await myInvoices.getByTestId('standing-balance').textContent()).toBe(formatCents(owed - 1000));
      await myInvoices
        .getByTestId('account-payment')
        .filter({ hasText: `reference CHK-${width}` })
        .waitFor();
      const statement = myInvoices.getByRole('link', { name: 'Download statement (PDF)' });
      const href = (await statement.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/api\/account\/statement\.pdf\?month=\d{4}-(0[1-9]|1[0-2])$/);
      const pdf = await shop.evaluate(async (url) => {
        const res = await fetch(url);
        const head = new Uint8Array(await res.arrayBuffer()).slice(0, 5);
        return {
          status: res.status,
          type: res.headers.get('content-type'),
          head: String.fromCharCode(...head),
        };
      }, href);
      expect(pdf).toEqual({ status: 200, type: expect.stringContaining('application/pdf'), head: '%PDF-' });
      expect(await seriousViolations(shop)).toEqual([]);
      expect(await scrollsSideways(shop)).toBe(false);
      await screenshot(shop, `my-invoices-${width}`, { fullPage: true });

      expect(deskErrors).toEqual([]);
      expect(shopErrors).toEqual([]);
      await desk.close();
      await shopContext.close();
    });
  }
});
