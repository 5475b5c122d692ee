import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedParts } from '../src/server/seed/seed-catalog';
import { seedProducts } from '../src/server/seed/seed-data';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

let store: StoreProcess;
let browser: Browser;
let page: Page;
let pageErrors: string[];

const cardNames = async () =>
  (await page.locator('[data-testid="tool-grid"] article h3').allTextContents()).map((name) => name.trim());
const universalCount = Object.values(seedParts).filter((part) => part.universal).length;
/** The demo's brakes (pads, rotors, a caliper), and those priced from $50 to $100. */
const brakes = seedProducts.filter((product) => seedParts[product.name]?.category === 'brakes');
const midBrakes = brakes
  .filter((product) => product.priceCents >= 5000 && product.priceCents <= 10000)
  .map((product) => product.name)
  .sort();
const productsWord = (n: number) => `${n} ${n === 1 ? 'tool' : 'tools'}`;

/** Waits until the list says how many tools it shows, and answers that number. */
async function listedCount(pattern: RegExp): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: pattern });
  await status.waitFor();
  return Number((await status.textContent())?.match(/^(\d+)/)?.[1]);
}

journeys('finding the part that fits', () => {
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
  for (const width of [390, 1280]) {
    describe(`${width} px wide`, () => {
      beforeEach(async () => {
        page = await browser.newPage({ viewport: { width, height: 900 } });
        pageErrors = watchForPageErrors(page);
        return async () => {
          await page.close();
          expect(pageErrors).toEqual([]);
        };
      });

      it('picks a 2014 Honda Civic by Year / Make / Model: the list narrows, and a part for another vehicle warns', async () => {
        await page.goto(`${store.url}/tools`);
        const everything = await listedCount(/^\d+ tools$/);
        // The vehicle bar above the list opens the vehicle window, with its picker.
        await page
          .getByRole('region', { name: 'Your vehicle' })
          .getByRole('button', { name: 'Choose your vehicle' })
          .click();
        const picker = page
          .getByRole('dialog', { name: 'My vehicle' })
          .getByRole('form', { name: 'Choose your vehicle' });
        await picker.getByLabel('Year').selectOption('2014');
        await picker.getByLabel('Make').selectOption('Honda');
        await picker.getByLabel('Model').selectOption('Civic');
        await picker.getByRole('button', { name: 'Shop for this vehicle' }).click();
        await page.waitForURL(/year=2014&make=Honda&model=Civic/);
        const fitting = await listedCount(/parts that fit your 2014 Honda Civic/);
        expect(fitting).toBeLessThan(everything);
        expect(fitting).toBeGreaterThan(universalCount);
        expect(await cardNames()).not.toContain('18-Inch Five-Spoke Alloy Wheel');
        const pads = page.locator('[data-testid="tool-grid"] article', {
          hasText: 'Ceramic Front Brake Pad Set',
        });
        const badge = pads.locator('[data-fit="fits"]');
        await badge.waitFor();
        expect((await badge.textContent())?.trim()).toBe('✓Fits your 2014 Honda Civic');
        await screenshot(page, `fitment-tools-${width}`);

        // The chosen vehicle is kept: the wheel's page (for a Camry) warns about it.
        await page.getByRole('checkbox', { name: 'Only parts that fit' }).uncheck();
        await page.waitForURL(/fit=all/);
        const wheel = page.locator('[data-testid="tool-grid"] article', {
          hasText: '18-Inch Five-Spoke Alloy Wheel',
        });
        await wheel.getByText('Does not fit your 2014 Honda Civic').waitFor();
        await wheel
          .getByRole('heading')
          .getByRole('link', { name: '18-Inch Five-Spoke Alloy Wheel' })
          .click();
        await page.waitForURL(/\/product\//);
        await page.getByRole('heading', { level: 1, name: '18-Inch Five-Spoke Alloy Wheel' }).waitFor();
        await page.getByRole('alert').filter({ hasText: 'Does not fit your 2014 Honda Civic' }).waitFor();
        await page.getByText('2018–2024 Toyota Camry').waitFor();
        await screenshot(page, `fitment-product-${width}`);

        // In the cart, the line that does not fit the chosen vehicle is flagged; the pads are not.
        await page.goBack();
        for (const name of ['18-Inch Five-Spoke Alloy Wheel', 'Ceramic Front Brake Pad Set']) {
          const card = page.locator('[data-testid="tool-grid"] article', { hasText: name });
          await card.getByRole('button', { name: `Add to cart: ${name}` }).click();
          await card
            .getByRole('status')
            .getByText(/^Added \d+ to your cart/)
            .waitFor();
        }
        await page.goto(`${store.url}/cart`);
        const cartLines = page.getByRole('region', { name: 'Cart lines' }).locator('li');
        await cartLines
          .filter({ hasText: '18-Inch Five-Spoke Alloy Wheel' })
          .getByText('Does not fit your 2014 Honda Civic')
          .waitFor();
        await cartLines
          .filter({ hasText: 'Ceramic Front Brake Pad Set' })
          .locator('[data-fit="fits"]')
          .waitFor();
        await screenshot(page, `fitment-cart-${width}`);
      });

      it('finds parts by a part number written any way, and by a misspelt name, with suggestions', async () => {
        await page.goto(`${store.url}/tools`);
        const search = page.getByRole('combobox', { name: 'Search tools and parts' });
        await search.fill('br320v');
        await page.getByRole('option', { name: /Ceramic Front Brake Pad Set/ }).waitFor();
        await page.getByRole('button', { name: 'Search the catalog' }).click();
        await page.waitForURL(/search=br320v/);
        await listedCount(/^1 tool matching/);
        expect(await cardNames()).toEqual(['Ceramic Front Brake Pad Set']);

        await search.fill('wrnch');
        await search.press('Enter');
        await page.waitForURL(/search=wrnch/);
        await listedCount(/^2 tools matching/);
        expect((await cardNames()).sort()).toEqual([
          '1/2-Inch Drive Click Torque Wrench',
          'Cordless 1/2-Inch Impact Wrench',
        ]);
      });

      it('opens a category from the home page, filters it, and Back restores the filters before', async () => {
        await page.goto(store.url);
        await page.getByRole('link', { name: 'See All Tires' }).click();
        await page.waitForURL(/\/tools\?category=tires$/);
        await page.getByRole('heading', { level: 1, name: 'Tires' }).waitFor();
        expect((await cardNames()).sort()).toEqual(
          Object.entries(seedParts)
            .filter(([, part]) => part.category === 'tires')
            .map(([name]) => name)
            .sort(),
        );

        // A wider category, then a brand within it: each choice is a new address.
        await page.goto(`${store.url}/tools?category=brakes`);
        await listedCount(new RegExp(`^${productsWord(brakes.length)}$`));
        const filters = page.getByRole('complementary', { name: 'Filters' });
        if (width < 1024) await filters.getByText('Filters').click();
        await filters.getByRole('button', { name: /^\$50 – \$100/ }).click();
        await page.waitForURL(/minPrice=50&maxPrice=100/);
        await listedCount(new RegExp(`^${productsWord(midBrakes.length)}$`));
        expect((await cardNames()).sort()).toEqual(midBrakes);
        expect(midBrakes).toContain('Severe-Duty Front Brake Pad Set for Trucks');
        await page.goBack();
        await page.waitForURL(/\/tools\?category=brakes$/);
        await listedCount(new RegExp(`^${productsWord(brakes.length)}$`));
        await page.getByRole('heading', { level: 1, name: 'Brakes' }).waitFor();
      });
    });
  }
});
