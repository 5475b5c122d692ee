import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatCents } from '../src/contract/money';
import { pdfText } from '../src/server/test/pdf-text';
import { PASSWORD, signInThroughForms } from './support/admin-page';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { mailsWritten } from './support/mailbox';
import { screenshot } from './support/screenshot';

const ADMIN = 'orders-admin@torque.example';
let store: StoreProcess;
let browser: Browser;

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const ADDRESS = {
  fullName: 'Oren Orderpage',
  line1: '1200 Woodward Ave',
  line2: 'Suite 4',
  city: 'Detroit',
  region: 'MI',
  postalCode: '48226',
  country: 'US',
  phone: '+1 313 555 0142',
};

/**
 * A paid order of the catalog's first two products, made through the API with the page's own
 * session exactly as the checkout page makes it: cart, one checkout call, the 4242 card, paid.
 */
async function paidTwoLineOrder(request: APIRequestContext) {
  const headers = { origin: store.url };
  const products = (await (await request.get(`${store.url}/api/tool?limit=2`)).json()) as Array<{
    _id: string;
    name: string;
    minimum_order_quantity: number;
  }>;
  let total = 0;
  for (const product of products) {
    const put = await request.put(`${store.url}/api/cart/${product._id}`, {
      headers,
      data: { quantity: product.minimum_order_quantity },
    });
    expect(put.status()).toBe(200);
    total = ((await put.json()) as { totals: { totalCents: number } }).totals.totalCents;
  }
  const placed = await request.post(`${store.url}/api/checkout`, {
    headers,
    data: {
      idempotencyKey: crypto.randomUUID(),
      address: ADDRESS,
      shippingMethod: 'standard',
      expectedTotalCents: total,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, payment } = (await placed.json()) as {
    order: { _id: string; number: string; amounts: { totalCents: number } };
    payment: { clientSecret: string };
  };
  const confirm = await request.post(`${store.url}/api/payments/simulated/confirm`, {
    headers,
    data: {
      clientSecret: payment.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: ADDRESS.fullName,
      email: 'x@example.com',
    },
  });
  expect(confirm.status()).toBe(200);
  const paid = await request.patch(`${store.url}/api/order/${order._id}`, {
    headers,
    data: { transactionId: ((await confirm.json()) as { transactionId: string }).transactionId },
  });
  expect(paid.status()).toBe(200);
  return { ...order, total: formatCents(order.amounts.totalCents), names: products.map((t) => t.name) };
}

journeys(
  'order pages: the customer reads and prints the order, the admin ships it with a tracking number',
  () => {
    beforeAll(async () => {
      store = await startJourneyStore({ ADMIN_EMAILS: ADMIN, OUTBOX_POLL_MS: '100' });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await store?.stop();
      store?.cleanUp();
    });

    for (const width of [1280, 390]) {
      it(`at ${width} px`, async () => {
        const customerContext = await browser.newContext({
          viewport: { width, height: 900 },
          acceptDownloads: true,
        });
        const page = await customerContext.newPage();
        const errors = watchForPageErrors(page);
        const email = `orders.${width}@torque.example`;
        await page.goto(`${store.url}/signup`);
        await page.getByLabel('Name').fill(`Oren ${width}`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign Up' }).click();
        await page.getByTestId('display-name').waitFor();
        const order = await paidTwoLineOrder(page.request);

        // My Orders: the number links to the order page; a phone shows cards, never a sideways scroll.
        await page.goto(`${store.url}/dashboard/myOrders`);
        await page.getByRole('link', { name: order.number }).click();
        await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
        const lines = page.getByTestId('order-lines').locator('tbody tr');
        expect(await lines.count()).toBe(2);
        for (const name of order.names) await page.getByRole('link', { name, exact: true }).waitFor();
        await expect(page.getByTestId('shipping-address').textContent()).resolves.toContain(
          '1200 Woodward Ave',
        );
        await expect(page.getByTestId('payment-card').textContent()).resolves.toBe(
          'Paid with visa ending 4242',
        );
        await page.getByTestId('order-history').getByText('Payment received').waitFor();
        expect(await scrollsSideways(page)).toBe(false);
        await screenshot(page, `order-page-${width}`, { fullPage: true });

        // The receipt downloads as a PDF named after the order, and names it inside.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Download PDF' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`receipt-${order.number}.pdf`);
        const pdf = await page.request.get(`${store.url}/api/order/${order._id}/receipt.pdf`);
        expect(pdf.headers()['content-type']).toBe('application/pdf');
        expect(pdfText(await pdf.body())).toContain(`Receipt ${order.number}`);

        // The admin opens the order from Manage All Orders, sees where it goes and ships it.
        const adminContext = await browser.newContext({ viewport: { width, height: 900 } });
        const admin = await adminContext.newPage();
        const adminErrors = watchForPageErrors(admin);
        await signInThroughForms(admin, store.url, {
          email: ADMIN,
          name: 'Orders Admin',
          first: width === 1280,
        });
        await admin.goto(`${store.url}/dashboard/manageOrders`);
        await admin.getByRole('link', { name: `Open order ${order.number}` }).waitFor();
        expect(await scrollsSideways(admin)).toBe(false);
        await screenshot(admin, `manage-orders-${width}`, { fullPage: true });
        await admin.getByRole('link', { name: `Open order ${order.number}` }).click();
        await admin.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
        await expect(admin.getByTestId('shipping-address').textContent()).resolves.toContain(
          '+1 313 555 0142',
        );
        // The packing slip prints each line's SKU, part number and quantity.
        const slip = (await (
          await admin.request.get(`${store.url}/api/manage/${order._id}/packing-slip`)
        ).json()) as {
          lines: { name: string; sku: string | null; partNumber: string | null; quantity: number }[];
        };
        await admin.emulateMedia({ media: 'print' });
        const slipRows = admin.getByTestId('packing-slip').locator('tbody tr');
        expect(await slipRows.count()).toBe(2);
        for (const [index, line] of slip.lines.entries()) {
          expect(line.sku).not.toBeNull();
          const cells = await slipRows.nth(index).locator('td').allTextContents();
          expect(cells).toEqual([
            line.name,
            line.sku,
            line.partNumber ?? '—',
            String(line.quantity),
            String(line.quantity),
          ]);
        }
        await screenshot(admin, `packing-slip-${width}`, { fullPage: true });
        await admin.emulateMedia({ media: 'screen' });
        // Shipping asks for the carrier and tracking number, or "No tracking" said on purpose.
        await admin.getByRole('button', { name: 'Ship', exact: true }).click();
        await admin.getByText('Enter the carrier, or tick "No tracking"').waitFor();
        await admin.getByText('Enter the tracking number, or tick "No tracking"').waitFor();
        expect(await admin.getByRole('dialog').count()).toBe(0);
        expect(await scrollsSideways(admin)).toBe(false);
        await screenshot(admin, `admin-ship-form-${width}`, { fullPage: true });
        await admin.getByLabel('Carrier').fill('UPS');
        await admin.getByLabel('Tracking number').fill('1Z999AA10123456784');
        await admin.getByRole('button', { name: 'Ship', exact: true }).click();
        await admin.getByRole('dialog').getByRole('button', { name: 'Ship order' }).click();
        await admin.getByTestId('shipment').getByText('1Z999AA10123456784').waitFor();
        await admin.getByRole('dialog').waitFor({ state: 'hidden' });
        expect(await scrollsSideways(admin)).toBe(false);
        await screenshot(admin, `admin-order-${width}`, { fullPage: true });
        // The receipt the customer was mailed (kept in the Mailbox: no SMTP server here) names the
        // order number and its total, once the job runner wrote it (the server's answer says when).
        const subject = `TorqueWorks: payment received for ${order.number}, your receipt`;
        await mailsWritten(admin, store.url, (mail) => mail.subject === subject);
        await admin.goto(`${store.url}/dashboard/mailbox`);
        await admin.getByRole('link', { name: subject }).click();
        await admin.getByRole('heading', { name: 'Text version' }).waitFor();
        const text = (await admin.locator('pre').textContent()) ?? '';
        expect(text).toContain(`Order: ${order.number}`);
        expect(text).toContain(`Total: ${order.total}`);
        expect(text).toContain('Ship to: Oren Orderpage, 1200 Woodward Ave, Suite 4, Detroit, MI 48226, US');
        for (const table of ['manageProduct', 'users']) {
          await admin.goto(`${store.url}/dashboard/${table}`);
          await admin.locator('table tbody tr').first().waitFor();
          expect(await scrollsSideways(admin), table).toBe(false);
        }
        expect(adminErrors).toEqual([]);
        await adminContext.close();

        // The customer sees it shipped, with the carrier and the tracking number.
        await page.reload();
        await page.getByTestId('shipment').waitFor();
        await expect(page.getByTestId('shipment').textContent()).resolves.toMatch(
          /^Shipped on .+ with UPS\. Tracking number: 1Z999AA10123456784\.$/,
        );
        await page.goto(`${store.url}/dashboard/myOrders`);
        await page.getByRole('link', { name: order.number }).waitFor();
        expect(await scrollsSideways(page)).toBe(false);
        await screenshot(page, `my-orders-${width}`, { fullPage: true });
        expect(errors).toEqual([]);
        await customerContext.close();
      });
    }
  },
);
