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

    it(`at ${width} px: the owner phones in an order on account, adds a forgotten part, and sends a quote the shop accepts and puts on account`, async () => {
      // The owner, signed up by the first journey (or here, when this one runs alone).
      const desk = await browser.newContext({ viewport: { width, height: 900 } });
      const owner = await desk.newPage();
      const deskErrors = watchForPageErrors(owner);
      trackRequests(owner);
      const signedIn = await owner.request.post(`${store.url}/api/auth/sign-in/email`, {
        headers: { origin: store.url },
        data: { email: ADMIN, password: PASSWORD },
      });
      if (!signedIn.ok())
        await signUpThroughApi(owner.request, store.url, { name: 'Olive Owner', email: ADMIN });

      // The shop, with its workshop's address saved, set up through the API: 10 % off, net 30, $5,000.
      const shopContext = await browser.newContext({ viewport: { width, height: 900 } });
      const shop = await shopContext.newPage();
      const shopErrors = watchForPageErrors(shop);
      trackRequests(shop);
      const email = `parts.desk.${width}@torque.example`;
      const shopName = `Parts Desk Garage ${width}`;
      await signUpThroughApi(shop.request, store.url, { name: shopName, email });
      const saved = await shop.request.post(`${store.url}/api/addresses`, {
        headers: { origin: store.url },
        data: {
          fullName: shopName,
          line1: '12 Piston Row',
          line2: '',
          city: 'Columbus',
          region: 'OH',
          postalCode: '43215',
          country: 'US',
          phone: '+1 614 555 0120',
          isDefault: true,
        },
      });
      expect(saved.status(), await saved.text()).toBe(201);
      const found = (await (
        await owner.request.get(`${store.url}/api/customers?search=${encodeURIComponent(email)}`)
      ).json()) as { customers: { _id?: string; id?: string }[] };
      const customerId = found.customers[0]?.id ?? found.customers[0]?._id;
      if (!customerId) throw new Error('the shop is not in the customers list');
      const terms = await owner.request.put(`${store.url}/api/customers/${customerId}/trade`, {
        headers: { origin: store.url },
        data: {
          priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [] },
          certificate: null,
          onAccount: { creditLimitCents: 500_000, termsDays: 30 },
        },
      });
      expect(terms.status(), await terms.text()).toBe(200);
      const catalog = (await (await owner.request.get(`${store.url}/api/tool?limit=100`)).json()) as Array<{
        _id: string;
        name: string;
        price: number;
      }>;
      const demo = (name: string) => {
        const product = catalog.find((p) => p.name === name);
        if (!product) throw new Error(`the demo catalog has no ${name}`);
        return product;
      };
      const listCents = (p: { price: number }) => Math.round(p.price * 100);
      const scanner = demo('OBD-II Diagnostic Code Scanner');
      const gauge = demo('Digital Tire Pressure Gauge');
      const charger = demo('Smart Battery Charger and Maintainer');
      type DeskOrder = {
        _id: string;
        number: string;
        paid: boolean;
        lines: {
          productId: string;
          quantity: number;
          unitPriceCents: number;
          taxCents: number;
          lineTotalCents: number;
        }[];
        status: string;
        amounts: {
          totalCents: number;
          taxCents: number;
          onAccountCents?: number;
          balanceDueCents?: number;
        };
      };
      const readOrder = async (id: string) =>
        (await (await owner.request.get(`${store.url}/api/manage/${id}`)).json()) as DeskOrder;

      // 1. On the shop's page the owner phones in two scanners, to its saved address, charged to its account.
      await owner.goto(`${store.url}/dashboard/users/${customerId}`);
      const phonePanel = owner.getByRole('region', { name: 'Order for this customer', exact: true });
      const phoneForm = phonePanel.getByRole('form', { name: 'Order for this customer', exact: true });
      await phoneForm.getByLabel('Find a part').fill('diagnostic code scanner');
      await phoneForm.getByRole('button', { name: 'Search', exact: true }).click();
      await phoneForm.getByRole('button', { name: `Add ${scanner.name}` }).click();
      await phoneForm.getByLabel(`Quantity of ${scanner.name}`).fill('2');
      expect(await phoneForm.getByLabel('Ship to').locator('option:checked').textContent()).toContain(
        '12 Piston Row',
      );
      expect(await phoneForm.getByLabel('Address line 1').inputValue()).toBe('12 Piston Row');
      await phoneForm.getByRole('radio', { name: 'Charge to account' }).check();
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(phonePanel, `phone-order-panel-${width}`, { fullPage: true });
      await phoneForm.getByRole('button', { name: 'Place order', exact: true }).click();
      const placed = phonePanel.getByTestId('phone-order-placed');
      await placed.getByText('charged to the customer\u2019s account').waitFor();
      const orderLink = placed.getByRole('link');
      const phoneOrderNumber = ((await orderLink.textContent()) ?? '').trim();
      const phoneOrderId = ((await orderLink.getAttribute('href')) ?? '').split('/').pop() ?? '';
      expect(phoneOrderNumber).not.toBe('');
      const before = await readOrder(phoneOrderId);
      expect(before.paid).toBe(true);
      expect(before.amounts.onAccountCents).toBe(before.amounts.totalCents);
      expect(before.lines).toEqual([
        expect.objectContaining({
          productId: scanner._id,
          quantity: 2,
          unitPriceCents: listCents(scanner) - percentOf(listCents(scanner), 1000),
        }),
      ]);

      // 2. Its staff page: the owner adds the pressure gauge the shop forgot.
      await orderLink.click();
      await owner.waitForURL(`**/dashboard/manageOrders/${phoneOrderId}`);
      const amounts = owner.getByRole('region', { name: 'Payment', exact: true });
      await amounts.getByTestId('summary-total').getByText(formatCents(before.amounts.totalCents)).waitFor();
      const addParts = owner.getByRole('region', { name: 'Add parts', exact: true });
      const addForm = addParts.getByRole('form', { name: 'Add parts', exact: true });
      await addForm.getByLabel('Find a part').fill('tire pressure gauge');
      await addForm.getByRole('button', { name: 'Search', exact: true }).click();
      await addForm.getByRole('button', { name: `Add ${gauge.name}` }).click();
      await addForm.getByLabel(`Quantity of ${gauge.name}`).waitFor();
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(addParts, `add-parts-panel-${width}`, { fullPage: true });
      await addForm.getByRole('button', { name: 'Add to order' }).click();
      await owner.getByText(`Parts added to ${phoneOrderNumber}`).waitFor();
      const lines = owner.getByRole('region', { name: /^Items/ }).getByTestId('order-lines');
      await lines.getByRole('row').filter({ hasText: gauge.name }).waitFor();
      const after = await readOrder(phoneOrderId);
      const added = after.lines.find((l) => l.productId === gauge._id);
      expect(added).toEqual(
        expect.objectContaining({
          quantity: 1,
          unitPriceCents: listCents(gauge) - percentOf(listCents(gauge), 1000),
        }),
      );
      if (!added) throw new Error('the gauge is not on the order');
      expect(added.taxCents).toBeGreaterThan(0);
      const grown = before.amounts.totalCents + added.lineTotalCents + added.taxCents;
      expect(after.amounts.totalCents).toBe(grown);
      expect(after.amounts.onAccountCents).toBe(grown);
      await amounts.getByTestId('summary-total').getByText(formatCents(grown)).waitFor();
      await amounts.getByTestId('summary-on-account').getByText(formatCents(grown)).waitFor();
      expect(await scrollsSideways(owner)).toBe(false);

      // The shop's invoice for the order owes the larger amount.
      await owner.goto(`${store.url}/dashboard/users/${customerId}`);
      await owner
        .getByTestId('account-invoices')
        .getByTestId('account-invoice-list')
        .getByRole('row')
        .filter({ hasText: phoneOrderNumber })
        .locator('[data-label="Owed"]')
        .getByText(formatCents(grown), { exact: true })
        .waitFor();

      // 3. A quote for a battery charger, valid the default 14 days; its link is shown to copy.
      await phoneForm.getByLabel('Find a part').fill('battery charger');
      await phoneForm.getByRole('button', { name: 'Search', exact: true }).click();
      await phoneForm.getByRole('button', { name: `Add ${charger.name}` }).click();
      expect(await phoneForm.getByLabel('Valid for (days)').inputValue()).toBe('14');
      await phoneForm.getByRole('button', { name: 'Send quote' }).click();
      const sent = phonePanel.getByTestId('quote-sent');
      const link = await sent.getByLabel('Quote link').inputValue();
      expect(link).toMatch(new RegExp(`^${store.url}/quote/[^/]+$`));
      const quotes = owner.getByRole('region', { name: 'Quotes', exact: true });
      await quotes.getByTestId('quote-row').filter({ hasText: 'Open' }).waitFor();
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      await screenshot(phonePanel, `phone-order-quote-sent-${width}`, { fullPage: true });

      // The shop opens the link: the charger at its price, the total, and until when it holds.
      const chargerPrice = listCents(charger) - percentOf(listCents(charger), 1000);
      await shop.goto(link);
      await shop.getByRole('heading', { name: 'Your quote' }).waitFor();
      const quoteLine = shop.getByTestId('quote-line').filter({ hasText: charger.name });
      await quoteLine.getByTestId('unit-price').getByText(formatCents(chargerPrice)).waitFor();
      await shop.getByTestId('quote-valid-until').getByText('Valid until').waitFor();
      const quoteTotal = ((await shop.getByTestId('summary-total').textContent()) ?? '').trim();
      expect(quoteTotal).toMatch(/^\$\d+\.\d\d$/);
      expect(await seriousViolations(shop)).toEqual([]);
      expect(await scrollsSideways(shop)).toBe(false);
      await screenshot(shop, `quote-page-${width}`, { fullPage: true });

      // Accepting places the order, which opens on its payment page; the shop puts it on account.
      await shop.getByRole('button', { name: 'Accept quote' }).click();
      await shop.waitForURL(/\/dashboard\/payment\/[^/]+$/);
      const quoteOrderId = shop.url().split('/').pop() ?? '';
      const putOnAccount = shop.getByRole('button', { name: `Put on account (${quoteTotal})` });
      await putOnAccount.click();
      await shop.getByText('Congrats! Your order is paid on account').waitFor();
      await shop.goto(`${store.url}/dashboard/orders/${quoteOrderId}`);
      await shop.getByTestId('payment-card').getByText('Paid on account').waitFor();
      expect(await shop.getByTestId('summary-on-account').textContent()).toBe(quoteTotal);

      // The shop's page: the quote is accepted, with its order.
      await owner.reload();
      const acceptedRow = quotes.getByTestId('quote-row').filter({ hasText: 'Accepted' });
      await acceptedRow.getByText(quoteTotal, { exact: true }).waitFor();
      const quoteOrder = await readOrder(quoteOrderId);
      await acceptedRow.getByRole('link', { name: quoteOrder.number }).waitFor();
      expect(await scrollsSideways(owner)).toBe(false);

      // 4. An order the shop pays by card: the owner phones in a pressure gauge, left for the shop to pay.
      await owner.goto(`${store.url}/dashboard/users/${customerId}`);
      await phoneForm.getByLabel('Find a part').fill('tire pressure gauge');
      await phoneForm.getByRole('button', { name: 'Search', exact: true }).click();
      await phoneForm.getByRole('button', { name: `Add ${gauge.name}` }).click();
      await phoneForm.getByLabel(`Quantity of ${gauge.name}`).waitFor();
      expect(await phoneForm.getByLabel('Address line 1').inputValue()).toBe('12 Piston Row');
      await phoneForm.getByRole('radio', { name: 'Customer pays by card' }).check();
      await phoneForm.getByRole('button', { name: 'Place order', exact: true }).click();
      await placed.getByText('it waits for the customer to pay by card').waitFor();
      const cardOrderNumber = ((await placed.getByRole('link').textContent()) ?? '').trim();
      const cardOrderId =
        ((await placed.getByRole('link').getAttribute('href')) ?? '').split('/').pop() ?? '';
      expect(cardOrderNumber).not.toBe('');
      expect((await readOrder(cardOrderId)).paid).toBe(false);

      // The shop pays it by card on its payment page.
      const payByCard = async (expiry: string) => {
        const card = shop.getByRole('form', { name: 'Card payment' });
        await card.getByLabel('Card number').fill('4242 4242 4242 4242');
        await card.getByLabel('Expiry (MM/YY)').fill(expiry);
        await card.getByLabel('CVC').fill('123');
        await shop.waitForFunction(() =>
          [...document.querySelectorAll('form[aria-label="Card payment"] button')].some(
            (b) => b.textContent?.startsWith('Pay $') && !(b as HTMLButtonElement).disabled,
          ),
        );
        return card.getByRole('button', { name: /^Pay \$/ });
      };
      await shop.goto(`${store.url}/dashboard/payment/${cardOrderId}`);
      await shop.getByText(`Order ${cardOrderNumber}`, { exact: true }).waitFor();
      await (await payByCard('12/40')).click();
      await shop.getByTestId('transaction-id').waitFor({ timeout: 30_000 });
      const cardPaid = await readOrder(cardOrderId);
      expect(cardPaid.paid).toBe(true);
      expect(cardPaid.status).toBe('pending');
      expect(cardPaid.amounts.onAccountCents).toBeUndefined();
      expect(cardPaid.amounts.balanceDueCents ?? 0).toBe(0);

      // The owner adds the charger the shop forgot: not charged to the card, owed as a balance.
      await owner.goto(`${store.url}/dashboard/manageOrders/${cardOrderId}`);
      await amounts
        .getByTestId('summary-total')
        .getByText(formatCents(cardPaid.amounts.totalCents))
        .waitFor();
      await addParts
        .getByTestId('add-parts-cost')
        .getByText('the customer is mailed to pay the difference', { exact: false })
        .waitFor();
      await addForm.getByLabel('Find a part').fill('battery charger');
      await addForm.getByRole('button', { name: 'Search', exact: true }).click();
      await addForm.getByRole('button', { name: `Add ${charger.name}` }).click();
      await addForm.getByLabel(`Quantity of ${charger.name}`).waitFor();
      await addForm.getByRole('button', { name: 'Add to order' }).click();
      await owner.getByText(`Parts added to ${cardOrderNumber}`).waitFor();
      await lines.getByRole('row').filter({ hasText: charger.name }).waitFor();
      const owing = await readOrder(cardOrderId);
      const addedCharger = owing.lines.find((l) => l.productId === charger._id);
      if (!addedCharger) throw new Error('the charger is not on the order');
      expect(addedCharger.unitPriceCents).toBe(chargerPrice);
      const balance = owing.amounts.balanceDueCents ?? 0;
      expect(balance).toBe(addedCharger.lineTotalCents + addedCharger.taxCents);
      expect(owing.amounts.totalCents).toBe(cardPaid.amounts.totalCents + balance);
      expect(owing.paid).toBe(true);
      await amounts.getByTestId('summary-balance-due').getByText(formatCents(balance)).waitFor();
      await amounts.getByTestId('summary-total').getByText(formatCents(owing.amounts.totalCents)).waitFor();

      // Shipping is refused while the balance is owed: the page says the store's words.
      await owner.getByLabel('Carrier').fill('UPS');
      await owner.getByLabel('Tracking number').fill(`1Z999AA1${width}`);
      await owner.getByRole('button', { name: 'Ship', exact: true }).click();
      await owner.getByRole('dialog').getByRole('button', { name: 'Ship order' }).click();
      await owner
        .getByRole('alert')
        .getByText(
          `This order still owes ${formatCents(balance)} for parts added to it: it ships once that is paid.`,
        )
        .waitFor();
      await owner.getByRole('dialog').waitFor({ state: 'hidden' });
      expect((await readOrder(cardOrderId)).status).toBe('pending');
      expect(await seriousViolations(owner)).toEqual([]);
      expect(await scrollsSideways(owner)).toBe(false);
      // From the top: scrolled (to the field last filled), the sticky header lands mid-capture.
      await owner.evaluate(() => window.scrollTo(0, 0));
      await screenshot(owner, `order-balance-due-${width}`, { fullPage: true });

      // The shop's order page says what is left to pay; its link opens the payment for it.
      await shop.goto(`${store.url}/dashboard/orders/${cardOrderId}`);
      const due = shop.getByTestId('balance-due');
      await due
        .getByText(`${formatCents(balance)} left to pay for parts added; we ship once it is paid.`)
        .waitFor();
      await due.getByRole('link', { name: `Pay ${formatCents(balance)}` }).click();
      await shop.waitForURL(`**/dashboard/payment/${cardOrderId}`);
      await shop
        .getByTestId('balance-due')
        .getByText(
          `Parts were added to order ${cardOrderNumber}: pay ${formatCents(balance)} to have it shipped`,
        )
        .waitFor();
      expect(await shop.getByTestId('on-account').count()).toBe(0);
      const payBalance = await payByCard('11/39');
      expect(await payBalance.textContent()).toContain(formatCents(balance).replace(/,/g, ''));
      expect(await seriousViolations(shop)).toEqual([]);
      expect(await scrollsSideways(shop)).toBe(false);
      // From the top: scrolled (to the field last filled), the sticky header lands mid-capture.
      await shop.evaluate(() => window.scrollTo(0, 0));
      await screenshot(shop, `balance-payment-${width}`, { fullPage: true });
      await payBalance.click();
      await shop
        .getByRole('status')
        .filter({ has: shop.getByTestId('transaction-id') })
        .getByText('Thank you: the parts added are paid for')
        .waitFor({ timeout: 30_000 });
      const settled = await readOrder(cardOrderId);
      expect(settled.amounts.balanceDueCents ?? 0).toBe(0);
      expect(settled.amounts.totalCents).toBe(owing.amounts.totalCents);
      // Back on its order page (where the balance was asked for): nothing is left to pay.
      await shop.waitForURL(`**/dashboard/orders/${cardOrderId}`);
      await shop.getByTestId('payment-card').waitFor();
      expect(await shop.getByTestId('balance-due').count()).toBe(0);

      // The owner reads the order again: no balance row, and now it ships.
      await owner.reload();
      await amounts.getByTestId('summary-total').getByText(formatCents(settled.amounts.totalCents)).waitFor();
      expect(await amounts.getByTestId('summary-balance-due').count()).toBe(0);
      await owner.getByLabel('Carrier').fill('UPS');
      await owner.getByLabel('Tracking number').fill(`1Z999AA1${width}`);
      await owner.getByRole('button', { name: 'Ship', exact: true }).click();
      await owner.getByRole('dialog').getByRole('button', { name: 'Ship order' }).click();
      await owner.getByTestId('shipment').getByText(`1Z999AA1${width}`).waitFor();
      await owner.getByRole('dialog').waitFor({ state: 'hidden' });
      expect((await readOrder(cardOrderId)).status).toBe('shipped');
      expect(await scrollsSideways(owner)).toBe(false);

      // The one refused Ship (409) is the only error the owner's page logged.
      expect(deskErrors.filter((e) => e.includes('status of 409'))).toHaveLength(1);
      expect(deskErrors.filter((e) => !e.includes('status of 409'))).toEqual([]);
      expect(shopErrors).toEqual([]);
      await desk.close();
      await shopContext.close();
    });
  }
});
