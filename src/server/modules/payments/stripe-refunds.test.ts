import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import type { PaymentIntentAnswer } from '../../../contract/payments';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import type { TestApp } from '../../test/harness';
import { unpaidOrder } from '../../test/probes';
import { signUp, type TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';

// Refunds through Stripe's refunds API, against the fake Stripe host (the real SDK, over HTTP).
let fake: FakeStripe;
let t: TestApp;
let admin: TestSession;
let alice: TestSession;

beforeAll(async () => {
  fake = await startFakeStripe();
  ({ t, admin } = await createAdminApp({
    stripe: {
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      webhookSecret: 'whsec_test',
      apiUrl: fake.url,
    },
  }));
  alice = await signUp(t.app, { name: 'Alice Refund' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const signer = new Stripe('sk_test_x');
const deliver = (app: FastifyInstance, event: unknown) => {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }),
    },
    payload,
  });
};

/** An order paid through Stripe: the intent opened, the card charged, the customer's report. */
async function paidOrder(): Promise<Order> {
  const { order } = await unpaidOrder(t.app, t.database.db, alice, {
    priceCents: 2475,
    availableQuantity: 40,
    quantity: 4,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: as(alice),
    payload: { orderId: order._id },
  });
  const answer = res.json() as PaymentIntentAnswer;
  const intent = [...fake.intents.values()].find((i) => i.client_secret === answer.clientSecret);
  if (!intent) throw new Error('no intent');
  fake.succeed(intent.id);
  const paid = await t.app.inject({
    method: 'PATCH',
    url: `/api/order/${order._id}`,
    headers: as(alice),
    payload: { orderId: order._id, transactionId: intent.id },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json() as Order;
}

const refund = (id: string, payload: object, key = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/manage/${id}/refunds`,
    headers: { ...as(admin), 'idempotency-key': key },
    payload,
  });

describe('refunds with Stripe', () => {
  it('creates a Stripe refund of the amount with an idempotency key, naming our refund', async () => {
    const order = await paidOrder();
    const res = await refund(order._id, { amountCents: 1500, restock: false, reason: 'Scratched box' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Order;
    expect(after).toMatchObject({ refundedCents: 1500, refundState: 'partial' });
    const [ours] = after.refunds;
    const calls = fake
      .calls('POST', '/v1/refunds')
      .filter((c) => (c.body.metadata as Record<string, string>)?.refundId === ours?.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ payment_intent: order.transactionId, amount: '1500' });
    expect(calls[0]?.headers['idempotency-key']).toBe(`refund-${ours?.id}`);
  });

  it('keeps a refund pending until its webhook says it succeeded, and a redelivery changes nothing', async () => {
    const order = await paidOrder();
    fake.holdRefunds(true);
    try {
      const res = await refund(order._id, {
        amountCents: order.amounts.totalCents,
        restock: false,
        reason: 'Wrong part',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        refundedCents: 0,
        refundableCents: 0,
        refunds: [expect.objectContaining({ status: 'pending' })],
      });
      // While pending, its amount is claimed: nothing more can be refunded.
      expect((await refund(order._id, { amountCents: 1, restock: false, reason: 'More' })).statusCode).toBe(
        409,
      );
      const stripeRefund = [...fake.refunds.values()].find((r) => r.payment_intent === order.transactionId);
      if (!stripeRefund) throw new Error('no Stripe refund');
      const event = fake.settleRefund(stripeRefund.id, 'succeeded');
      expect((await deliver(t.app, event)).statusCode).toBe(200);
      expect((await deliver(t.app, { ...event, id: `${event.id}_again` })).statusCode).toBe(200);
      const view = (
        await t.app.inject({ method: 'GET', url: `/api/manage/${order._id}`, headers: as(admin) })
      ).json() as Order;
      expect(view).toMatchObject({
        status: 'refunded',
        refundedCents: order.amounts.totalCents,
        refunds: [expect.objectContaining({ status: 'succeeded' })],
      });
    } finally {
      fake.holdRefunds(false);
    }
  });

  it('gives the claim back when Stripe says the refund failed', async () => {
    const order = await paidOrder();
    fake.holdRefunds(true);
    try {
      await refund(order._id, { amountCents: 700, restock: false, reason: 'Goodwill' });
      const stripeRefund = [...fake.refunds.values()].find((r) => r.payment_intent === order.transactionId);
      if (!stripeRefund) throw new Error('no Stripe refund');
      expect((await deliver(t.app, fake.settleRefund(stripeRefund.id, 'failed'))).statusCode).toBe(200);
      const view = (
        await t.app.inject({ method: 'GET', url: `/api/manage/${order._id}`, headers: as(admin) })
      ).json() as Order;
      expect(view).toMatchObject({
        refundedCents: 0,
        refundableCents: order.amounts.totalCents,
        refunds: [expect.objectContaining({ status: 'failed', failure: 'expired_or_canceled_card' })],
      });
    } finally {
      fake.holdRefunds(false);
    }
  });
});
