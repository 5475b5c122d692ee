import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';

const PASSWORD = 'Spanner#42';
let store: StoreProcess;
let browser: Browser;
let page: Page;
let errors: string[];

const availableOnPage = async () =>
  Number(
    (await page.locator('dt:has-text("Available Quantity") + dd').first().textContent())?.replaceAll(
      ',',
      '',
    ) ?? 'NaN',
  );

journeys('ordering, paying and reviewing as a customer', () => {
  beforeAll(async () => {
    store = await startJourneyStore();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = watchForPageErrors(page);
    await page.goto(`${store.url}/signup`);
    await page.getByLabel('Name').fill('Casey Customer');
    await page.getByLabel('Email').fill('casey@torque.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByTestId('display-name').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  it('orders a tool through the modal with the spec messages and reserves its stock', async () => {
    await page.goto(store.url);
    const card = page.locator('[data-testid="tool-grid"] article').nth(1);
    await card.waitFor();
    await card.getByRole('link', { name: 'Order Now' }).click();
    await page.waitForURL(/\/purchase\//);
    await page.getByRole('button', { name: 'Order Now' }).click();
    const form = page.getByRole('form', { name: 'Order' });
    expect(await form.getByLabel('Name').inputValue()).toBe('Casey Customer');
    expect(await form.getByLabel('Email').inputValue()).toBe('casey@torque.example');
    expect(await form.getByLabel('Email').getAttribute('readonly')).not.toBeNull();

    const before = await availableOnPage();
    const min = Number((await form.getByLabel(/Quantity/).inputValue()) || 'NaN');
    await form.getByRole('button', { name: 'Place Order' }).click();
    await form.getByText('Phone number is Required').waitFor();
    await form.getByLabel('Phone').fill('0171234');
    await form.getByLabel(/Quantity/).fill('');
    await form.getByRole('button', { name: 'Place Order' }).click();
    await form
      .getByText('Phone number must be 11 digits containing number (0-9). it starts with 01')
      .waitFor();
    await form.getByText('How many product you want?').waitFor();
    if (min > 1) {
      await form.getByLabel(/Quantity/).fill(String(min - 1));
      await form.getByRole('button', { name: 'Place Order' }).click();
      await form.getByText(`Minimum order quantity must be ${min} or up.`).waitFor();
    }
    await form.getByLabel(/Quantity/).fill(String(before + 1));
    await form.getByRole('button', { name: 'Place Order' }).click();
    await form.getByText(`Maximum order quantity must be ${before} or below.`).waitFor();

    await form.getByLabel('Phone').fill('01712345678');
    await form.getByLabel(/Quantity/).fill(String(min + 1));
    // The total is the server's for this quantity: subtotal, standard shipping and tax, in cents.
    const productId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const quote = (await (
      await page.request.post(`${store.url}/api/cart/quote`, {
        headers: { origin: store.url },
        data: { lines: [{ productId, quantity: min + 1 }], shippingMethod: 'standard' },
      })
    ).json()) as { totals: { totalCents: number } };
    const dollars = (quote.totals.totalCents / 100).toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
    });
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="summary-total"]')?.textContent === expected,
      dollars,
    );
    await form.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Order added successsfully!').waitFor();
    // A placed order goes straight to its payment page, which asks for its exact total.
    await page.waitForURL(/\/dashboard\/payment\//);
    await page.getByRole('button', { name: `Pay $${(quote.totals.totalCents / 100).toFixed(2)}` }).waitFor();
    await page.goBack();
    await page.waitForFunction(
      (expected) => document.querySelector('dt + dd')?.textContent?.replaceAll(',', '') === String(expected),
      before - (min + 1),
    );
  });

  it('lists the order as unpaid, deletes another unpaid order after confirmation', async () => {
    // A second order to delete.
    await page.goto(store.url);
    const card = page.locator('[data-testid="tool-grid"] article').nth(4);
    await card.getByRole('link', { name: 'Order Now' }).click();
    await page.getByRole('button', { name: 'Order Now' }).click();
    const productName = (await page.locator('main h1').textContent()) ?? '';
    const form = page.getByRole('form', { name: 'Order' });
    await form.getByLabel('Phone').fill('01712345678');
    await form.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Order added successsfully!').first().waitFor();

    await page.goto(`${store.url}/dashboard/myOrders`);
    const rows = page.getByTestId('my-orders').locator('tbody tr');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    const row = rows.filter({ hasText: productName });
    expect(await row.getByText('Waiting for payment', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: /Delete the order/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await rows.count()).toBe(2);
    await row.getByRole('button', { name: /Delete the order/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete order' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="my-orders"] tbody tr').length === 1,
    );
  });

  it('pays by card in test mode once the order has an address: a decline shows in red, then success shows the transaction and marks it paid', async () => {
    await page.goto(`${store.url}/dashboard/myOrders`);
    await page.getByRole('link', { name: 'Pay' }).click();
    await page.waitForURL(/\/dashboard\/payment\//);
    await page.getByText('Test mode: no real card is charged.').waitFor();
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    // A new customer has no saved address: the page pays only for what it can ship.
    await page.getByText('Give the shipping address above to pay.').waitFor();
    expect(await pay.isDisabled()).toBe(true);
    const where = page.getByRole('form', { name: 'Shipping address' });
    await where.getByLabel('Full name').fill('Casey Customer');
    await where.getByLabel('Address line 1').fill('1200 Woodward Ave');
    await where.getByLabel('City').fill('Detroit');
    await where.getByLabel('State / province').fill('MI');
    await where.getByLabel('Postal code').fill('48226');
    await where.getByLabel('Phone').fill('+1 313 555 0142');
    await where.getByRole('button', { name: 'Ship to this address' }).click();
    await page.getByTestId('payment-address').getByText('1200 Woodward Ave').waitFor();
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Pay $'));
      return button && !button.hasAttribute('disabled');
    });

    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/40');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    const alert = page.locator('p.text-error[role="alert"]');
    await alert.getByText('Your card was declined.').waitFor();

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await page.getByText('Payment Sent!').waitFor();
    const transactionId = (await page.getByTestId('transaction-id').textContent()) ?? '';
    expect(transactionId).toMatch(/^sim_pi_/);
    await page.getByText('Congrats! Your payment is completed').first().waitFor();
    await page.waitForURL(`${store.url}/dashboard/myOrders`);
    const row = page.getByTestId('my-orders').locator('tbody tr').first();
    await row.getByText('Paid', { exact: true }).waitFor();
    expect(await row.textContent()).toContain(transactionId);
    expect(await row.getByText('Paid, being packed', { exact: true }).count()).toBe(1);
    expect(await row.getByRole('button', { name: /Delete/ }).count()).toBe(0);
  });

  it('posts a review that then shows on /reviews', async () => {
    await page.goto(`${store.url}/dashboard/addReview`);
    const form = page.getByRole('form', { name: 'Add a review' });
    await form.getByRole('button', { name: 'Post review' }).click();
    await form.getByText('Please write something about our service.').waitFor();
    await form.getByText('rating must be (1 - 5).').waitFor();
    await form.getByLabel('Your review').fill('Fast delivery and the wrench was calibrated out of the box.');
    await form.getByRole('button', { name: 'Post review' }).click();
    await form.getByText('rating must be (1 - 5).').waitFor();
    // The rating is stars, chosen from the keyboard: the first star, then the arrow keys.
    await form.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await form.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('Comment is posted!!').waitFor();
    // Casey paid for an order: the review is shown at once, marked as a verified purchase.
    await page.goto(`${store.url}/reviews`);
    const card = page.locator('figure', {
      hasText: 'Fast delivery and the wrench was calibrated out of the box.',
    });
    await card.getByText('by Casey Customer').waitFor();
    await card.getByText('Verified purchase').waitFor();
    // The declined card's 402 is the one failed request this journey expects.
    expect(errors.filter((e) => !e.includes('status of 402'))).toEqual([]);
  });
});
