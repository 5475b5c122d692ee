import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LOCKED, afterSaleMessages, trackingMessages } from '../../../contract/after-sale';
import { DiscountInput } from '../../../contract/discounts';
import type { Order } from '../../../contract/orders';
import { refundOrder, retryPendingRefunds } from '../../flows/refund';
import { mails, refunds } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { createOwnerApp, kitOf, type Member, newCustomer, orderIn } from '../../test/kit';
import { pdfText } from '../../test/pdf-text';
import { historyOf, stockFigures } from '../../test/probes';
import { as, HOME_ADDRESS, payOrder } from '../../test/store-flow';
import { createDiscount } from '../discounts/discounts.service';
import type { PaymentProvider } from '../payments/payment-provider';
import { NO_ADDRESS_TO_SHIP } from './shipments';

// Shipments, refunds and cancelling paid orders through the API, on the real database.
let t: TestApp;
let admin: Member;
let customer: Member;

beforeAll(async () => {
  ({ t, admin } = await createOwnerApp());
  customer = await newCustomer(t.app, { name: 'Riley Returns' });
});
afterAll(() => t.close());

/** A paid two-line order: 3 brake pads at $45.99 and 2 rotors at $62.50, standard shipping to Michigan. */
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
  return { pads, rotor, order };
}

const ship = (id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/manage/${id}/shipments`, headers: as(admin), payload });

const refund = (id: string, payload: object, key = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/manage/${id}/refunds`,
    headers: { ...as(admin), 'idempotency-key': key },
    payload,
  });

const subjectsTo = async (address: string) =>
  (
    await t.database.db.select({ subject: mails.subject }).from(mails).where(eq(mails.toAddress, address))
  ).map((m) => m.subject);

const orderOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: as(customer) })).json() as Order;

describe('shipments', () => {
  it('ships some lines, reads partially shipped, then ships the rest; each parcel a sale with its own tracking', async () => {
    const { pads, rotor, order } = await paidOrder();
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({
      onHand: 20,
      reserved: 3,
      available: 17,
    });

    const first = await ship(order._id, {
      lines: [{ productId: pads.id, quantity: 2 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'partially_shipped', statusText: 'Partially shipped' });
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({
      onHand: 18,
      reserved: 1,
      available: 17,
    });

    // More than is left to ship is refused and changes nothing.
    const tooMany = await ship(order._id, {
      lines: [{ productId: pads.id, quantity: 2 }],
      carrier: 'UPS',
      trackingNumber: '1Z2',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(afterSaleMessages.tooManyToShip('Brake pad set', 1));

    // The rest: without lines, every unit left.
    const rest = await ship(order._id, { carrier: 'USPS', trackingNumber: '9400 1000 0000' });
    expect(rest.statusCode, rest.body).toBe(201);
    const shipped = rest.json() as Order;
    expect(shipped.status).toBe('shipped');
    expect(shipped.shipments.map((s) => [s.carrier, s.lines])).toEqual([
      ['UPS', [{ productId: pads.id, quantity: 2 }]],
      [
        'USPS',
        [
          { productId: pads.id, quantity: 1 },
          { productId: rotor.id, quantity: 2 },
        ],
      ],
    ]);
    expect(shipped.lines.map((l) => l.shippedQuantity)).toEqual([3, 2]);
    expect(await stockFigures(t.database.db, rotor.id)).toMatchObject({
      onHand: 8,
      reserved: 0,
      available: 8,
    });
    expect(await historyOf(t.database.db, order._id)).toEqual([
      'place:->unpaid',
      'pay:unpaid>awaiting_shipment',
      'ship:awaiting_shipment>partially_shipped',
      'ship:partially_shipped>shipped',
    ]);
    const again = await ship(order._id, { carrier: 'UPS', trackingNumber: '1Z3' });
    expect(again.statusCode).toBe(409);
  });

  it('a parcel names its carrier and tracking number, or says it has none', async () => {
    const { pads, order } = await paidOrder();
    const empty = await ship(order._id, {
      lines: [{ productId: pads.id, quantity: 1 }],
      carrier: '',
      trackingNumber: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues).toEqual([
      { path: 'carrier', message: trackingMessages.carrier },
      { path: 'trackingNumber', message: trackingMessages.trackingNumber },
    ]);
    expect((await stockFigures(t.database.db, pads.id)).onHand).toBe(20);
    const untracked = await ship(order._id, {
      lines: [{ productId: pads.id, quantity: 1 }],
      noTracking: true,
    });
    expect(untracked.statusCode, untracked.body).toBe(201);
    expect((untracked.json() as Order).shipments).toEqual([
      expect.objectContaining({
        carrier: null,
        trackingNumber: null,
        lines: [{ productId: pads.id, quantity: 1 }],
      }),
    ]);
  });
});

describe('refunds', () => {
  it('refunds a line with its share of tax, then the rest exactly, and never twice', async () => {
    const { pads, rotor, order } = await paidOrder();
    const { subtotalCents, taxCents, shippingCents, totalCents } = order.amounts;
    const one = await refund(order._id, {
      lines: [{ productId: pads.id, quantity: 1 }],
      restock: false,
      reason: 'Damaged caliper',
    });
    expect(one.statusCode, one.body).toBe(200);
    const afterOne = one.json() as Order;
    // 3 x $45.99 + 2 x $62.50 = $262.97 at 7 %: $18.41 tax (18.4079), none on shipping.
    expect({ subtotalCents, taxCents }).toEqual({ subtotalCents: 26297, taxCents: 1841 });
    // One pad's share: 1841 x 4599 / 26297 = 321.97 -> 322 cents.
    const padTax = 322;
    expect(afterOne.refunds).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        goodsCents: 4599,
        taxCents: padTax,
        amountCents: 4599 + padTax,
        lines: [{ productId: pads.id, quantity: 1, amountCents: 4599, taxCents: padTax }],
      }),
    ]);
    expect(afterOne).toMatchObject({
      status: 'pending',
      refundState: 'partial',
      statusText: 'Paid, being packed, partly refunded ($49.21)',
      refundedCents: 4599 + padTax,
      refundableCents: totalCents - 4599 - padTax,
    });
    // Each refund has its credit note; the receipt lists it.
    const note = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order._id}/refunds/${afterOne.refunds[0]?.id}/credit-note.pdf`,
      headers: as(customer),
    });
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    const noteText = pdfText(note.rawPayload).join('\n');
    expect(noteText).toContain(`Credit note CN-${order.number.slice(3)}-1`);
    expect(noteText).toContain('Reason: Damaged caliper');
    expect(noteText).toContain(`Total refunded: $${((4599 + padTax) / 100).toFixed(2)}`);
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order._id}/receipt.pdf`,
      headers: as(customer),
    });
    const receiptText = pdfText(receipt.rawPayload);
    expect(receiptText).toContain('Paid less refunds');
    // The receipt says the status in words, with what went back.
    expect(receiptText).toContain('Status: Paid, being packed, partly refunded ($49.21)');
    // Its state in words, not the stored word.
    const noteHead = noteText.split('\n').find((l) => l.startsWith(`For order ${order.number}`)) ?? '';
    expect(noteHead.endsWith('Refunded')).toBe(true);
    // The refunded pad never shipped: it leaves the reservation, back to what buyers can order.
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({
      onHand: 20,
      reserved: 2,
      available: 18,
    });

    // The rest: every other unit and the shipping, to the cent what was paid.
    const rest = await refund(order._id, {
      lines: [
        { productId: pads.id, quantity: 2 },
        { productId: rotor.id, quantity: 2 },
      ],
      shippingCents,
      restock: true,
      reason: 'Customer changed their mind',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const refunded = rest.json() as Order;
    expect(refunded).toMatchObject({
      status: 'refunded',
      refundState: 'full',
      refundedCents: totalCents,
      refundableCents: 0,
    });
    expect(refunded.refunds.reduce((sum, r) => sum + r.taxCents, 0)).toBe(taxCents);
    expect(await stockFigures(t.database.db, rotor.id)).toMatchObject({
      onHand: 10,
      reserved: 0,
      available: 10,
    });

    const more = await refund(order._id, { amountCents: 1, restock: false, reason: 'One more cent' });
    expect(more.statusCode).toBe(409);
    const line = await refund(order._id, {
      lines: [{ productId: pads.id, quantity: 1 }],
      restock: false,
      reason: 'Again',
    });
    expect(line.statusCode).toBe(409);
  });

  it('answers a repeat with the same key with the same refund', async () => {
    const { order } = await paidOrder();
    const key = randomUUID();
    const payload = { amountCents: 500, restock: false, reason: 'Goodwill' };
    const [a, b] = await Promise.all([refund(order._id, payload, key), refund(order._id, payload, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = await orderOf(order._id);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedCents).toBe(500);

    // The same key with another amount or other lines is another refund: refused, nothing paid.
    for (const other of [
      { ...payload, amountCents: 900 },
      { ...payload, shippingCents: 100 },
    ]) {
      const reused = await refund(order._id, other, key);
      expect(reused.statusCode, JSON.stringify(other)).toBe(409);
    }
    expect((await orderOf(order._id)).refundedCents).toBe(500);
  });

  it('lets one of two refunds of the last refundable amount win, at once', async () => {
    const { order } = await paidOrder();
    const all = order.amounts.totalCents;
    const [a, b] = await Promise.all([
      refund(order._id, { amountCents: all, restock: false, reason: 'Refund A' }),
      refund(order._id, { amountCents: all, restock: false, reason: 'Refund B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.message).toBe(afterSaleMessages.moreThanPaid('$0.00'));
    const after = await orderOf(order._id);
    expect(after.refunds).toHaveLength(1);
    expect(after).toMatchObject({ refundedCents: all, status: 'refunded' });
  });

  it('refuses more shipping than was charged, an unknown line and an unpaid order', async () => {
    const { order } = await paidOrder();
    const shipping = await refund(order._id, {
      shippingCents: order.amounts.shippingCents + 1,
      restock: false,
      reason: 'x',
    });
    expect(shipping.statusCode).toBe(409);
    const unknown = await refund(order._id, {
      lines: [{ productId: randomUUID(), quantity: 1 }],
      restock: false,
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${order._id}/refunds`,
      headers: as(admin),
      payload: { amountCents: 1, restock: false, reason: 'x' },
    });
    expect(noKey.statusCode).toBe(400);
    expect((await orderOf(order._id)).refunds).toEqual([]);
  });
});

describe('a refund the provider could not be asked for', () => {
  it('stays pending, is asked for again by the recurring job under its key, and settles once', async () => {
    const { order } = await paidOrder();
    let asked = 0;
    const unreachable: PaymentProvider = {
      ...t.app.payments,
      refund: async () => {
        asked += 1;
        throw new Error('connect ECONNREFUSED');
      },
    };
    await expect(
      refundOrder(
        t.database.db,
        t.app.outbox,
        unreachable,
        order._id,
        { amountCents: 700, restock: false, reason: 'Scratched' },
        randomUUID(),
        null,
      ),
    ).rejects.toThrow('ECONNREFUSED');
    expect(asked).toBe(1);
    expect((await orderOf(order._id)).refunds).toMatchObject([{ status: 'pending', amountCents: 700 }]);

    // Not yet due: a refund just claimed is left to its own request.
    expect(await retryPendingRefunds(t.database.db, t.app.outbox, t.app.payments)).toBe(0);
    await t.database.db
      .update(refunds)
      .set({ updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(refunds.orderId, order._id));
    expect(await retryPendingRefunds(t.database.db, t.app.outbox, t.app.payments)).toBe(1);
    const after = await orderOf(order._id);
    expect(after.refunds).toMatchObject([{ status: 'succeeded', amountCents: 700 }]);
    expect(after.refundedCents).toBe(700);
    // Settled: nothing left to ask for.
    await t.database.db
      .update(refunds)
      .set({ updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(refunds.orderId, order._id));
    expect(await retryPendingRefunds(t.database.db, t.app.outbox, t.app.payments)).toBe(0);
  });
});

describe('cancelling a paid order', () => {
  it('refunds everything, releases the reservation and tells the customer why', async () => {
    const { pads, order } = await paidOrder();
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/cancel-request`,
      headers: as(customer),
      payload: { reason: 'Ordered the wrong size' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().cancelRequestedAt).toEqual(expect.any(String));
    // The admins hear of it.
    await t.app.jobs.drain();
    expect(await subjectsTo(admin.email)).toContain(
      `TorqueWorks: a customer asks to cancel order ${order.number}`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${order._id}/cancel`,
      headers: as(admin),
      payload: { reason: 'Cancelled at your request' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Cancelled at your request',
      refundedCents: order.amounts.totalCents,
      refunds: [expect.objectContaining({ status: 'succeeded', amountCents: order.amounts.totalCents })],
    });
    expect(await stockFigures(t.database.db, pads.id)).toMatchObject({
      onHand: 20,
      reserved: 0,
      available: 20,
    });
    // Still in My Orders: a paid order that was cancelled is not gone.
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order?userEmail=${encodeURIComponent(customer.email)}`,
        headers: as(customer),
      })
    ).json() as Order[];
    expect(list.find((o) => o._id === order._id)?.statusText).toBe('Cancelled');
  });

  it('refuses to cancel an order part of which has shipped', async () => {
    const { pads, order } = await paidOrder();
    await ship(order._id, {
      lines: [{ productId: pads.id, quantity: 1 }],
      carrier: 'UPS',
      trackingNumber: '1Z4',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${order._id}/cancel`,
      headers: as(admin),
      payload: { reason: 'No' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(afterSaleMessages.cancelShipped);
  });
});

describe('an order placed with the order modal', () => {
  const giveAddress = (id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/order/${id}/address`, headers: as(customer), payload });

  it('takes its address before payment, with the tax of its state, and is paid for that total', async () => {
    const product = await insertProduct(t.database.db, {
      priceCents: 10_000,
      availableQuantity: 5,
      minimumOrderQuantity: 1,
    });
    const { order: placed } = await orderIn(kitOf(t.app), 'placed', {
      buyer: customer,
      address: null,
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(placed.shippingAddress).toBeNull();
    const res = await giveAddress(placed._id, { address: HOME_ADDRESS });
    expect(res.statusCode, res.body).toBe(200);
    const withAddress = res.json() as Order;
    expect(withAddress.shippingAddress).toMatchObject({ city: 'Detroit', region: 'MI' });
    expect(withAddress.amounts.totalCents).toBe(
      withAddress.amounts.subtotalCents + withAddress.amounts.shippingCents + withAddress.amounts.taxCents,
    );
    const paid = await payOrder(t.app, customer, placed._id);
    expect(paid).toMatchObject({
      awaitingAddress: false,
      statusText: 'Paid, being packed',
      total: withAddress.total,
    });
    expect((await giveAddress(placed._id, { address: HOME_ADDRESS })).json().error.message).toBe(
      ADDRESS_LOCKED,
    );
  });

  it("paid without one, cannot be shipped, by the spec's Ship button or as a parcel, until it has one", async () => {
    const product = await insertProduct(t.database.db, {
      priceCents: 2_000,
      availableQuantity: 5,
      minimumOrderQuantity: 1,
    });
    const { order: placed } = await orderIn(kitOf(t.app), 'paid', {
      buyer: customer,
      address: null,
      lines: [{ productId: product.id, quantity: 1 }],
    });
    const specShip = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/${placed._id}`,
      headers: as(admin),
    });
    expect(specShip.statusCode, specShip.body).toBe(409);
    expect(specShip.json().error.message).toBe(NO_ADDRESS_TO_SHIP);
    const parcel = await ship(placed._id, {
      lines: [{ productId: product.id, quantity: 1 }],
      carrier: 'UPS',
      trackingNumber: '1Z9',
    });
    expect(parcel.statusCode, parcel.body).toBe(409);
    expect(parcel.json().error.message).toBe(NO_ADDRESS_TO_SHIP);
    expect((await stockFigures(t.database.db, product.id)).onHand).toBe(5);

    expect((await giveAddress(placed._id, { address: HOME_ADDRESS })).statusCode).toBe(200);
    const shipped = await ship(placed._id, { carrier: 'UPS', trackingNumber: '1Z10' });
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(shipped.json()).toMatchObject({ status: 'shipped' });
  });

  it('paid without one, waits for its address and says so; the address book fills it, the total stays', async () => {
    const product = await insertProduct(t.database.db, {
      priceCents: 2_000,
      availableQuantity: 5,
      minimumOrderQuantity: 1,
    });
    const { order: paid } = await orderIn(kitOf(t.app), 'paid', {
      buyer: customer,
      address: null,
      lines: [{ productId: product.id, quantity: 1 }],
    });
    const placed = paid;
    expect(paid).toMatchObject({
      awaitingAddress: true,
      statusText: 'Paid, waiting for your shipping address',
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: as(customer),
      payload: HOME_ADDRESS,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const res = await giveAddress(placed._id, { addressId: saved.json().id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ awaitingAddress: false, total: paid.total, amounts: paid.amounts });
  });
});

describe('returns', () => {
  it('a customer returns a shipped rotor that does not fit; approved, received back on the shelf, refunded with its tax', async () => {
    const { rotor, pads, order } = await paidOrder();
    expect((await ship(order._id, { carrier: 'UPS', trackingNumber: '1Z5' })).statusCode).toBe(201);
    const vehicle = { year: 2016, make: 'Honda', model: 'Civic' };
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/returns`,
      headers: as(customer),
      payload: { lines: [{ productId: rotor.id, quantity: 1, reason: 'does_not_fit' }], vehicle },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json();
    expect(ret).toMatchObject({
      status: 'requested',
      vehicle,
      lines: [{ productId: rotor.id, quantity: 1, reason: 'does_not_fit', outcome: null }],
    });
    // Only shipped units, never more than were shipped.
    const tooMany = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/returns`,
      headers: as(customer),
      payload: { lines: [{ productId: rotor.id, quantity: 2, reason: 'no_longer_needed' }] },
    });
    expect(tooMany.statusCode).toBe(409);

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/manage/returns?status=requested',
      headers: as(admin),
    });
    expect((listed.json() as { id: string }[]).some((r) => r.id === ret.id)).toBe(true);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/manage/returns/${ret.id}/decision`,
      headers: as(admin),
      payload: { approve: true, note: 'Send it back in its box' },
    });
    expect(approve.json()).toMatchObject({ status: 'approved', adminNote: 'Send it back in its box' });
    const before = await stockFigures(t.database.db, rotor.id);
    const received = await t.app.inject({
      method: 'POST',
      url: `/api/manage/returns/${ret.id}/received`,
      headers: as(admin),
      payload: { lines: [{ productId: rotor.id, outcome: 'restock' }] },
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(await stockFigures(t.database.db, rotor.id)).toMatchObject({
      onHand: (before.onHand ?? 0) + 1,
      available: (before.available ?? 0) + 1,
    });
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/manage/returns/${ret.id}/refund`,
      headers: as(admin),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().status).toBe('refunded');
    const after = await orderOf(order._id);
    expect(order.amounts).toMatchObject({ subtotalCents: 26297, taxCents: 1841 });
    expect(after.refunds).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        goodsCents: 6250,
        // 1841 x 6250 / 26297 = 437.55 -> 438 cents of the order's $18.41 tax.
        taxCents: 438,
      }),
    ]);
    expect(after.lines.find((l) => l.productId === rotor.id)).toMatchObject({
      returnedQuantity: 1,
      refundedQuantity: 1,
    });
    expect(after.lines.find((l) => l.productId === pads.id)).toMatchObject({ returnedQuantity: 0 });
    expect(await historyOf(t.database.db, order._id)).toEqual(
      expect.arrayContaining([
        'return_requested:shipped>shipped',
        'return_approved:shipped>shipped',
        'return_received:shipped>shipped',
      ]),
    );
  });

  it('refuses a part that does not fit without the vehicle, and parts that never shipped', async () => {
    const { rotor, order } = await paidOrder();
    const noVehicle = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/returns`,
      headers: as(customer),
      payload: { lines: [{ productId: rotor.id, quantity: 1, reason: 'does_not_fit' }] },
    });
    expect(noVehicle.statusCode).toBe(400);
    const unshipped = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/returns`,
      headers: as(customer),
      payload: { lines: [{ productId: rotor.id, quantity: 1, reason: 'damaged' }] },
    });
    expect(unshipped.statusCode).toBe(409);
  });
});

describe('a refused return', () => {
  it("mails the customer the admin's reason", async () => {
    const { pads, order } = await paidOrder();
    expect((await ship(order._id, { carrier: 'UPS', trackingNumber: '1Z6' })).statusCode).toBe(201);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/returns`,
      headers: as(customer),
      payload: { lines: [{ productId: pads.id, quantity: 1, reason: 'no_longer_needed' }] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await t.app.jobs.drain();
    expect(await subjectsTo(admin.email)).toContain(
      `TorqueWorks: a customer asks to return parts of order ${order.number}`,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/manage/returns/${asked.json().id}/decision`,
      headers: as(admin),
      payload: { approve: false, note: 'Pads that were fitted cannot come back' },
    });
    expect(refused.json()).toMatchObject({ status: 'refused' });
    await t.app.jobs.drain();
    const kept = await t.database.db
      .select({ subject: mails.subject, text: mails.text })
      .from(mails)
      .where(eq(mails.toAddress, customer.email));
    const mail = kept.find((m) => m.subject.includes(`about your return request (${order.number})`));
    expect(mail?.text).toContain('Our reason: Pads that were fitted cannot come back');
  });
});

describe("the owner's numbers", () => {
  it('counts gross sales, discounts, returns and net sales as the books do, and exports the orders as CSV', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/manage/reports?from=${today}&to=${today}`,
          headers: as(admin),
        })
      ).json();
    const before = await read();
    const code = `NUM${randomUUID().slice(0, 6).toUpperCase()}`;
    await createDiscount(
      t.database.db,
      DiscountInput.parse({ code, name: '10% off', kind: 'percent', value: 1000, appliesTo: 'order' }),
    );
    const alternator = await insertProduct(t.database.db, {
      name: 'Alternator',
      priceCents: 6000,
      coreChargeCents: 2500,
      availableQuantity: 5,
      minimumOrderQuantity: 1,
    });
    const { order: coded } = await orderIn(kitOf(t.app), 'paid', {
      buyer: customer,
      lines: [{ productId: alternator.id, quantity: 1 }],
      discountCode: code,
    });
    // $60.00 of goods and a $25.00 core, $6.00 off, standard shipping $7.99; the store's 7 % of
    // $79.00 (goods and core less the discount) = $5.53.
    expect(coded.amounts).toMatchObject({
      subtotalCents: 8500,
      coreChargeCents: 2500,
      discountCents: 600,
      shippingCents: 799,
      taxCents: 553,
      totalCents: 9252,
    });
    const { pads, order } = await paidOrder();
    const refunded = await refund(order._id, {
      lines: [{ productId: pads.id, quantity: 1 }],
      restock: false,
      reason: 'Report',
    });
    expect(refunded.statusCode).toBe(200);
    const [r] = (refunded.json() as Order).refunds;
    expect(r).toMatchObject({ amountCents: 4921, taxCents: 322 });
    const after = await read();
    // Gross sales are goods at list price before discounts, no tax, shipping or cores: $60.00 +
    // $262.97 = $322.97 (not the $86.99 + $262.97 the orders charged less their tax). Returns are
    // the pad's $45.99 of goods given back; net sales = $322.97 - $6.00 - $45.99 = $270.98.
    expect(after.orders - before.orders).toBe(2);
    expect(after.grossSalesCents - before.grossSalesCents).toBe(32297);
    expect(after.discountsCents - before.discountsCents).toBe(600);
    expect(after.returnsCents - before.returnsCents).toBe(4599);
    expect(after.netSalesCents - before.netSalesCents).toBe(27098);
    // Tax: $5.53 + $18.41 charged, $3.22 given back; shipping: $7.99, the other order's free.
    expect(after.taxCollectedCents - before.taxCollectedCents).toBe(2072);
    expect(after.shippingCollectedCents - before.shippingCollectedCents).toBe(799);
    expect(after.netSalesCents).toBe(after.grossSalesCents - after.discountsCents - after.returnsCents);
    expect(after.unitsByProduct.find((u: { productId: string }) => u.productId === pads.id)).toMatchObject({
      unitsSold: 3,
      unitsRefunded: 1,
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/manage/reports/orders.csv?from=${today}&to=${today}`,
      headers: as(admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'order_number,paid_at,status,customer_email,product_id,product,quantity,unit_price,line_total,shipped_quantity,refunded_quantity,returned_quantity,order_subtotal,order_discount,order_shipping,order_tax,order_total,order_refunded',
    );
    const padLine = lines.find((l) => l.startsWith(`${order.number},`) && l.includes(pads.id));
    expect(padLine).toContain(',Brake pad set,3,45.99,137.97,0,1,0,');
    // The order's columns add up: 262.97 - 0.00 + 0.00 + 18.41 = 281.38; 49.21 refunded.
    expect(padLine?.split(',').slice(-6)).toEqual(['262.97', '0.00', '0.00', '18.41', '281.38', '49.21']);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/manage/reports?from=${today}&to=2000-01-01`,
      headers: as(admin),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('refunds of a discounted order', () => {
  /** 3 brake pads (brakes, 10% off with the code) and 2 rotors (no category), paid with the code. */
  async function paidWithCode() {
    const code = `PADS${randomUUID().slice(0, 6).toUpperCase()}`;
    await createDiscount(
      t.database.db,
      DiscountInput.parse({
        code,
        name: '10% off brake parts',
        kind: 'percent',
        value: 1000,
        appliesTo: 'categories',
        categorySlugs: ['brakes'],
      }),
    );
    const pads = await insertProduct(t.database.db, {
      name: 'Brake pad set',
      priceCents: 4599,
      minimumOrderQuantity: 1,
      categorySlug: 'brakes',
    });
    const rotor = await insertProduct(t.database.db, {
      name: 'Brake rotor',
      priceCents: 6250,
      minimumOrderQuantity: 1,
    });
    const { order } = await orderIn(kitOf(t.app), 'paid', {
      buyer: customer,
      discountCode: code,
      lines: [
        { productId: pads.id, quantity: 3 },
        { productId: rotor.id, quantity: 2 },
      ],
    });
    return { pads, rotor, order };
  }

  it('takes back exactly what the lines sold for after the discount, with the tax on that, and all of it in the end', async () => {
    const { pads, rotor, order } = await paidWithCode();
    // 10% of 3 x $45.99 = $13.797 -> $13.80, all on the pads: they sold for $124.17, $41.39 each.
    expect(order.amounts.discountCents).toBe(1380);
    expect(order.lines.map((l) => l.discountCents)).toEqual([1380, 0]);
    const { subtotalCents, discountCents, taxCents, totalCents } = order.amounts;
    // $262.97 - $13.80 = $249.17 of goods at 7 %: $17.44 tax (17.4419).
    expect({ subtotalCents, taxCents }).toEqual({ subtotalCents: 26297, taxCents: 1744 });

    const one = await refund(order._id, {
      lines: [{ productId: pads.id, quantity: 1 }],
      restock: false,
      reason: 'Damaged',
    });
    expect(one.statusCode, one.body).toBe(200);
    // One pad sold for $41.39: 1744 x 4139 / 24917 = 289.70 -> 290 cents of tax.
    const padTax = 290;
    expect((one.json() as Order).refunds[0]).toMatchObject({
      goodsCents: 4139,
      taxCents: padTax,
      amountCents: 4139 + padTax,
      lines: [{ productId: pads.id, quantity: 1, amountCents: 4139, taxCents: padTax }],
    });

    // The rest, lines and shipping: every cent paid goes back, no more.
    const rest = await refund(order._id, {
      lines: [
        { productId: pads.id, quantity: 2 },
        { productId: rotor.id, quantity: 2 },
      ],
      shippingCents: order.amounts.shippingCents,
      restock: false,
      reason: 'Order returned',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const done = rest.json() as Order;
    expect(done.refunds.reduce((sum, r) => sum + r.goodsCents, 0)).toBe(subtotalCents - discountCents);
    expect(done.refunds.reduce((sum, r) => sum + r.taxCents, 0)).toBe(taxCents);
    expect(done).toMatchObject({ status: 'refunded', refundedCents: totalCents, refundableCents: 0 });
  });
});
