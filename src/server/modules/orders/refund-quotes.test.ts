import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSaleMessages, type RefundQuote, returnMessages } from '../../../contract/after-sale';
import type { Order } from '../../../contract/orders';
import type { SettingsAnswer } from '../../../contract/settings';
import { auditLog, refunds } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { createOwnerApp, kitOf, type Member, newCustomer, orderIn } from '../../test/kit';
import { as } from '../../test/store-flow';

/**
 * Before a refund is confirmed, its dialog shows what it gives back, as the server works it out
 * (POST /manage/:id/refunds/quote, GET /manage/returns/:id/refund-quote): the refund's own
 * arithmetic run and rolled back, so the quote is what the refund then gives, and nothing is
 * written. The store charges 7 % tax; standard shipping is free over $100.
 */
let t: TestApp;
let admin: Member;
let customer: Member;

beforeAll(async () => {
  ({ t, admin } = await createOwnerApp());
  customer = await newCustomer(t.app, { name: 'Quinn Quote' });
  // A 10 % restocking fee on returned parts.
  const now = (
    await t.app.inject({ method: 'GET', url: '/api/settings', headers: as(admin) })
  ).json() as SettingsAnswer;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/returns',
    headers: as(admin),
    payload: { value: { windowDays: 30, restockingFeePercent: 10 }, revision: now.sections.returns.revision },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

/**
 * A paid order: 3 brake pads at $45.99 and 2 rotors at $62.50 = $262.97, shipping free, 7 % tax
 * of $262.97 = $18.41; $281.38 in all.
 */
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
    staff: admin,
    lines: [
      { productId: pads.id, quantity: 3 },
      { productId: rotor.id, quantity: 2 },
    ],
  });
  expect(order.amounts).toMatchObject({
    subtotalCents: 26297,
    shippingCents: 0,
    taxCents: 1841,
    totalCents: 28138,
  });
  return { pads, rotor, order };
}

const quote = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/manage/${id}/refunds/quote`, headers: as(admin), payload });

const orderOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/manage/${id}`, headers: as(admin) })).json() as Order;

describe('the quote of a refund', () => {
  it('says what a refund of lines and an amount gives back, writes nothing, and the refund then gives exactly that', async () => {
    const { pads, order } = await paidOrder();
    const auditRows = (await t.database.db.select().from(auditLog)).length;

    const res = await quote(order._id, { lines: [{ productId: pads.id, quantity: 1 }], amountCents: 150 });
    expect(res.statusCode, res.body).toBe(200);
    // One pad: $45.99 and its share of the tax, $18.41 x 45.99 / 262.97 = $3.22; $1.50 more.
    expect(res.json() as RefundQuote).toEqual({
      amountCents: 5071,
      goodsCents: 4599,
      coreCents: 0,
      taxCents: 322,
      shippingCents: 0,
      otherCents: 150,
      lines: [{ productId: pads.id, quantity: 1, amountCents: 4599, taxCents: 322 }],
    });

    // Nothing was written: no refund, no unit counted as refunded, no audit row.
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id))).toEqual([]);
    const untouched = await orderOf(order._id);
    expect(untouched.refundableCents).toBe(28138);
    expect(untouched.lines.map((l) => l.refundedQuantity)).toEqual([0, 0]);
    expect((await t.database.db.select().from(auditLog)).length).toBe(auditRows);

    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${order._id}/refunds`,
      headers: { ...as(admin), 'idempotency-key': randomUUID() },
      payload: {
        lines: [{ productId: pads.id, quantity: 1 }],
        amountCents: 150,
        restock: false,
        reason: 'Wrong size',
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((refunded.json() as Order).refunds).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: 5071, taxCents: 322 }),
    ]);
  });

  it('answers a refund the order cannot take with its reason, and an unknown order with 404', async () => {
    const { pads, order } = await paidOrder();
    const tooMany = await quote(order._id, { lines: [{ productId: pads.id, quantity: 4 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(afterSaleMessages.tooManyToRefund('Brake pad set', 3));
    const tooMuch = await quote(order._id, { amountCents: 28139 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(afterSaleMessages.moreThanPaid('$281.38'));
    const nothing = await quote(order._id, {});
    expect(nothing.statusCode).toBe(400);
    expect((await quote(randomUUID(), { amountCents: 100 })).statusCode).toBe(404);
  });
});

describe('the quote of a return', () => {
  it('says what refunding a received return gives back, less the restocking fee, and the refund gives exactly that', async () => {
    const { rotor, order } = await paidOrder();
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/${order._id}`,
      headers: as(admin),
      payload: { carrier: 'UPS', trackingNumber: '1ZQUOTE' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/returns`,
      headers: as(customer),
      payload: { lines: [{ productId: rotor.id, quantity: 1, reason: 'no_longer_needed' }] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json().id as string;
    const returnQuote = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/manage/returns/${returnId}/refund-quote`,
        headers: as(admin),
      });

    // Not received yet: nothing to refund.
    const early = await returnQuote();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(returnMessages.notReceived);

    for (const step of ['decision', 'received']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/manage/returns/${returnId}/${step}`,
        headers: as(admin),
        payload: step === 'decision' ? { approve: true } : {},
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await returnQuote();
    expect(res.statusCode, res.body).toBe(200);
    // One rotor: $62.50, its tax $18.41 x 62.50 / 262.97 = $4.38, less the 10 % fee of $6.25.
    expect(res.json() as RefundQuote).toEqual({
      amountCents: 6063,
      goodsCents: 6250,
      coreCents: 0,
      taxCents: 438,
      shippingCents: 0,
      otherCents: -625,
      lines: [{ productId: rotor.id, quantity: 1, amountCents: 6250, taxCents: 438 }],
    });
    // Asking changed nothing: the return still waits for its refund.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/manage/returns?status=received',
      headers: as(admin),
    });
    expect((listed.json() as { id: string }[]).map((r) => r.id)).toContain(returnId);

    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/manage/returns/${returnId}/refund`,
      headers: as(admin),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await orderOf(order._id)).refunds).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: 6063, otherCents: -625 }),
    ]);
  });
});
