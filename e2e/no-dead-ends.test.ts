import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousViolations, settle, trackRequests } from './support/axe';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';

const PASSWORD = 'Spanner#42';
const ADMIN = 'boss@torque.example';
let store: StoreProcess;
let browser: Browser;
let productId = '';

async function visitor(width = 1280) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  const page = await context.newPage();
  trackRequests(page);
  const errors = watchForPageErrors(page);
  return { context, page, errors };
}

async function signUp(page: Page, name: string, email: string) {
  await page.goto(`${store.url}/signup`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByTestId('display-name').waitFor();
}

const notice = (page: Page) => page.getByTestId('sign-in-notice');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** Only the failed loads this journey provokes on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of (404|400|415|422)/.test(e));

journeys('no silent redirects and no dead ends', () => {
  beforeAll(async () => {
    store = await startJourneyStore({ ADMIN_EMAILS: ADMIN });
    browser = await launchBrowser();
    const setup = await visitor();
    await signUp(setup.page, 'Sam Signed', 'sam@torque.example');
    const products = (await (await setup.page.request.get(`${store.url}/api/tool`)).json()) as {
      _id: string;
    }[];
    productId = products[0]?._id ?? '';
    await setup.context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  it('tells a visitor sent to /login by Order Now why, and brings them back to the tool', async () => {
    const { context, page, errors } = await visitor(390);
    await page.goto(store.url);
    const card = page.locator('[data-testid="tool-grid"] article').first();
    const name = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link', { name: 'Order Now' }).click();
    await page.waitForURL(`${store.url}/login`);
    expect(await notice(page).textContent()).toBe('Sign in to order this tool.');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Email').fill('sam@torque.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/purchase\//);
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

    // On a phone the order button is on the first screen, with a way back to the list.
    const bar = page.getByTestId('sticky-action-bar');
    const box = await bar.getByRole('button', { name: 'Order Now' }).boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    await bar.getByRole('link', { name: 'All tools' }).click();
    await page.waitForURL(`${store.url}/tools`);
    await context.close();
    expect(unexpected(errors)).toEqual([]);
  });

  it('tells a visitor sent from a dashboard link why, and says nothing to one who came on their own', async () => {
    const { context, page } = await visitor();
    await page.goto(`${store.url}/dashboard/myOrders`);
    await page.waitForURL(`${store.url}/login`);
    expect(await notice(page).textContent()).toBe('Sign in to open your dashboard.');
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await mainNav(page).getByRole('link', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await notice(page).count()).toBe(0);
    await context.close();
  });

  it('tells a customer who opens an admin page that it is for admins (and signs them out, as the requirements say)', async () => {
    const { context, page } = await visitor();
    await signUp(page, 'Curious Customer', 'curious@torque.example');
    await page.goto(`${store.url}/dashboard/manageOrders`);
    await page.waitForURL(`${store.url}/login`);
    await notice(page).getByText('That page is for admins only, so you have been signed out.').waitFor();
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('lands on / after logging out from a dashboard page, on a desktop and on a phone', async () => {
    for (const width of [1280, 390]) {
      const { context, page, errors } = await visitor(width);
      await signUp(page, `Lou Logout ${width}`, `lou.${width}@torque.example`);
      await page.goto(`${store.url}/dashboard/addReview`);
      await page.getByRole('heading', { name: 'Add a review' }).waitFor();
      if (width < 600) await page.getByRole('button', { name: 'Open menu' }).click();
      await mainNav(page).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${store.url}/`);
      await page.getByTestId('display-name').waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'All Tools' }).waitFor();
      expect(page.url()).toBe(`${store.url}/`);
      await context.close();
      expect(unexpected(errors)).toEqual([]);
    }
  });

  it('shows the not-found page for an unknown product at once, after one request', async () => {
    const { context, page } = await visitor();
    await signUp(page, 'Nora Notfound', 'nora@torque.example');
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/purchase/no-such-tool')) requests++;
    });
    await page.goto(`${store.url}/purchase/no-such-tool`);
    // It took about 8 s of retries before. That it is quick is asserted without a clock (a busy
    // machine is slow, not wrong): the 404 is asked for once, not retried, and the page settled.
    await page.getByRole('heading', { name: 'Page is not Found' }).waitFor();
    await settle(page);
    expect(requests).toBe(1);

    // An unknown order's payment page: the message alone, no card form.
    await page.goto(`${store.url}/dashboard/payment/no-such-order`);
    await page.getByText('We could not find this order.').waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to My Orders' }).waitFor();
    await context.close();
  });

  it('checks an empty card form under its fields and shapes "1230" as 12/30', async () => {
    const { context, page } = await visitor();
    await signUp(page, 'Paula Payer', 'paula@torque.example');
    const order = await page.request.post(`${store.url}/api/order`, {
      data: { orderId: productId, orderQuantity: 20, phone: '01712345678' },
    });
    expect(order.ok()).toBe(true);
    const { _id } = (await order.json()) as { _id: string };
    // A saved address, which the payment page ships to without asking (it pays only for what can ship).
    const saved = await page.request.post(`${store.url}/api/addresses`, {
      headers: { origin: store.url },
      data: {
        fullName: 'Paula Payer',
        line1: '1200 Woodward Ave',
        line2: '',
        city: 'Detroit',
        region: 'MI',
        postalCode: '48226',
        country: 'US',
        phone: '+1 313 555 0142',
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    await page.goto(`${store.url}/dashboard/payment/${_id}`);
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay $') && !b.disabled),
    );
    await pay.click();
    await page.getByText('Enter a card number').waitFor();
    await page.getByText("Your card's expiration date is incomplete.").waitFor();
    await page.getByText("Your card's security code is incomplete.").waitFor();
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('cardNumber');

    await page.getByLabel('Expiry (MM/YY)').pressSequentially('1230');
    expect(await page.getByLabel('Expiry (MM/YY)').inputValue()).toBe('12/30');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    await page.getByTestId('transaction-id').waitFor();
    await context.close();
  });

  it('shows a picture refused by the store under the Image field, and a preview of a good one', async () => {
    const { context, page } = await visitor();
    await signUp(page, 'Bea Boss', ADMIN);
    await page.goto(`${store.url}/dashboard/addProduct`);
    const form = page.getByRole('form', { name: 'Add a product' });
    await form.getByLabel('Product name').fill('Creeper Seat');
    await form.getByLabel(/^Description/).fill('Rolls under any car. Padded seat');
    await form.getByLabel('Price ($)').fill('49');
    await form.getByLabel('Available quantity').fill('40');
    await form.getByLabel('Minimum order quantity').fill('2');
    await form.getByLabel('Image').setInputFiles({
      name: 'not-a-picture.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is text, not a PNG'),
    });
    await form.getByRole('button', { name: 'Add Product' }).click();
    const imageField = form.getByLabel('Image');
    await page.waitForFunction(
      () => document.querySelector('input[type="file"]')?.getAttribute('aria-invalid') === 'true',
    );
    const describedBy = (await imageField.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(
      /Upload a JPEG|could not be read/,
    );

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    await imageField.setInputFiles({ name: 'creeper.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByTestId('image-preview');
    await preview.waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="image-preview"]') as HTMLImageElement)?.naturalWidth === 40,
    );
    await context.close();
  });

  it('offers to try the home page’s tool list again when its request fails', async () => {
    const { context, page } = await visitor();
    // The network drops every tool-list request until the visitor tries again.
    const homeList = /\/api\/tool\?limit=\d+$/;
    await page.route(homeList, (route) => route.abort('connectionfailed'));
    await page.goto(store.url);
    const alert = page.locator('#all-tools [role="alert"]');
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.textContent()).toContain('The tools could not be loaded.');
    await page.unroute(homeList);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-testid="tool-grid"] article').first().waitFor();
    await context.close();
  });

  it('shows a message with a retry, not a blank page, when a page’s code cannot be fetched', async () => {
    const { context, page } = await visitor();
    await page.goto(store.url);
    await page.locator('[data-testid="tool-grid"] article').first().waitFor();
    // The connection drops just as the reader opens /tools: its code never arrives.
    await page.route(/\/assets\/tools-[^/]*\.js$/, (route) => route.abort('connectionfailed'));
    await mainNav(page).getByRole('link', { name: 'Tools', exact: true }).click();
    const alert = page.locator('main [role="alert"]');
    await alert.getByText('Part of the store could not be loaded').waitFor();
    await mainNav(page).getByRole('link', { name: 'Reviews' }).waitFor();
    await page.unroute(/\/assets\/tools-[^/]*\.js$/);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tools' }).waitFor();
    await context.close();
  });

  it('keeps the signed-in name readable at 1280 px', async () => {
    const { context, page } = await visitor();
    await signUp(page, 'Bartholomew Buyer', 'bart@torque.example');
    const nameBox = page.getByTestId('display-name');
    const cut = await nameBox.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);
    const nav = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(nav).toBe(true);
    await context.close();
  });
});
