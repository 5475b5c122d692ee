import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOME_TOOL_COUNT } from '../src/contract/catalog.constants';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

/**
 * Parts first, as a buyer meets the store on a phone and a desktop: the parts that fit their
 * vehicle on the first screen, search and My vehicle on every page, a home page of a few tools,
 * and the shipping and returns pages written from the owner's settings.
 */

let store: StoreProcess;
let browser: Browser;
let page: Page;
let pageErrors: string[];

const HEIGHT = 844;
const cards = () => page.locator('[data-testid="tool-grid"] article');
const search = () => page.getByRole('search', { name: 'Find parts' });

journeys('parts first', () => {
  beforeAll(async () => {
    // The environment gives the new store its shipping and returns settings (the defaults of a store
    // whose owner has saved none): the policy pages must say these.
    store = await startJourneyStore({
      SHIPPING_STANDARD: '8.49',
      SHIPPING_EXPRESS: '21.75',
      FREE_SHIPPING_OVER: '120',
      RETURN_WINDOW_DAYS: '45',
      RESTOCKING_FEE_PERCENT: '15',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (store) {
      await store.stop();
      store.cleanUp();
    }
  });
  for (const width of [390, 1280]) {
    describe(`${width} px wide`, () => {
      beforeEach(async () => {
        page = await browser.newPage({ viewport: { width, height: HEIGHT } });
        pageErrors = watchForPageErrors(page);
        return async () => {
          await page.close();
          expect(pageErrors).toEqual([]);
        };
      });

      it("shows a part fitted to the buyer's vehicle first, on the first screen", async () => {
        await page.goto(`${store.url}/tools?year=2015&make=Honda&model=Civic`);
        const first = cards().first();
        await first.waitFor();
        await page
          .getByRole('status')
          .filter({ hasText: /parts that fit your 2015 Honda Civic$/ })
          .waitFor();
        // Fitted to the Civic, not a universal tool: its badge says so.
        expect(await first.locator('[data-fit]').getAttribute('data-fit')).toBe('fits');
        const box = await first.boundingBox();
        if (!box) throw new Error('the first card is not drawn');
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeLessThan(HEIGHT);
        // The fitted parts come before every universal one.
        const fits = await cards()
          .locator('[data-fit]')
          .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-fit')));
        expect(fits.lastIndexOf('fits')).toBeLessThan(fits.indexOf('universal'));
        await screenshot(page, `parts-first-civic-${width}`);
      });

      it('searches from the header of a page outside the catalog, reading swapped letters', async () => {
        await page.goto(`${store.url}/contact`);
        const box = search().getByRole('combobox', { name: 'Search tools and parts' });
        await box.fill('brkae pads');
        await box.press('Enter');
        await page.waitForURL(/\/tools\?search=brkae\+pads$/);
        await page
          .getByTestId('search-understood')
          .filter({ hasText: 'Showing results for brake pads' })
          .waitFor();
        const names = await cards().locator('h3').allTextContents();
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) expect(name).toMatch(/Brake Pad/);
        // The box keeps what was typed on the catalog page it opened.
        expect(await box.inputValue()).toBe('brkae pads');
        await screenshot(page, `parts-first-search-${width}`);
      });

      it('picks a vehicle from the header with the keyboard, and the catalog opens on its parts', async () => {
        await page.goto(`${store.url}/blog`);
        const button = search().getByRole('button', { name: 'My vehicle' });
        await button.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'My vehicle' });
        await dialog.getByLabel('Year').waitFor();
        // Escape closes the window and gives the focus back to the button.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

        await button.click();
        await dialog.getByLabel('Year').selectOption('2015');
        await dialog.getByLabel('Make').selectOption('Honda');
        await dialog.getByLabel('Model').selectOption('Civic');
        await screenshot(page, `parts-first-vehicle-window-${width}`);
        await dialog.getByRole('button', { name: 'Shop for this vehicle' }).click();
        await page.waitForURL(/\/tools\?year=2015&make=Honda&model=Civic$/);
        await cards().first().locator('[data-fit="fits"]').waitFor();
        // The header now names the vehicle, on every page.
        await search().getByRole('button', { name: 'My vehicle: 2015 Honda Civic' }).waitFor();
        await page.goto(`${store.url}/reviews`);
        await search().getByRole('button', { name: 'My vehicle: 2015 Honda Civic' }).waitFor();
      });

      it('shows a few tools on the home page, and a way to all of them', async () => {
        await page.goto(store.url);
        await cards().first().waitFor();
        expect(await cards().count()).toBe(HOME_TOOL_COUNT);
        await screenshot(page, `parts-first-home-${width}`);
        await page.locator('#all-tools').getByRole('link', { name: 'See all tools' }).click();
        await page.waitForURL(`${store.url}/tools`);
        await page.getByRole('heading', { level: 1, name: 'Tools' }).waitFor();
      });

      it('opens the shipping and returns pages from the footer, saying what the settings say', async () => {
        await page.goto(`${store.url}/reviews`);
        const help = page.getByRole('navigation', { name: 'Help' });
        await help.getByRole('link', { name: 'Shipping' }).click();
        await page.waitForURL(`${store.url}/shipping`);
        const rates = page.getByTestId('shipping-rates');
        await rates.getByText('Standard shipping: $8.49').waitFor();
        await rates.getByText('Free when the parts in your order come to $120.00 or more.').waitFor();
        await rates.getByText('Express shipping: $21.75').waitFor();
        await screenshot(page, `parts-first-shipping-${width}`, { fullPage: true });

        await help.getByRole('link', { name: 'Returns' }).click();
        await page.waitForURL(`${store.url}/returns`);
        await page
          .getByTestId('return-window')
          .filter({ hasText: 'within 45 days of the day they shipped' })
          .waitFor();
        await page
          .getByTestId('restocking-fee')
          .filter({ hasText: 'less a restocking fee of 15 % of what they sold for' })
          .waitFor();
        await screenshot(page, `parts-first-returns-${width}`, { fullPage: true });
      });
    });
  }
});
