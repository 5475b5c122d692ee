import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSaleMessages, returnMessages } from '../../../contract/after-sale';
import type { GuestCheckoutAnswer } from '../../../contract/guest';
import type { Order } from '../../../contract/orders';
import type { Quote } from '../../../contract/pricing';
import { mails, products, stockMovements } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { createOwnerApp, kitOf, type Member, newCustomer, orderIn } from '../../test/kit';
import { pdfText } from '../../test/pdf-text';
import { historyOf, stockFigures } from '../../test/probes';
import { type TestSession, uniqueEmail } from '../../test/sessions';
import { as, checkoutCart, fillCart, HOME_ADDRESS } from '../../test/store-flow';

// Core charges through the API on the real database: the cart, checkout, the spec's Order Now,
// guest checkout, the order's pages, mail and receipt, core returns and refunds.
// The store's default rules: 7% tax (shipping untaxed), standard $7.99 free from $100 of goods.
const TAX = 0.07;
/** Half up to the cent, as the store rounds tax (no amount here sits on a half cent). */
const taxOf = (cents: number) => Math.round(cents * TAX);

let t: TestApp;
let admin: Member;
let customer: Member;

beforeAll(async () => {
  ({ t, admin } = await createOwnerApp());
  customer = await newCustomer(t.app, { name: 'Casey Cores' });
});
afterAll(() => t.close());

/** A remanufactured alternator at $159.99 with a $45.00 core charge, and pads with none. */
async function parts() {
  const alternator = await insertProduct(t.database.db, {
    name: 'Remanufactured alternator',
    priceCents: 15999,
    coreChargeCents: 4500,
    availableQuantity: 20,
    minimumOrderQuantity: 1,
  });
  const pads = await insertProduct(t.database.db, {
    name: 'Rear brake pads',
    priceCents: 4499,
    availableQuantity: 20,
    minimumOrderQuantity: 1,
  });
  return { alternator, pads };
}

const post = (url: string, payload: object, who: TestSession) =>
  t.app.inject({ method: 'POST', url, headers: as(who), payload });

const orderOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: as(customer) })).json() as Order;

async function paidOrder(lines: { productId: string; quantity: number }[]) {
  return (await orderIn(kitOf(t.app), 'paid', { buyer: customer, staff: admin, lines })).order;
}

const shipAll = async (id: string) => {
  const res = await post(`/api/manage/${id}/shipments`, { carrier: 'UPS', trackingNumber: '1Z7' }, admin);
  expect(res.statusCode, res.body).toBe(201);
};

describe('a part with a core charge in the cart and at checkout', () => {
  it('is its own priced line, counted in the subtotal, tax and total, and kept on the order as sold', async () => {
    const { alternator, pads } = await parts();
    const lines = [
      { productId: alternator.id, quantity: 2 },
      { productId: pads.id, quantity: 1 },
    ];
    const goods = 2 * 15999 + 4499;
    const cores = 2 * 4500;
    const tax = taxOf(goods + cores);
    const expected = {
      subtotalCents: goods + cores,
      coreChargeCents: cores,
      discountCents: 0,
      // $364.97 of goods ships free; the core charges are not what earns it.
      shippingCents: 0,
      taxCents: tax,
      totalCents: goods + cores + tax,
    };

    await fillCart(t.app, customer, lines);
    const cart = (
      await t.app.inject({ method: 'GET', url: '/api/cart?region=MI&country=US', headers: as(customer) })
    ).json() as Quote;
    expect(cart.lines.map((l) => [l.name, l.lineTotalCents, l.coreChargeCents, l.coreTotalCents])).toEqual([
      ['Remanufactured alternator', 2 * 15999, 4500, cores],
      ['Rear brake pads', 4499, 0, 0],
    ]);
    expect(cart.totals).toMatchObject(expected);
    // A visitor's quote of the same lines is the same money.
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { lines, region: 'MI', country: 'US' },
    });
    expect((quote.json() as Quote).totals).toMatchObject(expected);

    const placed = await checkoutCart(t.app, customer);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as Order;
    expect(order.amounts).toMatchObject(expected);
    const line = order.lines.find((l) => l.productId === alternator.id);
    expect(line).toMatchObject({ coreChargeCents: 4500, coreTotalCents: cores, coresRefunded: 0 });
    // Each line's tax and each core charge's tax add up to the goods' tax exactly.
    expect(order.lines.reduce((sum, l) => sum + l.taxCents + l.coreTaxCents, 0)).toBe(tax);
    expect(line?.coreTaxCents).toBe(taxOf(cores));

    // A later change of the product's core charge leaves the order as it was sold.
    await t.database.db.update(products).set({ coreChargeCents: 6000 }).where(eq(products.id, alternator.id));
    const later = await orderOf(order._id);
    expect(later.lines.find((l) => l.productId === alternator.id)?.coreChargeCents).toBe(4500);
    expect(later.amounts.totalCents).toBe(expected.totalCents);

    // The receipt and the order mail show the core charge as a line of its own.
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order._id}/receipt.pdf`,
      headers: as(customer),
    });
    // Its own row under the part: label, charge per unit, quantity, its tax, its total.
    const text = pdfText(receipt.rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(
      `Core charge (refundable): Remanufactured alternator $45.00 2 $${(taxOf(cores) / 100).toFixed(2)} $90.00`,
    );
    expect(text).toContain('of which core charges (refundable) $90.00');
    await t.app.jobs.drain();
    const [mail] = await t.app.db
      .select()
      .from(mails)
      .where(and(eq(mails.orderId, order._id), like(mails.subject, '%waiting for payment%')));
    expect(mail?.text).toContain('Core charge (refundable), 2 x $45.00: $90.00');
  });

  it("counts in the total of the spec's Order Now order, whose price stays the part's", async () => {
    const { alternator } = await parts();
    const { order } = await orderIn(kitOf(t.app), 'placed', {
      buyer: customer,
      address: null,
      lines: [{ productId: alternator.id, quantity: 1 }],
    });
    const tax = taxOf(15999 + 4500);
    expect(order.price).toBe(159.99);
    expect(order.amounts).toMatchObject({
      subtotalCents: 15999 + 4500,
      coreChargeCents: 4500,
      taxCents: tax,
    });
    expect(order.total).toBe((15999 + 4500 + tax) / 100);
    expect(order.lines[0]).toMatchObject({ coreChargeCents: 4500, coreTotalCents: 4500 });
  });

  it("is charged on a guest's order too", async () => {
    const { alternator } = await parts();
    const lines = [{ productId: alternator.id, quantity: 1 }];
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { lines, region: HOME_ADDRESS.region, country: HOME_ADDRESS.country },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guest/checkout',
      payload: {
        idempotencyKey: randomUUID(),
        email: uniqueEmail('core.guest'),
        lines,
        address: HOME_ADDRESS,
        shippingMethod: 'standard',
        expectedTotalCents: (quote.json() as Quote).totals.totalCents,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as GuestCheckoutAnswer;
    expect(order.amounts).toMatchObject({ coreChargeCents: 4500, subtotalCents: 15999 + 4500 });
    expect(order.amounts.totalCents).toBe(15999 + 4500 + taxOf(15999 + 4500));
  });
});

describe('a core return', () => {
  it('refunds the core charge and its tax once per old part, never more than were bought, and moves no stock', async () => {
    const { alternator, pads } = await parts();
    const order = await paidOrder([
      { productId: alternator.id, quantity: 2 },
      { productId: pads.id, quantity: 1 },
    ]);
    const ask = (lines: { productId: string; quantity: number }[]) =>
      post(`/api/order/${order._id}/core-returns`, { lines }, customer);

    // Old parts come off the vehicle the new ones went on: not before they shipped.
    const early = await ask([{ productId: alternator.id, quantity: 1 }]);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(returnMessages.coreNotShipped);
    await shipAll(order._id);

    const noCore = await ask([{ productId: pads.id, quantity: 1 }]);
    expect(noCore.statusCode).toBe(409);
    expect(noCore.json().error.message).toBe(returnMessages.noCoreCharge('Rear brake pads'));
    const tooMany = await ask([{ productId: alternator.id, quantity: 3 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(returnMessages.tooManyCores('Remanufactured alternator', 2));
    // Another customer finds no such order.
    const stranger = await newCustomer(t.app, { name: 'Not The Buyer' });
    expect(
      (
        await post(
          `/api/order/${order._id}/core-returns`,
          { lines: [{ productId: alternator.id, quantity: 1 }] },
          stranger,
        )
      ).statusCode,
    ).toBe(404);

    const asked = await ask([{ productId: alternator.id, quantity: 1 }]);
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json();
    expect(ret).toMatchObject({
      kind: 'core',
      status: 'approved',
      statusText: 'Core return: send the old part back',
      lines: [{ productId: alternator.id, quantity: 1, reason: 'core', outcome: null }],
    });
    // One old part is on its way: one more may follow, not two.
    const twoMore = await ask([{ productId: alternator.id, quantity: 2 }]);
    expect(twoMore.statusCode).toBe(409);
    expect(twoMore.json().error.message).toBe(returnMessages.tooManyCores('Remanufactured alternator', 1));

    // Received: counted on the line, and no stock moves (an old part is scrap).
    const stockBefore = await stockFigures(t.database.db, alternator.id);
    const movesBefore = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, alternator.id));
    const received = await post(`/api/manage/returns/${ret.id}/received`, {}, admin);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ status: 'received', statusText: 'Old part received' });
    const twice = await post(`/api/manage/returns/${ret.id}/received`, {}, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(returnMessages.notApproved);
    expect(await stockFigures(t.database.db, alternator.id)).toEqual(stockBefore);
    expect(
      await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, alternator.id)),
    ).toHaveLength(movesBefore.length);

    // Refunded: the core charge and the tax charged on it, once.
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/manage/returns/${ret.id}/refund`,
      headers: as(admin),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', statusText: 'Core charge refunded' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/manage/returns/${ret.id}/refund`,
      headers: as(admin),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(returnMessages.notReceived);
    const after = await orderOf(order._id);
    expect(after.refunds).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        goodsCents: 0,
        coreCents: 4500,
        taxCents: taxOf(4500),
        amountCents: 4500 + taxOf(4500),
      }),
    ]);
    expect(after.lines.find((l) => l.productId === alternator.id)).toMatchObject({
      coresReturned: 1,
      coresRefunded: 1,
      refundedQuantity: 0,
    });

    // The second old part handed in at the desk: received there and then, refunded the same way.
    const desk = await post(
      `/api/manage/${order._id}/core-returns`,
      { lines: [{ productId: alternator.id, quantity: 1 }] },
      admin,
    );
    expect(desk.statusCode, desk.body).toBe(201);
    expect(desk.json()).toMatchObject({ kind: 'core', status: 'received' });
    const none = await post(
      `/api/manage/${order._id}/core-returns`,
      { lines: [{ productId: alternator.id, quantity: 1 }] },
      admin,
    );
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(returnMessages.tooManyCores('Remanufactured alternator', 0));
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/manage/returns/${desk.json().id}/refund`,
      headers: as(admin),
    });
    expect(second.statusCode, second.body).toBe(200);
    const done = await orderOf(order._id);
    // Both core charges back, with exactly the tax they were charged.
    expect(done.refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(9000 + taxOf(9000));
    expect(done.lines.find((l) => l.productId === alternator.id)).toMatchObject({
      coresReturned: 2,
      coresRefunded: 2,
    });
    expect(await stockFigures(t.database.db, alternator.id)).toEqual(stockBefore);
    expect(await historyOf(t.database.db, order._id)).toEqual(
      expect.arrayContaining([
        'core_return_requested:shipped>shipped',
        'core_return_received:shipped>shipped',
      ]),
    );
    const note = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order._id}/refunds/${done.refunds[0]?.id}/credit-note.pdf`,
      headers: as(customer),
    });
    expect(pdfText(note.rawPayload).join('\n')).toContain('Core charge of 1 x Remanufactured alternator');
  });

  it('is not needed for a unit refunded: its core charge goes back with it, and everything adds up to what was paid', async () => {
    const caliper = await insertProduct(t.database.db, {
      name: 'Remanufactured caliper',
      priceCents: 4999,
      coreChargeCents: 3000,
      availableQuantity: 20,
      minimumOrderQuantity: 1,
    });
    const { pads } = await parts();
    const order = await paidOrder([
      { productId: caliper.id, quantity: 1 },
      { productId: pads.id, quantity: 1 },
    ]);
    // $94.98 of goods pays shipping; the $30.00 core charge does not make it free.
    expect(order.amounts).toMatchObject({ shippingCents: 799, subtotalCents: 4999 + 4499 + 3000 });
    await shipAll(order._id);
    const refund = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manage/${order._id}/refunds`,
        headers: { ...as(admin), 'idempotency-key': randomUUID() },
        payload: { restock: true, reason: 'Did not fit', ...payload },
      });
    const first = await refund({ lines: [{ productId: caliper.id, quantity: 1 }] });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as Order).refunds[0]).toMatchObject({
      goodsCents: 4999,
      coreCents: 3000,
      lines: [{ productId: caliper.id, quantity: 1, amountCents: 4999, cores: 1, coreCents: 3000 }],
    });
    // Its core charge went back: no old part can bring it back again.
    const core = await post(
      `/api/order/${order._id}/core-returns`,
      { lines: [{ productId: caliper.id, quantity: 1 }] },
      customer,
    );
    expect(core.statusCode).toBe(409);
    expect(core.json().error.message).toBe(returnMessages.tooManyCores('Remanufactured caliper', 0));
    // The rest, shipping included: to the cent what was paid, tax and all.
    const rest = await refund({ lines: [{ productId: pads.id, quantity: 1 }], shippingCents: 799 });
    expect(rest.statusCode, rest.body).toBe(200);
    const all = rest.json() as Order;
    expect(all.refundedCents).toBe(order.amounts.totalCents);
    expect(all.refunds.reduce((sum, r) => sum + r.taxCents, 0)).toBe(order.amounts.taxCents);
    expect(all.status).toBe('refunded');
    const more = await refund({ amountCents: 1 });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toBe(afterSaleMessages.moreThanPaid('$0.00'));
  });

  it('gives the core charge back when a paid order is cancelled', async () => {
    const { alternator } = await parts();
    const order = await paidOrder([{ productId: alternator.id, quantity: 1 }]);
    const cancelled = await post(`/api/manage/${order._id}/cancel`, { reason: 'Out of stock' }, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = cancelled.json() as Order;
    expect(after.refunds).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        coreCents: 4500,
        amountCents: order.amounts.totalCents,
      }),
    ]);
  });
});
