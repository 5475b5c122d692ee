import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from './support/admin-page';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

const ownerOf = (width: number) => `roles-owner-${width}@torque.example`;
let store: StoreProcess;
let browser: Browser;

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const menuItems = (page: Page) => page.getByTestId('dashboard-menu').locator('a').allTextContents();

/** A browser of its own, signed up through the API (signing in is not this journey's subject). */
async function person(width: number, name: string, email: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors = watchForPageErrors(page);
  const res = await page.request.post(`${store.url}/api/auth/sign-up/email`, {
    headers: { origin: store.url },
    data: { name, email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { context, page, errors };
}

/** A paid order of the catalog's first product with a shipping address, made as the checkout page makes it. */
async function paidOrder(request: APIRequestContext, name: string): Promise<{ id: string; number: string }> {
  const headers = { origin: store.url };
  const [tool] = (await (await request.get(`${store.url}/api/tool?limit=1`)).json()) as Array<{
    _id: string;
    minimum_order_quantity: number;
  }>;
  if (!tool) throw new Error('the catalog is empty');
  const put = await request.put(`${store.url}/api/cart/${tool._id}`, {
    headers,
    data: { quantity: tool.minimum_order_quantity },
  });
  expect(put.status()).toBe(200);
  const total = ((await put.json()) as { totals: { totalCents: number } }).totals.totalCents;
  const placed = await request.post(`${store.url}/api/checkout`, {
    headers,
    data: {
      idempotencyKey: crypto.randomUUID(),
      address: {
        fullName: name,
        line1: '88 Gratiot Ave',
        line2: '',
        city: 'Detroit',
        region: 'MI',
        postalCode: '48226',
        country: 'US',
        phone: '+1 313 555 0199',
      },
      shippingMethod: 'standard',
      expectedTotalCents: total,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, payment } = (await placed.json()) as {
    order: { _id: string; number: string };
    payment: { clientSecret: string };
  };
  const confirm = await request.post(`${store.url}/api/payments/simulated/confirm`, {
    headers,
    data: {
      clientSecret: payment.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name,
      email: 'buyer@example.com',
    },
  });
  expect(confirm.status()).toBe(200);
  const paid = await request.patch(`${store.url}/api/order/${order._id}`, {
    headers,
    data: { transactionId: ((await confirm.json()) as { transactionId: string }).transactionId },
  });
  expect(paid.status()).toBe(200);
  return { id: order._id, number: order.number };
}

journeys(
  'staff roles: the owner adds a staff member who can ship but not refund, and reads it in the audit log',
  () => {
    const contexts: BrowserContext[] = [];
    beforeAll(async () => {
      store = await startJourneyStore({ ADMIN_EMAILS: `${ownerOf(1280)},${ownerOf(390)}` });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
      await store?.stop();
      store?.cleanUp();
    });

    for (const width of [1280, 390]) {
      it(`at ${width} px`, async () => {
        const OWNER = ownerOf(width);
        const owner = await person(width, 'Olive Owner', OWNER);
        const staffEmail = `roles.staff.${width}@torque.example`;
        const staff = await person(width, `Sam Staff ${width}`, staffEmail);
        const buyer = await person(width, `Bea Buyer ${width}`, `roles.buyer.${width}@torque.example`);
        contexts.push(owner.context, staff.context, buyer.context);
        const order = await paidOrder(buyer.page.request, `Bea Buyer ${width}`);

        // The owner finds the new person in the customers list and makes them staff.
        await owner.page.goto(`${store.url}/dashboard/users`);
        await owner.page.getByLabel('Search by name or e-mail').fill(staffEmail);
        await owner.page.getByRole('button', { name: 'Search', exact: true }).click();
        const row = owner.page.getByRole('row', { name: new RegExp(staffEmail.replace(/\./g, '\\.')) });
        await row.waitFor();
        await row.getByLabel(`Role of ${staffEmail}`).selectOption('staff');
        await owner.page.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
        await owner.page.getByText(`${staffEmail} is now staff.`).waitFor();
        await row.getByText('Admin', { exact: true }).waitFor();
        expect(await scrollsSideways(owner.page)).toBe(false);
        await screenshot(owner.page, `customers-${width}`, { fullPage: true });

        // The staff member's menu holds what staff may open, and no money figures.
        await staff.page.goto(`${store.url}/dashboard`);
        // On a phone the menu is a closed drawer: its entries are there, not shown.
        await staff.page
          .getByTestId('dashboard-menu')
          .getByRole('link', { name: 'Manage All Orders', includeHidden: true })
          .waitFor({ state: 'attached' });
        expect(await menuItems(staff.page)).toEqual(['My Profile', 'Manage All Orders', 'Returns', 'Inbox']);

        // They ship the paid order; no Refund button is offered, and the store refuses the call anyway.
        await staff.page.goto(`${store.url}/dashboard/manageOrders/${order.id}`);
        await staff.page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
        await staff.page.getByRole('heading', { name: 'After the sale' }).waitFor();
        // They read it without its money: no price, amount, card, refund or receipt anywhere.
        await staff.page.getByTestId('paid-state').getByText('Paid', { exact: true }).waitFor();
        expect(await staff.page.getByRole('article').textContent()).not.toMatch(/\$|4242|Transaction id/);
        expect(await staff.page.getByRole('link', { name: 'Receipt PDF' }).count()).toBe(0);
        await screenshot(staff.page, `staff-order-${width}`, { fullPage: true });
        expect(await staff.page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
        expect(await staff.page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
        await staff.page.getByLabel('Carrier').fill('UPS');
        await staff.page.getByLabel('Tracking number').fill(`1ZSTAFF${width}`);
        await staff.page.getByRole('button', { name: 'Ship', exact: true }).click();
        await staff.page.getByRole('dialog').getByRole('button', { name: 'Ship order' }).click();
        await staff.page.getByText('Order Shipped!!').waitFor();
        // Manage All Orders has no Total for them either.
        await staff.page.goto(`${store.url}/dashboard/manageOrders`);
        await staff.page.getByRole('link', { name: `Open order ${order.number}` }).waitFor();
        expect(await staff.page.getByRole('columnheader', { name: 'Total' }).count()).toBe(0);
        expect(await staff.page.getByTestId('manage-orders').textContent()).not.toContain('$');
        const refused = await staff.page.request.post(`${store.url}/api/manage/${order.id}/refunds`, {
          headers: { origin: store.url, 'idempotency-key': crypto.randomUUID() },
          data: { amountCents: 100, restock: false, reason: 'Trying' },
        });
        expect(refused.status()).toBe(403);
        const numbers = await staff.page.request.get(
          `${store.url}/api/manage/reports?from=2026-01-01&to=2026-12-31`,
        );
        expect(numbers.status()).toBe(403);

        // The owner reads both changes in the audit log, by person and by kind.
        await owner.page.goto(`${store.url}/dashboard/audit`);
        await owner.page.getByRole('heading', { name: 'Audit log' }).waitFor();
        await owner.page.getByLabel('Person (e-mail)').fill(staffEmail);
        await owner.page.getByRole('button', { name: 'Filter' }).click();
        // The filtered list, not the one on screen before it: every row is the staff member's.
        await owner.page.waitForFunction((email) => {
          const rows = [...document.querySelectorAll('[data-testid="audit-row"]')];
          return rows.length > 0 && rows.every((row) => row.textContent?.includes(email));
        }, staffEmail);
        const shipped = owner.page
          .getByTestId('audit-row')
          .filter({ hasText: `Order ${order.number} shipped` });
        await shipped.waitFor();
        expect(await owner.page.getByTestId('audit-row').count()).toBe(1);
        expect(await shipped.textContent()).toContain(`${staffEmail} (Staff)`);
        await owner.page.getByLabel('Person (e-mail)').fill('');
        await owner.page.getByLabel('Kind').selectOption('account');
        await owner.page.getByRole('button', { name: 'Filter' }).click();
        const promoted = owner.page
          .getByTestId('audit-row')
          .filter({ hasText: `Changed the role of ${staffEmail}` });
        await promoted.waitFor();
        expect(await promoted.textContent()).toContain('Role: Customer → Staff');
        expect(await promoted.textContent()).toContain(`${OWNER} (Owner)`);
        expect(await scrollsSideways(owner.page)).toBe(false);
        await screenshot(owner.page, `audit-log-${width}`, { fullPage: true });

        // The buyer's page on the customers list: their order and address.
        await owner.page.goto(`${store.url}/dashboard/users`);
        await owner.page.getByLabel('Search by name or e-mail').fill(`Bea Buyer ${width}`);
        await owner.page.getByRole('button', { name: 'Search', exact: true }).click();
        await owner.page.getByRole('link', { name: `Bea Buyer ${width}` }).click();
        await owner.page.getByRole('heading', { name: `Bea Buyer ${width}` }).waitFor();
        await owner.page.getByRole('link', { name: order.number }).waitFor();
        expect(await owner.page.getByTestId('customer-orders-count').textContent()).toBe('1');
        expect(await scrollsSideways(owner.page)).toBe(false);
        await screenshot(owner.page, `customer-page-${width}`, { fullPage: true });

        expect([...owner.errors, ...staff.errors, ...buyer.errors]).toEqual([]);
      });
    }
  },
);
