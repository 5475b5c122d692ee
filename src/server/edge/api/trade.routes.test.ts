import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscountInput } from '../../../contract/discounts';
import type { Order } from '../../../contract/orders';
import type { Quote } from '../../../contract/pricing';
import type { TradeAccount, TradeAccountInput } from '../../../contract/trade';
import { auditLog, cartLines, categories, products, user } from '../../kernel/db/schema';
import { createDiscount } from '../../modules/discounts/discounts.service';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { signUp, type TestSession } from '../../test/sessions';
import { as, checkoutCart, createAdminApp, fillCart, HOME_ADDRESS, placeOrder } from '../../test/store-flow';

// Trade accounts over HTTP: staff set a shop's price list and certificate; the shop's cart, quote,
// checkout and order are priced from them on the server; everyone else pays list prices.

let t: TestApp;
let owner: TestSession;
let shop: TestSession;
let retail: TestSession;
let shopId: string;
let pads: { id: string };
let filter: { id: string };

const idOf = async (session: TestSession) => {
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, session.email));
  if (!row) throw new Error('no such account');
  return row.id;
};

const FAR_FUTURE = '2099-12-31';
const terms = (certificate: TradeAccountInput['certificate'] = null): TradeAccountInput => ({
  priceList: {
    percentOffBasisPoints: 1000,
    categories: [{ categorySlug: 'trade-filters', basisPoints: 2500 }],
    netPrices: [{ productId: pads.id, priceCents: 4200 }],
  },
  certificate,
});
const setTerms = (body: object, who: TestSession = owner, id = shopId) =>
  t.app.inject({ method: 'PUT', url: `/api/customers/${id}/trade`, headers: as(who), payload: body });

beforeAll(async () => {
  ({ t, admin: owner } = await createAdminApp());
  shop = await signUp(t.app, { name: 'Corner Garage' });
  retail = await signUp(t.app, { name: 'Weekend Driver' });
  shopId = await idOf(shop);
  await t.database.db
    .insert(categories)
    .values({ slug: 'trade-filters', name: 'Filters', image: '/images/x.svg' })
    .onConflictDoNothing();
  pads = await insertProduct(t.database.db, {
    name: 'Brake pads',
    priceCents: 5999,
    minimumOrderQuantity: 1,
  });
  filter = await insertProduct(t.database.db, {
    name: 'Oil filter',
    priceCents: 899,
    minimumOrderQuantity: 1,
    categorySlug: 'trade-filters',
  });
});
afterAll(() => t.close());

const cartOf = async (who: TestSession, query = '') =>
  (await t.app.inject({ url: `/api/cart${query}`, headers: as(who) })).json() as Quote;

describe('PUT, GET and DELETE /api/customers/:id/trade', () => {
  it('marks a customer as trade, reads it back, audits it, and refuses what is not a price list', async () => {
    const before = await t.app.inject({ url: `/api/customers/${shopId}/trade`, headers: as(owner) });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ trade: null });

    const saved = await setTerms(
      terms({ number: 'MI-RS-40021', states: ['mi', 'OH'], expiresOn: FAR_FUTURE }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const account = saved.json() as TradeAccount;
    expect(account).toMatchObject({
      userId: shopId,
      priceList: terms().priceList,
      certificate: { number: 'MI-RS-40021', states: ['MI', 'OH'], expiresOn: FAR_FUTURE },
    });
    const read = await t.app.inject({ url: `/api/customers/${shopId}/trade`, headers: as(owner) });
    expect(read.json()).toEqual({ trade: account });
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'account'), eq(auditLog.subjectId, shopId)));
    expect(audits.map((a) => a.action)).toEqual(['trade.opened']);

    const twice = await setTerms({
      ...terms(),
      priceList: {
        ...terms().priceList,
        categories: [...terms().priceList.categories, ...terms().priceList.categories],
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe('A category is listed twice.');
    const tooMuch = await setTerms({
      ...terms(),
      priceList: { ...terms().priceList, percentOffBasisPoints: 9001 },
    });
    expect(tooMuch.statusCode).toBe(400);
    const badState = await setTerms(terms({ number: 'X', states: ['Michigan'], expiresOn: FAR_FUTURE }));
    expect(badState.statusCode).toBe(400);
    // Staff are not customers: no trade terms for them.
    const staffAccount = await setTerms(terms(), owner, await idOf(owner));
    expect(staffAccount.statusCode).toBe(409);
    expect((await setTerms(terms(), owner, randomUUID())).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/customers/${randomUUID()}/trade`, headers: as(owner) })).statusCode,
    ).toBe(404);
  });

  it('is read by the shop itself, and by no one signed out; a customer may not set their own', async () => {
    const mine = await t.app.inject({ url: '/api/account/trade', headers: as(shop) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().trade.priceList.percentOffBasisPoints).toBe(1000);
    expect((await t.app.inject({ url: '/api/account/trade', headers: as(retail) })).json()).toEqual({
      trade: null,
    });
    expect((await t.app.inject({ url: '/api/account/trade' })).statusCode).toBe(401);
    expect((await setTerms(terms(), shop)).statusCode).toBe(403);
  });
});

describe('prices for a trade buyer', () => {
  it("prices the shop's cart from its list, and everyone else's at list price", async () => {
    const lines = [
      { productId: pads.id, quantity: 1 },
      { productId: filter.id, quantity: 4 },
    ];
    await fillCart(t.app, shop, lines);
    await fillCart(t.app, retail, lines);
    const trade = await cartOf(shop);
    // Pads at their net $42.00; filters 25 % off $8.99 = 899 - 225 = 674, x4 = 2696.
    expect(trade.lines.map((l) => [l.unitPriceCents, l.listUnitPriceCents, l.lineTotalCents])).toEqual([
      [4200, 5999, 4200],
      [674, 899, 2696],
    ]);
    // 4200 + 2696 = 6896; $7.99 standard; 7 % of 6896 = 482.72 → 483; total 8178.
    expect(trade.totals).toMatchObject({
      subtotalCents: 6896,
      shippingCents: 799,
      taxCents: 483,
      totalCents: 8178,
    });

    const list = await cartOf(retail);
    expect(list.lines.map((l) => [l.unitPriceCents, l.listUnitPriceCents])).toEqual([
      [5999, undefined],
      [899, undefined],
    ]);
    // 5999 + 3596 = 9595; 7 % = 671.65 → 672.
    expect(list.totals).toMatchObject({ subtotalCents: 9595, taxCents: 672 });

    // The quote of a visitor's cart: list prices for a visitor, the shop's prices for the shop.
    const quote = (who?: TestSession) =>
      t.app.inject({ method: 'POST', url: '/api/cart/quote', headers: as(who), payload: { lines } });
    expect(((await quote()).json() as Quote).totals.subtotalCents).toBe(9595);
    expect(((await quote(shop)).json() as Quote).totals.subtotalCents).toBe(6896);
  });

  it('prices a line at its quantity break once the line reaches it, and the order keeps that price', async () => {
    const before = (await t.app.inject({ url: `/api/customers/${shopId}/trade`, headers: as(owner) })).json()
      .trade;
    const withBreaks = terms();
    withBreaks.priceList.quantityBreaks = [{ productId: filter.id, minQuantity: 10, priceCents: 600 }];
    expect((await setTerms(withBreaks)).statusCode).toBe(200);
    const twice = {
      ...withBreaks,
      priceList: {
        ...withBreaks.priceList,
        quantityBreaks: [
          { productId: filter.id, minQuantity: 10, priceCents: 600 },
          { productId: filter.id, minQuantity: 10, priceCents: 550 },
        ],
      },
    };
    expect((await setTerms(twice)).json().error.message).toBe('A quantity of a product is listed twice.');
    const quote = async (quantity: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/cart/quote',
          headers: as(shop),
          payload: { lines: [{ productId: filter.id, quantity }] },
        })
      ).json() as Quote;
    // 9 filters at the list's 25 % off (674); 10 at the break's $6.00.
    expect((await quote(9)).lines[0]?.unitPriceCents).toBe(674);
    expect((await quote(10)).lines[0]).toMatchObject({
      unitPriceCents: 600,
      lineTotalCents: 6000,
      listUnitPriceCents: 899,
    });
    // The order modal's one-line order, 12 filters: the line keeps the break's price.
    const placed = await placeOrder(t.app, shop, filter.id, 12);
    expect(placed.lines[0]).toMatchObject({ unitPriceCents: 600, quantity: 12 });
    // The shop's terms as the next tests left them.
    expect(
      (await setTerms({ priceList: before.priceList, certificate: before.certificate })).statusCode,
    ).toBe(200);
  });

  it('stacks a discount code on the trade price', async () => {
    const code = `TRADE${Date.now().toString(36).toUpperCase()}`;
    await createDiscount(
      t.database.db,
      DiscountInput.parse({ code, name: code, kind: 'percent', value: 1000 }),
    );
    const cart = await cartOf(shop, `?code=${code}`);
    // 10 % of the trade subtotal 6896 = 689.6 → 690; tax 7 % of 6206 = 434.42 → 434.
    expect(cart.totals).toMatchObject({ subtotalCents: 6896, discountCents: 690, taxCents: 434 });
  });

  it('checks out at trade prices, exempt where the certificate covers the state, taxed elsewhere', async () => {
    const exempt = await checkoutCart(t.app, shop);
    expect(exempt.statusCode, exempt.body).toBe(201);
    const order = exempt.json().order as Order;
    expect(order.lines.map((l) => [l.unitPriceCents, l.quantity, l.taxCents])).toEqual([
      [4200, 1, 0],
      [674, 4, 0],
    ]);
    // 6896 + 799, no tax under the certificate.
    expect(order.amounts).toMatchObject({
      subtotalCents: 6896,
      shippingCents: 799,
      taxCents: 0,
      totalCents: 7695,
      taxExemptCertificate: 'MI-RS-40021',
    });
    // The receipt says why there is no tax (its narrow label column wraps the words: joined here).
    const receipt = await t.app.inject({ url: `/api/order/${order._id}/receipt.pdf`, headers: as(shop) });
    expect(receipt.statusCode).toBe(200);
    expect(pdfText(receipt.rawPayload).join('')).toContain('Tax exempt for resale (certificate MI-RS-40021)');

    // Indiana is not on the certificate: taxed at 7 % of 6896 = 483.
    await fillCart(t.app, shop, [
      { productId: pads.id, quantity: 1 },
      { productId: filter.id, quantity: 4 },
    ]);
    const taxed = await checkoutCart(t.app, shop, { address: { ...HOME_ADDRESS, region: 'IN' } });
    expect(taxed.statusCode, taxed.body).toBe(201);
    const other = taxed.json().order as Order;
    expect(other.amounts).toMatchObject({ subtotalCents: 6896, taxCents: 483, totalCents: 8178 });
    expect(other.amounts.taxExemptCertificate).toBeUndefined();
  });

  it('taxes an order once the certificate has expired', async () => {
    expect(
      (await setTerms(terms({ number: 'MI-RS-40021', states: ['MI'], expiresOn: '2020-01-31' }))).statusCode,
    ).toBe(200);
    await fillCart(t.app, shop, [{ productId: filter.id, quantity: 4 }]);
    const placed = await checkoutCart(t.app, shop);
    expect(placed.statusCode, placed.body).toBe(201);
    // 2696 + 799; 7 % of 2696 = 188.72 → 189.
    expect((placed.json().order as Order).amounts).toMatchObject({
      subtotalCents: 2696,
      taxCents: 189,
      totalCents: 3684,
    });
  });

  it("answers the shop's own prices for the product pages, and none for a retail buyer", async () => {
    const url = `/api/account/trade-prices?ids=${pads.id},${filter.id}`;
    const own = await t.app.inject({ url, headers: as(shop) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({
      prices: expect.arrayContaining([
        { productId: pads.id, unitPriceCents: 4200, listUnitPriceCents: 5999 },
        { productId: filter.id, unitPriceCents: 674, listUnitPriceCents: 899 },
      ]),
    });
    expect(own.json().prices).toHaveLength(2);
    expect((await t.app.inject({ url, headers: as(retail) })).json()).toEqual({ prices: [] });
    expect(
      (await t.app.inject({ url: '/api/account/trade-prices?ids=nope', headers: as(shop) })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('buys at list prices again once the trade account is closed', async () => {
    const closed = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${shopId}/trade`,
      headers: as(owner),
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ trade: null });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/customers/${shopId}/trade`, headers: as(owner) }))
        .statusCode,
    ).toBe(404);
    await fillCart(t.app, shop, [{ productId: filter.id, quantity: 4 }]);
    expect((await cartOf(shop)).lines.map((l) => l.unitPriceCents)).toEqual([899]);
  });
});

describe('POST /api/order/:id/buy-again', () => {
  it("puts one of the customer's own orders back into their cart at today's price, and no one else's", async () => {
    await t.database.db.delete(cartLines).where(eq(cartLines.userId, await idOf(retail)));
    const first = await fillCart(t.app, retail, [{ productId: filter.id, quantity: 2 }]);
    expect(first.lines).toHaveLength(1);
    const placed = await checkoutCart(t.app, retail);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as Order;
    expect(order.lines.map((l) => l.unitPriceCents)).toEqual([899]);

    // The price went up since: the cart shows today's.
    await t.database.db.update(products).set({ priceCents: 949 }).where(eq(products.id, filter.id));
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/buy-again`,
      headers: as(retail),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      added: [{ productId: filter.id, name: 'Oil filter', quantity: 2, note: null }],
      notAdded: [],
    });
    const cart = await cartOf(retail);
    expect(cart.lines.map((l) => [l.productId, l.unitPriceCents, l.quantity])).toEqual([[filter.id, 949, 2]]);

    const notMine = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/buy-again`,
      headers: as(shop),
    });
    expect(notMine.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/order/${order._id}/buy-again` })).statusCode,
    ).toBe(401);
  });
});
