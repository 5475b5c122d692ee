import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedAddress } from '../../../contract/addresses';
import { CART_MAX_LINES, type Quote } from '../../../contract/pricing';
import { products } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../../test/kit';
import { UNKNOWN_ID } from '../../test/probes';
import type { TestSession } from '../../test/sessions';
import { as, fillCart, HOME_ADDRESS } from '../../test/store-flow';

let t: TestApp;
let buyer: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await newCustomer(t.app, { name: 'Cart Keeper' });
});
afterAll(() => t.close());

const put = (who: TestSession, productId: string, quantity: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/cart/${productId}`, headers: as(who), payload: { quantity } });

describe('the server cart', () => {
  it('holds the minimum and stock rules, and prices every line from the catalog', async () => {
    const product = await insertProduct(t.database.db, {
      name: 'Oil filter',
      priceCents: 899,
      availableQuantity: 12,
      minimumOrderQuantity: 2,
    });
    const low = await put(buyer, product.id, 1);
    expect(low.statusCode).toBe(400);
    expect(low.json().error.issues).toEqual([
      { path: 'quantity', message: 'Minimum order quantity must be 2 or up.' },
    ]);
    const high = await put(buyer, product.id, 13);
    expect(high.json().error.issues).toEqual([
      { path: 'quantity', message: 'Maximum order quantity must be 12 or below.' },
    ]);
    for (const bad of ['0x10', '1e3', 2.5, -1])
      expect((await put(buyer, product.id, bad)).statusCode).toBe(400);
    expect((await put(buyer, UNKNOWN_ID, 3)).statusCode).toBe(404);
    expect((await put(buyer, 'not-a-product', 3)).statusCode).toBe(404);

    const cart = (await put(buyer, product.id, 3)).json() as Quote;
    expect(cart.lines).toEqual([
      {
        productId: product.id,
        name: 'Oil filter',
        image: product.image,
        unitPriceCents: 899,
        quantity: 3,
        minimum: 2,
        available: 12,
        lineTotalCents: 2697,
        discountCents: 0,
        // No core charge on an oil filter: no line of its own.
        coreChargeCents: 0,
        coreTotalCents: 0,
        problem: null,
      },
    ]);
    expect(cart.itemCount).toBe(3);
    // $26.97, $7.99 standard, 7% tax $1.89.
    expect(cart.totals).toMatchObject({
      subtotalCents: 2697,
      shippingCents: 799,
      taxCents: 189,
      totalCents: 3685,
    });

    // A price change reaches the cart at once: it keeps no price of its own.
    await t.database.db.update(products).set({ priceCents: 999 }).where(eq(products.id, product.id));
    const express = (
      await t.app.inject({ url: '/api/cart?shippingMethod=express', headers: as(buyer) })
    ).json() as Quote;
    expect(express.totals).toMatchObject({
      subtotalCents: 2997,
      shippingCents: 1999,
      shippingMethod: 'express',
    });

    // A retired product stays in the cart, explained, until removed.
    await t.database.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, product.id));
    const retired = (await t.app.inject({ url: '/api/cart', headers: as(buyer) })).json() as Quote;
    expect(retired.lines[0]?.problem).toMatch(/no longer sold/);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/${product.id}`,
      headers: as(buyer),
    });
    expect((removed.json() as Quote).lines).toEqual([]);
  });

  it('holds at most CART_MAX_LINES products, while a product already in it can still change', async () => {
    const who = await newCustomer(t.app, { name: 'Hoarder' });
    const many = await Promise.all(
      Array.from({ length: CART_MAX_LINES + 1 }, () =>
        insertProduct(t.database.db, { minimumOrderQuantity: 1 }),
      ),
    );
    for (const product of many.slice(0, CART_MAX_LINES))
      expect((await put(who, product.id, 1)).statusCode).toBe(200);
    const over = await put(who, (many.at(-1) as { id: string }).id, 1);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(`A cart holds at most ${CART_MAX_LINES} different products`);
    const change = await put(who, (many[0] as { id: string }).id, 2);
    expect(change.statusCode).toBe(200);
    expect((change.json() as Quote).lines).toHaveLength(CART_MAX_LINES);
  });

  it("merges a visitor's cart at sign-in: quantities add up, capped at stock, raised to the minimum", async () => {
    const who = await newCustomer(t.app, { name: 'Merging Buyer' });
    const a = await insertProduct(t.database.db, { availableQuantity: 10, minimumOrderQuantity: 1 });
    const b = await insertProduct(t.database.db, { availableQuantity: 50, minimumOrderQuantity: 4 });
    const gone = await insertProduct(t.database.db, { retiredAt: new Date() });
    await fillCart(t.app, who, [{ productId: a.id, quantity: 6 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: as(who),
      payload: {
        lines: [
          { productId: a.id, quantity: 7 },
          { productId: b.id, quantity: 1 },
          { productId: gone.id, quantity: 2 },
          { productId: UNKNOWN_ID, quantity: 2 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json() as Quote;
    expect(merged.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [a.id, 10],
      [b.id, 4],
    ]);
    // Another device of the same account sees the same cart.
    const again = await t.app.inject({ url: '/api/cart', headers: as(who) });
    expect((again.json() as Quote).lines).toHaveLength(2);
  });

  it('is only for its owner; visitors price their browser cart with a quote instead', async () => {
    expect((await t.app.inject({ url: '/api/cart' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/cart/${UNKNOWN_ID}`, payload: { quantity: 1 } }))
        .statusCode,
    ).toBe(401);
    const product = await insertProduct(t.database.db, {
      priceCents: 2500,
      availableQuantity: 3,
      minimumOrderQuantity: 1,
    });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: {
        lines: [
          { productId: product.id, quantity: 2 },
          { productId: product.id, quantity: 2 },
          { productId: UNKNOWN_ID, quantity: 1 },
        ],
        shippingMethod: 'express',
      },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const body = quote.json() as Quote;
    // The same product twice is one line of 4, more than the 3 in stock: priced, and told.
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0]).toMatchObject({
      quantity: 4,
      lineTotalCents: 10000,
      problem: `Only 3 of ${product.name} left in stock.`,
    });
    expect(body.totals).toMatchObject({
      subtotalCents: 10000,
      shippingCents: 1999,
      taxCents: 700,
      totalCents: 12699,
    });
  });
});

describe('the address book', () => {
  const post = (who: TestSession, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/addresses', headers: as(who), payload });
  const list = async (who: TestSession) =>
    (await t.app.inject({ url: '/api/addresses', headers: as(who) })).json() as SavedAddress[];

  it('adds, edits, moves the default and hands it on when the default is deleted', async () => {
    const who = await newCustomer(t.app, { name: 'Address Keeper' });
    const home = (await post(who, HOME_ADDRESS)).json() as SavedAddress;
    expect(home.isDefault).toBe(true);
    const work = await post(who, { ...HOME_ADDRESS, line1: '500 Griswold St', line2: '' });
    expect(work.statusCode, work.body).toBe(201);
    expect((work.json() as SavedAddress).isDefault).toBe(false);

    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/addresses/${(work.json() as SavedAddress).id}`,
      headers: as(who),
      payload: { ...HOME_ADDRESS, line1: '500 Griswold Street', line2: '', isDefault: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list(who)).map((a) => [a.line1, a.isDefault])).toEqual([
      ['500 Griswold Street', true],
      ['1200 Woodward Ave', false],
    ]);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${(work.json() as SavedAddress).id}`,
      headers: as(who),
    });
    expect(del.json()).toEqual({ deletedCount: 1 });
    expect((await list(who)).map((a) => [a.line1, a.isDefault])).toEqual([['1200 Woodward Ave', true]]);

    // Another customer's address is not found, never changed.
    const other = await newCustomer(t.app, { name: 'Nosy Neighbour' });
    const theirs = await t.app.inject({
      method: 'PUT',
      url: `/api/addresses/${home.id}`,
      headers: as(other),
      payload: HOME_ADDRESS,
    });
    expect(theirs.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/addresses/${home.id}`, headers: as(other) }))
        .statusCode,
    ).toBe(404);
    expect(await list(other)).toEqual([]);
  });

  it('validates every field, with the form words, and accepts real phone formats', async () => {
    const who = await newCustomer(t.app, { name: 'Form Filler' });
    const res = await post(who, {
      ...HOME_ADDRESS,
      fullName: '',
      line1: '  ',
      country: 'XX',
      phone: 'call me',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'fullName', message: 'Full name is required' },
        { path: 'line1', message: 'Address line 1 is required' },
        { path: 'country', message: 'Choose a country we ship to' },
        { path: 'phone', message: 'Enter a phone number with 7 to 15 digits, e.g. +1 313 555 0142' },
      ]),
    );
    for (const phone of [
      '+1 313 555 0142',
      '(313) 555-0142',
      '07700 900123',
      '+44 20 7946 0958',
      '01712345678',
    ]) {
      expect((await post(who, { ...HOME_ADDRESS, phone })).statusCode, phone).toBe(201);
    }
    for (const phone of ['123456', '+1 313 555 0142 1234 5678', 'phone: 3135550142']) {
      expect((await post(who, { ...HOME_ADDRESS, phone })).statusCode, phone).toBe(400);
    }
  });
});
