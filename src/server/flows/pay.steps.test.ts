import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../kernel/db/database';
import { paymentIntents, refunds } from '../kernel/db/schema';
import { cancelUnpaidOrder } from '../modules/orders';
import type { PaymentProvider, SimulatedProvider } from '../modules/payments';
import { createPaymentIntent, createSimulatedProvider, findOwnIntent } from '../modules/payments';
import { insertProduct } from '../test/fixtures';
import { createTestDatabase, testOutbox } from '../test/harness';
import {
  freeLimits,
  historyOf,
  insertCustomer,
  intentRow,
  orderRow,
  stockFigures,
  storePricing,
} from '../test/probes';
import {
  confirmOrderPayment,
  confirmPaymentSteps,
  confirmSimulatedPayment,
  markOrderPaid,
  paySteps,
  simulatedConfirmSteps,
} from './pay';
import { placeOrder } from './place-order';
import { failingAt } from './steps';

// Paying killed at each of its steps in turn. Before the pivot nothing is written: the order stays
// unpaid with its stock held, and the next report of the same payment pays it once. From the pivot
// on nothing is undone: what a kill leaves (money at the provider, a payment on record without its
// refund) is finished forward by a repeat, once, and no money is taken without a record.
let database: Database;
let simulated: SimulatedProvider;
beforeAll(async () => {
  database = await createTestDatabase();
  simulated = createSimulatedProvider(database.db);
});
afterAll(() => database.close());

const PHONE = '01712345678';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const quiet = { error: () => {} };
const outbox = () => testOutbox(database.db);

/** The simulated processor, counting the refunds it is asked for. */
function countingProvider() {
  const asked: string[] = [];
  const provider: PaymentProvider = {
    ...simulated,
    refund: async (request) => {
      asked.push(request.idempotencyKey);
      return simulated.refund(request);
    },
  };
  return { provider, asked };
}

/**
 * A customer's unpaid order of 2 spark plug sets at $24.99 (stock 10), its card charged by the
 * processor: what the customer's page reports next (PATCH /order/:id).
 */
async function charged() {
  const me = await insertCustomer(database.db, 'Pat Payer');
  const product = await insertProduct(database.db, {
    name: 'Spark plug set',
    priceCents: 2499,
    availableQuantity: 10,
    minimumOrderQuantity: 1,
  });
  const order = await placeOrder(
    database.db,
    outbox(),
    me,
    { productId: product.id, orderQuantity: 2, phone: PHONE },
    freeLimits(),
    storePricing(),
  );
  const opened = await createPaymentIntent(database.db, simulated, me, order._id);
  const intent = await findOwnIntent(database.db, opened.clientSecret, me.id);
  if (!intent) throw new Error('no intent');
  const { snapshot } = await simulated.confirm(intent, CARD);
  return { me, tool: product, order, transactionId: snapshot.id };
}

describe("the customer's report of a payment, killed at each step", () => {
  const steps = confirmPaymentSteps.map((s) => s.name);

  it('reads top to bottom: read, find, ask the provider, then pay (the pivot), the late payment, the answer', () => {
    expect(confirmPaymentSteps.map((s) => [s.name, Boolean(s.compensate), Boolean(s.pivot)])).toEqual([
      ['read the order', false, false],
      ['find the payment', false, false],
      ['ask the card provider', false, false],
      ["check the provider's word", false, false],
      ['pay the order', false, true],
      ['keep the late payment on record', false, false],
      ['refund the late payment', false, false],
      ['read the order back', false, false],
    ]);
    expect(paySteps.map((s) => s.name)).toEqual(steps.slice(3, 7));
  });

  it.each(steps.slice(0, steps.indexOf('pay the order') + 1))(
    'at "%s": the order unpaid, its stock held; the next report pays it once',
    async (step) => {
      const { me, tool, order, transactionId } = await charged();
      const report = (s = confirmPaymentSteps) =>
        confirmOrderPayment(database.db, outbox(), simulated, me, order._id, transactionId, quiet, s);
      await expect(report(failingAt(confirmPaymentSteps, step))).rejects.toThrow(`${step} killed`);
      expect(await orderRow(database.db, order._id)).toMatchObject({
        status: 'unpaid',
        transactionId: null,
        chargeStatus: null,
      });
      expect(await historyOf(database.db, order._id)).toEqual(['place:->unpaid']);
      expect(await stockFigures(database.db, tool.id)).toMatchObject({ reserved: 2, available: 8 });

      const paid = await report();
      expect(paid).toMatchObject({ status: 'pending', transactionId, paid: true });
      expect(paid.amounts.subtotalCents).toBe(4998);
      await report();
      expect(await historyOf(database.db, order._id)).toEqual([
        'place:->unpaid',
        'pay:unpaid>awaiting_shipment',
      ]);
      expect(await orderRow(database.db, order._id)).toMatchObject({ chargeStatus: 'charged' });
      expect(await stockFigures(database.db, tool.id)).toMatchObject({ reserved: 2, available: 8 });
    },
  );

  it.each(steps.slice(steps.indexOf('pay the order') + 1))(
    'at "%s", past the pivot: the order is paid and stays paid; a repeat answers it',
    async (step) => {
      const { me, tool, order, transactionId } = await charged();
      const report = (s = confirmPaymentSteps) =>
        confirmOrderPayment(database.db, outbox(), simulated, me, order._id, transactionId, quiet, s);
      await expect(report(failingAt(confirmPaymentSteps, step))).rejects.toThrow(`${step} killed`);
      expect(await orderRow(database.db, order._id)).toMatchObject({
        status: 'awaiting_shipment',
        transactionId,
        chargeStatus: 'charged',
      });
      expect((await report()).status).toBe('pending');
      expect(await historyOf(database.db, order._id)).toEqual([
        'place:->unpaid',
        'pay:unpaid>awaiting_shipment',
      ]);
      expect(await stockFigures(database.db, tool.id)).toMatchObject({ reserved: 2, available: 8 });
    },
  );
});

describe("test mode's card, killed at each step", () => {
  /** A customer's unpaid order of 2 at $24.99 with its payment opened, the card not yet charged. */
  async function opened() {
    const me = await insertCustomer(database.db, 'Cam Card');
    const product = await insertProduct(database.db, {
      name: 'Wiper blade',
      priceCents: 2499,
      availableQuantity: 10,
      minimumOrderQuantity: 1,
    });
    const order = await placeOrder(
      database.db,
      outbox(),
      me,
      { productId: product.id, orderQuantity: 2, phone: PHONE },
      freeLimits(),
      storePricing(),
    );
    const { clientSecret } = await createPaymentIntent(database.db, simulated, me, order._id);
    const intent = await findOwnIntent(database.db, clientSecret, me.id);
    if (!intent) throw new Error('no intent');
    const card = { clientSecret, cardNumber: CARD.number, expiry: CARD.expiry, cvc: CARD.cvc };
    const pay = (steps = simulatedConfirmSteps) =>
      confirmSimulatedPayment(database.db, outbox(), simulated, me, card, quiet, steps);
    return { me, tool: product, order, intentId: intent.id, pay };
  }

  it('reads top to bottom: find the payment, charge the card (the pivot), then the provider’s word taken', () => {
    expect(simulatedConfirmSteps.map((s) => [s.name, Boolean(s.pivot)])).toEqual([
      ['find the payment', false],
      ['charge the card', true],
      ["check the provider's word", false],
      ['pay the order', true],
      ['keep the late payment on record', false],
      ['refund the late payment', false],
    ]);
  });

  it.each(['find the payment', 'charge the card'])(
    'at "%s": no money taken, the order unpaid; the card charged after pays it once',
    async (step) => {
      const { tool, order, intentId, pay } = await opened();
      await expect(pay(failingAt(simulatedConfirmSteps, step))).rejects.toThrow(`${step} killed`);
      expect(await intentRow(database.db, intentId)).toMatchObject({ status: 'open', cardLast4: null });
      expect(await orderRow(database.db, order._id)).toMatchObject({ status: 'unpaid', chargeStatus: null });
      expect(await pay()).toEqual({ status: 'succeeded', transactionId: intentId });
      expect(await historyOf(database.db, order._id)).toEqual([
        'place:->unpaid',
        'pay:unpaid>awaiting_shipment',
      ]);
      expect(await stockFigures(database.db, tool.id)).toMatchObject({ reserved: 2, available: 8 });
    },
  );

  it('at "pay the order", past the pivot: the money taken is on record, and the customer’s report pays the order once', async () => {
    const { me, tool, order, intentId, pay } = await opened();
    await expect(pay(failingAt(simulatedConfirmSteps, 'pay the order'))).rejects.toThrow(
      'pay the order killed',
    );
    expect(await intentRow(database.db, intentId)).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    expect(await orderRow(database.db, order._id)).toMatchObject({ status: 'unpaid' });
    const paid = await confirmOrderPayment(database.db, outbox(), simulated, me, order._id, intentId, quiet);
    expect(paid).toMatchObject({ status: 'pending', transactionId: intentId });
    // The card is not charged twice: a second confirmation of the same intent changes nothing.
    expect(await pay()).toEqual({ status: 'succeeded', transactionId: intentId });
    expect(await historyOf(database.db, order._id)).toEqual([
      'place:->unpaid',
      'pay:unpaid>awaiting_shipment',
    ]);
    expect(await stockFigures(database.db, tool.id)).toMatchObject({ reserved: 2, available: 8 });
  });
});

/**
 * An order of 5 at $24.99 released before its payment arrived, its 5 units sold to someone else
 * meanwhile, and the provider's word that the payment succeeded (as Stripe's webhook brings it).
 */
async function paidTooLate() {
  const me = await insertCustomer(database.db, 'Lee Late');
  const product = await insertProduct(database.db, {
    name: 'Brake caliper',
    priceCents: 2499,
    availableQuantity: 5,
    minimumOrderQuantity: 1,
  });
  const place = (who: typeof me) =>
    placeOrder(
      database.db,
      outbox(),
      who,
      { productId: product.id, orderQuantity: 5, phone: PHONE },
      freeLimits(),
      storePricing(),
    );
  const order = await place(me);
  await cancelUnpaidOrder(database.db, outbox(), order._id, { userId: me.id, admin: false });
  await place(await insertCustomer(database.db, 'Quinn Quick'));
  const intentId = `sim_pi_late_${order._id.slice(0, 8)}`;
  const amountCents = order.amounts.totalCents;
  await database.db.insert(paymentIntents).values({
    id: intentId,
    orderId: order._id,
    provider: 'simulated',
    amountCents,
    clientSecret: `${intentId}_s`,
  });
  const word = {
    id: intentId,
    status: 'succeeded' as const,
    amountCents,
    currency: 'usd',
    orderId: order._id,
    cardBrand: 'visa',
    cardLast4: '4242',
  };
  return { tool: product, order, word, amountCents };
}

const refundsOf = (orderId: string) =>
  database.db
    .select({ status: refunds.status, amountCents: refunds.amountCents, key: refunds.key })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));

describe('a payment that came too late, killed at each step', () => {
  it.each(paySteps.map((s) => s.name))(
    'at "%s": nothing refunded twice; the redelivered word keeps the payment and refunds it once',
    async (step) => {
      const { tool, order, word, amountCents } = await paidTooLate();
      // 5 at $24.99 with standard shipping and the default tax.
      expect(amountCents).toBe(13370);
      const { provider, asked } = countingProvider();
      const deliver = (steps = paySteps) =>
        markOrderPaid(database.db, outbox(), provider, word, quiet, undefined, steps);
      await expect(deliver(failingAt(paySteps, step))).rejects.toThrow(`${step} killed`);
      expect(asked).toEqual([]);
      expect(await refundsOf(order._id)).toEqual([]);
      expect(await orderRow(database.db, order._id)).toMatchObject({ status: 'cancelled' });
      // The money is on record once the step that keeps it has run; before, only the provider has it
      // (and Stripe delivers its word again until it is answered).
      expect((await intentRow(database.db, word.id))?.status).toBe(
        step === 'refund the late payment' ? 'succeeded' : 'open',
      );
      // The other customer's 5 stay theirs: nothing moved.
      expect(await stockFigures(database.db, tool.id)).toMatchObject({ reserved: 5, available: 0 });

      await expect(deliver()).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(deliver()).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await intentRow(database.db, word.id)).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
      expect(await refundsOf(order._id)).toEqual([
        { status: 'succeeded', amountCents: 13370, key: `late-payment:${word.id}` },
      ]);
      expect(asked).toHaveLength(1);
      // The order was never paid, so it stays released; the refund is on its record.
      expect(await orderRow(database.db, order._id)).toMatchObject({ status: 'cancelled' });
      expect(
        (await historyOf(database.db, order._id)).filter((e) => e.startsWith('late_payment_refund')),
      ).toEqual(['late_payment_refund:cancelled>cancelled']);
      expect(await stockFigures(database.db, tool.id)).toMatchObject({ reserved: 5, available: 0 });
    },
  );
});
