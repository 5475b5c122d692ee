import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInvoices } from '../../contract/invoices';
import type { Order } from '../../contract/orders';
import type { Quote as PricedQuote } from '../../contract/pricing';
import type { QuoteAccepted, QuoteList, QuoteSent, SentQuote } from '../../contract/staff-orders';
import { outboxMessages, quotes, stockLevels } from '../kernel/db/schema';
import { insertProduct } from '../test/fixtures';
import type { TestApp } from '../test/harness';
import { createOwnerApp, type Member, newCustomer, newStaff } from '../test/kit';
import { as, HOME_ADDRESS, payOrder } from '../test/store-flow';

// Orders staff make for a customer (decision 103) through the real app: phoned in at the shop's
// prices and charged to its account, sent as a quote the shop accepts from its link, and a part
// added before shipping with the difference on the invoice.
let t: TestApp;
let owner: Member;
let manager: Member;
let staff: Member;
beforeAll(async () => {
  ({ t, admin: owner } = await createOwnerApp());
  manager = await newStaff(t.app, 'manager', 'Mia Manager');
  staff = await newStaff(t.app, 'staff', 'Sam Staff');
});
afterAll(() => t.close());

/** A shop at 10 % off list with net-30 terms and a $500.00 limit, and a $40.00 caliper. */
async function tradeShop() {
  const shop = await newCustomer(t.app, { name: 'Kim Garage' });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/customers/${shop.id}/trade`,
    headers: as(owner),
    payload: {
      priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [] },
      certificate: null,
      onAccount: { creditLimitCents: 50_000, termsDays: 30 },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const caliper = await insertProduct(t.database.db, {
    name: 'Brake caliper',
    priceCents: 4000,
    availableQuantity: 20,
    minimumOrderQuantity: 1,
  });
  const pads = await insertProduct(t.database.db, {
    name: 'Brake pads',
    priceCents: 2000,
    availableQuantity: 20,
    minimumOrderQuantity: 1,
  });
  return { shop, caliper: caliper.id, pads: pads.id };
}

const reserved = async (productId: string) =>
  (await t.database.db.select().from(stockLevels).where(eq(stockLevels.productId, productId)))[0]?.reserved;

const phoneOrder = (who: Member, shop: Member, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/customers/${shop.id}/orders`, headers: as(who), payload: body });

describe('an order phoned in', () => {
  it("is placed at the shop's prices and charged to its account, by a manager only", async () => {
    const { shop, caliper } = await tradeShop();
    const body = {
      lines: [{ productId: caliper, quantity: 2 }],
      shippingMethod: 'standard',
      address: HOME_ADDRESS,
      payment: 'on_account',
    };
    expect((await phoneOrder(staff, shop, body)).statusCode).toBe(403);
    expect((await phoneOrder(shop, shop, body)).statusCode).toBe(403);
    const res = await phoneOrder(manager, shop, body);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    // 2 x $36.00 (10 % off) + $7.99 shipping + 7 % tax on $72.00 ($5.04) = $85.03.
    expect(order.lines[0]).toMatchObject({ unitPriceCents: 3600, quantity: 2 });
    expect(order.amounts).toMatchObject({ totalCents: 8503, onAccountCents: 8503 });
    expect(order.paid).toBe(true);
    expect(order.userEmail).toBe(shop.email);
    expect(await reserved(caliper)).toBe(2);
  });

  it('left unpaid, waits for the shop to pay by card; refused whole when out of stock', async () => {
    const { shop, caliper } = await tradeShop();
    const res = await phoneOrder(owner, shop, {
      lines: [{ productId: caliper, quantity: 1 }],
      shippingMethod: 'standard',
      address: HOME_ADDRESS,
      payment: 'unpaid',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order.paid).toBe(false);
    // Or staff charge the card the shop reads out (test mode's processor), declined and then paid.
    const byPhone = (who: Member, cardNumber: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manage/${order._id}/card-by-phone`,
        headers: as(who),
        payload: { cardNumber, expiry: '12/40', cvc: '123', name: 'Kim Garage' },
      });
    expect((await byPhone(staff, '4242 4242 4242 4242')).statusCode).toBe(403);
    expect((await byPhone(manager, '4000 0000 0000 0002')).statusCode).toBe(402);
    const paid = await byPhone(manager, '4242 4242 4242 4242');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, cardLast4: '4242' });

    const tooMany = await phoneOrder(owner, shop, {
      lines: [{ productId: caliper, quantity: 50 }],
      shippingMethod: 'standard',
      address: HOME_ADDRESS,
      payment: 'on_account',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(await reserved(caliper)).toBe(1);
  });
});

describe('an order being built', () => {
  it("is priced for its customer before it is placed, with the zone's methods, holding nothing", async () => {
    const { shop, caliper } = await tradeShop();
    const preview = (who: Member, customerId: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/customers/${customerId}/orders/preview`,
        headers: as(who),
        payload: body,
      });
    const body = {
      lines: [{ productId: caliper, quantity: 2 }],
      shippingMethod: 'express',
      region: HOME_ADDRESS.region,
      country: HOME_ADDRESS.country,
    };
    expect((await preview(staff, shop.id, body)).statusCode).toBe(403);
    expect((await preview(manager, 'no-such-customer', body)).statusCode).toBe(404);
    const res = await preview(manager, shop.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const priced = res.json() as PricedQuote;
    // 2 x $36.00 (10 % off) + $19.99 express + 7 % tax on $72.00 ($5.04) = $97.03.
    expect(priced.lines[0]).toMatchObject({ unitPriceCents: 3600, quantity: 2 });
    expect(priced.totals).toMatchObject({
      subtotalCents: 7200,
      shippingCents: 1999,
      taxCents: 504,
      totalCents: 9703,
    });
    expect(priced.shippingOptions.map((o) => [o.method, o.priceCents])).toEqual([
      ['standard', 799],
      ['express', 1999],
    ]);
    expect(await reserved(caliper)).toBe(0);
    // Placed, the order costs what the preview said.
    const placed = await phoneOrder(manager, shop, {
      lines: body.lines,
      shippingMethod: 'express',
      address: HOME_ADDRESS,
      payment: 'unpaid',
    });
    expect((placed.json() as Order).amounts.totalCents).toBe(9703);
  });
});

describe('a quote', () => {
  it('is sent as a link the shop opens, priced now, accepts once, and then pays', async () => {
    const { shop, caliper, pads } = await tradeShop();
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${shop.id}/quotes`,
      headers: as(manager),
      payload: {
        lines: [
          { productId: caliper, quantity: 1 },
          { productId: pads, quantity: 2 },
        ],
        shippingMethod: 'standard',
        address: HOME_ADDRESS,
        validDays: 7,
        note: 'Front axle, as discussed.',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { quote, link } = sent.json() as QuoteSent;
    // $36.00 + 2 x $18.00 = $72.00, $7.99 shipping, 7 % tax on $72.00 ($5.04): $85.03.
    expect(quote.priced.totals.totalCents).toBe(8503);
    expect(quote.status).toBe('open');
    // It holds no stock, and its mail is on its way.
    expect(await reserved(caliper)).toBe(0);
    const mail = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        sql`${outboxMessages.topic} = 'quote.sent' and ${outboxMessages.payload}->>'quoteId' = ${quote.id}`,
      );
    expect(mail).toHaveLength(1);

    const token = link.replace('/quote/', '');
    const other = await newCustomer(t.app, { name: 'Someone Else' });
    expect((await t.app.inject({ url: `/api/quotes/${token}`, headers: as(other) })).statusCode).toBe(404);
    const forged = `${token.slice(0, -2)}AA`;
    expect((await t.app.inject({ url: `/api/quotes/${forged}`, headers: as(shop) })).statusCode).toBe(404);
    const seen = await t.app.inject({ url: `/api/quotes/${token}`, headers: as(shop) });
    expect(seen.statusCode, seen.body).toBe(200);
    expect((seen.json() as SentQuote).note).toBe('Front axle, as discussed.');

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${token}/accept`,
      headers: as(shop),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { order } = accepted.json() as QuoteAccepted;
    expect(order.amounts.totalCents).toBe(8503);
    expect(order.paid).toBe(false);
    expect(await reserved(caliper)).toBe(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${token}/accept`,
      headers: as(shop),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This quote was accepted already: its order is in your orders.');
    const put = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/on-account`,
      headers: as(shop),
    });
    expect(put.statusCode, put.body).toBe(200);

    const list = await t.app.inject({ url: `/api/customers/${shop.id}/quotes`, headers: as(manager) });
    expect((list.json() as QuoteList).quotes.map((q) => [q.status, q.orderId])).toEqual([
      ['accepted', order._id],
    ]);
  });

  it('is refused once it has expired', async () => {
    const { shop, caliper } = await tradeShop();
    const { link, quote } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/customers/${shop.id}/quotes`,
        headers: as(owner),
        payload: {
          lines: [{ productId: caliper, quantity: 1 }],
          shippingMethod: 'standard',
          address: HOME_ADDRESS,
        },
      })
    ).json() as QuoteSent;
    await t.database.db
      .update(quotes)
      .set({ expiresAt: new Date('2026-01-02T00:00:00Z') })
      .where(eq(quotes.id, quote.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${link.replace('/quote/', '')}/accept`,
      headers: as(shop),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This quote expired on 2026-01-02: ask us for a new one.');
    expect(await reserved(caliper)).toBe(0);
  });
});

describe('parts added before shipping', () => {
  it('are reserved, priced for the shop, taxed at the order rate and added to its invoice', async () => {
    const { shop, caliper, pads } = await tradeShop();
    const order = (
      await phoneOrder(manager, shop, {
        lines: [{ productId: pads, quantity: 1 }],
        shippingMethod: 'standard',
        address: HOME_ADDRESS,
        payment: 'on_account',
      })
    ).json() as Order;
    // $18.00 + $7.99 + $1.26 tax = $27.25.
    expect(order.amounts.totalCents).toBe(2725);
    const add = (who: Member, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manage/${order._id}/lines`,
        headers: as(who),
        payload: body,
      });
    expect((await add(staff, { lines: [{ productId: caliper, quantity: 1 }] })).statusCode).toBe(403);
    const res = await add(manager, {
      lines: [
        { productId: caliper, quantity: 1 },
        { productId: pads, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json() as Order;
    // A forgotten caliper at $36.00 and a second set of pads at the $18.00 they were sold at:
    // $54.00 + $3.78 tax = $57.78 more, no more shipping.
    expect(changed.lines.map((l) => [l.name, l.quantity, l.unitPriceCents])).toEqual([
      ['Brake pads', 2, 1800],
      ['Brake caliper', 1, 3600],
    ]);
    expect(changed.amounts).toMatchObject({ totalCents: 8503, taxCents: 504, onAccountCents: 8503 });
    expect(await reserved(caliper)).toBe(1);
    expect(await reserved(pads)).toBe(2);
    const invoices = await t.app.inject({ url: '/api/account/invoices', headers: as(shop) });
    const account = invoices.json() as AccountInvoices;
    expect(account.invoices.find((i) => i.orderId === order._id)?.amountCents).toBe(8503);
    expect(account.standing.balanceCents).toBe(8503);
    const history = await t.app.inject({ url: `/api/order/${order._id}/history`, headers: as(shop) });
    expect(history.body).toContain('lines_added');
    // The shop is told: the change goes out as the order's mail.
    const told = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        sql`${outboxMessages.topic} = 'order.status_changed' and ${outboxMessages.payload}->>'orderId' = ${order._id} and ${outboxMessages.payload}->>'event' = 'lines_added'`,
      );
    expect(told).toHaveLength(1);

    // Shipped, it takes no more.
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${order._id}/shipments`,
      headers: as(owner),
      payload: { carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const late = await add(manager, { lines: [{ productId: caliper, quantity: 1 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Parts are added only to a paid order nothing of which has shipped.',
    );
  });

  it("are refused on a guest's order (priced for no account), and nothing is reserved", async () => {
    const { shop, caliper } = await tradeShop();
    const placed = (
      await phoneOrder(owner, shop, {
        lines: [{ productId: caliper, quantity: 1 }],
        shippingMethod: 'standard',
        address: HOME_ADDRESS,
        payment: 'unpaid',
      })
    ).json() as Order;
    await payOrder(t.app, shop, placed._id);
    // As a guest's order is: no account behind it.
    await t.database.db.execute(sql`update orders set user_id = null where id = ${placed._id}`);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${placed._id}/lines`,
      headers: as(owner),
      payload: { lines: [{ productId: caliper, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "A guest's order is not changed: place the added parts as a new order.",
    );
    expect(await reserved(caliper)).toBe(1);
  });
});
