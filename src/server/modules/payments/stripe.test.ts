import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import type { PaymentIntentAnswer } from '../../../contract/payments';
import { buildApp } from '../../app';
import type { StripeConfig } from '../../kernel/config/config';
import { orders, paymentIntents, processedWebhookEvents, products } from '../../kernel/db/schema';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { intentRow, unpaidOrder as newUnpaidOrder, orderRow, stockOf } from '../../test/probes';
import { signUp, type TestSession } from '../../test/sessions';
import { as } from '../../test/store-flow';
import { expireUnpaidOrders } from '../orders/expiry';

let fake: FakeStripe;
let t: TestApp;
let alice: TestSession;
let bob: TestSession;

const stripeConfig = (): StripeConfig => ({
  secretKey: 'sk_test_x',
  publishableKey: 'pk_test_x',
  webhookSecret: 'whsec_test',
  apiUrl: fake.url,
});

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ stripe: stripeConfig() });
  alice = await signUp(t.app, { name: 'Alice Stripe' });
  bob = await signUp(t.app, { name: 'Bob Other' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Only for its webhook signing helper: it never talks to the network. */
const signer = new Stripe('sk_test_x');

const deliver = (app: FastifyInstance, event: unknown, secret = 'whsec_test') => {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
};

const snapshot = async () => ({
  orders: (await t.database.db.select().from(orders)).sort((a, b) => a.id.localeCompare(b.id)),
  intents: (await t.database.db.select().from(paymentIntents)).sort((a, b) => a.id.localeCompare(b.id)),
  stock: (await t.database.db.select().from(products)).sort((a, b) => a.id.localeCompare(b.id)),
});

/** A new unpaid order of 4 x $24.75 = $99.00, plus $7.99 standard shipping and $6.93 tax: $113.92. */
const unpaidOrder = async (customer: TestSession = alice) =>
  (
    await newUnpaidOrder(t.app, t.database.db, customer, {
      priceCents: 2475,
      availableQuantity: 40,
      quantity: 4,
    })
  ).order;

const createIntent = (customer: TestSession, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: as(customer), payload });

/** An unpaid order with its Stripe PaymentIntent opened; `intentId` is the pi_ id. */
const openIntent = async (customer: TestSession = alice) => {
  const order = await unpaidOrder(customer);
  const res = await createIntent(customer, { orderId: order._id });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as PaymentIntentAnswer;
  const intent = [...fake.intents.values()].find((i) => i.client_secret === answer.clientSecret);
  if (!intent) throw new Error('the fake Stripe never saw this intent');
  return { order, answer, intentId: intent.id };
};

const markPaid = (customer: TestSession, id: string, transactionId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/order/${id}`,
    headers: as(customer),
    payload: { orderId: id, transactionId },
  });

const createCallsFor = (orderId: string) =>
  fake.calls('POST', '/v1/payment_intents').filter((r) => {
    const metadata = r.body.metadata as Record<string, string> | undefined;
    return metadata?.orderId === orderId;
  });

describe('POST /api/create-payment-intent with Stripe', () => {
  it('creates a PaymentIntent for the order total in cents, in usd, tagged with the order, with an idempotency key', async () => {
    const order = await unpaidOrder();
    const res = await createIntent(alice, { orderId: order._id, price: 0.01, orderQuantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PaymentIntentAnswer;
    expect(answer).toEqual({
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      provider: 'stripe',
      publishableKey: 'pk_test_x',
      amount: 113.92,
    });

    const [call, ...more] = createCallsFor(order._id);
    expect(more).toHaveLength(0);
    expect(call?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call?.headers.authorization).toBe('Bearer sk_test_x');
    expect(call?.body).toMatchObject({
      amount: '11392',
      currency: 'usd',
      metadata: { orderId: order._id },
      automatic_payment_methods: { enabled: 'true' },
    });
    const key = call?.headers['idempotency-key'];
    expect(key).toEqual(expect.stringContaining(order._id));
    const intent = fake.intents.get(
      (await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, order._id)))[0]
        ?.id ?? '',
    );
    expect(intent?.client_secret).toBe(answer.clientSecret);
    expect(intent?.amount).toBe(Math.round(order.total * 100));

    // A reload re-uses the intent: no second PaymentIntent at Stripe.
    const again = await createIntent(alice, { orderId: order._id });
    expect((again.json() as PaymentIntentAnswer).clientSecret).toBe(answer.clientSecret);
    expect(createCallsFor(order._id)).toHaveLength(1);

    // Even if our record were lost, the idempotency key makes Stripe answer with the same intent.
    await t.database.db.delete(paymentIntents).where(eq(paymentIntents.orderId, order._id));
    const retried = await createIntent(alice, { orderId: order._id });
    expect((retried.json() as PaymentIntentAnswer).clientSecret).toBe(answer.clientSecret);
    const calls = createCallsFor(order._id);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['idempotency-key']).toBe(key);
    expect(fake.intents.size).toBe(
      new Set(fake.calls('POST', '/v1/payment_intents').map((r) => r.headers['idempotency-key'])).size,
    );
  });

  it("answers 404 for another customer's order without calling Stripe", async () => {
    const order = await unpaidOrder(alice);
    const res = await createIntent(bob, { orderId: order._id });
    expect(res.statusCode).toBe(404);
    expect(createCallsFor(order._id)).toHaveLength(0);
  });

  it('has no simulated card endpoint when Stripe takes the payments', async () => {
    const { answer } = await openIntent();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      headers: as(alice),
      payload: {
        clientSecret: answer.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
        name: 'A',
        email: alice.email,
      },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PATCH /api/order/:id with Stripe', () => {
  it('refuses (402) until Stripe says the intent succeeded, then marks the order paid with the pi_ id', async () => {
    const { order, intentId } = await openIntent();

    const early = await markPaid(alice, order._id, intentId);
    expect(early.statusCode).toBe(402);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      status: 'unpaid',
      transactionId: null,
      paidAt: null,
    });

    fake.fail(intentId);
    expect((await markPaid(alice, order._id, intentId)).statusCode).toBe(402);
    expect((await orderRow(t.database.db, order._id))?.status).toBe('unpaid');

    fake.succeed(intentId);
    const res = await markPaid(alice, order._id, intentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: order._id,
      status: 'pending',
      paid: true,
      transactionId: intentId,
      cardBrand: 'visa',
      cardLast4: '4242',
    } satisfies Partial<Order>);
    // The server asked Stripe itself, with the charge expanded for the card's brand and last four.
    const lookups = fake.calls('GET', `/v1/payment_intents/${intentId}`);
    expect(lookups.length).toBeGreaterThanOrEqual(3);
    expect(lookups.at(-1)?.query.expand).toEqual(['latest_charge']);

    const paidAt = (await orderRow(t.database.db, order._id))?.paidAt?.getTime();
    const again = await markPaid(alice, order._id, intentId);
    expect(again.statusCode).toBe(200);
    expect((await orderRow(t.database.db, order._id))?.paidAt?.getTime()).toBe(paidAt);
  });

  it('does not believe a transaction id Stripe does not know for this order', async () => {
    const { order } = await openIntent();
    const other = await openIntent();
    fake.succeed(other.intentId);
    expect((await markPaid(alice, order._id, other.intentId)).statusCode).toBe(404);
    expect((await markPaid(alice, order._id, 'pi_made_up')).statusCode).toBe(404);
    expect((await orderRow(t.database.db, order._id))?.status).toBe('unpaid');
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('answers a redelivered event 200 from its record and changes nothing, even where handling it again would', async () => {
    const { intentId } = await openIntent();
    const declined = fake.event('payment_intent.payment_failed', intentId, {
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' },
    });
    expect((await deliver(t.app, declined)).statusCode).toBe(200);
    expect((await intentRow(t.database.db, intentId))?.lastError).toBe('card_declined');
    // The customer has since tried again (the note is gone); the old event comes back from Stripe.
    await t.database.db
      .update(paymentIntents)
      .set({ lastError: null })
      .where(eq(paymentIntents.id, intentId));
    const again = await deliver(t.app, declined);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true });
    expect((await intentRow(t.database.db, intentId))?.lastError).toBeNull();
  });

  it('marks the order paid on payment_intent.succeeded without the customer, once, whatever comes after', async () => {
    const { order, intentId } = await openIntent();
    fake.succeed(intentId);
    const event = fake.event('payment_intent.succeeded', intentId);

    const res = await deliver(t.app, event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const paid = await orderRow(t.database.db, order._id);
    expect(paid).toMatchObject({ status: 'awaiting_shipment', transactionId: intentId });
    expect(paid?.paidAt).toBeInstanceOf(Date);
    expect((await intentRow(t.database.db, intentId))?.status).toBe('succeeded');

    // Stripe delivers at least once: the same event again changes nothing.
    const redelivered = await deliver(t.app, event);
    expect(redelivered.statusCode).toBe(200);
    expect(await orderRow(t.database.db, order._id)).toEqual(paid);

    // A failure reported late (events arrive out of order) does not undo the payment.
    const failed = await deliver(
      t.app,
      fake.event('payment_intent.payment_failed', intentId, {
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' },
      }),
    );
    expect(failed.statusCode).toBe(200);
    expect(await orderRow(t.database.db, order._id)).toEqual(paid);
    expect((await intentRow(t.database.db, intentId))?.status).toBe('succeeded');

    // The customer's own report afterwards is a no-op too.
    const patched = await markPaid(alice, order._id, intentId);
    expect(patched.statusCode).toBe(200);
    expect(await orderRow(t.database.db, order._id)).toEqual(paid);
  });

  it("keeps the card's brand and last four when the webhook follows the customer's report", async () => {
    const { order, intentId } = await openIntent();
    fake.succeed(intentId);
    expect((await markPaid(alice, order._id, intentId)).statusCode).toBe(200);
    const paid = await orderRow(t.database.db, order._id);
    const intent = await intentRow(t.database.db, intentId);
    expect(intent).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });

    // Stripe's event carries latest_charge as an id, not the card: it must not erase what we know.
    const res = await deliver(t.app, fake.event('payment_intent.succeeded', intentId));
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t.database.db, order._id)).toEqual(paid);
    expect(await intentRow(t.database.db, intentId)).toMatchObject({
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
  });

  it('notes a payment failure on an open intent, leaving the order payable', async () => {
    const { order, intentId } = await openIntent();
    fake.fail(intentId, 'insufficient_funds');
    const res = await deliver(t.app, fake.event('payment_intent.payment_failed', intentId));
    expect(res.statusCode).toBe(200);
    expect(await intentRow(t.database.db, intentId)).toMatchObject({
      status: 'open',
      lastError: 'insufficient_funds',
    });
    expect((await orderRow(t.database.db, order._id))?.status).toBe('unpaid');
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { order, intentId } = await openIntent();
    fake.succeed(intentId);
    const event = fake.event('payment_intent.succeeded', intentId);
    const before = await snapshot();

    const wrongSecret = await deliver(t.app, event, 'whsec_wrong');
    expect(wrongSecret.statusCode).toBe(400);

    const payload = JSON.stringify(event);
    const signedOther = signer.webhooks.generateTestHeaderString({
      payload: JSON.stringify({ ...event, id: 'evt_other' }),
      secret: 'whsec_test',
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signedOther },
      payload,
    });
    expect(tampered.statusCode).toBe(400);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);

    expect(await snapshot()).toEqual(before);
    expect((await orderRow(t.database.db, order._id))?.status).toBe('unpaid');
  });

  it('does not mark the order paid when the amount differs from the order total (and stops Stripe retrying)', async () => {
    const { order, intentId } = await openIntent();
    fake.succeed(intentId);
    const event = fake.event('payment_intent.succeeded', intentId, { amount: 100 });
    const res = await deliver(t.app, event);
    // 200: the event can never succeed, so a retry would only repeat the refusal for days.
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      status: 'unpaid',
      transactionId: null,
      paidAt: null,
    });
    expect((await intentRow(t.database.db, intentId))?.status).toBe('open');
  });

  it('answers 200 to an event about an intent that is not ours and changes nothing', async () => {
    // Another app on the same Stripe account created this one.
    const outsider = new Stripe('sk_test_x', {
      host: '127.0.0.1',
      port: Number(new URL(fake.url).port),
      protocol: 'http',
    });
    const intent = await outsider.paymentIntents.create({
      amount: 9900,
      currency: 'usd',
      metadata: { orderId: randomUUID() },
    });
    fake.succeed(intent.id);
    const before = await snapshot();
    const res = await deliver(t.app, fake.event('payment_intent.succeeded', intent.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('is processed once when delivered to two app instances on the same database', async () => {
    const second = await buildApp(testConfig({ stripe: stripeConfig() }), t.database);
    await second.ready();
    try {
      // Concurrent deliveries to both instances, for an order released meanwhile: were it handled
      // more than once, its stock would be taken again more than once.
      const racing = await openIntent();
      const productId = racing.order.orderId;
      const stock = await stockOf(t.database.db, productId);
      await t.database.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, racing.order._id));
      expect(await expireUnpaidOrders(t.database.db, t.app.outbox)).toBe(1);
      expect(await stockOf(t.database.db, productId)).toBe((stock ?? 0) + racing.order.orderQuantity);
      fake.succeed(racing.intentId);
      const raceEvent = fake.event('payment_intent.succeeded', racing.intentId);
      const answers = await Promise.all([
        deliver(t.app, raceEvent),
        deliver(second, raceEvent),
        deliver(second, raceEvent),
        deliver(t.app, raceEvent),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await orderRow(t.database.db, racing.order._id)).toMatchObject({
        status: 'awaiting_shipment',
        transactionId: racing.intentId,
      });
      expect(await stockOf(t.database.db, productId)).toBe(stock);
      const recorded = await t.database.db
        .select()
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.id, raceEvent.id));
      expect(recorded).toHaveLength(1);

      // One after the other: the second instance changes nothing the first did.
      const { order, intentId } = await openIntent();
      fake.succeed(intentId);
      const event = fake.event('payment_intent.succeeded', intentId);
      expect((await deliver(t.app, event)).statusCode).toBe(200);
      const paid = await orderRow(t.database.db, order._id);
      expect(paid?.status).toBe('awaiting_shipment');
      expect((await deliver(second, event)).statusCode).toBe(200);
      expect(await orderRow(t.database.db, order._id)).toEqual(paid);
    } finally {
      await second.close();
    }
  });

  it('revives an order released while the customer was paying, taking its stock again', async () => {
    const { order, intentId } = await openIntent();
    const productId = order.orderId;
    const stock = await stockOf(t.database.db, productId);
    // The hold passes before Stripe reports the payment (only this order's: the others keep theirs).
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order._id));
    expect(await expireUnpaidOrders(t.database.db, t.app.outbox)).toBe(1);
    expect((await orderRow(t.database.db, order._id))?.status).toBe('expired');
    expect(await stockOf(t.database.db, productId)).toBe((stock ?? 0) + order.orderQuantity);

    fake.succeed(intentId);
    const res = await deliver(t.app, fake.event('payment_intent.succeeded', intentId));
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      status: 'awaiting_shipment',
      transactionId: intentId,
      cancelledAt: null,
    });
    expect(await stockOf(t.database.db, productId)).toBe(stock);
  });
});
