import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BooksReport } from '../../contract/books';
import type { CheckoutAnswer } from '../../contract/checkout';
import type { Order } from '../../contract/orders';
import type { StoreCredit } from '../../contract/store-credit';
import { orders, refunds } from '../kernel/db/schema';
import { balanceOf } from '../modules/credit';
import { insertProduct } from '../test/fixtures';
import type { TestApp } from '../test/harness';
import { createOwnerApp, kitOf, type Member, newCustomer, orderIn } from '../test/kit';
import { orderRow } from '../test/probes';
import { as, checkoutCart, fillCart, payOrder, placeOrder } from '../test/store-flow';

// Store credit (decision 100) through the real app: given by a refund instead of money, spent at
// checkout and on the payment page in part or in full, given back when an unpaid order ends, and
// the card refunded no more than it paid.
let t: TestApp;
let owner: Member;
beforeAll(async () => {
  ({ t, admin: owner } = await createOwnerApp());
});
afterAll(() => t.close());

const creditOf = async (who: Member) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/account/store-credit', headers: as(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StoreCredit;
};

const refund = (orderId: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/manage/${orderId}/refunds`,
    headers: { ...as(owner), 'idempotency-key': randomUUID() },
    payload: body,
  });

/** The customer's store credit spent on one of their unpaid orders (POST /api/order/:id/store-credit). */
const useCredit = (who: Member, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/order/${orderId}/store-credit`, headers: as(who) });

/** The payment of an unpaid order opened for what is due. */
const openPayment = (who: Member, orderId: string) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: as(who), payload: { orderId } });

/** Test mode's processor charges the 4242 card for an intent. */
const payByCard = (who: Member, clientSecret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    headers: as(who),
    payload: {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: who.name,
      email: who.email,
    },
  });

/** A customer with `cents` of store credit, given by refunding an order of theirs as credit. */
async function customerWithCredit(priceCents: number) {
  const buyer = await newCustomer(t.app, { name: 'Credit Buyer' });
  const part = await insertProduct(t.database.db, {
    name: 'Spark plug',
    priceCents,
    availableQuantity: 50,
    minimumOrderQuantity: 1,
  });
  const order = await placeOrder(t.app, buyer, part.id, 1);
  await payOrder(t.app, buyer, order._id);
  const res = await refund(order._id, {
    amountCents: priceCents,
    restock: false,
    reason: 'Goodwill',
    toStoreCredit: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { buyer, order: res.json() as Order };
}

describe('store credit', () => {
  it('is given by a refund instead of money: the card is not asked, the balance shows it', async () => {
    const { buyer, order } = await customerWithCredit(2500);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(row).toMatchObject({
      status: 'succeeded',
      amountCents: 2500,
      storeCreditCents: 2500,
      providerRefundId: null,
    });
    expect(order.refunds[0]).toMatchObject({ amountCents: 2500, storeCreditCents: 2500 });
    const credit = await creditOf(buyer);
    expect(credit.balanceCents).toBe(2500);
    expect(credit.entries).toEqual([
      expect.objectContaining({
        deltaCents: 2500,
        balanceAfterCents: 2500,
        reason: 'refund',
        orderNumber: order.number,
      }),
    ]);
  });

  it('pays part of a checkout: the card pays the rest, and a refund goes to the card first, then back to credit', async () => {
    const { buyer } = await customerWithCredit(2500);
    const wrench = await insertProduct(t.database.db, {
      name: 'Torque wrench',
      priceCents: 8000,
      availableQuantity: 5,
      minimumOrderQuantity: 1,
    });
    await fillCart(t.app, buyer, [{ productId: wrench.id, quantity: 1 }]);
    const res = await checkoutCart(t.app, buyer, { useStoreCredit: true });
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json() as CheckoutAnswer;
    expect(order.amounts.storeCreditCents).toBe(2500);
    const total = order.amounts.totalCents;
    expect(payment?.amount).toBe((total - 2500) / 100);
    expect((await creditOf(buyer)).balanceCents).toBe(0);
    const paid = await payOrder(t.app, buyer, order._id);
    expect(paid.status).toBe('pending');

    // Everything refunded: the card gets what it paid, the credit comes back as credit.
    const back = await refund(order._id, { amountCents: total, restock: true, reason: 'Changed mind' });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as Order).refunds[0]).toMatchObject({
      status: 'succeeded',
      amountCents: total,
      storeCreditCents: 2500,
    });
    expect((await creditOf(buyer)).balanceCents).toBe(2500);
  });

  it('pays a whole checkout: no card, the order paid at once', async () => {
    const { buyer } = await customerWithCredit(9000);
    const filter = await insertProduct(t.database.db, {
      name: 'Oil filter',
      priceCents: 1000,
      availableQuantity: 5,
      minimumOrderQuantity: 1,
    });
    await fillCart(t.app, buyer, [{ productId: filter.id, quantity: 2 }]);
    const res = await checkoutCart(t.app, buyer, { useStoreCredit: true });
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json() as CheckoutAnswer;
    expect(payment).toBeNull();
    expect(order.paid).toBe(true);
    expect(order.amounts.storeCreditCents).toBe(order.amounts.totalCents);
    expect(order.transactionId).toBe(`store-credit-${order._id}`);
    expect((await creditOf(buyer)).balanceCents).toBe(9000 - order.amounts.totalCents);
  });

  it("pays part of an order on the spec's payment page, and comes back when the unpaid order is cancelled", async () => {
    const { buyer } = await customerWithCredit(1500);
    const jack = await insertProduct(t.database.db, {
      name: 'Floor jack',
      priceCents: 5000,
      availableQuantity: 5,
      minimumOrderQuantity: 1,
    });
    const placed = await placeOrder(t.app, buyer, jack.id, 1);
    const used = await useCredit(buyer, placed._id);
    expect(used.statusCode, used.body).toBe(200);
    expect((used.json() as Order).amounts.storeCreditCents).toBe(1500);
    const intent = await openPayment(buyer, placed._id);
    expect(intent.json().amount).toBe((placed.amounts.totalCents - 1500) / 100);
    // Nothing left to spend: said so.
    const again = await useCredit(buyer, placed._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have no store credit to use.');
    // Someone else's order is not found.
    const stranger = await newCustomer(t.app);
    expect((await useCredit(stranger, placed._id)).statusCode).toBe(404);
    // Cancelled unpaid: the credit is the customer's again.
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${placed._id}`,
      headers: as(buyer),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const credit = await creditOf(buyer);
    expect(credit.balanceCents).toBe(1500);
    expect(credit.entries.map((e) => [e.reason, e.deltaCents])).toEqual([
      ['order_released', 1500],
      ['order', -1500],
      ['refund', 1500],
    ]);
    expect((await orderRow(t.database.db, placed._id))?.status).toBe('cancelled');
  });

  it('gives back a card payment of the full total made after credit paid part of the order', async () => {
    const { buyer } = await customerWithCredit(1000);
    const jack = await insertProduct(t.database.db, {
      name: 'Jack stand',
      priceCents: 4000,
      availableQuantity: 5,
      minimumOrderQuantity: 1,
    });
    const placed = await placeOrder(t.app, buyer, jack.id, 1);
    // The payment opened for the whole total in one tab; credit spent in another.
    const before = await openPayment(buyer, placed._id);
    const used = await useCredit(buyer, placed._id);
    expect((used.json() as Order).amounts.storeCreditCents).toBe(1000);
    // The first tab's card pays the whole total: it is not the order's payment, and goes back.
    const confirm = await payByCard(buyer, before.json().clientSecret);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.message).toBe(
      'This payment was for the whole order, but your store credit has paid part of it since; it will be refunded. Pay what is left instead.',
    );
    const given = await t.database.db.select().from(refunds).where(eq(refunds.orderId, placed._id));
    expect(given.map((r) => [r.status, r.amountCents])).toEqual([['succeeded', placed.amounts.totalCents]]);
    expect((await orderRow(t.database.db, placed._id))?.status).toBe('unpaid');
  });

  it('refunds a late card payment when the credit its order needs was spent meanwhile', async () => {
    const { buyer } = await customerWithCredit(1000);
    const mat = await insertProduct(t.database.db, {
      name: 'Floor mat',
      priceCents: 3000,
      availableQuantity: 5,
      minimumOrderQuantity: 1,
    });
    const first = await placeOrder(t.app, buyer, mat.id, 1);
    await useCredit(buyer, first._id);
    const intent = await openPayment(buyer, first._id);
    expect(intent.json().amount).toBe((first.amounts.totalCents - 1000) / 100);
    // Cancelled: the credit comes back, and goes on another order.
    await t.app.inject({ method: 'DELETE', url: `/api/order/${first._id}`, headers: as(buyer) });
    const second = await placeOrder(t.app, buyer, mat.id, 1);
    await useCredit(buyer, second._id);
    // The first order's card payment arrives: it cannot be revived without its credit, so it is refunded.
    const confirm = await payByCard(buyer, intent.json().clientSecret);
    expect(confirm.statusCode).toBe(409);
    expect((await orderRow(t.database.db, first._id))?.status).toBe('cancelled');
    const given = await t.database.db.select().from(refunds).where(eq(refunds.orderId, first._id));
    expect(given.map((r) => [r.status, r.amountCents])).toEqual([
      ['succeeded', first.amounts.totalCents - 1000],
    ]);
    expect((await creditOf(buyer)).balanceCents).toBe(0);
  });

  it('is never spent twice: two checkouts at once share what there is', async () => {
    const { buyer } = await customerWithCredit(3000);
    const bulb = await insertProduct(t.database.db, {
      name: 'Headlight bulb',
      priceCents: 2000,
      availableQuantity: 50,
      minimumOrderQuantity: 1,
    });
    const orders = await Promise.all(
      [1, 2].map(async () => {
        const one = await placeOrder(t.app, buyer, bulb.id, 1);
        return useCredit(buyer, one._id);
      }),
    );
    const spent = orders.map((r) =>
      r.statusCode === 200 ? ((r.json() as Order).amounts.storeCreditCents ?? 0) : 0,
    );
    expect(spent.reduce((a, b) => a + b, 0)).toBe(3000);
    expect((await creditOf(buyer)).balanceCents).toBe(0);
  });

  it("gives a return's refund as store credit when asked, and refuses credit to a guest's order", async () => {
    const { order, buyer, returned } = await orderIn(kitOf(t.app), 'returned');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/returns/${returned?.id}/refund`,
      headers: as(owner),
      payload: { toStoreCredit: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(row?.status).toBe('succeeded');
    expect(row?.storeCreditCents).toBe(row?.amountCents);
    expect(await balanceOf(t.database.db, buyer.id)).toBe(row?.amountCents);

    // A guest's order (no account): credit has nowhere to go.
    const { order: guests } = await orderIn(kitOf(t.app), 'paid');
    await t.database.db.update(orders).set({ userId: null }).where(eq(orders.id, guests._id));
    const refused = await refund(guests._id, {
      amountCents: 100,
      restock: false,
      reason: 'Goodwill',
      toStoreCredit: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Store credit belongs to an account: sign in to use it.');
  });

  it('is its own line in the books: used and issued, and the books still reconcile to the cent', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      url: `/api/manage/books?from=${today}&to=${today}`,
      headers: as(owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { summary: s, providers } = res.json() as BooksReport;
    const [used, issued] = await Promise.all([
      t.database.db
        .select({ n: sql<string>`coalesce(sum(store_credit_cents), 0)::text` })
        .from(orders)
        .where(sql`paid_at is not null`),
      t.database.db
        .select({ n: sql<string>`coalesce(sum(store_credit_cents), 0)::text` })
        .from(refunds)
        .where(sql`status = 'succeeded'`),
    ]);
    expect(s.storeCreditUsedCents).toBe(Number(used[0]?.n));
    expect(s.storeCreditIssuedCents).toBe(Number(issued[0]?.n));
    expect(s.storeCreditUsedCents).toBeGreaterThan(0);
    expect(s.storeCreditIssuedCents).toBeGreaterThan(0);
    // Money in less money back to cards, plus credit spent less credit given, is what was sold.
    expect(s.netCollectedCents).toBe(s.paymentsCents - s.refundsCents + s.storeCreditIssuedCents);
    expect(s.netCollectedCents + s.storeCreditUsedCents - s.storeCreditIssuedCents).toBe(
      s.totalSalesCents + s.latePaymentsCents - s.latePaymentsRefundedCents,
    );
    expect(providers.find((p) => p.provider === 'store_credit')).toMatchObject({
      paymentsCents: s.storeCreditUsedCents,
      refundsCents: s.storeCreditIssuedCents,
    });
    const cards = providers.filter((p) => p.provider !== 'store_credit');
    expect(cards.reduce((n, p) => n + p.paymentsCents, 0)).toBe(s.paymentsCents);
  });
});
