import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';

const PASSWORD = 'Spanner#42';
let store: StoreProcess;
let browser: Browser;
let page: Page;
let errors: string[];
let productId = '';

/** What has the keyboard's focus, described by its accessible parts. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      name: (el as HTMLInputElement | null)?.name ?? '',
      slide: el?.closest('.carousel-item')?.id ?? '',
    };
  });

journeys('a keyboard alone', () => {
  beforeAll(async () => {
    store = await startJourneyStore();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = watchForPageErrors(page);
    await page.goto(`${store.url}/signup`);
    await page.getByLabel('Name').fill('Kim Keys');
    await page.getByLabel('Email').fill('kim.keys@torque.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByTestId('display-name').waitFor();
    const products = (await (await page.request.get(`${store.url}/api/tool`)).json()) as {
      _id: string;
      minimum_order_quantity: number;
    }[];
    const product = products[0];
    if (!product) throw new Error('The demo catalog is empty');
    productId = product._id;
    const order = await page.request.post(`${store.url}/api/order`, {
      data: { orderId: productId, orderQuantity: product.minimum_order_quantity, phone: '01712345678' },
    });
    expect(order.ok()).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  it('sees a focus ring on the navigation links', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(store.url);
    await page.getByRole('link', { name: 'Torque Works home' }).focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', label: 'Home' });
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
  });

  it('walks only the shown slide’s previous and next buttons, and they follow the slide', async () => {
    await page.goto(store.url);
    const firstPrevious = page.locator('#slide1').getByRole('link', { name: 'Previous slide' });
    await firstPrevious.focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ label: 'Next slide', slide: 'slide1' });
    await page.keyboard.press('Tab');
    expect((await focused(page)).slide).toBe('');

    await page.locator('#slide1').getByRole('link', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ label: 'Next slide', slide: 'slide2' });
    await page.waitForFunction(() => document.querySelector('#slide1 a')?.getAttribute('tabindex') === '-1');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatchObject({ label: 'Previous slide', slide: 'slide2' });
  });

  it('opens the phone menu, which reports it is open; Escape closes it and returns the focus', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(store.url);
    const button = page.getByRole('button', { name: 'Open menu' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const products = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools' });
    await products.waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ label: 'Home' });
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await products.isVisible()).toBe(false);
    expect(await focused(page)).toMatchObject({ label: 'Open menu' });

    // Enter on an entry opens it and closes the menu.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ label: 'Tools' });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${store.url}/tools`);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the dashboard drawer on a phone onto its first entry; Escape closes it and returns the focus', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${store.url}/dashboard`);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.textContent === 'My Profile');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toMatchObject({ label: 'Menu' });
    await page
      .getByTestId('dashboard-menu')
      .getByRole('link', { name: 'My Orders' })
      .waitFor({ state: 'hidden' });
  });

  it('scrolls a wide table with the arrow keys, and Escape closes the delete question onto its button', async () => {
    // Between a phone (where each order is a card) and a desk, My Orders is a table wider than the page.
    await page.setViewportSize({ width: 660, height: 844 });
    await page.goto(`${store.url}/dashboard/myOrders`);
    const region = page.getByRole('region', { name: 'Your orders' });
    await region.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () => (document.querySelector('section[aria-label="Your orders"]')?.scrollLeft ?? 0) > 0,
    );

    const remove = page.getByRole('button', { name: /^Delete the order/ });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this order?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page)).label).toMatch(/^Delete the order/);
  });

  it('shows each order as a card on a phone, its Delete in view without scrolling sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${store.url}/dashboard/myOrders`);
    const remove = page.getByRole('button', { name: /^Delete the order/ }).first();
    await remove.focus();
    const box = await remove.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('starts the order window on its first field to type in; Escape returns to Order Now', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${store.url}/purchase/${productId}`);
    const orderNow = page.getByRole('button', { name: 'Order Now' });
    await orderNow.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'phone');
    await page.keyboard.type('01712345678');
    expect(await dialog.getByLabel('Phone').inputValue()).toBe('01712345678');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(page)).toMatchObject({ label: 'Order Now' });
    expect(errors).toEqual([]);
  });
});
