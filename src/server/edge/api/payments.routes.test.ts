import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import type { PaymentIntentAnswer } from '../../../contract/payments';
import { paymentIntents } from '../../kernel/db/schema';
import { openPayment } from '../../modules/payments/payments.service';
import { createTestApp, type TestApp } from '../../test/harness';
import { unpaidOrder as newUnpaidOrder, orderRow, stockOf, UNKNOWN_ID } from '../../test/probes';
import { signUp, type TestSession } from '../../test/sessions';
import { as, payOrder } from '../../test/store-flow';

type Inject = Awaited<ReturnType<TestApp['app']['inject']>>;

let t: TestApp;
let alice: TestSession;
let bob: TestSession;
/** Every log line the app wrote (at info level), to prove no card number reaches the logs. */
const logs: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info', logStream: { write: (line: string) => logs.push(line) } });
  alice = await signUp(t.app, { name: 'Alice Payer' });
  bob = await signUp(t.app, { name: 'Bob Other' });
});
afterAll(() => t.close());

const errorOf = (res: Inject) => (res.json() as { error: { code: string; message: string } }).error;
const intentsOf = (orderId: string) =>
  t.database.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));

/** A new unpaid order of this customer's: 3 x $19.99 = $59.97. */
const unpaidOrder = async (customer: TestSession = alice) =>
  (
    await newUnpaidOrder(t.app, t.database.db, customer, {
      priceCents: 1999,
      availableQuantity: 50,
      quantity: 3,
    })
  ).order;

const createIntent = (customer: TestSession | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: as(customer), payload });

const openIntent = async (customer: TestSession = alice) => {
  const order = await unpaidOrder(customer);
  const res = await createIntent(customer, { orderId: order._id });
  expect(res.statusCode, res.body).toBe(200);
  return { order, clientSecret: (res.json() as PaymentIntentAnswer).clientSecret };
};

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

const confirm = (
  customer: TestSession | undefined,
  clientSecret: string,
  card: Partial<typeof GOOD_CARD> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    headers: as(customer),
    payload: {
      clientSecret,
      ...GOOD_CARD,
      ...card,
      name: customer?.name ?? 'Nobody',
      email: customer?.email ?? 'nobody@example.com',
    },
  });

const markPaid = (customer: TestSession | undefined, id: string, transactionId: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/order/${id}`,
    headers: as(customer),
    payload: { orderId: id, transactionId },
  });

describe('POST /api/create-payment-intent (simulated processor)', () => {
  it("opens a payment for the order's total from the database, ignoring price and quantity in the body", async () => {
    const order = await unpaidOrder();
    const res = await createIntent(alice, { orderId: order._id, price: 0.01, orderQuantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PaymentIntentAnswer;
    expect(answer).toEqual({
      clientSecret: expect.stringMatching(/^sim_pi_\w+_secret_\w+$/),
      provider: 'simulated',
      publishableKey: null,
      // 3 x $19.99, $7.99 standard shipping, 7% tax ($4.20).
      amount: 72.16,
    });
    expect(answer.amount).toBe(order.total);
    const rows = await intentsOf(order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'simulated',
      amountCents: 7216,
      currency: 'usd',
      status: 'open',
    });

    // A reload of the payment page gets the same payment, not a second one.
    const again = await createIntent(alice, { orderId: order._id, price: 1000 });
    expect(again.statusCode).toBe(200);
    expect((again.json() as PaymentIntentAnswer).clientSecret).toBe(answer.clientSecret);
    expect(await intentsOf(order._id)).toHaveLength(1);
  });

  it('opens one intent when the same payment is opened twice at once, and answers both with it', async () => {
    const order = await unpaidOrder();
    const [a, b] = await Promise.all([
      createIntent(alice, { orderId: order._id }),
      createIntent(alice, { orderId: order._id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const secrets = [a, b].map((res) => (res.json() as PaymentIntentAnswer).clientSecret);
    expect(secrets[0]).toBe(secrets[1]);
    const rows = await intentsOf(order._id);
    expect(rows.map((r) => r.clientSecret)).toEqual([secrets[0]]);
    // Directly too, as a checkout sent twice opens its new order's payment (no read between).
    const [c, d] = await Promise.all([
      openPayment(t.database.db, t.app.payments, { id: order._id, totalCents: order.amounts.totalCents }),
      openPayment(t.database.db, t.app.payments, { id: order._id, totalCents: order.amounts.totalCents }),
    ]);
    expect(c.clientSecret).toBe(d.clientSecret);
    expect(c.clientSecret).toBe(secrets[0]);
    expect(await intentsOf(order._id)).toHaveLength(1);
  });

  it("answers 404 for another customer's order and creates nothing", async () => {
    const order = await unpaidOrder(alice);
    const res = await createIntent(bob, { orderId: order._id });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
    expect(await intentsOf(order._id)).toHaveLength(0);
  });

  it.each([
    ['an unknown order', { orderId: UNKNOWN_ID }, 404],
    ['a malformed order id', { orderId: 'nope' }, 404],
    ['no order id', {}, 400],
  ])('answers %s with %i', async (_label, payload, status) => {
    expect((await createIntent(alice, payload)).statusCode).toBe(status);
  });

  it('answers 409 for a paid order', async () => {
    const order = await unpaidOrder();
    await payOrder(t.app, alice, order._id);
    const res = await createIntent(alice, { orderId: order._id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('CONFLICT');
  });

  it('answers 401 to anonymous callers', async () => {
    const order = await unpaidOrder();
    expect((await createIntent(undefined, { orderId: order._id })).statusCode).toBe(401);
    expect(await intentsOf(order._id)).toHaveLength(0);
  });
});

describe('POST /api/payments/simulated/confirm', () => {
  it('charges 4242 4242 4242 4242 and stores only its brand and last four digits', async () => {
    const { order, clientSecret } = await openIntent();
    const res = await confirm(alice, clientSecret);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { status: string; transactionId: string };
    expect(body).toEqual({ status: 'succeeded', transactionId: expect.stringMatching(/^sim_pi_/) });
    const [intent] = await intentsOf(order._id);
    expect(intent).toMatchObject({
      id: body.transactionId,
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
      lastError: null,
    });
    // The processor reports its own success, so the order is paid even if the page never PATCHes.
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      status: 'awaiting_shipment',
      transactionId: body.transactionId,
    });

    // A repeat (double click) is the same payment.
    const again = await confirm(alice, clientSecret);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
  });

  it.each([
    ['the declined card', { cardNumber: '4000 0000 0000 0002' }, 402, 'Your card was declined.'],
    ['insufficient funds', { cardNumber: '4000000000009995' }, 402, 'Your card has insufficient funds.'],
    ['the expired card', { cardNumber: '4000000000000069' }, 402, 'Your card has expired.'],
    [
      'the incorrect CVC card',
      { cardNumber: '4000000000000127' },
      402,
      "Your card's security code is incorrect.",
    ],
    ['a Luhn-invalid number', { cardNumber: '4242 4242 4242 4241' }, 402, 'Your card number is invalid.'],
    ['a too long number', { cardNumber: '4242 4242 4242 4242 4242' }, 400, 'Your card number is invalid.'],
    ['no number', { cardNumber: '' }, 400, 'Enter a card number'],
    ['a past expiry', { expiry: '01/20' }, 402, "Your card's expiration date is in the past."],
    ['a month 13', { expiry: '13/40' }, 400, "Your card's expiration date is incomplete."],
    ['a short CVC', { cvc: '12' }, 400, "Your card's security code is incomplete."],
    ['a CVC with letters', { cvc: '1a3' }, 400, "Your card's security code is incomplete."],
    ['a 4-digit CVC on a visa', { cvc: '1234' }, 402, "Your card's security code is invalid."],
  ])(
    'refuses %s with %i and the card message; the payment stays open',
    async (_label, card, status, message) => {
      const { order, clientSecret } = await openIntent();
      const res = await confirm(alice, clientSecret, card);
      expect(res.statusCode, res.body).toBe(status);
      expect(errorOf(res)).toMatchObject({
        code: status === 402 ? 'PAYMENT_FAILED' : 'VALIDATION_FAILED',
        message,
      });
      const [intent] = await intentsOf(order._id);
      expect(intent).toMatchObject({ status: 'open', cardBrand: null, cardLast4: null });
      expect((await orderRow(t.database.db, order._id))?.status).toBe('unpaid');
    },
  );

  it('lets the customer try another card after a decline', async () => {
    const { order, clientSecret } = await openIntent();
    const declined = await confirm(alice, clientSecret, { cardNumber: '4000000000000002' });
    expect(declined.statusCode).toBe(402);
    expect((await intentsOf(order._id))[0]?.lastError).toBe('card_declined');
    const ok = await confirm(alice, clientSecret);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await intentsOf(order._id))[0]).toMatchObject({ status: 'succeeded', lastError: null });
  });

  it("refuses to charge another customer's payment (404), or an unknown one, or anonymously (401)", async () => {
    const { order, clientSecret } = await openIntent(alice);
    const theirs = await confirm(bob, clientSecret);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).code).toBe('NOT_FOUND');
    expect((await confirm(alice, `${clientSecret}x`)).statusCode).toBe(404);
    expect((await confirm(undefined, clientSecret)).statusCode).toBe(401);
    expect((await intentsOf(order._id))[0]).toMatchObject({ status: 'open', cardLast4: null });
  });

  it('never keeps a full card number anywhere: database rows or logs', async () => {
    const declined = await openIntent();
    await confirm(alice, declined.clientSecret, { cardNumber: '4000 0000 0000 0002' });
    const paid = await openIntent();
    const ok = await confirm(alice, paid.clientSecret);
    await markPaid(alice, paid.order._id, ok.json().transactionId);
    expect(await orderRow(t.database.db, paid.order._id)).toMatchObject({
      cardBrand: 'visa',
      cardLast4: '4242',
    });

    const tables = (await t.database.db.execute(
      sql`select table_schema, table_name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    )) as unknown as { rows: Array<{ table_schema: string; table_name: string }> };
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['orders', 'payment_intents']),
    );
    let everything = '';
    for (const { table_schema, table_name } of tables.rows) {
      const dump = (await t.database.db.execute(
        sql`select coalesce(json_agg(x)::text, '') as rows from ${sql.identifier(table_schema)}.${sql.identifier(table_name)} x`,
      )) as unknown as { rows: Array<{ rows: string }> };
      everything += dump.rows[0]?.rows ?? '';
    }
    expect(everything).toContain('4242'); // the last four are kept
    for (const secret of [
      '4242424242424242',
      '4242 4242 4242 4242',
      '4000000000000002',
      '4000 0000 0000 0002',
    ]) {
      expect(everything).not.toContain(secret);
      expect(logs.join('')).not.toContain(secret);
    }
    expect(logs.length).toBeGreaterThan(0);
  });
});

describe('PATCH /api/order/:id (mark paid)', () => {
  it('refuses with 402 before the card is confirmed, then marks the order paid once it is', async () => {
    const { order, clientSecret } = await openIntent();
    const [intent] = await intentsOf(order._id);
    const transactionId = intent?.id as string;

    const early = await markPaid(alice, order._id, transactionId);
    expect(early.statusCode).toBe(402);
    expect(errorOf(early).code).toBe('PAYMENT_FAILED');
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      status: 'unpaid',
      transactionId: null,
      paidAt: null,
    });

    expect((await confirm(alice, clientSecret)).statusCode).toBe(200);
    const res = await markPaid(alice, order._id, transactionId);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json() as Order;
    expect(paid).toMatchObject({
      _id: order._id,
      status: 'pending',
      paid: true,
      transactionId,
      cardBrand: 'visa',
      cardLast4: '4242',
      expiresAt: null,
      total: order.total,
    });
    const row = await orderRow(t.database.db, order._id);
    expect(row?.paidAt).toBeInstanceOf(Date);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order?userEmail=${encodeURIComponent(alice.email)}`,
        headers: as(alice),
      })
    ).json() as Order[];
    expect(list.find((o) => o._id === order._id)).toMatchObject({ paid: true, status: 'pending' });

    // Reporting it again changes nothing.
    const again = await markPaid(alice, order._id, transactionId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(paid);
    expect((await orderRow(t.database.db, order._id))?.paidAt?.getTime()).toBe(row?.paidAt?.getTime());

    // Paid: it can no longer be deleted nor paid again.
    const product = order.orderId;
    const stock = await stockOf(t.database.db, product);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/order/${order._id}`, headers: as(alice) });
    expect(del.statusCode).toBe(409);
    expect(await stockOf(t.database.db, product)).toBe(stock);
    expect((await createIntent(alice, { orderId: order._id })).statusCode).toBe(409);
    expect((await orderRow(t.database.db, order._id))?.status).toBe('awaiting_shipment');
  });

  it('answers 404 for a made-up transaction id and changes nothing', async () => {
    const { order } = await openIntent();
    for (const transactionId of ['sim_pi_madeup', 'pi_3Nabc', "x' or '1'='1"]) {
      const res = await markPaid(alice, order._id, transactionId);
      expect(res.statusCode).toBe(404);
    }
    expect(await orderRow(t.database.db, order._id)).toMatchObject({ status: 'unpaid', transactionId: null });
  });

  it('a payment for one order cannot mark another order paid', async () => {
    const first = await openIntent();
    const ok = await confirm(alice, first.clientSecret);
    const transactionId = ok.json().transactionId as string;
    const second = await unpaidOrder(alice);
    const res = await markPaid(alice, second._id, transactionId);
    expect(res.statusCode).toBe(404);
    expect(await orderRow(t.database.db, second._id)).toMatchObject({
      status: 'unpaid',
      transactionId: null,
    });
  });

  it("answers 404 for someone else's order, even with its real transaction id", async () => {
    const { order, clientSecret } = await openIntent(alice);
    const ok = await confirm(alice, clientSecret);
    const transactionId = ok.json().transactionId as string;
    const before = await orderRow(t.database.db, order._id);
    const res = await markPaid(bob, order._id, transactionId);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
    expect(await orderRow(t.database.db, order._id)).toEqual(before);
  });

  it('answers 401 to anonymous callers and 400 without a transaction id', async () => {
    const { order } = await openIntent();
    const [intent] = await intentsOf(order._id);
    expect((await markPaid(undefined, order._id, intent?.id ?? '')).statusCode).toBe(401);
    const missing = await markPaid(alice, order._id, '');
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe('transactionId is required');
    expect((await orderRow(t.database.db, order._id))?.status).toBe('unpaid');
  });
});
