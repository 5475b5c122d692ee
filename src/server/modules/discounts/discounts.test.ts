import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutAnswer } from '../../../contract/checkout';
import { type Discount, DiscountInput } from '../../../contract/discounts';
import type { Order } from '../../../contract/orders';
import type { Quote } from '../../../contract/pricing';
import { orderMail } from '../../edge/mail/templates/order-mails';
import { checkout as checkoutFlow } from '../../flows/checkout';
import { discounts, discountUses, orders } from '../../kernel/db/schema';
import { AppError } from '../../kernel/errors/errors';
import type { SessionUser } from '../../kernel/identity/session-user';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import {
  createOwnerApp,
  fillCartOf,
  insertPerson,
  kitOf,
  type Member,
  newCustomer,
  payOrderOf,
} from '../../test/kit';
import { pdfText } from '../../test/pdf-text';
import type { TestSession } from '../../test/sessions';
import { as, HOME_ADDRESS } from '../../test/store-flow';
import { getCart } from '../cart/cart.service';
import { cancelUnpaidOrder } from '../orders/cancel';
import { expireUnpaidOrders } from '../orders/expiry';
import { createDiscount, endDiscount } from './discounts.service';

/**
 * Discount rules as the store applies them to carts and orders: codes and their messages, dates,
 * limits, free shipping, the best automatic discount, one discount per order, and uses given back.
 * Which discount wins is pricing's arithmetic (pricing/discounts.test.ts); here the cart's quote
 * (the cart module) and the checkout (its flow) apply it to the database's discounts and uses, and
 * one test per route keeps the HTTP answers: the cart and checkout with a code, a refused code,
 * and the managers' routes.
 */

let t: TestApp;
let admin: Member;
beforeAll(async () => {
  ({ t, admin } = await createOwnerApp());
});
afterAll(() => t.close());

const newDiscount = (input: DiscountInput) => createDiscount(t.database.db, DiscountInput.parse(input));

/** A brand no other test uses, so an automatic discount on it touches this test's parts only. */
const ownBrand = () => `Brand ${randomUUID().slice(0, 8)}`;

/** Brake pads ($45.99, in the brakes category) and a wrench ($39.99, hand tools). */
async function parts(brand = ownBrand()) {
  const pads = await insertProduct(t.database.db, {
    name: 'Brake pad set',
    priceCents: 4599,
    minimumOrderQuantity: 1,
    categorySlug: 'brakes',
    brand,
  });
  const wrench = await insertProduct(t.database.db, {
    name: 'Torque wrench',
    priceCents: 3999,
    minimumOrderQuantity: 1,
    brand,
  });
  return { pads, wrench, brand };
}

/** GET /api/cart, for the one test of the route. */
const cartOverHttp = async (buyer: TestSession, code?: string) =>
  (
    await t.app.inject({
      url: `/api/cart?shippingMethod=standard&region=MI${code ? `&code=${encodeURIComponent(code)}` : ''}`,
      headers: as(buyer),
    })
  ).json() as Quote;

/** POST /api/checkout at the total the cart shows, for the tests of the route. */
async function checkoutOverHttp(buyer: TestSession, code?: string) {
  const cart = await cartOverHttp(buyer, code);
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: as(buyer),
    payload: {
      idempotencyKey: randomUUID(),
      address: HOME_ADDRESS,
      shippingMethod: 'standard',
      expectedTotalCents: cart.totals.totalCents,
      ...(code ? { discountCode: code } : {}),
    },
  });
}

/** The cart as the cart module quotes it (what GET /api/cart answers), shipped standard to Michigan. */
const cartWith = (buyer: SessionUser, code?: string) =>
  getCart(t.database.db, t.app.pricingRules(), buyer, {
    shippingMethod: 'standard',
    region: 'MI',
    ...(code ? { code } : {}),
  });

/** The checkout flow at the total the cart shows (what POST /api/checkout runs); throws its refusal. */
async function checkout(buyer: SessionUser, code?: string): Promise<CheckoutAnswer> {
  const cart = await cartWith(buyer, code);
  const kit = kitOf(t.app);
  return checkoutFlow(
    t.database.db,
    t.app.outbox,
    t.app.payments,
    buyer,
    {
      idempotencyKey: randomUUID(),
      address: HOME_ADDRESS,
      saveAddress: false,
      shippingMethod: 'standard',
      expectedTotalCents: cart.totals.totalCents,
      ...(code ? { discountCode: code } : {}),
    },
    kit.limits,
    kit.pricing,
  );
}

/** The message of a checkout's refusal. */
const refusalOf = async (checking: Promise<unknown>) => {
  const error = await checking.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, message: error.message };
};

const usedCount = async (id: string) =>
  (await t.database.db.select({ n: discounts.usedCount }).from(discounts).where(eq(discounts.id, id)))[0]?.n;

describe('a code in the cart and at checkout', () => {
  it('takes 10% off the brake parts only, charges tax on what is left, and keeps each line share', async () => {
    const code = `BRK${randomUUID().slice(0, 6).toUpperCase()}`;
    await newDiscount({
      code,
      name: '10% off brake parts',
      kind: 'percent',
      value: 1000,
      appliesTo: 'categories',
      categorySlugs: ['brakes'],
    });
    const buyer = await newCustomer(t.app, { name: 'Dana Driver' });
    const { pads, wrench } = await parts();
    await fillCartOf(t.database.db, buyer, [
      { productId: pads.id, quantity: 2 },
      { productId: wrench.id, quantity: 1 },
    ]);
    // Typed in lower case: codes are read in upper case.
    const cart = await cartOverHttp(buyer, code.toLowerCase());
    expect(cart.codeVerdict).toEqual({
      code,
      applied: true,
      reason: null,
      message: `Code ${code} applied: 10% off brake parts.`,
    });
    // 10% of 2 x $45.99 = $9.198 -> $9.20; the wrench is not a brake part.
    expect(cart.discount).toEqual({ code, label: '10% off brake parts', goodsCents: 920, shippingCents: 0 });
    expect(cart.lines.map((l) => l.discountCents)).toEqual([920, 0]);
    // Tax is on $131.97 - $9.20 = $122.77.
    const taxable = 9198 + 3999 - 920;
    expect(cart.totals.discountCents).toBe(920);
    expect(cart.totals.taxCents).toBe(Math.floor((taxable * cart.totals.taxRateBasisPoints + 5000) / 10000));
    expect(cart.totals.totalCents).toBe(taxable + cart.totals.shippingCents + cart.totals.taxCents);

    const res = await checkoutOverHttp(buyer, code.toLowerCase());
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json() as CheckoutAnswer;
    expect(order.amounts).toMatchObject({
      subtotalCents: 13197,
      discountCents: 920,
      taxCents: cart.totals.taxCents,
      totalCents: cart.totals.totalCents,
    });
    expect(order.discount).toEqual(cart.discount);
    expect(order.lines.map((l) => [l.name, l.discountCents])).toEqual([
      ['Brake pad set', 920],
      ['Torque wrench', 0],
    ]);
    expect(payment?.amount).toBe(order.total);

    // Every document shows it: the order page's answer above, the receipt, the mail.
    const paid = await payOrderOf(kitOf(t.app), order);
    expect(paid.discount?.code).toBe(code);
    const pdf = await t.app.inject({ url: `/api/order/${order._id}/receipt.pdf`, headers: as(buyer) });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Discount ${code} (10% off brake parts)`);
    expect(text).toContain('-$9.20');
    const mail = orderMail('paid', paid, { brand: 'Torque Works', siteUrl: () => 'http://store.test' });
    expect(mail.text).toContain(`Discount ${code} (10% off brake parts)`);
    expect(mail.text).toContain('-$9.20');
    const adminView = await t.app.inject({ url: `/api/manage/${order._id}`, headers: as(admin) });
    expect((adminView.json() as Order).discount?.goodsCents).toBe(920);
  });

  it('over HTTP: a code that does not apply is said in the cart (200) and refused by the checkout (409)', async () => {
    const buyer = await newCustomer(t.app, { name: 'Http Mechanic' });
    const { wrench } = await parts();
    await fillCartOf(t.database.db, buyer, [{ productId: wrench.id, quantity: 1 }]);
    const code = `NOPE${randomUUID().slice(0, 6).toUpperCase()}`;
    const message = `We do not know the code ${code}. Check it and try again.`;
    expect((await cartOverHttp(buyer, code)).codeVerdict).toMatchObject({ code, applied: false, message });
    const res = await checkoutOverHttp(buyer, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message });
  });

  it('answers why a code does not apply, and checkout refuses it with the same words, placing nothing', async () => {
    const buyer = await insertPerson(t.database.db, { name: 'Mo Mechanic' });
    const { pads, wrench } = await parts();
    await fillCartOf(t.database.db, buyer, [{ productId: wrench.id, quantity: 1 }]);
    const stamp = randomUUID().slice(0, 6).toUpperCase();
    const later = new Date(Date.now() + 86_400_000 * 3);
    await newDiscount({
      code: `SOON${stamp}`,
      name: 'Soon',
      kind: 'fixed',
      value: 500,
      startsAt: later.toISOString(),
    });
    const ended = await newDiscount({ code: `OLD${stamp}`, name: 'Old', kind: 'fixed', value: 500 });
    await endDiscount(t.database.db, ended.id);
    const big = `BIG${stamp}`;
    await newDiscount({ code: big, name: 'Big spender', kind: 'fixed', value: 500, minSubtotalCents: 10000 });
    await newDiscount({
      code: `PADS${stamp}`,
      name: '10% off brake parts',
      kind: 'percent',
      value: 1000,
      appliesTo: 'categories',
      categorySlugs: ['brakes'],
    });
    const cases: [string, string][] = [
      [`NOPE${stamp}`, `We do not know the code NOPE${stamp}. Check it and try again.`],
      [
        `SOON${stamp}`,
        `Code SOON${stamp} is not active yet: it starts on ${later.toISOString().slice(0, 10)}.`,
      ],
      [`OLD${stamp}`, `Code OLD${stamp} has expired.`],
      [big, `Code ${big} needs a subtotal of at least $100.00; your cart is below that minimum.`],
      [`PADS${stamp}`, `None of the parts in your cart qualify for code PADS${stamp} (10% off brake parts).`],
    ];
    for (const [code, message] of cases) {
      const cart = await cartWith(buyer, code);
      expect(cart.codeVerdict, code).toMatchObject({ code, applied: false, message });
      expect(cart.discount).toBeNull();
      expect(await refusalOf(checkout(buyer, code)), code).toEqual({ status: 409, message });
    }
    // Nothing was placed and the cart is as it was; adding brake pads makes the brake code apply.
    expect((await cartWith(buyer)).lines).toHaveLength(1);
    await fillCartOf(t.database.db, buyer, [{ productId: pads.id, quantity: 1 }]);
    expect((await cartWith(buyer, `PADS${stamp}`)).codeVerdict?.applied).toBe(true);
  });

  it('counts uses per customer and in total, and gives a use back when an unpaid order is cancelled or expires', async () => {
    const code = `ONCE${randomUUID().slice(0, 6).toUpperCase()}`;
    const once = await newDiscount({
      code,
      name: '$5 off',
      kind: 'fixed',
      value: 500,
      usageLimit: 2,
      perCustomerLimit: 1,
    });
    const { wrench } = await parts();
    const first = await insertPerson(t.database.db, { name: 'First Buyer' });
    await fillCartOf(t.database.db, first, [{ productId: wrench.id, quantity: 1 }]);
    const placed = await checkout(first, code);
    expect(placed.order.discount?.code).toBe(code);
    expect(await usedCount(once.id)).toBe(1);

    // The same customer again: already used by them.
    await fillCartOf(t.database.db, first, [{ productId: wrench.id, quantity: 1 }]);
    expect((await cartWith(first, code)).codeVerdict?.message).toBe(`You have already used code ${code}.`);
    expect((await refusalOf(checkout(first, code))).message).toBe(`You have already used code ${code}.`);

    // Cancelling the unpaid order gives the use back (total and the customer's).
    await cancelUnpaidOrder(t.database.db, t.app.outbox, placed.order._id, {
      userId: first.id,
      admin: false,
    });
    expect(await usedCount(once.id)).toBe(0);
    expect((await cartWith(first, code)).codeVerdict?.applied).toBe(true);

    // Two buyers take both uses; a third finds it used up.
    const again = await checkout(first, code);
    const second = await insertPerson(t.database.db, { name: 'Second Buyer' });
    await fillCartOf(t.database.db, second, [{ productId: wrench.id, quantity: 1 }]);
    const secondOrder = await checkout(second, code);
    // Paid orders keep their use whatever happens to them later.
    await payOrderOf(kitOf(t.app), secondOrder.order);
    const third = await insertPerson(t.database.db, { name: 'Third Buyer' });
    await fillCartOf(t.database.db, third, [{ productId: wrench.id, quantity: 1 }]);
    expect((await cartWith(third, code)).codeVerdict?.message).toBe(`Code ${code} has been used up.`);
    expect(await refusalOf(checkout(third, code))).toEqual({
      status: 409,
      message: `Code ${code} has been used up.`,
    });
    expect(await usedCount(once.id)).toBe(2);

    // The first buyer's order is left unpaid until its hold runs out: its use comes back.
    const firstOrder = again.order._id;
    await expireUnpaidOrders(t.database.db, t.app.outbox, new Date(Date.now() + 24 * 3600 * 1000));
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, firstOrder));
    expect(row?.status).toBe('expired');
    expect(await usedCount(once.id)).toBe(1);
    const [use] = await t.database.db.select().from(discountUses).where(eq(discountUses.orderId, firstOrder));
    expect(use?.releasedAt).not.toBeNull();
    expect((await checkout(third, code)).order.discount?.code).toBe(code);
  });

  it('makes shipping free with a free-shipping code', async () => {
    const code = `SHIP${randomUUID().slice(0, 6).toUpperCase()}`;
    await newDiscount({ code, name: 'Free shipping', kind: 'fixed', value: 0, freeShipping: true });
    const buyer = await insertPerson(t.database.db, { name: 'Free Shipper' });
    const { wrench } = await parts();
    await fillCartOf(t.database.db, buyer, [{ productId: wrench.id, quantity: 1 }]);
    const plain = await cartWith(buyer);
    expect(plain.totals.shippingCents).toBeGreaterThan(0);
    const cart = await cartWith(buyer, code);
    expect(cart.totals.shippingCents).toBe(0);
    expect(cart.discount).toMatchObject({ goodsCents: 0, shippingCents: plain.totals.shippingCents });
    expect(cart.totals.totalCents).toBe(plain.totals.totalCents - plain.totals.shippingCents);
    expect((await checkout(buyer, code)).order.amounts.shippingCents).toBe(0);
  });
});

describe('automatic discounts', () => {
  it('applies the best automatic discount by itself; a code replaces it only when it saves as much or more', async () => {
    const { pads, wrench, brand } = await parts();
    const small = await newDiscount({
      name: '$3 off this brand',
      kind: 'fixed',
      value: 300,
      appliesTo: 'brands',
      brandNames: [brand],
    });
    const best = await newDiscount({
      name: '15% off this brand',
      kind: 'percent',
      value: 1500,
      appliesTo: 'brands',
      brandNames: [brand],
    });
    try {
      const buyer = await insertPerson(t.database.db, { name: 'Auto Buyer' });
      await fillCartOf(t.database.db, buyer, [
        { productId: pads.id, quantity: 1 },
        { productId: wrench.id, quantity: 1 },
      ]);
      // 15% of $85.98 = $12.897 -> $12.90.
      const cart = await cartWith(buyer);
      expect(cart.discount).toEqual({
        code: null,
        label: '15% off this brand',
        goodsCents: 1290,
        shippingCents: 0,
      });
      expect(cart.codeVerdict).toBeNull();

      // A weaker code is not used, and the page says why; the order still gets the automatic one.
      const weak = `WEAK${randomUUID().slice(0, 6).toUpperCase()}`;
      await newDiscount({ code: weak, name: '$5 off', kind: 'fixed', value: 500 });
      const withWeak = await cartWith(buyer, weak);
      expect(withWeak.codeVerdict?.message).toBe(
        `Code ${weak} is not used: the automatic discount "15% off this brand" saves you more.`,
      );
      expect(withWeak.discount?.label).toBe('15% off this brand');

      // One discount per order: a stronger code replaces the automatic one, never adds to it.
      const strong = `STRONG${randomUUID().slice(0, 6).toUpperCase()}`;
      await newDiscount({ code: strong, name: '$20 off', kind: 'fixed', value: 2000 });
      const { order } = await checkout(buyer, strong);
      expect(order.discount).toEqual({ code: strong, label: '$20 off', goodsCents: 2000, shippingCents: 0 });
      expect(order.amounts.discountCents).toBe(2000);
    } finally {
      await endDiscount(t.database.db, small.id);
      await endDiscount(t.database.db, best.id);
    }
  });
});

describe('managers manage discounts over /api/discounts', () => {
  const post = (who: TestSession, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/discounts', headers: as(who), payload });

  it('lists, creates, edits and ends; refuses a taken code, an unknown category and customers', async () => {
    const code = `MGR${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await post(admin, {
      code: code.toLowerCase(),
      name: 'Spring sale',
      kind: 'percent',
      value: 500,
      usageLimit: 100,
    });
    expect(created.statusCode, created.body).toBe(201);
    const discount = created.json() as Discount;
    expect(discount).toMatchObject({
      code,
      state: 'active',
      summary: '5% off',
      usedCount: 0,
      automatic: false,
    });

    const taken = await post(admin, { code, name: 'Again', kind: 'fixed', value: 100 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.issues).toEqual([
      { path: 'code', message: `Another discount already has the code ${code}.` },
    ]);
    const unknown = await post(admin, {
      name: 'Nowhere',
      kind: 'fixed',
      value: 100,
      appliesTo: 'categories',
      categorySlugs: ['no-such-category'],
    });
    expect(unknown.statusCode).toBe(400);
    const customer = await newCustomer(t.app, { name: 'Curious Customer' });
    expect(
      (await post(customer, { code: 'HACK1', name: 'Mine', kind: 'percent', value: 10000 })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/discounts', headers: as(customer) })).statusCode).toBe(403);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/discounts/${discount.id}`,
      headers: as(admin),
      payload: {
        code,
        name: 'Spring sale',
        kind: 'percent',
        value: 1250,
        freeShipping: true,
        usageLimit: 100,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Discount).summary).toBe('12.5% off and free shipping');

    const list = await t.app.inject({ url: '/api/discounts', headers: as(admin) });
    expect((list.json() as { discounts: Discount[] }).discounts.map((d) => d.id)).toContain(discount.id);

    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/discounts/${discount.id}/end`,
      headers: as(admin),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((ended.json() as Discount).state).toBe('ended');
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/discounts/${discount.id}/end`,
      headers: as(admin),
    });
    expect(twice.statusCode).toBe(409);
  });
});
