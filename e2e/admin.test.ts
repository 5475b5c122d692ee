import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';

const PASSWORD = 'Spanner#42';
const ADMIN = 'admin@torque.example';
const PRODUCT = 'Magnetic Parts Tray Deluxe';

let store: StoreProcess;
let browser: Browser;

async function signUp(name: string, email: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchForPageErrors(page);
  await page.goto(`${store.url}/signup`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByTestId('display-name').waitFor();
  return { page, errors };
}

journeys('running the shop from the admin area', () => {
  let admin: { page: Page; errors: string[] };
  let customer: { page: Page; errors: string[] };

  beforeAll(async () => {
    store = await startJourneyStore({ ADMIN_EMAILS: ADMIN });
    browser = await launchBrowser();
    admin = await signUp('Ada Admin', ADMIN);
    customer = await signUp('Carl Customer', 'carl@torque.example');
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  it('adds a product with an uploaded image; it shows on home and /tools with that image', async () => {
    const { page } = admin;
    await page.goto(`${store.url}/dashboard/addProduct`);
    const form = page.getByRole('form', { name: 'Add a product' });
    await form.getByRole('button', { name: 'Add Product' }).click();
    await form.getByText('Product name is required').waitFor();
    await form.getByText('Product image is required').waitFor();

    await form.getByLabel('Product name').fill(PRODUCT);
    await form
      .getByLabel(/^Description/)
      .fill('Holds bolts and nuts on any steel surface. Rubber base protects paint. Stainless steel bowl');
    await form.getByLabel('Price ($)').fill('0');
    await form.getByLabel('Available quantity').fill('10');
    await form.getByLabel('Minimum order quantity').fill('25');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await form.getByText('Price must be greater than 0.').waitFor();
    await form.getByText('Available quantity must be 20 or more').waitFor();
    await form.getByText('Minimum order quantity must be between 1 and 20').waitFor();

    await form.getByLabel('Price ($)').fill('24.50');
    await form.getByLabel('Available quantity').fill('40');
    await form.getByLabel('Minimum order quantity').fill('2');
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await form.getByLabel('Image').setInputFiles({ name: 'tray.png', mimeType: 'image/png', buffer: png });
    await form.getByRole('button', { name: 'Add Product' }).click();
    await page.locator('#upload-progress').waitFor();
    await page.getByText('Product added successfully!!').waitFor();

    // The home page shows the catalog's first tools; the new one is the catalog's newest.
    await page.goto(`${store.url}/tools?sort=newest`);
    const card = page.locator('[data-testid="tool-grid"] article', { hasText: PRODUCT });
    await card.waitFor();
    const image = card.getByRole('img', { name: PRODUCT });
    expect(await image.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f-]{36}-960\.webp$/);
    expect(await image.getAttribute('srcset')).toMatch(/-480\.webp 480w, .*-960\.webp 960w/);
    expect(await card.locator('li').allTextContents()).toEqual([
      'Holds bolts and nuts on any steel surface.',
      'Rubber base protects paint.',
      'Stainless steel bowl.',
    ]);
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction((name) => {
      const img = document.querySelector(`img[alt="${name}"]`) as HTMLImageElement | null;
      return Boolean(img?.complete && img.naturalWidth > 0);
    }, PRODUCT);

    await page.goto(`${store.url}/tools?search=${encodeURIComponent('parts tray')}`);
    await page.locator('[data-testid="tool-grid"] article', { hasText: PRODUCT }).waitFor();
  });

  it('a customer orders and pays it, the admin ships it, the customer sees it shipped', async () => {
    const { page } = customer;
    await page.goto(`${store.url}/tools?search=${encodeURIComponent(PRODUCT)}`);
    await page
      .locator('[data-testid="tool-grid"] article', { hasText: PRODUCT })
      .getByRole('link', { name: 'Order Now' })
      .click();
    await page.getByRole('button', { name: 'Order Now' }).click();
    const order = page.getByRole('form', { name: 'Order' });
    await order.getByLabel('Phone').fill('01812345678');
    await order.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Order added successsfully!').waitFor();

    await page.goto(`${store.url}/dashboard/myOrders`);
    await page.getByRole('link', { name: 'Pay' }).click();
    // The order modal takes no address; the payment page asks for it first (a parcel needs one).
    await page.getByRole('heading', { name: 'Where should we ship it?' }).waitFor();
    const where = page.getByRole('form', { name: 'Shipping address' });
    await where.getByLabel('Full name').fill('Carl Customer');
    await where.getByLabel('Address line 1').fill('1200 Woodward Ave');
    await where.getByLabel('City').fill('Detroit');
    await where.getByLabel('State / province').fill('MI');
    await where.getByLabel('Postal code').fill('48226');
    await where.getByLabel('Phone').fill('+1 313 555 0142');
    await page.getByRole('button', { name: 'Ship to this address' }).click();
    await page.getByTestId('payment-address').getByText('1200 Woodward Ave').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('11/39');
    await page.getByLabel('CVC').fill('321');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay $') && !b.disabled),
    );
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(`${store.url}/dashboard/myOrders`);

    const desk = admin.page;
    await desk.goto(`${store.url}/dashboard/manageOrders`);
    const row = desk.getByTestId('manage-orders').locator('tr', { hasText: 'carl@torque.example' });
    await row.waitFor();
    expect(await row.getByText('pending', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: /^Ship the order/ }).click();
    await desk.getByText('Order Shipped!!').waitFor();
    await row.getByRole('button', { name: 'Shipped' }).waitFor();

    await page.reload();
    await page.getByTestId('my-orders').getByText('Shipped', { exact: true }).waitFor();

    await desk.goto(`${store.url}/dashboard/overview`);
    await desk.getByTestId('revenue-total').waitFor();
    // $49.00 of goods, $7.99 standard shipping and 7% tax ($3.43): what the card was charged.
    expect(await desk.getByTestId('revenue-total').textContent()).toBe('$60.42');
    expect(await desk.getByTestId('status-shipped').textContent()).toBe('1');
  });

  it('deletes a product without orders after confirmation', async () => {
    const { page, errors } = admin;
    await page.goto(`${store.url}/dashboard/manageProduct`);
    const table = page.getByTestId('manage-products');
    const row = table.locator('tr', { hasText: 'Digital Tire Pressure Gauge' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Delete Digital Tire Pressure Gauge' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete product' }).click();
    await page.getByText('Tool Digital Tire Pressure Gauge is deleted!!').waitFor();
    await page.waitForFunction(
      () =>
        !document
          .querySelector('[data-testid="manage-products"]')
          ?.textContent?.includes('Digital Tire Pressure Gauge'),
    );
    // The whole catalog on one page: the deleted gauge is not in it.
    await page.goto(`${store.url}/tools?limit=100`);
    await page.locator('[data-testid="tool-grid"] article').first().waitFor();
    expect(
      await page
        .locator('[data-testid="tool-grid"] article', { hasText: 'Digital Tire Pressure Gauge' })
        .count(),
    ).toBe(0);
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    expect(customer.errors).toEqual([]);
  });
});
