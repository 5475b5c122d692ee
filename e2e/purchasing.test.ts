import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { signInThroughForms } from './support/admin-page';
import { seriousViolations, trackRequests } from './support/axe';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { mailsWritten } from './support/mailbox';
import { screenshot } from './support/screenshot';

const OWNER = 'purchasing-owner@torque.example';
const SUPPLIER_EMAIL = 'orders@northern-tools.example';
const WRENCH = '1/2-Inch Drive Click Torque Wrench';
/** The wrench's SKU in the demo catalog (src/server/seed/seed-catalog.ts). */
const WRENCH_SKU = 'TW-TQ-1250';
const SOCKETS = "94-Piece Mechanic's Socket Set";
const ALTERNATOR = 'Remanufactured Alternator, 130 Amp';

// The wrench's cost, by hand: 180 on hand at $40.00 and 20 received at $49.00 make
// (180 × 4000 + 20 × 4900) / 200 = 818000 / 200 = 4090 cents.
const WRENCH_ON_HAND = 180;
const WRENCH_COST_AFTER = '40.9';

let store: StoreProcess;
let browser: Browser;
let owner: BrowserContext;
let page: Page;
let pageErrors: string[];
let ownerSignedIn = false;

const scrollsSideways = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

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

/** The units on hand the product's stock page shows. */
async function onHand(id: string): Promise<number> {
  await page.goto(`${store.url}/dashboard/products/${id}/stock`);
  await page.getByRole('heading', { name: 'Stock', exact: true }).waitFor();
  return Number(((await page.getByTestId('on-hand').textContent()) ?? '').replace(/,/g, ''));
}

/** A paid order of `quantity` units of the product, made through the API with the page's own session, as checkout makes it. */
async function paidOrderOf(productId: string, quantity: number) {
  const headers = { origin: store.url };
  const put = await page.request.put(`${store.url}/api/cart/${productId}`, { headers, data: { quantity } });
  expect(put.status(), await put.text()).toBe(200);
  const total = ((await put.json()) as { totals: { totalCents: number } }).totals.totalCents;
  const placed = await page.request.post(`${store.url}/api/checkout`, {
    headers,
    data: {
      idempotencyKey: crypto.randomUUID(),
      address: {
        fullName: 'Olive Owner',
        line1: '1200 Woodward Ave',
        city: 'Detroit',
        region: 'MI',
        postalCode: '48226',
        country: 'US',
        phone: '+1 313 555 0142',
      },
      shippingMethod: 'standard',
      expectedTotalCents: total,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, payment } = (await placed.json()) as {
    order: { _id: string };
    payment: { clientSecret: string };
  };
  const confirm = await page.request.post(`${store.url}/api/payments/simulated/confirm`, {
    headers,
    data: {
      clientSecret: payment.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'Olive Owner',
      email: OWNER,
    },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const paid = await page.request.patch(`${store.url}/api/order/${order._id}`, {
    headers,
    data: { transactionId: ((await confirm.json()) as { transactionId: string }).transactionId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** The purchase order's status badge, in the heading's row. */
const statusIs = (text: string) =>
  page
    .getByRole('article', { name: /^PO-\d+$/ })
    .getByText(text, { exact: true })
    .first()
    .waitFor();

// One store per width: each width starts from the same demo catalog, so the hand-worked cost holds.
for (const width of [1280, 390]) {
  journeys(`purchasing, ${width} px wide`, () => {
    beforeAll(async () => {
      store = await startJourneyStore({ ADMIN_EMAILS: OWNER, OUTBOX_POLL_MS: '100' });
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
      page.setDefaultTimeout(15_000);
      pageErrors = watchForPageErrors(page);
      trackRequests(page);
      if (!ownerSignedIn) {
        await signInThroughForms(page, store.url, { email: OWNER, name: 'Olive Owner', first: true });
        ownerSignedIn = true;
      }
      return async () => {
        await page.close();
        expect(pageErrors).toEqual([]);
      };
    });

    it('adds a supplier and what it sells, sends a purchase order, receives it in two deliveries, and stock and cost follow', async () => {
      const wrenchId = await idOf(WRENCH);
      const socketsId = await idOf(SOCKETS);

      // The wrench's cost is known before: $40.00, set in the product editor.
      await page.goto(`${store.url}/dashboard/products/${wrenchId}`);
      const editor = page.getByRole('form', { name: 'Edit the product' });
      await editor.getByLabel('Cost ($)').fill('40');
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText(`Tool ${WRENCH} is updated`).waitFor();
      expect(await onHand(wrenchId)).toBe(WRENCH_ON_HAND);
      const socketsBefore = await onHand(socketsId);

      // A supplier: name, ordering e-mail and lead time.
      await page.goto(`${store.url}/dashboard/purchasing`);
      await page.getByRole('heading', { name: 'Purchasing', exact: true }).waitFor();
      await page.getByText('No suppliers yet.').waitFor();
      await page.getByRole('button', { name: 'Add supplier' }).click();
      const newSupplier = page.getByRole('form', { name: 'Add supplier' });
      await newSupplier.getByLabel('Name', { exact: true }).fill('Northern Tool Supply');
      await newSupplier.getByLabel('E-mail for orders').fill(SUPPLIER_EMAIL);
      await newSupplier.getByLabel('Lead time (days)').fill('5');
      expect(await seriousViolations(page)).toEqual([]);
      await newSupplier.getByRole('button', { name: 'Add supplier' }).click();
      await page.getByText('Northern Tool Supply is added').waitFor();
      const supplierRow = page.getByTestId('suppliers').getByRole('row', { name: /Northern Tool Supply/ });
      await supplierRow.getByText(SUPPLIER_EMAIL).waitFor();
      await supplierRow.getByText('5 days').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `purchasing-${width}`, { fullPage: true });

      // Opened, it sells the wrench: its part number, packs of 10, $49.00 a unit.
      await supplierRow.getByRole('link', { name: 'Northern Tool Supply' }).click();
      await page.getByRole('heading', { name: 'Northern Tool Supply', level: 2 }).waitFor();
      await page.getByRole('status').getByText('No products from this supplier yet.').waitFor();
      await page.getByLabel('Add a product this supplier sells').fill('torque wrench');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page
        .getByRole('list', { name: 'Products found' })
        .getByRole('button', { name: `Add ${WRENCH}` })
        .click();
      const offer = page.getByRole('form', { name: `What this supplier sells of ${WRENCH}` });
      await offer.getByLabel('Supplier part number').fill('NTS-TW-150');
      await offer.getByLabel('Pack size').fill('10');
      await offer.getByLabel('Cost ($)').fill('49.00');
      await offer.getByRole('button', { name: 'Save product' }).click();
      await page.getByText(`${WRENCH} is saved`).waitFor();
      const sold = page.getByTestId('supplier-products').getByRole('row', { name: new RegExp(WRENCH) });
      await sold.getByText('NTS-TW-150').waitFor();
      await sold.getByText('$49.00').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `purchasing-supplier-${width}`, { fullPage: true });

      // A purchase order: 20 wrenches at the supplier's cost, 6 socket sets at a typed $75.00.
      await page.getByRole('link', { name: 'Back to purchasing' }).click();
      await page.getByRole('button', { name: 'New purchase order' }).click();
      const draft = page.getByRole('form', { name: 'New purchase order' });
      await draft.getByLabel('Supplier', { exact: true }).selectOption({ label: 'Northern Tool Supply' });
      await draft
        .getByRole('list', { name: 'What this supplier sells' })
        .getByRole('button', { name: `Add ${WRENCH}` })
        .click();
      expect(await draft.getByLabel(`Unit cost of ${WRENCH}`).inputValue()).toBe('49.00');
      await draft.getByLabel(`Quantity of ${WRENCH}`).fill('20');
      await draft.getByLabel('Find a product').fill('socket set');
      await draft.getByRole('button', { name: 'Search', exact: true }).click();
      await draft
        .getByRole('list', { name: 'Products found' })
        .getByRole('button', { name: `Add ${SOCKETS}` })
        .click();
      await draft.getByLabel(`Quantity of ${SOCKETS}`).fill('6');
      await draft.getByLabel(`Unit cost of ${SOCKETS}`).fill('75.00');
      await draft
        .getByRole('status', { name: `Line total of ${SOCKETS}` })
        .getByText('$450.00')
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `purchasing-new-order-${width}`, { fullPage: true });
      await draft.getByRole('button', { name: 'Create purchase order' }).click();
      await page.waitForURL(/\/dashboard\/purchasing\/orders\/[^/]+$/);
      const title = page.getByRole('heading', { level: 2, name: /^PO-\d+$/ });
      const po = (await title.textContent()) ?? '';
      const orderUrl = page.url();
      await statusIs('Draft');
      // 20 × $49.00 + 6 × $75.00 = $1,430.00
      await page.getByTestId('po-total').getByText('$1,430.00').waitFor();

      // Sent after its confirmation: the supplier's mail names the PO.
      await page.getByRole('button', { name: 'Send to supplier' }).click();
      const confirm = page.getByRole('dialog', { name: `Send ${po} to ${SUPPLIER_EMAIL}?` });
      await confirm.getByRole('button', { name: 'Send the order' }).click();
      await statusIs('Sent');
      expect(await page.getByRole('button', { name: 'Edit lines' }).count()).toBe(0);
      const [mail] = await mailsWritten(
        page,
        store.url,
        (m) => m.to === SUPPLIER_EMAIL && m.subject.includes(po),
      );
      await page.goto(`${store.url}/dashboard/mailbox`);
      const mailItem = page
        .getByRole('list', { name: 'Mails' })
        .getByRole('listitem')
        .filter({ hasText: `To ${SUPPLIER_EMAIL}` });
      await mailItem.getByRole('link', { name: mail?.subject ?? 'no purchase order mail' }).click();
      await page.getByRole('heading', { name: 'Text version' }).waitFor();
      const text = (await page.locator('pre').textContent()) ?? '';
      expect(text).toContain(`Purchase order ${po}`);
      expect(text).toContain('NTS-TW-150');
      await page.goto(orderUrl);
      await title.waitFor();

      // The first delivery: every wrench, 4 of the 6 socket sets.
      await page.getByRole('button', { name: 'Receive delivery' }).click();
      let receive = page.getByRole('form', { name: 'Receive delivery' });
      expect(await receive.getByLabel(`Units counted of ${WRENCH}`).inputValue()).toBe('20');
      await receive.getByLabel(`Units counted of ${SOCKETS}`).fill('4');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `purchasing-receive-${width}`, { fullPage: true });
      await receive.getByRole('button', { name: 'Receive', exact: true }).click();
      await statusIs('Partly received');
      const receipts = page.getByTestId('po-receipts').locator('tbody tr');
      await receipts.first().waitFor();
      expect(await receipts.count()).toBe(1);

      // The second: the 2 socket sets still owed and one more, which asks for a note first.
      await page.getByRole('button', { name: 'Receive delivery' }).click();
      receive = page.getByRole('form', { name: 'Receive delivery' });
      expect(await receive.getByLabel(`Units counted of ${WRENCH}`).inputValue()).toBe('0');
      expect(await receive.getByLabel(`Units counted of ${SOCKETS}`).inputValue()).toBe('2');
      await receive.getByLabel(`Units counted of ${SOCKETS}`).fill('3');
      await receive.getByText('Over what was ordered: 7 of 6. Say why in the note.').waitFor();
      await receive.getByRole('button', { name: 'Receive', exact: true }).click();
      await receive
        .getByRole('alert')
        .getByText('Say in the note why units over what was ordered are kept')
        .waitFor();
      expect(await receipts.count()).toBe(1);
      await statusIs('Partly received');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `purchasing-receive-over-${width}`, { fullPage: true });
      await receive
        .getByLabel('Note (required: why the extra units are kept)')
        .fill('One extra set shipped; kept at the same cost');
      await receive.getByRole('button', { name: 'Receive', exact: true }).click();
      await statusIs('Received');
      await receipts.nth(1).waitFor();
      expect(await receipts.count()).toBe(2);
      const receiptTable = page.getByTestId('po-receipts');
      await receiptTable.getByText(`${WRENCH}: 20`).waitFor();
      await receiptTable.getByText(`${SOCKETS}: 4`).waitFor();
      await receiptTable.getByText(`${SOCKETS}: 3`).waitFor();
      await receiptTable.getByText('One extra set shipped; kept at the same cost').waitFor();
      // Nothing more to do with it but read it.
      expect(await page.getByRole('button', { name: 'Receive delivery' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `purchasing-order-${width}`, { fullPage: true });

      // The order list says so too.
      await page.getByRole('link', { name: 'Back to purchasing' }).click();
      const listed = page.getByTestId('purchase-orders').getByRole('row', { name: new RegExp(po) });
      await listed.getByText('Received', { exact: true }).waitFor();
      await listed.getByText('27 of 26').waitFor();

      // Stock went up by the units received, as `received` movements.
      expect(await onHand(wrenchId)).toBe(WRENCH_ON_HAND + 20);
      await page.getByTestId('stock-ledger').getByText('Received from a supplier').first().waitFor();
      expect(await onHand(socketsId)).toBe(socketsBefore + 7);

      // The wrench's cost is the weighted average worked out above.
      await page.goto(`${store.url}/dashboard/products/${wrenchId}`);
      await page.getByRole('heading', { name: `Edit ${WRENCH}` }).waitFor();
      expect(await editor.getByLabel('Cost ($)').inputValue()).toBe(WRENCH_COST_AFTER);

      // The supplier's own stock-and-price file: its headers mapped once on the import page, its
      // part number and cost kept with what it sells, the counted units set as the stock.
      const suppliers = (await (await page.request.get(`${store.url}/api/suppliers`)).json()) as Array<{
        id: string;
        name: string;
      }>;
      const northernId = suppliers.find((s) => s.name === 'Northern Tool Supply')?.id;
      await page.goto(`${store.url}/dashboard/import`);
      const upload = page.getByRole('form', { name: 'Check a CSV file' });
      await upload.getByLabel('The file holds').selectOption('products');
      await upload.getByLabel("Supplier's file").selectOption({ label: 'Northern Tool Supply' });
      await upload.getByLabel('CSV file').setInputFiles({
        name: 'northern-stock.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Item No,Vendor Part,Qty,Unit Cost\n${WRENCH_SKU},NTS-TW-160,150,$51.25\n`),
      });
      await page.getByRole('table', { name: 'Columns of northern-stock.csv' }).waitFor();
      for (const [header, column] of [
        ['Item No', 'sku'],
        ['Vendor Part', 'supplier_part_number'],
        ['Qty', 'on_hand'],
        ['Unit Cost', 'supplier_cost'],
      ] as const)
        await upload.getByLabel(`Read "${header}" as`).selectOption(column);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `purchasing-supplier-file-${width}`, { fullPage: true });
      await upload.getByRole('button', { name: 'Check the file' }).click();
      await page.getByText('Mapping kept for Northern Tool Supply').waitFor();
      await page.getByText("Read as Northern Tool Supply's file").waitFor();
      await page.getByRole('button', { name: 'Start the import' }).click();
      await page
        .getByRole('dialog', { name: 'Start the import?' })
        .getByRole('button', { name: 'Start the import' })
        .click();
      await page.getByText('1 of 1 rows').waitFor();
      await page.getByTestId('count-update').getByText('Updated: 1').waitFor();
      const details = (await (await page.request.get(`${store.url}/api/suppliers/${northernId}`)).json()) as {
        products: Array<{
          productId: string;
          supplierPartNumber: string;
          packSize: number;
          costCents: number;
        }>;
      };
      expect(details.products.find((p) => p.productId === wrenchId)).toMatchObject({
        supplierPartNumber: 'NTS-TW-160',
        packSize: 10,
        costCents: 5125,
      });
      const stock = (await (await page.request.get(`${store.url}/api/tool/${wrenchId}/stock`)).json()) as {
        onHand: number;
      };
      expect(stock.onHand).toBe(150);
    });

    it('cancels a draft after its confirmation, and a cancelled order offers nothing', async () => {
      const supplier = await page.request.post(`${store.url}/api/suppliers`, {
        headers: { origin: store.url },
        data: {
          name: 'Short Notice Parts',
          email: 'po@short-notice.example',
          leadTimeDays: 2,
          minimumOrderCents: 0,
        },
      });
      expect(supplier.status(), await supplier.text()).toBe(201);
      const supplierId = ((await supplier.json()) as { id: string }).id;
      const created = await page.request.post(`${store.url}/api/purchase-orders`, {
        headers: { origin: store.url },
        data: { supplierId, lines: [{ productId: await idOf(WRENCH), quantity: 3, unitCostCents: 4500 }] },
      });
      expect(created.status(), await created.text()).toBe(201);
      const orderId = ((await created.json()) as { id: string }).id;

      await page.goto(`${store.url}/dashboard/purchasing/orders/${orderId}`);
      const title = page.getByRole('heading', { level: 2, name: /^PO-\d+$/ });
      const po = (await title.textContent()) ?? '';
      await statusIs('Draft');
      await page.getByRole('button', { name: 'Cancel order' }).click();
      const confirm = page.getByRole('dialog', { name: `Cancel ${po}?` });
      await confirm.getByText('The draft is cancelled and never sent.').waitFor();
      await confirm.getByRole('button', { name: 'Cancel the order' }).click();
      await statusIs('Cancelled');
      await page.getByText(`${po} is cancelled`).waitFor();
      const article = page.getByRole('article', { name: po });
      for (const action of [
        'Edit lines',
        'Send to supplier',
        'Receive delivery',
        'Close order',
        'Cancel order',
      ])
        expect(await article.getByRole('button', { name: action }).count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `purchasing-cancelled-${width}`, { fullPage: true });
    });

    it('suggests what to reorder from sales, and drafts the suggestion as a purchase order', async () => {
      // 30 of the 40 alternators sell today: 1 a day over the last 30 days, 10 left.
      const alternatorId = await idOf(ALTERNATOR);
      await paidOrderOf(alternatorId, 30);
      const supplier = await page.request.post(`${store.url}/api/suppliers`, {
        headers: { origin: store.url },
        data: {
          name: 'Rebuilt Electrics',
          email: 'po@rebuilt-electrics.example',
          leadTimeDays: 10,
          minimumOrderCents: 500_000,
        },
      });
      expect(supplier.status(), await supplier.text()).toBe(201);
      const supplierId = ((await supplier.json()) as { id: string }).id;
      const sells = await page.request.put(
        `${store.url}/api/suppliers/${supplierId}/products/${alternatorId}`,
        {
          headers: { origin: store.url },
          data: { supplierPartNumber: 'RE-ALT-130', packSize: 4, costCents: 9500 },
        },
      );
      expect(sells.status(), await sells.text()).toBe(200);

      // By the contract's rule, with the default 30 days of sales and 30 days of cover:
      // reorder point max(2, ceil(1 × 10)) = 10, and 10 left is at it; the target is
      // max(11, ceil(1 × (10 + 30))) = 40, so 30 more, in packs of 4: 8 packs = 32 units,
      // 32 × $95.00 = $3,040.00, under the $5,000.00 minimum.
      await page.goto(`${store.url}/dashboard/purchasing#reorder`);
      const group = page.getByRole('region', { name: 'Rebuilt Electrics', exact: true });
      const row = group.getByRole('row', { name: new RegExp(ALTERNATOR) });
      await row.getByText('RE-ALT-130').waitFor();
      expect(await group.getByLabel(`Quantity to order of ${ALTERNATOR}`).inputValue()).toBe('32');
      await row.getByText('$3,040.00').waitFor();
      await group.getByText('Lead time 10 days').waitFor();
      await group.getByText("Under this supplier's minimum order of $5,000.00").waitFor();
      // Opened from the low-stock digest's link, the section is in view.
      expect(
        await page
          .getByRole('heading', { name: 'What to reorder' })
          .evaluate(
            (h) => h.getBoundingClientRect().top >= 0 && h.getBoundingClientRect().bottom <= innerHeight,
          ),
      ).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page.locator('#reorder'), `purchasing-reorder-${width}`);

      await group.getByRole('button', { name: 'Draft this order' }).click();
      await page.waitForURL(/\/dashboard\/purchasing\/orders\/[^/]+$/);
      await statusIs('Draft');
      await page.getByRole('heading', { level: 2, name: /^PO-\d+$/ }).waitFor();
      await page
        .getByRole('article', { name: /^PO-\d+$/ })
        .getByText('Rebuilt Electrics')
        .first()
        .waitFor();
      await page.getByTestId('po-total').getByText('$3,040.00').waitFor();
    });

    it('adds a place, bins and counts the wrench there, sends units to the main warehouse, and receives them', async () => {
      const wrenchId = await idOf(WRENCH);
      const byPlace = () => page.getByTestId('stock-by-place');
      // On a phone each cell's column name is read first ("Place Back room"): no anchor.
      const placeRow = (name: string) => byPlace().getByRole('row', { name: new RegExp(name) });
      const figure = async (name: string, column: 'On hand' | 'On the way') =>
        Number(
          ((await placeRow(name).locator(`[data-label="${column}"]`).textContent()) ?? '').replace(/,/g, ''),
        );
      const figureIs = (name: string, column: 'On hand' | 'On the way', n: number) =>
        placeRow(name).locator(`[data-label="${column}"]`).getByText(String(n), { exact: true }).waitFor();

      // The owner adds a second place, picked after the main warehouse.
      await page.goto(`${store.url}/dashboard/locations`);
      await page.getByRole('heading', { name: 'Places', exact: true }).waitFor();
      await page
        .getByTestId('places')
        .getByRole('row')
        .filter({ hasText: 'Main warehouse' })
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Add a place' }).click();
      const newPlace = page.getByRole('form', { name: 'New place' });
      await newPlace.getByLabel('Name', { exact: true }).fill('Back room');
      await newPlace.getByLabel('Pick order').fill('2');
      await newPlace.getByRole('button', { name: 'Add place' }).click();
      await page.getByText('Back room is added').waitFor();
      await page
        .getByTestId('places')
        .getByRole('row')
        // At phone width a row is a card whose cells say their column's name first.
        .filter({ hasText: 'Back room' })
        .first()
        .waitFor();

      // On the wrench's stock page: its bin at the back room, 5 units counted in there.
      expect(await onHand(wrenchId)).toBeGreaterThan(0);
      await placeRow('Back room').waitFor();
      const mainBefore = await figure('Main warehouse', 'On hand');
      await page.getByRole('textbox', { name: 'Bin at Back room' }).fill('b-07');
      await page.getByRole('button', { name: 'Save the bin at Back room' }).click();
      await page.getByText('Bin at Back room: B-07').waitFor();
      const change = page.getByRole('form', { name: 'Change the stock' });
      await change.getByLabel('Place', { exact: true }).selectOption({ label: 'Back room' });
      await change.getByLabel('Units to add (negative to take away)').fill('5');
      await change.getByRole('button', { name: 'Save the change' }).click();
      await page
        .getByRole('dialog', { name: 'Change the stock?' })
        .getByRole('button', { name: 'Change stock' })
        .click();
      await figureIs('Back room', 'On hand', 5);

      // 2 of them sent to the main warehouse: on their way until received there.
      const send = page.getByRole('form', { name: 'Send to another place' });
      await send.getByLabel('From', { exact: true }).selectOption({ label: 'Back room' });
      await send.getByLabel('To', { exact: true }).selectOption({ label: 'Main warehouse' });
      await send.getByLabel('Units to send').fill('2');
      await send.getByRole('button', { name: 'Send the units' }).click();
      await page.getByText('2 units on their way to Main warehouse').waitFor();
      await figureIs('Back room', 'On hand', 3);
      await figureIs('Main warehouse', 'On the way', 2);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `purchasing-stock-places-${width}`, { fullPage: true });

      // The places page lists the transfer in transit; marked received, it arrives.
      await page.goto(`${store.url}/dashboard/locations`);
      const transfer = page.getByTestId('transfers').getByRole('row').filter({ hasText: WRENCH });
      await transfer.getByText('In transit').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `purchasing-places-${width}`, { fullPage: true });
      await transfer.getByRole('button', { name: /^Mark received TR-\d+$/ }).click();
      await page.getByText(/is received at Main warehouse$/).waitFor();
      await page.getByText('No transfers in transit.').waitFor();

      expect(await onHand(wrenchId)).toBeGreaterThan(0);
      await figureIs('Back room', 'On hand', 3);
      await figureIs('Main warehouse', 'On hand', mainBefore + 2);
      await figureIs('Main warehouse', 'On the way', 0);
      expect(await page.getByRole('textbox', { name: 'Bin at Back room' }).inputValue()).toBe('B-07');
    });
  });
}
