import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { HOME_TOOL_COUNT } from '../src/contract/catalog.constants';
import { openPglite } from '../src/server/kernel/db/database';
import { contactMessages } from '../src/server/kernel/db/schema';
import { seedProducts, seedReviews } from '../src/server/seed/seed-data';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

let store: StoreProcess;
let browser: Browser;
let page: Page;
let pageErrors: string[];

journeys('the public store on a fresh database', () => {
  beforeAll(async () => {
    store = await startJourneyStore();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (store) {
      await store.stop();
      store.cleanUp();
    }
  });
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    pageErrors = watchForPageErrors(page);
    return async () => {
      await page.close();
      expect(pageErrors).toEqual([]);
    };
  });

  it('shows the home page sections in order with the seeded tools and reviews', async () => {
    await page.goto(store.url);
    await page.getByRole('heading', { name: 'All Tools' }).waitFor();
    await page.locator('[data-testid="tool-grid"] article').first().waitFor();
    await page.locator('[data-testid="review-grid"] figure').first().waitFor();

    const sections = await page.locator('main section[aria-labelledby] > div > h2').allTextContents();
    expect(sections).toEqual(['All Tools', 'Tools Category', 'Reviews', 'Business Summery', 'Contact Us']);
    await page.getByText('Stay Connected with Us').waitFor();
    expect(await page.getByRole('heading', { name: 'Excellence in Necessary' }).count()).toBe(3);
    expect(await page.getByText('Stay Happy With Long Drive').count()).toBe(3);

    // The catalog's first few tools, and a way to all of them.
    const cards = page.locator('[data-testid="tool-grid"] article');
    expect(await cards.count()).toBe(Math.min(seedProducts.length, HOME_TOOL_COUNT));
    expect(
      await page.locator('#all-tools').getByRole('link', { name: 'See all tools' }).getAttribute('href'),
    ).toBe('/tools');
    const first = cards.first();
    const firstProduct = seedProducts[0];
    if (!firstProduct) throw new Error('no seed tools');
    expect(await first.getByRole('heading').textContent()).toBe(firstProduct.name);
    expect(await first.textContent()).toContain(`Price: $${(firstProduct.priceCents / 100).toFixed(2)}`);
    expect(await first.textContent()).toContain('Available Quantity');
    expect(await first.textContent()).toContain('Order Quantity');
    expect(await first.locator('li').allTextContents()).toEqual(firstProduct.description);

    const reviewCards = page.locator('[data-testid="review-grid"] figure');
    expect(await reviewCards.count()).toBe(seedReviews.length);
    expect(await reviewCards.first().textContent()).toMatch(/\d out of 5.*“.+”.*by .+/);

    for (const category of ['Lights', 'Wheels', 'Tires']) {
      expect(await page.getByRole('heading', { name: category, exact: true }).count()).toBe(1);
    }
    for (const tile of ['Countries', 'Repaired Work', 'Satisfied Customer', 'New Customer']) {
      expect(await page.locator('.stat-title', { hasText: tile }).count()).toBe(1);
    }
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of ['Home', 'Tools', 'Reviews', 'Contact', 'Portfolio', 'Blog', 'Login']) {
      expect(await nav.getByRole('link', { name: link, exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await page.locator('footer').textContent()).toMatch(/Copyright ©/);
  });

  it('moves the banner carousel with its next button', async () => {
    await page.goto(store.url);
    const carousel = page.locator('.carousel');
    await carousel.waitFor();
    expect(await carousel.evaluate((el) => el.scrollLeft)).toBe(0);
    await page.locator('#slide1').getByRole('link', { name: 'Next slide' }).click();
    await page.waitForFunction(() => (document.querySelector('.carousel')?.scrollLeft ?? 0) > 0);
  });

  it('links Order Now to /purchase/{_id}, which asks a visitor to log in first', async () => {
    await page.goto(store.url);
    const card = page.locator('[data-testid="tool-grid"] article').nth(2);
    await card.waitFor();
    const href = await card.getByRole('link', { name: 'Order Now' }).getAttribute('href');
    expect(href).toMatch(/^\/purchase\/[0-9a-f-]{36}$/);
    await card.getByRole('link', { name: 'Order Now' }).click();
    await page.waitForURL(`${store.url}/login`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
  });

  it('finds a tool by search on /tools and keeps the search in the address', async () => {
    await page.goto(`${store.url}/tools`);
    await page.locator('[data-testid="tool-grid"] article').first().waitFor();
    await page.getByRole('combobox', { name: 'Search tools' }).fill('click torque wrench');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/search=click\+torque\+wrench/);
    await page.getByText(/1 tool matching/).waitFor();
    const names = await page.locator('[data-testid="tool-grid"] article h3').allTextContents();
    expect(names).toEqual([seedProducts.find((t) => /torque wrench/i.test(t.name))?.name]);

    await page.reload();
    await page.getByText(/1 tool matching/).waitFor();
    await page.getByRole('combobox', { name: 'Search tools' }).fill('flux capacitor');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No tools match “flux capacitor”.').waitFor();
  });

  it('sorts /tools by price', async () => {
    await page.goto(`${store.url}/tools?sort=price`);
    await page.locator('[data-testid="tool-grid"] article').first().waitFor();
    const prices = (
      await page.locator('[data-testid="tool-grid"] article p:has-text("Price: $")').allTextContents()
    ).map((text) => Number(text.replace('Price: $', '')));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices).toHaveLength(seedProducts.length);
  });

  it('shows the average rating and the distribution on /reviews', async () => {
    await page.goto(`${store.url}/reviews`);
    const average = seedReviews.reduce((sum, r) => sum + r.ratings, 0) / seedReviews.length;
    await page.getByTestId('average-rating').waitFor();
    expect(await page.getByTestId('average-rating').textContent()).toBe(average.toFixed(1));
    for (const stars of [1, 2, 3, 4, 5]) {
      const expected = seedReviews.filter((r) => r.ratings === stars).length;
      expect(await page.getByTestId(`rating-count-${stars}`).textContent()).toBe(String(expected));
    }
  });

  it('shows the 404 card for an unknown address', async () => {
    await page.goto(`${store.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page is not Found' }).waitFor();
  });

  it('shows blog articles and the portfolio', async () => {
    await page.goto(`${store.url}/blog`);
    await page.locator('article h2').first().waitFor();
    expect(await page.locator('article h2').count()).toBeGreaterThanOrEqual(4);
    await page.goto(`${store.url}/portfolio`);
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    expect(await page.locator('main a[href^="http"]').count()).toBeGreaterThan(0);
  });

  it('validates the contact form, then sends the message', async () => {
    await page.goto(`${store.url}/contact`);
    const form = page.locator('main form');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Email is Required').waitFor();
    await form.getByText('Name is Required').waitFor();
    await form.getByText('Message is Required').waitFor();

    await form.getByLabel('Email Address').fill('not an email');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Provide a valid Email').waitFor();

    await form.getByLabel('Email Address').fill('Driver.One@Example.com');
    await form.getByLabel('Your Name').fill('Driver One');
    await form.getByLabel('Your Message').fill('Do you stock brake pads for a 2012 hatchback?');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you! Your message has been sent.').waitFor();
    expect(await form.getByLabel('Your Name').inputValue()).toBe('');
  });

  it('home fits phone and desktop width with no sideways scroll', async () => {
    for (const [name, width, height] of [
      ['home-phone', 390, 844],
      ['home-desktop', 1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(store.url);
      await page.locator('[data-testid="review-grid"] figure').first().waitFor();
      await screenshot(page, name, { fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, name).toBe(false);
    }
  });

  // Runs last in this file: it stops the server to read what the contact form stored.
  it('stopped cleanly on SIGTERM and kept the contact message in its database', async () => {
    expect(await store.stop()).toBe(0);
    const database = await openPglite(path.join(store.dataDir));
    try {
      const rows = await database.db.select().from(contactMessages);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: 'driver.one@example.com', name: 'Driver One' });
    } finally {
      await database.close();
    }
  });
});
