import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ToolDetails } from '../src/contract/catalog';
import { seedParts } from '../src/server/seed/seed-catalog';
import { signInThroughForms } from './support/admin-page';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

const OWNER = 'owner@torque.example';
const WHEEL = '18-Inch Five-Spoke Alloy Wheel';
const TRUCK_PADS = 'Severe-Duty Front Brake Pad Set for Trucks';
const SEDAN_PADS = 'Low-Dust Front Brake Pad Set for Midsize Sedans';

let store: StoreProcess;
let browser: Browser;
let owner: BrowserContext;
let page: Page;
let pageErrors: string[];
let ownerSignedIn = false;

/** The product's id, found in the store's own list by its name. */
async function idOf(name: string): Promise<string> {
  const products = (await (await page.request.get(`${store.url}/api/tool?limit=100`)).json()) as Array<{
    _id: string;
    name: string;
  }>;
  const product = products.find((t) => t.name === name);
  if (!product) throw new Error(`${name} is not in the catalog`);
  return product._id;
}
const scrollsSideways = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const details = async (id: string) =>
  (await (await page.request.get(`${store.url}/api/purchase/${id}`)).json()) as ToolDetails;

for (const width of [1280, 390]) {
  journeys(`the owner's catalog, ${width} px wide`, () => {
    beforeAll(async () => {
      store = await startJourneyStore({ ADMIN_EMAILS: OWNER });
      browser = await launchBrowser();
      owner = await browser.newContext({ viewport: { width, height: 900 } });
      ownerSignedIn = false;
    });
    afterAll(async () => {
      await browser?.close();
      if (store) {
        await store.stop();
        store.cleanUp();
      }
    });
    beforeEach(async () => {
      page = await owner.newPage();
      pageErrors = watchForPageErrors(page);
      if (!ownerSignedIn) {
        await signInThroughForms(page, store.url, { email: OWNER, name: 'Olive Owner', first: true });
        ownerSignedIn = true;
      }
      return async () => {
        await page.close();
        expect(pageErrors).toEqual([]);
      };
    });

    it('finds a product by its part number in Manage Product and edits its pictures and fitment in the one editor', async () => {
      const id = await idOf(WHEEL);
      const wheel = seedParts[WHEEL];
      if (!wheel) throw new Error('the seed lost its wheel');
      await page.goto(`${store.url}/dashboard/manageProduct`);
      const table = page.getByTestId('manage-products');
      await table.waitFor();
      // The owner types the maker's number as printed on the box, in lower case and without its dash.
      await page.getByLabel('Name, SKU or part number').fill(wheel.partNumber.toLowerCase().replace('-', ''));
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByTestId('product-count').getByText('1 product found').waitFor();
      const row = table.locator('tbody tr');
      expect(await row.count()).toBe(1);
      expect(await row.textContent()).toContain(wheel.sku);
      expect(await row.textContent()).toContain(wheel.partNumber);
      expect(await row.getByText('Active', { exact: true }).count()).toBe(1);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `manage-products-found-${width}`, { fullPage: true });
      await row.getByRole('link', { name: `Edit ${WHEEL}` }).click();
      const form = page.getByRole('form', { name: 'Edit the product' });
      await form.getByRole('heading', { name: `Edit ${WHEEL}` }).waitFor();
      // Every part of the one editor: details, price and stock, parts data (numbers, fitment, pictures).
      for (const part of ['Details', 'Price and stock', 'Parts data', 'Shipping'])
        await form.getByRole('heading', { name: part, exact: true }).waitFor();
      expect(await form.getByLabel("Maker's part number").inputValue()).toBe(wheel.partNumber);
      await form.getByLabel('Price ($)').fill('219.5');

      await form.getByLabel('Or add by its address').fill('/images/tools/alloy-wheel.svg');
      await form.getByRole('button', { name: 'Add image' }).click();
      await form.getByLabel('Or add by its address').fill('/images/tools/all-season-tire.svg');
      await form.getByRole('button', { name: 'Add image' }).click();
      await form.getByLabel('Alt text of image 2').fill('The wheel with a touring tire fitted');
      await form.getByRole('button', { name: 'Move image 2 earlier' }).click();
      expect(await form.getByLabel('Alt text of image 1').inputValue()).toBe(
        'The wheel with a touring tire fitted',
      );

      await form.getByLabel('First year', { exact: true }).fill('2016');
      await form.getByLabel('Last year', { exact: true }).fill('2017');
      await form.getByLabel('Make', { exact: true }).fill('Honda');
      await form.getByRole('checkbox', { name: 'Accord', exact: true }).check();
      await form.getByRole('checkbox', { name: 'Civic', exact: true }).check();
      await form.getByRole('button', { name: 'Add these vehicles' }).click();
      await form.getByText('Added 2 rows. Save the product to keep them.').waitFor();
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText(`Tool ${WHEEL} is updated`).waitFor();
      // The history names the change, with the owner, in words and dollars.
      const entry = page
        .getByTestId('product-history')
        .locator('li', { hasText: 'Product editor' })
        .filter({ hasText: 'Olive Owner' })
        .first();
      await entry.waitFor();
      const lines = await entry.getByTestId('change-lines').locator('li').allTextContents();
      expect(lines).toContain('Price: $179.00 → $219.50');
      expect(lines).toContain('Fitment: added 2016–2017 Honda Accord; 2016–2017 Honda Civic');
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `product-editor-${width}`, { fullPage: true });

      // The audit log says the same, the product by its name.
      await page.goto(`${store.url}/dashboard/audit`);
      const audited = page
        .getByTestId('audit-row')
        .filter({ hasText: `Changed product ${WHEEL}` })
        .first();
      await audited.waitFor();
      expect(await audited.getByTestId('change-lines').locator('li').allTextContents()).toContain(
        'Price: $179.00 → $219.50',
      );
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `audit-log-product-${width}`, { fullPage: true });

      const saved = await details(id);
      expect(saved.images?.map((i) => i.url)).toEqual([
        '/images/tools/all-season-tire.svg',
        '/images/tools/alloy-wheel.svg',
      ]);
      expect(saved.image).toBe('/images/tools/all-season-tire.svg');
      const added = saved.fitment?.filter((f) => f.make === 'Honda' && f.year_from === 2016) ?? [];
      expect(added.map((f) => `${f.model} ${f.year_to}`).sort()).toEqual(['Accord 2017', 'Civic 2017']);

      // The product's page shows both pictures, kept in their box.
      await page.goto(`${store.url}/product/${id}`);
      await page.getByRole('button', { name: /^Show picture 2/ }).click();
      await page.getByText('2016–2017 Honda Civic').waitFor();
      const box = await page.locator('article figure').first().boundingBox();
      expect(box?.height ?? 0).toBeLessThanOrEqual(((box?.width ?? 0) * 3) / 4 + 1);
    });

    it("raises a category's prices 5 % after a preview of old and new prices, then undoes it", async () => {
      const brakes = (
        (await (await page.request.get(`${store.url}/api/tool?category=brakes`)).json()) as Array<{
          _id: string;
          name: string;
          price: number;
        }>
      ).sort((a, b) => a.name.localeCompare(b.name));
      expect(brakes.length).toBeGreaterThan(1);
      const raised = (price: number) => Math.round(price * 105) / 100;

      await page.goto(`${store.url}/dashboard/bulk`);
      await page.getByText('No bulk change yet.').waitFor();
      await page.getByLabel('Category', { exact: true }).selectOption('brakes');
      await page.getByText(`The filters find ${brakes.length} products.`).waitFor();
      await page.getByLabel('Percent (−10 lowers)').fill('5');
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByTestId('bulk-preview');
      await preview.getByText(`${brakes.length} products selected; ${brakes.length} would change.`).waitFor();
      for (const product of brakes) {
        const row = preview.getByRole('row', { name: new RegExp(product.name.replace(/[()]/g, '.')) });
        expect(await row.locator('td').nth(1).textContent()).toBe(`$${product.price.toFixed(2)}`);
        expect(await row.locator('td').nth(2).textContent()).toBe(`$${raised(product.price).toFixed(2)}`);
      }
      await preview.getByRole('button', { name: `Apply to ${brakes.length} products` }).click();
      await page.getByRole('button', { name: 'Apply the change' }).click();
      await page.getByText(`Price +5%: ${brakes.length} products changed.`).waitFor();
      for (const product of brakes) expect((await details(product._id)).price).toBe(raised(product.price));

      await page.getByRole('button', { name: 'Undo the last change' }).click();
      await page.getByRole('button', { name: 'Undo it' }).click();
      await page.getByText(`${brakes.length} products put back.`).waitFor();
      for (const product of brakes) expect((await details(product._id)).price).toBe(product.price);
    });

    it('imports a fitment file with one bad row: the dry run refuses it with its reason, the rest is applied', async () => {
      const pads = seedParts[SEDAN_PADS];
      if (!pads) throw new Error('the seed lost its sedan pads');
      const id = await idOf(SEDAN_PADS);
      const csv = [
        'part_number,year_from,year_to,make,model',
        `${pads.partNumber},2015,2017,Toyota,Corolla`,
        'NO-SUCH-PART,2015,2017,Toyota,Corolla',
        `${pads.sku},2016,2018,Nissan,Altima`,
      ].join('\n');

      await page.goto(`${store.url}/dashboard/import`);
      const upload = page.getByRole('form', { name: 'Check a CSV file' });
      await upload.getByLabel('The file holds').selectOption('fitment');
      await upload.getByLabel('CSV file').setInputFiles({
        name: 'supplier-fitment.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await upload.getByRole('button', { name: 'Check the file' }).click();
      await page.getByTestId('count-refuse').filter({ hasText: 'Refused: 1' }).waitFor();
      expect(await page.getByTestId('count-create').textContent()).toBe('Created: 2');
      const bad = page.getByTestId('import-rows').getByRole('row', { name: /NO-SUCH-PART/ });
      expect(await bad.locator('td').nth(0).textContent()).toBe('3');
      expect(await bad.locator('td').nth(2).textContent()).toBe('Refused');
      expect((await bad.locator('td').nth(3).textContent())?.length).toBeGreaterThan(0);
      // Nothing is written by the dry run.
      expect((await details(id)).fitment?.some((f) => f.model === 'Corolla')).toBe(false);

      await page.getByRole('button', { name: 'Start the import' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Start the import' }).click();
      await page.getByText('supplier-fitment.csv (fitment) · Done').first().waitFor();
      await page.getByText('3 of 3 rows').waitFor();
      const fitment = (await details(id)).fitment ?? [];
      expect(fitment).toContainEqual(
        expect.objectContaining({ make: 'Toyota', model: 'Corolla', year_from: 2015 }),
      );
      expect(fitment).toContainEqual(
        expect.objectContaining({ make: 'Nissan', model: 'Altima', year_from: 2016 }),
      );
    });

    it('a buyer finds a part by its old, superseded number and is led to its replacement', async () => {
      const old = seedParts[TRUCK_PADS];
      if (!old) throw new Error('the seed lost its truck pads');
      const oldId = await idOf(TRUCK_PADS);
      await page.goto(`${store.url}/dashboard/products/${oldId}`);
      const form = page.getByRole('form', { name: 'Edit the product' });
      await form.getByLabel('Find the replacing product').fill('Sedans');
      await form
        .getByRole('list', { name: 'Matching products' })
        .getByRole('button', { name: /Low-Dust/ })
        .click();
      await form.getByTestId('superseded-by').getByText(SEDAN_PADS).waitFor();
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText(`Tool ${TRUCK_PADS} is updated`).waitFor();

      const buyer = await browser.newPage({ viewport: { width, height: 900 } });
      const buyerErrors = watchForPageErrors(buyer);
      await buyer.goto(`${store.url}/tools`);
      const box = buyer.getByRole('combobox', { name: 'Search tools and parts' });
      await box.fill(old.partNumber);
      await buyer
        .getByRole('listbox', { name: 'Suggestions' })
        .getByRole('option', { name: new RegExp(SEDAN_PADS) })
        .waitFor();
      await box.press('Enter');
      await buyer.waitForURL(/search=/);
      await buyer.locator('[data-testid="tool-grid"] article', { hasText: SEDAN_PADS }).waitFor();

      await buyer.goto(`${store.url}/product/${oldId}`);
      await buyer.getByTestId('replaced-by').getByRole('link', { name: SEDAN_PADS }).click();
      await buyer.getByRole('heading', { level: 1, name: SEDAN_PADS }).waitFor();
      await buyer.close();
      expect(buyerErrors).toEqual([]);
    });

    it('a buyer whose search finds nothing is offered one that does', async () => {
      const buyer = await browser.newPage({ viewport: { width, height: 900 } });
      const buyerErrors = watchForPageErrors(buyer);
      await buyer.goto(`${store.url}/tools?search=${encodeURIComponent('brake pads tacoma')}`);
      const offer = buyer.getByRole('button', { name: 'brake pads', exact: true });
      await offer.waitFor();
      await offer.click();
      await buyer.waitForURL(/search=brake\+pads$/);
      await buyer
        .locator('[data-testid="tool-grid"] article', { hasText: 'Ceramic Front Brake Pad Set' })
        .waitFor();
      await buyer.close();
      expect(buyerErrors).toEqual([]);
    });

    it('a buyer adds a part to the cart from its own page', async () => {
      const id = await idOf(WHEEL);
      const buyer = await browser.newPage({ viewport: { width, height: 900 } });
      const buyerErrors = watchForPageErrors(buyer);
      await buyer.goto(`${store.url}/product/${id}`);
      await buyer.getByRole('heading', { level: 1, name: WHEEL }).waitFor();
      await buyer.getByLabel('Cart quantity').fill('5');
      await buyer.getByRole('button', { name: `Add to cart: ${WHEEL}` }).click();
      await buyer.getByText('Added 5 to your cart.').waitFor();
      await buyer.getByRole('link', { name: 'Cart, 5 items' }).first().waitFor();
      await buyer.goto(`${store.url}/cart`);
      await buyer.getByRole('link', { name: WHEEL }).first().waitFor();
      await buyer.close();
      expect(buyerErrors).toEqual([]);
    });

    it("a buyer reviews a part on its own page with stars; it waits for the owner's approval and is that part's, not the store's", async () => {
      const id = await idOf(WHEEL);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const buyer = await context.newPage();
      const buyerErrors = watchForPageErrors(buyer);
      await buyer.goto(`${store.url}/product/${id}`);
      await buyer.getByRole('link', { name: 'Sign in to review this product' }).waitFor();
      const name = `Rita Reviewer ${width}`;
      const signUp = await buyer.request.post(`${store.url}/api/auth/sign-up/email`, {
        headers: { origin: store.url },
        data: { name, email: `rita.${width}@torque.example`, password: 'Spanner#42' },
      });
      expect(signUp.ok(), await signUp.text()).toBe(true);
      await buyer.reload();
      const form = buyer.getByRole('form', { name: 'Review this product' });
      const comment = `True to size, no rub at full lock (${width} px).`;
      await form.getByLabel('Your review').fill(comment);
      // Five stars from the keyboard: the first star, then End.
      await form.getByRole('radio', { name: '1 star' }).focus();
      await buyer.keyboard.press('End');
      expect(await form.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
      await form.getByRole('button', { name: 'Post review' }).click();
      await buyer.getByText('Comment is posted!!').waitFor();
      // Rita bought nothing: her review waits for approval, and only she sees it, saying so.
      const own = buyer.getByTestId('own-reviews');
      await own.getByText(comment).waitFor();
      await own.getByText('Awaiting approval').waitFor();
      expect(await buyer.getByTestId('product-reviews').getByText(comment).count()).toBe(0);
      expect(await scrollsSideways(buyer)).toBe(false);
      await screenshot(buyer, `product-review-held-${width}`, { fullPage: true });

      // The owner publishes it from the moderation page.
      await page.goto(`${store.url}/dashboard/reviews`);
      const held = page.getByTestId('moderated-review').filter({ hasText: comment });
      await held.getByText('Not verified').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `moderate-reviews-${width}`, { fullPage: true });
      await held.getByRole('button', { name: `Publish the review by ${name}` }).click();
      await page.getByText('Review published.').waitFor();
      await buyer.reload();
      await buyer.getByTestId('product-reviews').getByText(comment).waitFor();
      await screenshot(buyer, `product-review-${width}`, { fullPage: true });
      const storeReviews = await buyer.request.get(`${store.url}/api/review`);
      expect(((await storeReviews.json()) as { comment: string }[]).map((r) => r.comment)).not.toContain(
        comment,
      );
      await context.close();
      expect(buyerErrors).toEqual([]);
    });
  });
}
