import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Return, returnMessages } from '../../contract/after-sale';
import {
  claimMessages,
  GUEST_EMAIL_FORMULA,
  type GuestCheckoutAnswer,
  type GuestCheckoutInput,
  type GuestOrderView,
  guestHoldMessages,
  ORDER_IN_ACCOUNT,
  ORDER_LINK_INVALID,
  ORDER_LOOKUP_FAILED,
} from '../../contract/guest';
import type { Order } from '../../contract/orders';
import type { Quote } from '../../contract/pricing';
import { user } from '../kernel/db/auth-schema';
import { mails, orders } from '../kernel/db/schema';
import { AppError } from '../kernel/errors/errors';
import { orderLimitsOf } from '../kernel/settings';
import { GUEST_LOOKUP_LIMITS, LOOKUP_LIMITED } from '../modules/orders/guest-lookup';
import { shipOrder } from '../modules/orders/shipments';
import { insertProduct } from '../test/fixtures';
import { createTestApp, type TestApp, testConfig } from '../test/harness';
import { pdfText } from '../test/pdf-text';
import { historyOf, ledgerSum, stockOf } from '../test/probes';
import { STRONG_PASSWORD, signUp, uniqueEmail } from '../test/sessions';
import { as, HOME_ADDRESS } from '../test/store-flow';
import { guestCheckout as guestCheckoutFlow } from './guest-checkout';

/**
 * Guest checkout (decision 059): a visitor's lines become an order with the server's prices and
 * stock, paid through the same provider; the order is reached by the mail's signed link and by a
 * lookup whose wrong guesses all get one answer and are limited. Both engines.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress = '10.20.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

async function brakePads(price = 4599, stock = 40) {
  return insertProduct(t.database.db, {
    name: 'Brake pad set',
    priceCents: price,
    availableQuantity: stock,
    minimumOrderQuantity: 1,
  });
}

/** The total the visitor's page shows for these lines (POST /cart/quote), as the checkout sends it. */
async function quoted(lines: { productId: string; quantity: number }[], region = HOME_ADDRESS.region) {
  const res = await post('/api/cart/quote', { lines, shippingMethod: 'standard', region });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Quote).totals.totalCents;
}

/** Each checkout from a network of its own: the limits per network have their own tests. */
let networks = 0;
async function guestCheckout(overrides: Partial<GuestCheckoutInput> & Pick<GuestCheckoutInput, 'lines'>) {
  const expectedTotalCents =
    overrides.expectedTotalCents ??
    (await quoted(overrides.lines as { productId: string; quantity: number }[]));
  networks += 1;
  return post(
    '/api/guest/checkout',
    {
      idempotencyKey: randomUUID(),
      email: uniqueEmail('guest'),
      address: HOME_ADDRESS,
      shippingMethod: 'standard',
      ...overrides,
      expectedTotalCents,
    },
    `10.22.${networks >> 8}.${networks & 255}`,
  );
}

async function placed(overrides: Partial<GuestCheckoutInput> & Pick<GuestCheckoutInput, 'lines'>) {
  const res = await guestCheckout(overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as GuestCheckoutAnswer;
}

const view = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/guest/order?token=${encodeURIComponent(token)}` });

/** The link in the order's mails, as the job runner wrote them (no SMTP: kept in the Mailbox). */
async function mailedLink(orderId: string, subject: string) {
  await t.app.jobs.drain();
  const [mail] = await t.app.db
    .select()
    .from(mails)
    .where(and(eq(mails.orderId, orderId), like(mails.subject, `%${subject}%`)));
  expect(mail, `a mail "${subject}"`).toBeDefined();
  const link = /(https?:\/\/\S+\/order-status\?token=([^\s"<]+))/.exec(mail?.text ?? '');
  expect(link, mail?.text).not.toBeNull();
  return { url: link?.[1] ?? '', token: decodeURIComponent(link?.[2] ?? ''), mail };
}

describe('POST /api/guest/checkout', () => {
  it('places the order with the catalog price and stock whatever the request adds, and no account', async () => {
    const pads = await brakePads(4599, 40);
    const email = uniqueEmail('Guest.Buyer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guest/checkout',
      remoteAddress: '10.20.0.2',
      payload: {
        idempotencyKey: randomUUID(),
        email,
        // A price, a total or a user in the body are not read.
        lines: [{ productId: pads.id, quantity: 2, priceCents: 1 }],
        address: HOME_ADDRESS,
        shippingMethod: 'standard',
        expectedTotalCents: await quoted([{ productId: pads.id, quantity: 2 }]),
        total: 1,
        userId: 'someone',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment, token } = res.json() as GuestCheckoutAnswer;
    expect(order.lines).toEqual([expect.objectContaining({ unitPriceCents: 4599, quantity: 2 })]);
    expect(order.amounts.subtotalCents).toBe(9198);
    expect(order.userEmail).toBe(email.toLowerCase());
    expect(order.userName).toBe(HOME_ADDRESS.fullName);
    expect(order.shippingAddress).toEqual(HOME_ADDRESS);
    expect(payment?.amount).toBe(order.total);
    expect(await stockOf(t.app.db, pads.id)).toBe(38);
    expect(await ledgerSum(t.app.db, pads.id)).toBe(38);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.userId).toBeNull();
    // The browser's key is for a day ('v'); the mail's is the long one.
    expect(token.split('.')[2]).toBe('v');
    expect((await view(token)).statusCode).toBe(200);
  });

  it('refuses a total the page did not see, and more than the stock, reserving nothing', async () => {
    const pads = await brakePads(2500, 3);
    const changed = await guestCheckout({
      lines: [{ productId: pads.id, quantity: 1 }],
      expectedTotalCents: 100,
    });
    expect(changed.statusCode).toBe(409);
    const short = await guestCheckout({
      lines: [{ productId: pads.id, quantity: 4 }],
      expectedTotalCents: 1,
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().error.code).toBe('OUT_OF_STOCK');
    expect(await stockOf(t.app.db, pads.id)).toBe(3);
    const unknown = await guestCheckout({
      lines: [{ productId: 'not-a-product', quantity: 1 }],
      expectedTotalCents: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('the same key and e-mail answer with the first order, sent again or at the same time', async () => {
    const pads = await brakePads(1999, 50);
    const lines = [{ productId: pads.id, quantity: 1 }];
    const body = {
      idempotencyKey: randomUUID(),
      email: uniqueEmail('twice'),
      lines,
      address: HOME_ADDRESS,
      shippingMethod: 'standard',
      expectedTotalCents: await quoted(lines),
    };
    const [a, b] = await Promise.all([post('/api/guest/checkout', body), post('/api/guest/checkout', body)]);
    const again = await post('/api/guest/checkout', body);
    const ids = [a, b, again].map((r) => (r.json() as GuestCheckoutAnswer).order._id);
    expect(new Set(ids).size).toBe(1);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(again.statusCode).toBe(200);
    expect(await stockOf(t.app.db, pads.id)).toBe(49);
  });

  it('refuses an e-mail that starts like a spreadsheet formula, holding nothing', async () => {
    const pads = await brakePads(1000, 10);
    for (const email of ['=cmd@example.com', '+1@example.com', '-x@example.com', '\t=sum@example.com']) {
      const res = await guestCheckout({ lines: [{ productId: pads.id, quantity: 1 }], email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error.issues).toEqual([{ path: 'email', message: GUEST_EMAIL_FORMULA }]);
    }
    for (const email of ['@example.com', 'a@b.com\r\nBcc: c@d.com']) {
      const res = await guestCheckout({ lines: [{ productId: pads.id, quantity: 1 }], email });
      expect(res.statusCode, email).toBe(400);
    }
    expect(await stockOf(t.app.db, pads.id)).toBe(10);
    // The same characters inside the address are an address like any other.
    expect(
      (await guestCheckout({ lines: [{ productId: pads.id, quantity: 1 }], email: 'a=b+c-d@example.com' }))
        .statusCode,
    ).toBe(201);
  });

  it("caps a guest's unpaid orders by e-mail however spelled, and by the address", async () => {
    // The flow, on this file's store with a cap of 2 (a second store would cost a database of its
    // own); e-mails and addresses of its own, so the file's other orders do not count. How a
    // refusal is answered over HTTP (409 and its words) is the tests' above.
    const caps = { ...orderLimitsOf(t.app.settings.current()), maxUnpaidOrders: 2, maxReservedUnits: 1000 };
    const pads = await insertProduct(t.database.db, { priceCents: 1000, minimumOrderQuantity: 1 });
    const lines = [{ productId: pads.id, quantity: 1 }];
    const home = { ...HOME_ADDRESS, line1: '1200 Capped Ave', postalCode: '48201' };
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { lines, region: home.region },
    });
    const stamp = randomUUID().slice(0, 8);
    // Each from its own network: the cap per network has its own tests (guest-holds.test.ts).
    let network = 0;
    const order = (email: string, address = home) =>
      guestCheckoutFlow(
        t.database.db,
        t.app.outbox,
        t.app.payments,
        'a test secret of enough length to sign links',
        {
          idempotencyKey: randomUUID(),
          email,
          lines,
          address,
          shippingMethod: 'standard',
          expectedTotalCents: (quote.json() as Quote).totals.totalCents,
        },
        caps,
        t.app.pricingRules(),
        `10.21.0.${++network}`,
      );
    const refusal = async (placing: Promise<unknown>) =>
      placing.then(
        () => 'placed',
        (e: unknown) => (e instanceof AppError ? `${e.status} ${e.message}` : String(e)),
      );
    await order(`dana.${stamp}@example.com`);
    await order(`dana.${stamp}+2@example.com`, { ...home, line1: '1 Other Capped St' });
    // A third spelling of the mailbox, elsewhere: over the cap, and told so in the guest's words.
    expect(
      await refusal(
        order(`DANA.${stamp}+3@example.com`, { ...home, line1: '9 Far Capped Rd', postalCode: '10001' }),
      ),
    ).toBe(`409 ${guestHoldMessages.orders(2)}`);
    // A new e-mail at the first address is a second order there; a third, however the street
    // is spelled, is over the cap.
    await order(`someone.${stamp}@example.com`);
    const respelled = { ...home, line1: '1200 CAPPED AVE.' };
    expect(await refusal(order(`third.${stamp}@example.com`, respelled))).toMatch(/^409 /);
    // Anyone else orders freely.
    const other = { ...home, line1: '5 Capped Elm St', postalCode: '60601' };
    expect(await refusal(order(`pat.${stamp}@example.com`, other))).toBe('placed');
  });
});

describe("a guest's order: the mail's link and paying", () => {
  it('mails a link that opens the order, pays it with the simulated card, and serves the receipt', async () => {
    const pads = await brakePads(4599, 20);
    const { order } = await placed({ lines: [{ productId: pads.id, quantity: 1 }] });
    const { url, token, mail } = await mailedLink(order._id, 'waiting for payment');
    expect(mail?.toAddress).toBe(order.userEmail);
    // The mail's secret is the link's key: the Mailbox masks it once SMTP accepted the mail.
    expect(mail?.secret).toBe(token);
    expect(new URL(url).pathname).toBe('/order-status');

    const opened = await view(token);
    expect(opened.statusCode, opened.body).toBe(200);
    const seen = opened.json() as GuestOrderView;
    expect(seen.order._id).toBe(order._id);
    expect(seen.claimed).toBe(false);

    const intent = await post('/api/guest/order/payment-intent', { token });
    expect(intent.statusCode, intent.body).toBe(200);
    const declined = await post('/api/guest/order/simulated-confirm', {
      token,
      clientSecret: intent.json().clientSecret,
      cardNumber: '4000 0000 0000 0002',
      expiry: '12/40',
      cvc: '123',
      name: 'Dana Driver',
      email: order.userEmail,
    });
    expect(declined.statusCode).toBe(402);
    const confirm = await post('/api/guest/order/simulated-confirm', {
      token,
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'Dana Driver',
      email: order.userEmail,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const paid = (await view(token)).json() as GuestOrderView;
    expect(paid.order.status).toBe('pending');
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/guest/order/receipt.pdf?token=${encodeURIComponent(token)}`,
    });
    expect(receipt.statusCode).toBe(200);
    expect(pdfText(receipt.rawPayload).join(' ')).toContain(order.number);
    // The payment mail carries the same link.
    expect((await mailedLink(order._id, 'payment received')).token).toBe(token);
  });

  it('a key opens its own order only; altered or for another order it is one 404', async () => {
    const pads = await brakePads(1500, 20);
    const first = await placed({ lines: [{ productId: pads.id, quantity: 1 }] });
    const second = await placed({ lines: [{ productId: pads.id, quantity: 1 }] });
    const [id, expiry, kind, signature] = first.token.split('.') as [string, string, string, string];
    const forged = [
      [second.order._id, expiry, kind, signature].join('.'),
      [id, (Number.parseInt(expiry, 36) + 1000).toString(36), kind, signature].join('.'),
      [id, expiry, 'm', signature].join('.'),
      `${first.token.slice(0, -2)}AA`,
      'x'.repeat(40),
    ];
    for (const token of forged) {
      const res = await view(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error.message).toBe(ORDER_LINK_INVALID);
    }
    // Paying another order with this key's intent is refused too.
    const intent = await post('/api/guest/order/payment-intent', { token: second.token });
    const cross = await post('/api/guest/order/simulated-confirm', {
      token: first.token,
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'A',
      email: 'a@example.com',
    });
    expect(cross.statusCode).toBe(404);
    // A guest's order is no signed-in customer's: the customer routes do not find it.
    const someone = await signUp(t.app);
    const customer = await t.app.inject({
      method: 'GET',
      url: `/api/order/${first.order._id}`,
      headers: as(someone),
    });
    expect(customer.statusCode).toBe(404);
  });

  it('cancels an unpaid order from its link (stock returns); a paid one is a request', async () => {
    const pads = await brakePads(1000, 10);
    const unpaid = await placed({ lines: [{ productId: pads.id, quantity: 3 }] });
    expect(await stockOf(t.app.db, pads.id)).toBe(7);
    const cancelled = await post('/api/guest/order/cancel', { token: unpaid.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as Order).status).toBe('cancelled');
    expect(await stockOf(t.app.db, pads.id)).toBe(10);

    const other = await placed({ lines: [{ productId: pads.id, quantity: 1 }] });
    const intent = await post('/api/guest/order/payment-intent', { token: other.token });
    await post('/api/guest/order/simulated-confirm', {
      token: other.token,
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      name: 'A',
      email: 'a@example.com',
    });
    const asked = await post('/api/guest/order/cancel', { token: other.token, note: 'Ordered twice' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'pending', cancelRequestedAt: expect.any(String) });
  });
});

describe("a guest's return, from the order's link", () => {
  /** A guest's order of 2 brake pads, paid with the test card: its key (the mail's) and product. */
  async function paidGuestOrder() {
    const pads = await brakePads(3000, 10);
    const { order, token } = await placed({ lines: [{ productId: pads.id, quantity: 2 }] });
    const intent = await post('/api/guest/order/payment-intent', { token });
    const paid = await post('/api/guest/order/simulated-confirm', {
      token,
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'Dana Driver',
      email: order.userEmail,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const mailed = await mailedLink(order._id, 'payment received');
    return { order, pads, token: mailed.token };
  }
  const askReturn = (payload: object) => post('/api/guest/order/returns', payload);
  const returnsOf = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/guest/order/returns?token=${encodeURIComponent(token)}` });

  it('sends shipped parts back with the same rules as a customer, and lists the return on the order', async () => {
    const { order, pads, token } = await paidGuestOrder();
    const line = { productId: pads.id, quantity: 1, reason: 'damaged' };
    // Nothing has shipped yet: nothing can come back.
    const early = await askReturn({ token, lines: [line] });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(returnMessages.notShipped);

    const desk = await signUp(t.app);
    const [staff] = await t.app.db.select({ id: user.id }).from(user).where(eq(user.email, desk.email));
    await shipOrder(t.app.db, t.app.outbox, order._id, staff?.id ?? '', {
      carrier: 'UPS',
      trackingNumber: '1ZGUEST',
    });

    const noVehicle = await askReturn({ token, lines: [{ ...line, reason: 'does_not_fit' }] });
    expect(noVehicle.statusCode).toBe(400);
    const asked = await askReturn({ token, lines: [line], note: 'The box was crushed' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      orderId: order._id,
      status: 'requested',
      statusText: 'Return requested',
      lines: [{ productId: pads.id, quantity: 1, reason: 'damaged', outcome: null }],
      note: 'The box was crushed',
    });
    // One unit is left to return, and no more.
    const tooMany = await askReturn({ token, lines: [{ ...line, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(returnMessages.tooMany('Brake pad set', 1));

    const listed = await returnsOf(token);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as Return[]).map((r) => [r.id, r.status])).toEqual([
      [asked.json().id, 'requested'],
    ]);
    expect(await historyOf(t.app.db, order._id)).toContain('return_requested:shipped>shipped');
  });

  it('records a "does not fit" claim by VIN, read by the store, as a customer\'s is', async () => {
    const { order, pads, token } = await paidGuestOrder();
    const desk = await signUp(t.app);
    const [staff] = await t.app.db.select({ id: user.id }).from(user).where(eq(user.email, desk.email));
    await shipOrder(t.app.db, t.app.outbox, order._id, staff?.id ?? '', {
      carrier: 'UPS',
      trackingNumber: '1ZGUESTFIT',
    });
    const asked = await askReturn({
      token,
      lines: [{ productId: pads.id, quantity: 1, reason: 'does_not_fit' }],
      vehicle: { from: 'vin', vin: '5YJSA1DG9DFP14705' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    // A 2013 Tesla Model S; the pads list no vehicle, so the listing made no claim.
    expect(asked.json()).toMatchObject({
      vehicle: { year: 2013, make: 'Tesla', model: 'Model S' },
      fitClaims: [{ productId: pads.id, from: 'vin', vin: '5YJSA1DG9DFP14705', listed: 'no' }],
    });
  });

  it('takes no return, and lists none, without a key that opens the order', async () => {
    const { pads, token } = await paidGuestOrder();
    const forged = `${token.slice(0, -2)}AA`;
    const res = await askReturn({
      token: forged,
      lines: [{ productId: pads.id, quantity: 1, reason: 'damaged' }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(ORDER_LINK_INVALID);
    expect((await returnsOf(forged)).statusCode).toBe(404);
  });
});

describe('finding an order by number and e-mail', () => {
  const lookup = (number: string, email: string, remoteAddress = '10.30.0.1') =>
    post('/api/guest/order/lookup', { number, email }, remoteAddress);

  it('the right pair gives a key to the order; any wrong part gets the one same answer', async () => {
    const pads = await brakePads(1200, 20);
    const email = uniqueEmail('finder');
    const { order } = await placed({ lines: [{ productId: pads.id, quantity: 1 }], email });
    const found = await lookup(order.number, email.toUpperCase(), '10.30.0.2');
    expect(found.statusCode, found.body).toBe(200);
    const opened = await view(found.json().token);
    expect((opened.json() as GuestOrderView).order._id).toBe(order._id);
    // The number without its prefix works too.
    expect((await lookup(order.number.replace('TW-', ''), email, '10.30.0.2')).statusCode).toBe(200);

    const wrongEmail = await lookup(order.number, 'someone@example.com', '10.30.0.3');
    const wrongNumber = await lookup('TW-1', email, '10.30.0.3');
    const neither = await lookup('TW-99999999', 'nobody@example.com', '10.30.0.3');
    for (const res of [wrongEmail, wrongNumber, neither]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: ORDER_LOOKUP_FAILED } });
    }
  });

  it("one guesser's wrong guesses are limited, and then even the right pair waits for that guesser", async () => {
    const pads = await brakePads(1200, 20);
    const email = uniqueEmail('guessed');
    const { order } = await placed({ lines: [{ productId: pads.id, quantity: 1 }], email });
    for (let i = 0; i < GUEST_LOOKUP_LIMITS.wrongPerClient; i++) {
      const res = await lookup(order.number, `guess${i}@example.com`, '10.31.0.1');
      expect(res.statusCode).toBe(404);
    }
    const right = await lookup(order.number, email, '10.31.0.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().error.message).toBe(LOOKUP_LIMITED);
    // Guessing from the same IPv6 /64 is the same guesser.
    for (let i = 0; i < GUEST_LOOKUP_LIMITS.wrongPerClient; i++) {
      expect(
        (await lookup(order.number, `v6guess${i}@example.com`, `2001:db8:31::${i + 1}`)).statusCode,
      ).toBe(404);
    }
    expect((await lookup(order.number, email, '2001:db8:31::ff')).statusCode).toBe(429);
  });

  it("wrong guesses at one order or with one e-mail, from many addresses, never lock out the buyer's right pair", async () => {
    const pads = await brakePads(1200, 20);
    const email = uniqueEmail('locked.out');
    const { order } = await placed({ lines: [{ productId: pads.id, quantity: 1 }], email });
    // Far more wrong guesses than one guesser may make: at the order's number, and with its e-mail.
    for (let i = 0; i < 3 * GUEST_LOOKUP_LIMITS.wrongPerClient; i++) {
      expect((await lookup(order.number, `guess${i}@example.com`, `10.32.${i}.1`)).statusCode).toBe(404);
      expect((await lookup(`TW-${90000 + i}`, email, `10.33.${i}.1`)).statusCode).toBe(404);
    }
    const right = await lookup(order.number, email, '10.34.0.1');
    expect(right.statusCode, right.body).toBe(200);
    expect(((await view(right.json().token)).json() as GuestOrderView).order._id).toBe(order._id);
  });

  it('lookups from one address are limited, right ones too', async () => {
    const pads = await brakePads(1200, 20);
    const email = uniqueEmail('often');
    const { order } = await placed({ lines: [{ productId: pads.id, quantity: 1 }], email });
    const statuses: number[] = [];
    for (let i = 0; i <= GUEST_LOOKUP_LIMITS.lookupsPerAddress; i++) {
      statuses.push((await lookup(order.number, email, '10.35.0.1')).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('claiming guest orders with an account', () => {
  it('an account whose address is not confirmed takes nothing', async () => {
    const pads = await brakePads(1000, 20);
    const email = uniqueEmail('unconfirmed');
    const { order, token } = await placed({ lines: [{ productId: pads.id, quantity: 1 }], email });
    const account = await signUp(t.app, { email });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/order?userEmail=${encodeURIComponent(email)}`,
      headers: as(account),
    });
    expect(mine.json()).toEqual([]);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.userId).toBeNull();
    expect((await view(token)).json()).toMatchObject({ claimed: false });
  });

  it("the order mail's link, opened signed in with the order's e-mail, adds the order to the account", async () => {
    const pads = await brakePads(1000, 20);
    const email = uniqueEmail('linkclaimer');
    const { order, token: visitKey } = await placed({ lines: [{ productId: pads.id, quantity: 1 }], email });
    const { token: mailKey } = await mailedLink(order._id, 'waiting for payment');
    const account = await signUp(t.app, { email });
    const stranger = await signUp(t.app, { email: uniqueEmail('stranger') });
    const claim = (token: string, who: typeof account) =>
      t.app.inject({ method: 'POST', url: '/api/guest/order/claim', headers: as(who), payload: { token } });

    // The checkout's (or a lookup's) key proves less than the mailbox: it claims nothing.
    const byVisit = await claim(visitKey, account);
    expect(byVisit.statusCode).toBe(403);
    expect(byVisit.json().error.message).toBe(claimMessages.mailLinkOnly);
    // Another account, whatever link it holds, takes nothing.
    const byStranger = await claim(mailKey, stranger);
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json().error.message).toBe(claimMessages.otherEmail);
    expect((await view(mailKey)).json()).toMatchObject({ claimed: false });

    const mine = await claim(mailKey, account);
    expect(mine.statusCode, mine.body).toBe(200);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/order?userEmail=${encodeURIComponent(email)}`,
      headers: as(account),
    });
    expect((listed.json() as Order[]).map((o) => o._id)).toEqual([order._id]);
    expect((await claim(mailKey, account)).statusCode).toBe(200);

    // From now on the order is the account's: no key opens, pays or cancels it; each answer says
    // to sign in (the order page shows it), and the account's own order page has it.
    for (const key of [mailKey, visitKey]) {
      const opened = await view(key);
      expect(opened.statusCode).toBe(409);
      expect(opened.json().error).toEqual({ code: 'CONFLICT', message: ORDER_IN_ACCOUNT });
      const cancelled = await post('/api/guest/order/cancel', { token: key });
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().error.message).toBe(ORDER_IN_ACCOUNT);
      expect((await post('/api/guest/order/payment-intent', { token: key })).statusCode).toBe(409);
      const receipt = await t.app.inject({
        method: 'GET',
        url: `/api/guest/order/receipt.pdf?token=${encodeURIComponent(key)}`,
      });
      expect(receipt.statusCode).toBe(409);
    }
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.status).toBe('unpaid');
    const own = await t.app.inject({ method: 'GET', url: `/api/order/${order._id}`, headers: as(account) });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('confirming the address by the mailed link brings the guest orders into My Orders', async () => {
    const confirming = await createTestApp({
      auth: { ...testConfig().auth, requireEmailVerification: true },
    });
    try {
      const db = confirming.database.db;
      const pads = await insertProduct(db, { priceCents: 1000, minimumOrderQuantity: 1 });
      const email = uniqueEmail('claimer');
      const lines = [{ productId: pads.id, quantity: 1 }];
      const quote = await confirming.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        payload: { lines, region: HOME_ADDRESS.region },
      });
      const checkout = (address: string) =>
        confirming.app.inject({
          method: 'POST',
          url: '/api/guest/checkout',
          payload: {
            idempotencyKey: randomUUID(),
            email: address,
            lines,
            address: HOME_ADDRESS,
            shippingMethod: 'standard',
            expectedTotalCents: (quote.json() as Quote).totals.totalCents,
          },
        });
      const mineA = (await checkout(email)).json() as GuestCheckoutAnswer;
      const mineB = (await checkout(email.toUpperCase())).json() as GuestCheckoutAnswer;
      const someoneElses = (await checkout(uniqueEmail('other'))).json() as GuestCheckoutAnswer;

      const signUpRes = await confirming.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, name: 'Claire Claimer', password: STRONG_PASSWORD },
      });
      expect(signUpRes.statusCode).toBe(200);
      await confirming.app.jobs.drain();
      const [mail] = await db
        .select()
        .from(mails)
        .where(and(eq(mails.toAddress, email), like(mails.subject, '%confirm your e-mail%')));
      const link = /https?:\/\/\S+(\/api\/auth\/verify-email\?token=\S+)/.exec(mail?.text ?? '');
      expect(link, mail?.text).not.toBeNull();
      const verified = await confirming.app.inject({ method: 'GET', url: link?.[1] ?? '' });
      expect(verified.statusCode).toBeLessThan(400);
      const cookie = (
        Array.isArray(verified.headers['set-cookie'])
          ? verified.headers['set-cookie']
          : [verified.headers['set-cookie'] ?? '']
      )
        .map((c) => c.split(';')[0])
        .join('; ');
      const mine = await confirming.app.inject({
        method: 'GET',
        url: `/api/order?userEmail=${encodeURIComponent(email)}`,
        headers: { cookie },
      });
      expect(mine.statusCode, mine.body).toBe(200);
      expect((mine.json() as Order[]).map((o) => o._id).sort()).toEqual(
        [mineA.order._id, mineB.order._id].sort(),
      );
      const [other] = await db.select().from(orders).where(eq(orders.id, someoneElses.order._id));
      expect(other?.userId).toBeNull();
      // The key opens the order no more, now claimed: it says to sign in; so does the lookup.
      const claimedView = await confirming.app.inject({
        method: 'GET',
        url: `/api/guest/order?token=${encodeURIComponent(mineA.token)}`,
      });
      expect(claimedView.statusCode).toBe(409);
      expect(claimedView.json().error.message).toBe(ORDER_IN_ACCOUNT);
      const looked = await confirming.app.inject({
        method: 'POST',
        url: '/api/guest/order/lookup',
        payload: { number: mineA.order.number, email },
      });
      expect(looked.statusCode).toBe(409);
    } finally {
      await confirming.close();
    }
  });
});
