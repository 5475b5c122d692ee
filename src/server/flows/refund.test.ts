import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../contract/orders';
import { refunds } from '../kernel/db/schema';
import type { PaymentProvider } from '../modules/payments';
import { insertProduct } from '../test/fixtures';
import type { TestApp } from '../test/harness';
import { createOwnerApp, kitOf, type Member, newCustomer, orderIn } from '../test/kit';
import { orderRow, stockFigures } from '../test/probes';
import { type RefundOrderContext, refundOrder, refundSteps, retryPendingRefunds } from './refund';
import { failingAt, type Step } from './steps';

// The refund flow killed at each of its steps in turn: nothing is left half done. Before the
// provider is asked, what was claimed is given back; from the provider on, the refund stays
// pending and the recurring job finishes it, once.
let t: TestApp;
let customer: Member;
beforeAll(async () => {
  ({ t } = await createOwnerApp());
  customer = await newCustomer(t.app, { name: 'Sam Steps' });
});
afterAll(() => t.close());

/** A paid order of 3 brake pads at $45.99 and 2 rotors at $62.50; nothing shipped. */
async function paidOrder() {
  const pads = await insertProduct(t.database.db, {
    name: 'Brake pad set',
    priceCents: 4599,
    availableQuantity: 20,
    minimumOrderQuantity: 1,
  });
  const rotor = await insertProduct(t.database.db, {
    name: 'Brake rotor',
    priceCents: 6250,
    availableQuantity: 10,
    minimumOrderQuantity: 1,
  });
  const { order } = await orderIn(kitOf(t.app), 'paid', {
    buyer: customer,
    lines: [
      { productId: pads.id, quantity: 3 },
      { productId: rotor.id, quantity: 2 },
    ],
  });
  return { pads, order };
}

/** The provider as the app has it, counting what it is asked. */
function countingProvider() {
  const asked: string[] = [];
  const provider: PaymentProvider = {
    ...t.app.payments,
    refund: async (request) => {
      asked.push(request.idempotencyKey);
      return t.app.payments.refund(request);
    },
  };
  return { provider, asked };
}

const onePad = (productId: string) => ({
  lines: [{ productId, quantity: 1 }],
  restock: false,
  reason: 'Damaged caliper',
});

const run = (
  provider: PaymentProvider,
  orderId: string,
  productId: string,
  steps: readonly Step<RefundOrderContext>[],
  key = randomUUID(),
) => refundOrder(t.database.db, t.app.outbox, provider, orderId, onePad(productId), key, null, steps);

const refundsOf = (orderId: string) =>
  t.database.db
    .select({ status: refunds.status, amountCents: refunds.amountCents, failure: refunds.failure })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));

/** Makes the order's pending refunds due for the recurring job, and runs it. */
async function jobRound() {
  await t.database.db.update(refunds).set({ updatedAt: sql`now() - interval '10 minutes'` });
  return retryPendingRefunds(t.database.db, t.app.outbox, t.app.payments);
}

describe('the refund flow, killed at each step', () => {
  it('reads top to bottom: claim, ask the card provider, settle, read the order', () => {
    expect(refundSteps.map((s) => s.name)).toEqual([
      'claim the refund',
      'ask the card provider',
      'settle the refund',
      'read the order',
    ]);
    expect(refundSteps.find((s) => s.name === 'claim the refund')?.compensate).toBeDefined();
    expect(refundSteps.find((s) => s.name === 'ask the card provider')?.pivot).toBe(true);
  });

  it('at the claim: nothing claimed, no money, no stock moved, the provider never asked', async () => {
    const { pads, order } = await paidOrder();
    const { provider, asked } = countingProvider();
    await expect(
      run(provider, order._id, pads.id, failingAt(refundSteps, 'claim the refund')),
    ).rejects.toThrow('claim the refund killed');
    expect(asked).toEqual([]);
    expect(await refundsOf(order._id)).toEqual([]);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      refundedCents: 0,
      chargeStatus: 'charged',
    });
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({ onHand: 20, reserved: 3 });
  });

  it('between the claim and the provider: the claim is given back, and the same units can be refunded after', async () => {
    const { pads, order } = await paidOrder();
    const { provider, asked } = countingProvider();
    const [claim, ...rest] = refundSteps;
    if (!claim) throw new Error('no claim step');
    const broken: Step<RefundOrderContext> = {
      name: 'a step that breaks',
      run: async () => {
        throw new Error('broken');
      },
    };
    await expect(run(provider, order._id, pads.id, [claim, broken, ...rest])).rejects.toThrow('broken');
    expect(asked).toEqual([]);
    expect(await refundsOf(order._id)).toEqual([
      { status: 'failed', amountCents: 4921, failure: 'withdrawn' },
    ]);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      refundedCents: 0,
      chargeStatus: 'charged',
    });
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({ onHand: 20, reserved: 3 });
    // The units the claim held are free again: all three pads can still be refunded.
    const all = await refundOrder(
      t.database.db,
      t.app.outbox,
      provider,
      order._id,
      { lines: [{ productId: pads.id, quantity: 3 }], restock: false, reason: 'Wrong part' },
      randomUUID(),
      null,
    );
    expect(all.refunds.map((r) => r.status)).toEqual(['failed', 'succeeded']);
  });

  it('at the provider (the pivot): the claim stays pending, nothing moved, and the job finishes it once', async () => {
    const { pads, order } = await paidOrder();
    const { provider, asked } = countingProvider();
    await expect(
      run(provider, order._id, pads.id, failingAt(refundSteps, 'ask the card provider')),
    ).rejects.toThrow('ask the card provider killed');
    expect(asked).toEqual([]);
    expect(await refundsOf(order._id)).toEqual([{ status: 'pending', amountCents: 4921, failure: null }]);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      refundedCents: 0,
      chargeStatus: 'charged',
    });
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({ onHand: 20, reserved: 3 });

    expect(await jobRound()).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(order._id)).toEqual([{ status: 'succeeded', amountCents: 4921, failure: null }]);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      refundedCents: 4921,
      chargeStatus: 'partially_refunded',
      status: 'awaiting_shipment',
    });
    // The refunded pad never shipped: it left the reservation, once.
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({ onHand: 20, reserved: 2 });
  });

  it('at the settlement: the provider refunded, the job settles it once under the same key', async () => {
    const { pads, order } = await paidOrder();
    const { provider, asked } = countingProvider();
    await expect(
      run(provider, order._id, pads.id, failingAt(refundSteps, 'settle the refund')),
    ).rejects.toThrow('settle the refund killed');
    expect(asked).toHaveLength(1);
    expect(await refundsOf(order._id)).toEqual([{ status: 'pending', amountCents: 4921, failure: null }]);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({ refundedCents: 0 });
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({ onHand: 20, reserved: 3 });

    await jobRound();
    expect(await refundsOf(order._id)).toEqual([{ status: 'succeeded', amountCents: 4921, failure: null }]);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      refundedCents: 4921,
      chargeStatus: 'partially_refunded',
    });
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({ onHand: 20, reserved: 2 });
    // A second round finds nothing left to do.
    expect(await jobRound()).toBe(0);
  });

  it('at the answer: the refund is done and stays done; a repeat of the request answers with it', async () => {
    const { pads, order } = await paidOrder();
    const { provider, asked } = countingProvider();
    const key = randomUUID();
    await expect(
      run(provider, order._id, pads.id, failingAt(refundSteps, 'read the order'), key),
    ).rejects.toThrow('read the order killed');
    expect(await refundsOf(order._id)).toEqual([{ status: 'succeeded', amountCents: 4921, failure: null }]);
    const again: Order = await run(provider, order._id, pads.id, refundSteps, key);
    expect(again.refundedCents).toBe(4921);
    expect(asked).toHaveLength(1);
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({ onHand: 20, reserved: 2 });
  });

  it('all of it: the money machine reads refunded once everything went back, and refuses more', async () => {
    const { pads, order } = await paidOrder();
    const { provider } = countingProvider();
    const all = await refundOrder(
      t.database.db,
      t.app.outbox,
      provider,
      order._id,
      { amountCents: order.amounts.totalCents, restock: false, reason: 'Everything back' },
      randomUUID(),
      null,
    );
    expect(all.status).toBe('refunded');
    expect(await orderRow(t.database.db, order._id)).toMatchObject({ chargeStatus: 'refunded' });
    await expect(run(provider, order._id, pads.id, refundSteps)).rejects.toMatchObject({ status: 409 });
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({ onHand: 20, reserved: 0 });
  });
});
