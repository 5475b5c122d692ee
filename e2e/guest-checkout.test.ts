import type { ParsedMail } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { GUEST_EMAIL_FORMULA } from '../src/contract/guest';
import { type SmtpCatcher, startSmtpCatcher } from '../src/server/test/smtp-catcher';
import { PASSWORD } from './support/admin-page';
import { seriousViolations, trackRequests } from './support/axe';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

/**
 * A first-time buyer pays without an account (decision 059): brake pads into the cart, "Continue
 * as a guest", an e-mail and an address, the test card; then the order opened from the link in
 * its mail, and found again by its number and e-mail. At 1280 and 390 px.
 */

let smtp: SmtpCatcher;
let store: StoreProcess;
let browser: Browser;
let admin: Page;
const ADMIN = 'guest.desk@torque.example';
const PADS = 'Ceramic Front Brake Pad Set';

const WIDTHS = [1280, 390] as const;
const addressees = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

journeys('a guest checks out with an e-mail, pays, and finds the order again', () => {
  beforeAll(async () => {
    // The guest reads their mail from a real SMTP server: the Mailbox shows staff a guest's order
    // link masked, since the link opens the order (decision 079).
    smtp = await startSmtpCatcher();
    store = await startJourneyStore({
      ADMIN_EMAILS: ADMIN,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Torque Works <shop@torque.example>',
      OUTBOX_POLL_MS: '100',
    });
    browser = await launchBrowser();
    admin = await (await browser.newContext()).newPage();
    const signUp = await admin.request.post(`${store.url}/api/auth/sign-up/email`, {
      headers: { origin: store.url },
      data: { name: 'Guest Desk', email: ADMIN, password: PASSWORD },
    });
    expect(signUp.ok()).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
    await smtp?.stop();
  });

  for (const width of WIDTHS) {
    it(`at ${width} px: brake pads, checkout as a guest, the test card, the mail's link, the lookup`, async () => {
      const email = `guest.${width}@torque.example`;
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchForPageErrors(page);
      trackRequests(page);

      // The brake pads' own page: into the cart, anonymously.
      const found = (await (
        await page.request.get(`${store.url}/api/tool?search=${encodeURIComponent(PADS)}`)
      ).json()) as { _id: string; name: string }[];
      const pads = found.find((t) => t.name === PADS);
      if (!pads) throw new Error('the demo catalog has no brake pads');
      await page.goto(`${store.url}/product/${pads._id}`);
      await page.getByRole('button', { name: `Add to cart: ${PADS}` }).click();
      await page
        .getByRole('status')
        .getByText(/^Added \d+ to your cart/)
        .waitFor();

      // The cart offers a choice: sign in, or go on as a guest.
      await page.goto(`${store.url}/cart`);
      await page.getByRole('link', { name: 'Sign in to check out' }).waitFor();
      await page.getByRole('link', { name: 'Continue as a guest' }).click();
      await page.waitForURL(`${store.url}/checkout/guest`);
      await page.getByRole('heading', { name: 'Checkout as a guest' }).waitFor();
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await summary.getByText(PADS, { exact: false }).waitFor();
      // The demo store's BRAKES10: 10% off brake parts, for a guest as for a customer.
      await page.getByLabel('Discount code').fill('brakes10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('status').getByText('Code BRAKES10 applied: 10% off brake parts.').waitFor();
      await summary.getByText('Discount BRAKES10 (10% off brake parts)').waitFor();

      // An address that a spreadsheet would read as a formula is refused, in words, on the field.
      await page.getByLabel('Email').fill('=1+2@torque.example');
      await page.getByRole('button', { name: 'Place order and pay' }).click();
      await page.getByText(GUEST_EMAIL_FORMULA).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Full name').fill(`Gus Guest ${width}`);
      await page.getByLabel('Address line 1').fill('7 Caliper Court');
      await page.getByLabel('City').fill('Detroit');
      await page.getByLabel('State / province').fill('MI');
      await page.getByLabel('Postal code').fill('48201');
      await page.getByLabel('Country').selectOption('US');
      await page.getByLabel('Phone').fill('+1 313 555 0199');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel(/Expir/).fill('12 / 40');
      await page.getByLabel(/CVC/).fill('123');
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `guest-checkout-${width}`, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      const placed = page.waitForResponse(
        (r) => r.url().endsWith('/api/guest/checkout') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Place order and pay' }).click();
      const answer = (await (await placed).json()) as {
        order: { _id: string; number: string; discount: { code: string | null } | null };
      };
      expect(answer.order.discount?.code).toBe('BRAKES10');
      await page.waitForURL(/\/order-status\?token=/);
      await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
      expect(await page.getByTestId('order-number').textContent()).toBe(answer.order.number);
      await page.getByTestId('order-status').getByText('Paid, being packed').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `guest-order-${width}`, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // The payment mail's link opens the order in a browser that never saw the checkout.
      const link = await vi.waitFor(
        () => {
          const mail = smtp.received.find(
            (m: ParsedMail) =>
              addressees(m).includes(email) &&
              (m.subject ?? '').includes(`payment received for ${answer.order.number}`),
          );
          const found = /(https?:\/\/\S+\/order-status\?token=[^\s"<]+)/.exec(mail?.text ?? '')?.[1];
          if (!found) throw new Error(`no payment mail with a link reached ${email}`);
          return found;
        },
        { timeout: 30_000, interval: 50 },
      );
      const reader = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      const readerErrors = watchForPageErrors(reader);
      // Which calls answered 409, by method and path: the console's line names no address.
      const conflicts: string[] = [];
      reader.on('response', (response) => {
        if (response.status() === 409)
          conflicts.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
      });
      trackRequests(reader);
      await reader.goto(link ?? '');
      await reader.getByRole('heading', { name: `Order ${answer.order.number}` }).waitFor();
      await reader.getByTestId('order-status').getByText('Paid, being packed').waitFor();
      await reader.getByRole('link', { name: 'Download receipt (PDF)' }).waitFor();

      // The store ships it; from the same link the guest sees the parcel and sends a part back.
      const shipped = await admin.request.put(`${store.url}/api/manage/${answer.order._id}`, {
        headers: { origin: store.url },
        data: { carrier: 'UPS', trackingNumber: `1ZGUEST${width}` },
      });
      expect(shipped.status(), await shipped.text()).toBe(200);
      await reader.goto(link ?? '');
      await reader.getByTestId('shipments').getByText(`1ZGUEST${width}`).waitFor();
      await reader.getByRole('button', { name: 'Return parts' }).click();
      const ask = reader.getByRole('dialog', { name: `Return parts of ${answer.order.number}` });
      const padsLine = ask.getByRole('group', { name: new RegExp(`^${PADS}`) });
      await padsLine.getByLabel('Quantity to return').fill('1');
      await padsLine.getByLabel('Reason').selectOption({ label: 'Damaged' });
      expect(await seriousViolations(reader)).toEqual([]);
      await ask.getByRole('button', { name: 'Ask to return' }).click();
      await ask.waitFor({ state: 'hidden' });
      await reader
        .getByTestId('returns')
        .getByText(/^Return requested/)
        .waitFor();
      expect(await scrollsSideways(reader)).toBe(false);
      await screenshot(reader, `guest-order-return-${width}`, { fullPage: true });
      expect(await seriousViolations(reader)).toEqual([]);

      // Found again by number and e-mail, from the login page's link; a wrong e-mail first gets
      // the one answer. The footer links there too.
      await reader.goto(`${store.url}/login`);
      await reader.getByRole('contentinfo').getByRole('link', { name: 'Find your order' }).waitFor();
      expect(await scrollsSideways(reader)).toBe(false);
      await screenshot(reader, `login-find-your-order-${width}`, { fullPage: true });
      await reader.getByRole('main').getByRole('link', { name: 'Find your order' }).click();
      await reader.getByRole('heading', { name: 'Find your order' }).waitFor();
      await reader.getByLabel('Order number').fill(answer.order.number);
      await reader.getByLabel('Email').fill(`someone.else.${width}@torque.example`);
      await reader.getByRole('button', { name: 'Find my order' }).click();
      await reader.getByRole('alert').getByText('We could not find an order with that number').waitFor();
      expect(await scrollsSideways(reader)).toBe(false);
      await screenshot(reader, `guest-lookup-${width}`, { fullPage: true });
      expect(await seriousViolations(reader)).toEqual([]);
      await reader.getByLabel('Email').fill(email);
      await reader.getByRole('button', { name: 'Find my order' }).click();
      await reader.waitForURL(/\/order-status\?token=/);
      await reader.getByRole('heading', { name: `Order ${answer.order.number}` }).waitFor();

      // Signed up afterwards with the same address, the guest adds the order from the mail's link.
      const account = await reader.request.post(`${store.url}/api/auth/sign-up/email`, {
        headers: { origin: store.url },
        data: { name: `Gus Guest ${width}`, email, password: PASSWORD },
      });
      expect(account.ok(), await account.text()).toBe(true);
      await reader.goto(link ?? '');
      await reader.getByRole('button', { name: 'Add this order to my account' }).click();
      // The order is the account's now: its own page opens, and the mail's link asks to sign in.
      await reader.waitForURL(`${store.url}/dashboard/orders/${answer.order._id}`);
      const mine = await reader.request.get(`${store.url}/api/order?userEmail=${encodeURIComponent(email)}`);
      expect(((await mine.json()) as { _id: string }[]).map((o) => o._id)).toEqual([answer.order._id]);
      await reader.goto(link ?? '');
      await reader.getByRole('heading', { name: 'Your order is in an account' }).waitFor();
      await reader.getByRole('link', { name: 'Go to My Orders' }).waitFor();
      expect(await scrollsSideways(reader)).toBe(false);
      await screenshot(reader, `guest-order-in-account-${width}`, { fullPage: true });
      expect(await seriousViolations(reader)).toEqual([]);

      // The cart reminder's unsubscribe page asks first; a link that is not the store's is refused.
      await reader.goto(`${store.url}/unsubscribe?token=someone.forged-signature-${width}`);
      await reader.getByRole('button', { name: 'Stop cart reminders' }).waitFor();
      expect(await scrollsSideways(reader)).toBe(false);
      await screenshot(reader, `unsubscribe-${width}`, { fullPage: true });
      expect(await seriousViolations(reader)).toEqual([]);
      await reader.getByRole('button', { name: 'Stop cart reminders' }).click();
      await reader.getByRole('alert').getByText('This unsubscribe link is not valid').waitFor();

      expect(errors).toEqual([]);
      // The wrong guess's and the forged link's answers are the two 404s the browser logs, and the
      // claimed order's link answers 409 (its order, and its returns if read before the page
      // changed): nothing else.
      expect(readerErrors.filter((e) => !/status of (404|409)/.test(e))).toEqual([]);
      expect(readerErrors.filter((e) => /status of 404/.test(e))).toHaveLength(2);
      expect(conflicts).toContain('GET /api/guest/order');
      expect(conflicts.filter((c) => !/^GET \/api\/guest\/order(\/returns)?$/.test(c))).toEqual([]);
      await context.close();
      await reader.context().close();
    });
  }
});
