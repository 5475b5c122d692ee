import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BooksReport } from '../../contract/books';
import type { Order } from '../../contract/orders';
import { rowsOf } from '../kernel/db';
import { orderBalancePayments, outboxMessages, paymentIntents, refunds } from '../kernel/db/schema';
import { insertProduct } from '../test/fixtures';
import type { TestApp } from '../test/harness';
import { createOwnerApp, type Member, newCustomer, newStaff } from '../test/kit';
import { as, HOME_ADDRESS, payOrder } from '../test/store-flow';

// Parts added to an order paid by card (decision 104), through the real app: the card is not
// charged again, so the order owes the difference as its balance, does not ship until that is
// paid, takes the payment from its payment page (or by phone), and gives refunds back to the
// payment they came from; the books count the balance payment as the order's own.
let t: TestApp;
let owner: Member;
let manager: Member;
beforeAll(async () => {
  ({ t, admin: owner } = await createOwnerApp());
  manager = await newStaff(t.app, 'manager', 'Mia Manager');
});
afterAll(() => t.close());

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

/**
 * A customer's order of one $40.00 caliper paid by card ($40.00 + $7.99 shipping + 7 % tax on the
 * goods, $2.80 = $50.79), and a $20.00 set of pads to add later.
 */
async function paidByCard() {
  const customer = await newCustomer(t.app, { name: 'Rae Retail' });
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
  const placed = await t.app.inject({
    method: 'POST',
    url: `/api/customers/${customer.id}/orders`,
    headers: as(manager),
    payload: {
      lines: [{ productId: caliper.id, quantity: 1 }],
      shippingMethod: 'standard',
      address: HOME_ADDRESS,
      payment: 'unpaid',
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = await payOrder(t.app, customer, (placed.json() as Order)._id);
  expect(order.amounts.totalCents).toBe(5079);
  return { customer, order, caliper: caliper.id, pads: pads.id };
}

const addParts = (orderId: string, lines: { productId: string; quantity: number }[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/manage/${orderId}/lines`,
    headers: as(manager),
    payload: { lines },
  });

const ship = (orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/manage/${orderId}/shipments`,
    headers: as(owner),
    payload: { carrier: 'UPS', trackingNumber: '1Z999' },
  });

const refund = (orderId: string, key: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/manage/${orderId}/refunds`,
    headers: { ...as(owner), 'idempotency-key': key },
    payload: { restock: true, reason: 'Not needed after all', ...body },
  });

const orderOf = async (who: Member, orderId: string) =>
  (await t.app.inject({ url: `/api/order/${orderId}`, headers: as(who) })).json() as Order;

const intentsOf = (orderId: string) =>
  t.database.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));

/** The balance payments the order took, by id. */
const takenBy = async (orderId: string) =>
  (
    await t.database.db.select().from(orderBalancePayments).where(eq(orderBalancePayments.orderId, orderId))
  ).map((p) => p.paymentIntentId);

const refundsOf = (orderId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

/** The customer pays the balance from the payment page's calls, as for an unpaid order. */
async function payBalance(customer: Member, orderId: string) {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: as(customer),
    payload: { orderId },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    headers: as(customer),
    payload: {
      clientSecret: intent.json().clientSecret,
      ...CARD,
      name: customer.name,
      email: customer.email,
    },
  });
  return { intent: intent.json() as { amount: number; purpose?: string }, confirm };
}

/** The books of all time, and their identity with balances owed in it. */
async function books() {
  const res = await t.app.inject({
    url: '/api/manage/books?from=2000-01-01&to=2999-12-31&group=month',
    headers: as(owner),
  });
  expect(res.statusCode, res.body).toBe(200);
  const s = (res.json() as BooksReport).summary;
  expect(
    s.netCollectedCents -
      s.accountPaymentsCents +
      s.storeCreditUsedCents -
      s.storeCreditIssuedCents +
      s.onAccountChargedCents -
      s.onAccountCreditedCents +
      s.balanceDueCents,
  ).toBe(s.totalSalesCents + s.latePaymentsCents - s.latePaymentsRefundedCents);
  // Payments received are every payment the processor took.
  const [paid] = rowsOf<{ n: string }>(
    await t.database.db.execute(
      sql`select coalesce(sum(amount_cents), 0)::text as n from payment_intents where status = 'succeeded'`,
    ),
  );
  expect(s.paymentsCents).toBe(Number(paid?.n));
  return s;
}

describe('parts added to an order paid by card', () => {
  it('are owed as its balance, stop it shipping, and are paid from its payment page', async () => {
    const { customer, order, pads } = await paidByCard();
    const before = await books();
    const res = await addParts(order._id, [{ productId: pads, quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json() as Order;
    // $20.00 + 7 % tax ($1.40) = $21.40 more, owed; the order stays paid and waiting to ship.
    expect(changed.amounts).toMatchObject({ totalCents: 7219, balanceDueCents: 2140 });
    expect(changed).toMatchObject({ paid: true, status: 'pending' });

    const refused = await ship(order._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This order still owes $21.40 for parts added to it: it ships once that is paid.',
    );
    // The customer's mail asks for the difference, with a link to pay it.
    const told = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        sql`${outboxMessages.topic} = 'order.status_changed' and ${outboxMessages.payload}->>'orderId' = ${order._id} and ${outboxMessages.payload}->>'event' = 'lines_added'`,
      );
    expect(told).toHaveLength(1);
    // Sold and owed: the books say so, and still add up.
    const owed = await books();
    expect(owed.balanceDueCents - before.balanceDueCents).toBe(2140);

    const { intent, confirm } = await payBalance(customer, order._id);
    expect(intent).toMatchObject({ amount: 21.4, purpose: 'balance' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const paid = await orderOf(customer, order._id);
    expect(paid.amounts.balanceDueCents).toBeUndefined();
    expect(paid.amounts.totalCents).toBe(7219);
    // The first payment stays the order's transaction; the balance is a payment of its own, taken.
    expect(paid.transactionId).toBe(order.transactionId);
    const intents = await intentsOf(order._id);
    expect(intents.map((i) => [i.purpose, i.amountCents, i.status]).sort()).toEqual([
      ['balance', 2140, 'succeeded'],
      ['order', 5079, 'succeeded'],
    ]);
    expect(await takenBy(order._id)).toEqual([intents.find((i) => i.purpose === 'balance')?.id]);
    const history = await t.app.inject({ url: `/api/order/${order._id}/history`, headers: as(customer) });
    expect(history.body).toContain('balance_paid');
    // Paid again, the balance page opens nothing more.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: as(customer),
      payload: { orderId: order._id },
    });
    expect(again.statusCode).toBe(409);
    // The balance payment is the order's own in the books, not a late payment.
    const after = await books();
    expect(after.paymentsCents - owed.paymentsCents).toBe(2140);
    expect(after.latePaymentsCents).toBe(owed.latePaymentsCents);
    expect(after.balanceDueCents - before.balanceDueCents).toBe(0);

    // The pads given back go back to the payment that paid for them.
    const back = await refund(order._id, 'pads-back', { lines: [{ productId: pads, quantity: 1 }] });
    expect(back.statusCode, back.body).toBe(200);
    const balanceIntent = intents.find((i) => i.purpose === 'balance');
    const [given] = await refundsOf(order._id);
    expect(given).toMatchObject({
      status: 'succeeded',
      amountCents: 2140,
      paymentIntentId: balanceIntent?.id,
      balanceCents: 0,
      storeCreditCents: 0,
    });
    const refunded = await books();
    expect(refunded.latePaymentsRefundedCents).toBe(after.latePaymentsRefundedCents);
    expect((await ship(order._id)).statusCode).toBe(201);
  });

  it('owe less when a part added is taken back before it is paid, and nothing goes to the card', async () => {
    const { customer, order, pads } = await paidByCard();
    expect((await addParts(order._id, [{ productId: pads, quantity: 2 }])).statusCode).toBe(200);
    // 2 x $20.00 + $2.80 tax = $42.80 owed; one set taken back ($21.40) leaves $21.40.
    const back = await refund(order._id, 'one-back', { lines: [{ productId: pads, quantity: 1 }] });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as Order).amounts.balanceDueCents).toBe(2140);
    const [taken] = await refundsOf(order._id);
    expect(taken).toMatchObject({
      status: 'succeeded',
      amountCents: 2140,
      balanceCents: 2140,
      storeCreditCents: 0,
    });
    await books();
    // The $21.40 still owed is paid.
    const { confirm } = await payBalance(customer, order._id);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await orderOf(customer, order._id)).amounts.balanceDueCents).toBeUndefined();
    // The second set, taken back now, goes back to the card that paid for it; the order ships.
    const rest = await refund(order._id, 'two-back', { lines: [{ productId: pads, quantity: 1 }] });
    expect(rest.statusCode, rest.body).toBe(200);
    const byIntent = await refundsOf(order._id);
    expect(byIntent.filter((r) => r.balanceCents > 0)).toHaveLength(1);
    await books();
    expect((await ship(order._id)).statusCode).toBe(201);
  });

  it('paid for after the balance shrank, is refunded as a payment that came too late', async () => {
    const { customer, order, pads } = await paidByCard();
    expect((await addParts(order._id, [{ productId: pads, quantity: 1 }])).statusCode).toBe(200);
    // The customer opens the payment of $21.40, then the pads are taken back before the card is charged.
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: as(customer),
      payload: { orderId: order._id },
    });
    expect(opened.statusCode).toBe(200);
    expect(
      (await refund(order._id, 'taken-back', { lines: [{ productId: pads, quantity: 1 }] })).statusCode,
    ).toBe(200);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      headers: as(customer),
      payload: {
        clientSecret: opened.json().clientSecret,
        ...CARD,
        name: customer.name,
        email: customer.email,
      },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'This payment was for more than your order still owes (its balance changed meanwhile); it will be refunded. Open the order to see what is left to pay.',
    );
    const [balanceIntent] = (await intentsOf(order._id)).filter((i) => i.purpose === 'balance');
    expect(balanceIntent).toMatchObject({ status: 'succeeded' });
    expect(await takenBy(order._id)).toEqual([]);
    const lateRefund = (await refundsOf(order._id)).find((r) => r.paymentIntentId === balanceIntent?.id);
    expect(lateRefund).toMatchObject({ status: 'succeeded', amountCents: 2140 });
    const s = await books();
    expect(s.latePaymentsCents).toBeGreaterThanOrEqual(2140);
  });

  it('are charged by phone by staff, in test mode', async () => {
    const { customer, order, pads } = await paidByCard();
    expect((await addParts(order._id, [{ productId: pads, quantity: 1 }])).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${order._id}/card-by-phone`,
      headers: as(manager),
      payload: { ...CARD, name: customer.name },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Order).amounts.balanceDueCents).toBeUndefined();
    expect((await ship(order._id)).statusCode).toBe(201);
  });

  it('leave an order paid twice refunded payment by payment when it is cancelled', async () => {
    const { customer, order, pads } = await paidByCard();
    expect((await addParts(order._id, [{ productId: pads, quantity: 1 }])).statusCode).toBe(200);
    expect((await payBalance(customer, order._id)).confirm.statusCode).toBe(200);
    // One refund cannot span both payments: at most the larger one at once.
    const whole = await refund(order._id, 'everything', { amountCents: 7219 });
    expect(whole.statusCode).toBe(409);
    expect(whole.json().error.message).toBe(
      'This order was paid in 2 payments and a refund goes back to one of them: refund at most $50.79 at once, then the rest',
    );
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${order._id}/cancel`,
      headers: as(owner),
      payload: { reason: 'Out of stock at the supplier' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const intents = await intentsOf(order._id);
    const given = await refundsOf(order._id);
    expect(
      given
        .map((r) => [intents.find((i) => i.id === r.paymentIntentId)?.purpose, r.amountCents, r.status])
        .sort(),
    ).toEqual([
      ['balance', 2140, 'succeeded'],
      ['order', 5079, 'succeeded'],
    ]);
    const s = await books();
    expect(s.balanceDueCents).toBeGreaterThanOrEqual(0);
    // Asked again, the cancellation finds the same refunds.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${order._id}/cancel`,
      headers: as(owner),
      payload: { reason: 'Out of stock at the supplier' },
    });
    expect(again.statusCode).toBe(200);
    expect(await refundsOf(order._id)).toHaveLength(2);
  });

  it('on a cancelled order still owing, are no longer owed', async () => {
    const { order, pads } = await paidByCard();
    expect((await addParts(order._id, [{ productId: pads, quantity: 1 }])).statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${order._id}/cancel`,
      headers: as(owner),
      payload: { reason: 'Customer changed their mind' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as Order).amounts.balanceDueCents).toBeUndefined();
    const [given] = await refundsOf(order._id);
    // The card gets back the $50.79 it paid; the $21.40 owed is simply no longer owed.
    expect(given).toMatchObject({ status: 'succeeded', amountCents: 7219, balanceCents: 2140 });
    await books();
  });
});
