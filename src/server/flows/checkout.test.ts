import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedAddress } from '../../contract/addresses';
import type { CheckoutAnswer } from '../../contract/checkout';
import { formatCents } from '../../contract/money';
import type { Order } from '../../contract/orders';
import type { Quote } from '../../contract/pricing';
import { orders, products } from '../kernel/db/schema';
import { insertProduct } from '../test/fixtures';
import type { TestApp } from '../test/harness';
import { createOwnerApp, newCustomer } from '../test/kit';
import { pdfText } from '../test/pdf-text';
import { ledgerSum, setAvailable, stockOf } from '../test/probes';
import type { TestSession } from '../test/sessions';
import { as, checkoutCart, fillCart, HOME_ADDRESS, payOrder } from '../test/store-flow';

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  ({ t, admin } = await createOwnerApp());
});
afterAll(() => t.close());

const get = (customer: TestSession | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: as(customer) });
const cartOf = async (customer: TestSession) => (await get(customer, '/api/cart')).json() as Quote;

/** Two products a brake job needs, priced so the arithmetic is easy to check by hand. */
async function brakeJob(rotorStock = 50) {
  const pads = await insertProduct(t.database.db, {
    name: 'Brake pad set',
    priceCents: 4599,
    availableQuantity: 50,
    minimumOrderQuantity: 1,
  });
  const rotor = await insertProduct(t.database.db, {
    name: 'Brake rotor',
    priceCents: 6250,
    availableQuantity: rotorStock,
    minimumOrderQuantity: 2,
  });
  return { pads, rotor };
}

describe('POST /api/checkout', () => {
  it('turns the cart into one order with its lines, the address as given, server totals and a payment of that total', async () => {
    const buyer = await newCustomer(t.app, { name: 'Dana Driver' });
    const { pads, rotor } = await brakeJob();
    await fillCart(t.app, buyer, [
      { productId: pads.id, quantity: 1 },
      { productId: rotor.id, quantity: 2 },
    ]);
    const res = await checkoutCart(t.app, buyer, { shippingMethod: 'express', saveAddress: true });
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment, replayed } = res.json() as CheckoutAnswer;
    expect(replayed).toBe(false);
    // $45.99 + 2 x $62.50 = $170.99; express $19.99 (the free threshold is for standard only);
    // 7% tax on the goods = $11.9693, so $11.97.
    expect(order.amounts).toEqual({
      subtotalCents: 17099,
      coreChargeCents: 0,
      discountCents: 0,
      shippingCents: 1999,
      taxCents: 1197,
      totalCents: 20295,
      shippingTaxCents: 0,
      taxRateBasisPoints: 700,
    });
    expect(order.total).toBe(202.95);
    expect(payment?.amount).toBe(202.95);
    expect(order.lines).toEqual([
      {
        productId: pads.id,
        name: 'Brake pad set',
        unitPriceCents: 4599,
        quantity: 1,
        lineTotalCents: 4599,
        discountCents: 0,
        taxCents: 322, // 1197 x 4599 / 17099 = 321.95
        shippedQuantity: 0,
        refundedQuantity: 0,
        returnedQuantity: 0,
        coreChargeCents: 0,
        coreTotalCents: 0,
        coreTaxCents: 0,
        coresRefunded: 0,
        coresReturned: 0,
      },
      {
        productId: rotor.id,
        name: 'Brake rotor',
        unitPriceCents: 6250,
        quantity: 2,
        lineTotalCents: 12500,
        discountCents: 0,
        taxCents: 875, // the rest: the lines' shares add up to the tax
        shippedQuantity: 0,
        refundedQuantity: 0,
        returnedQuantity: 0,
        coreChargeCents: 0,
        coreTotalCents: 0,
        coreTaxCents: 0,
        coresRefunded: 0,
        coresReturned: 0,
      },
    ]);
    // The spec's fields for an order of several lines (see the Order contract).
    expect(order).toMatchObject({
      orderId: pads.id,
      orderName: 'Brake pad set and 1 more',
      price: 170.99,
      orderQuantity: 3,
      itemCount: 3,
      phone: HOME_ADDRESS.phone,
      shippingMethod: 'express',
      shippingAddress: HOME_ADDRESS,
      status: 'unpaid',
      number: expect.stringMatching(/^TW-\d{5,}$/),
    });
    expect(await stockOf(t.database.db, pads.id)).toBe(49);
    expect(await stockOf(t.database.db, rotor.id)).toBe(48);
    expect(await ledgerSum(t.database.db, rotor.id)).toBe(48);
    // The cart is empty and the address is in the book.
    expect((await cartOf(buyer)).lines).toEqual([]);
    const book = (await get(buyer, '/api/addresses')).json() as SavedAddress[];
    expect(book).toEqual([{ ...HOME_ADDRESS, id: expect.any(String), isDefault: true }]);

    // The same order everywhere: GET, My Orders, and paid with the simulated card for its total.
    const one = (await get(buyer, `/api/order/${order._id}`)).json() as Order;
    expect(one.lines).toHaveLength(2);
    expect(one.amounts.totalCents).toBe(20295);
    const mine = (
      await get(buyer, `/api/order?userEmail=${encodeURIComponent(buyer.email)}`)
    ).json() as Order[];
    expect(mine.find((o) => o._id === order._id)?.lines).toHaveLength(2);
    const paid = await payOrder(t.app, buyer, order._id);
    expect(paid).toMatchObject({ status: 'pending', total: 202.95, cardBrand: 'visa', cardLast4: '4242' });
  });

  it('answers a repeated key with the first order and payment, and never reserves twice, even sent at once', async () => {
    const buyer = await newCustomer(t.app, { name: 'Double Clicker' });
    const { pads } = await brakeJob();
    await fillCart(t.app, buyer, [{ productId: pads.id, quantity: 2 }]);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      checkoutCart(t.app, buyer, { key }),
      checkoutCart(t.app, buyer, { key }),
    ]);
    const answers = [a, b].map((r) => r.json() as CheckoutAnswer);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(answers[0]?.order._id).toBe(answers[1]?.order._id);
    expect(answers[0]?.payment?.clientSecret).toBe(answers[1]?.payment?.clientSecret);
    // A retry after the cart was emptied still answers with the order, not "your cart is empty".
    const again = await checkoutCart(t.app, buyer, { key });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as CheckoutAnswer).order._id).toBe(answers[0]?.order._id);
    const rows = await t.database.db.select().from(orders).where(eq(orders.userEmail, buyer.email));
    expect(rows).toHaveLength(1);
    expect(await stockOf(t.database.db, pads.id)).toBe(48);
  });

  it('refuses a total that changed since the page showed it, reserving nothing and keeping the cart', async () => {
    const buyer = await newCustomer(t.app, { name: 'Careful Buyer' });
    const { pads } = await brakeJob();
    const before = await fillCart(t.app, buyer, [{ productId: pads.id, quantity: 1 }]);
    // The price rises between the page's quote and the click.
    await t.database.db.update(products).set({ priceCents: 4999 }).where(eq(products.id, pads.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: as(buyer),
      payload: {
        idempotencyKey: randomUUID(),
        address: HOME_ADDRESS,
        shippingMethod: 'standard',
        expectedTotalCents: before.totals.totalCents,
      },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toMatch(/the total is now \$61\.48/);
    expect(await stockOf(t.database.db, pads.id)).toBe(50);
    expect((await cartOf(buyer)).lines).toHaveLength(1);
    // With the new total it goes through.
    expect((await checkoutCart(t.app, buyer)).statusCode).toBe(201);
  });

  it('names the short product and what is left, and reserves nothing of the other lines', async () => {
    const buyer = await newCustomer(t.app, { name: 'Late Buyer' });
    const { pads, rotor } = await brakeJob();
    await fillCart(t.app, buyer, [
      { productId: pads.id, quantity: 3 },
      { productId: rotor.id, quantity: 4 },
    ]);
    await setAvailable(t.database.db, rotor.id, 3);
    const res = await checkoutCart(t.app, buyer);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Only 3 of Brake rotor left in stock.',
    });
    expect(await stockOf(t.database.db, pads.id)).toBe(50);
    expect(await stockOf(t.database.db, rotor.id)).toBe(3);
    // The cart tells the same before checkout.
    const cart = await cartOf(buyer);
    expect(cart.lines.find((l) => l.productId === rotor.id)?.problem).toBe(
      'Only 3 of Brake rotor left in stock.',
    );
  });

  it('drops the line of a product deleted outright from the cart, and the rest checks out', async () => {
    const buyer = await newCustomer(t.app, { name: 'Unlucky Buyer' });
    const { pads, rotor } = await brakeJob();
    await fillCart(t.app, buyer, [
      { productId: pads.id, quantity: 1 },
      { productId: rotor.id, quantity: 2 },
    ]);
    // Nobody ordered the rotor yet, so the admin's delete removes it for good (not retired).
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/tool/${rotor.id}`,
      headers: as(admin),
    });
    expect(deleted.json()).toEqual({ deletedCount: 1, retired: false });

    const cart = await cartOf(buyer);
    expect(cart.lines.map((l) => l.productId)).toEqual([pads.id]);
    const res = await checkoutCart(t.app, buyer);
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as CheckoutAnswer;
    expect(order.lines.map((l) => [l.productId, l.quantity])).toEqual([[pads.id, 1]]);
    expect(order.amounts.subtotalCents).toBe(4599);
    expect((await cartOf(buyer)).lines).toEqual([]);
    // The deleted product cannot be put back into a cart either.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${rotor.id}`,
      headers: as(buyer),
      payload: { quantity: 2 },
    });
    expect(again.statusCode).toBe(404);
  });

  it("shows a retired product's line with its problem and checks out once it is removed", async () => {
    const buyer = await newCustomer(t.app, { name: 'Loyal Buyer' });
    const { pads, rotor } = await brakeJob();
    await fillCart(t.app, buyer, [
      { productId: pads.id, quantity: 1 },
      { productId: rotor.id, quantity: 2 },
    ]);
    // Someone else's order of the rotor keeps its row: the delete retires it.
    const other = await newCustomer(t.app, { name: 'Earlier Buyer' });
    await fillCart(t.app, other, [{ productId: rotor.id, quantity: 2 }]);
    expect((await checkoutCart(t.app, other)).statusCode).toBe(201);
    const retired = await t.app.inject({
      method: 'DELETE',
      url: `/api/tool/${rotor.id}`,
      headers: as(admin),
    });
    expect(retired.json()).toEqual({ deletedCount: 1, retired: true });

    const line = (await cartOf(buyer)).lines.find((l) => l.productId === rotor.id);
    expect(line?.problem).toBe('This product is no longer sold. Remove it to go on.');
    const refused = await checkoutCart(t.app, buyer);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(
      'Brake rotor is no longer sold. Remove it from your cart to go on.',
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/${rotor.id}`,
      headers: as(buyer),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await checkoutCart(t.app, buyer)).statusCode).toBe(201);
  });

  it('refuses a line below its minimum, an empty cart and an address with missing fields', async () => {
    const buyer = await newCustomer(t.app, { name: 'Minimum Buyer' });
    const { rotor } = await brakeJob();
    await fillCart(t.app, buyer, [{ productId: rotor.id, quantity: 2 }]);
    await t.database.db.update(products).set({ minimumOrderQuantity: 4 }).where(eq(products.id, rotor.id));
    const low = await checkoutCart(t.app, buyer);
    expect(low.statusCode, low.body).toBe(400);
    expect(low.json().error.issues).toEqual([
      { path: 'lines.0.quantity', message: 'Brake rotor: Minimum order quantity must be 4 or up.' },
    ]);
    expect(await stockOf(t.database.db, rotor.id)).toBe(50);

    const noAddress = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: as(buyer),
      payload: {
        idempotencyKey: randomUUID(),
        address: { ...HOME_ADDRESS, city: ' ', postalCode: '', phone: '12' },
        shippingMethod: 'standard',
        expectedTotalCents: 1,
      },
    });
    expect(noAddress.statusCode).toBe(400);
    const paths = (noAddress.json().error.issues as { path: string }[]).map((i) => i.path).sort();
    expect([...new Set(paths)]).toEqual(['address.city', 'address.phone', 'address.postalCode']);

    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: as(buyer) });
    const empty = await checkoutCart(t.app, buyer);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error.message).toBe('Your cart is empty');
    // Visitors cannot check out.
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: {
        idempotencyKey: randomUUID(),
        address: HOME_ADDRESS,
        shippingMethod: 'standard',
        expectedTotalCents: 1,
      },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it("keeps another customer's order, receipt and history not found", async () => {
    const owner = await newCustomer(t.app, { name: 'Owner' });
    const snoop = await newCustomer(t.app, { name: 'Snoop' });
    const { pads } = await brakeJob();
    await fillCart(t.app, owner, [{ productId: pads.id, quantity: 1 }]);
    const { order } = (await checkoutCart(t.app, owner)).json() as CheckoutAnswer;
    for (const url of [
      `/api/order/${order._id}`,
      `/api/order/${order._id}/receipt.pdf`,
      `/api/order/${order._id}/history`,
    ]) {
      expect((await get(snoop, url)).statusCode, url).toBe(404);
    }
    expect((await get(owner, `/api/order/${order._id}/receipt.pdf`)).statusCode).toBe(200);
  });
});

describe('two carts after the last units at once', () => {
  it('sells each unit once, never deadlocks, and leaves the loser nothing reserved (lines in opposite orders)', async () => {
    const { pads, rotor } = await brakeJob(5);
    const buyers = await Promise.all([1, 2, 3, 4].map((i) => newCustomer(t.app, { name: `Rush ${i}` })));
    // Half add the rotor first, half the pads first: the store must lock them in one order anyway.
    await Promise.all(
      buyers.map((b, i) =>
        fillCart(
          t.app,
          b,
          i % 2 === 0
            ? [
                { productId: rotor.id, quantity: 3 },
                { productId: pads.id, quantity: 2 },
              ]
            : [
                { productId: pads.id, quantity: 2 },
                { productId: rotor.id, quantity: 3 },
              ],
        ),
      ),
    );
    const results = await Promise.all(buyers.map((b) => checkoutCart(t.app, b)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().error.message).toBe('Only 2 of Brake rotor left in stock.');
    }
    expect(await stockOf(t.database.db, rotor.id)).toBe(2);
    expect(await stockOf(t.database.db, pads.id)).toBe(48);
    expect(await ledgerSum(t.database.db, rotor.id)).toBe(2);
    expect(await ledgerSum(t.database.db, pads.id)).toBe(48);
  });
});

describe('the admin order desk', () => {
  it('shows the order with address and phone, ships it with a tracking number the customer then sees', async () => {
    const buyer = await newCustomer(t.app, { name: 'Tracked Buyer' });
    const { pads, rotor } = await brakeJob();
    await fillCart(t.app, buyer, [
      { productId: pads.id, quantity: 1 },
      { productId: rotor.id, quantity: 2 },
    ]);
    const { order } = (await checkoutCart(t.app, buyer)).json() as CheckoutAnswer;
    await payOrder(t.app, buyer, order._id);

    const seen = (await get(admin, `/api/manage/${order._id}`)).json() as Order;
    expect(seen).toMatchObject({
      number: order.number,
      shippingAddress: HOME_ADDRESS,
      phone: HOME_ADDRESS.phone,
    });
    expect(seen.lines).toHaveLength(2);
    expect((await get(buyer, `/api/manage/${order._id}`)).statusCode).toBe(403);

    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/${order._id}`,
      headers: as(admin),
      payload: { carrier: 'UPS', trackingNumber: '<script>' },
    });
    expect(bad.statusCode).toBe(400);
    const ship = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/${order._id}`,
      headers: as(admin),
      payload: { carrier: 'UPS', trackingNumber: '1Z 999 AA1 0123456784' },
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const mine = (await get(buyer, `/api/order/${order._id}`)).json() as Order;
    expect(mine).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z 999 AA1 0123456784',
    });
    expect(mine.shippedAt).not.toBeNull();

    const pdf = await get(admin, `/api/manage/${order._id}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="receipt-${order.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Receipt ${order.number}`);
    expect(text).toContain('Brake rotor');
    expect(text).toContain(HOME_ADDRESS.line1);
    expect(text).toContain('Status: Shipped');
    expect(
      text.filter((run) => /^Parcel 1, shipped .+: UPS, tracking 1Z 999 AA1 0123456784$/.test(run)),
    ).toHaveLength(1);
    expect(text).toContain(formatCents(order.amounts.totalCents));

    // The order's second product is retired, not removed, when the admin deletes it.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tool/${rotor.id}`,
      headers: as(admin),
    });
    expect(removed.json()).toEqual({ deletedCount: 1, retired: true });
    expect(((await get(buyer, `/api/order/${order._id}`)).json() as Order).lines[1]?.name).toBe(
      'Brake rotor',
    );
  });
});

describe('a cart with a ground-only part', () => {
  it('is offered no express shipping, prices an express request as standard, and refuses an express order', async () => {
    const buyer = await newCustomer(t.app, { name: 'Gale Ground' });
    const { pads } = await brakeJob();
    const fluid = await insertProduct(t.database.db, {
      name: 'Brake cleaner, 6 cans',
      priceCents: 2400,
      availableQuantity: 30,
      minimumOrderQuantity: 1,
    });
    await t.database.db.update(products).set({ groundOnly: true }).where(eq(products.id, fluid.id));

    await fillCart(t.app, buyer, [{ productId: pads.id, quantity: 1 }]);
    expect((await cartOf(buyer)).shippingOptions.map((o) => o.method)).toEqual(['standard', 'express']);
    await fillCart(t.app, buyer, [{ productId: fluid.id, quantity: 1 }]);
    const cart = (await get(buyer, '/api/cart?shippingMethod=express')).json() as Quote;
    expect(cart.shippingOptions.map((o) => o.method)).toEqual(['standard']);
    expect(cart.totals.shippingMethod).toBe('standard');

    const express = await checkoutCart(t.app, buyer, { shippingMethod: 'express' });
    expect(express.statusCode, express.body).toBe(409);
    expect(express.json().error.message).toBe(
      'Brake cleaner, 6 cans ships by ground only, so express shipping is not available. Choose standard shipping.',
    );
    expect(await stockOf(t.database.db, fluid.id)).toBe(30);
    const standard = await checkoutCart(t.app, buyer, { shippingMethod: 'standard' });
    expect(standard.statusCode, standard.body).toBe(201);
    expect((standard.json() as CheckoutAnswer).order.shippingMethod).toBe('standard');
  });
});
