import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../contract/addresses';
import type { GuestCheckoutAnswer } from '../../../contract/guest';
import type { Quote } from '../../../contract/pricing';
import { mails, orders, user } from '../../kernel/db/schema';
import type { Clock } from '../../kernel/jobs/clock';
import { expireUnpaidOrders } from '../../modules/orders/expiry';
import { insertProduct } from '../../test/fixtures';
import { type TestApp, testConfig } from '../../test/harness';
import { signUp, type TestSession, uniqueEmail } from '../../test/sessions';
import { as, createAdminApp, HOME_ADDRESS, payOrder, placeOrder } from '../../test/store-flow';
import { UNCONFIRMED_MAIL_LIMITS } from './subscribers/unconfirmed-recipients';

/**
 * The order's first mail and the mails of strangers (decision 073), through the real job runner
 * with a clock the test moves: "waiting for payment" goes five minutes after the order, and only
 * to an order still unpaid; an unpaid order that ends is mailed only where its waiting mail went;
 * a guest's unpaid order mails an address nobody confirmed only so often, per mailbox and per
 * network, and without the name typed on it. Both engines.
 */

const MINUTE = 60_000;
/**
 * The runner's clock, set by the test to a time from now: rows are stamped by the database's own
 * clock as requests write them, so each check says how long after "now" the runner looks. Its
 * timers never fire: the test delivers what is due with `drain`.
 */
let offsetMs = 0;
const clock: Clock = {
  now: () => sql`${new Date(Date.now() + offsetMs).toISOString()}::timestamptz`,
  after: () => () => {},
};
let t: TestApp;
let customer: TestSession;
let product: string;

beforeAll(async () => {
  const { t: app, admin } = await createAdminApp({
    outbox: { ...testConfig().outbox, clock },
    orders: {
      ...testConfig().orders,
      waitingMailMs: 5 * MINUTE,
      holdMs: 30 * MINUTE,
      guestHoldMs: 15 * MINUTE,
    },
  });
  t = app;
  // Only the customers' mails are counted here.
  await t.app.inject({
    method: 'PUT',
    url: '/api/manage/notifications',
    headers: as(admin),
    payload: { emailOnNewOrder: false, emailOnNewMessage: false },
  });
  customer = await signUp(t.app, { name: 'Pat Prompt' });
  product = (
    await insertProduct(t.app.db, {
      name: 'Spark plug set',
      availableQuantity: 100_000,
      minimumOrderQuantity: 1,
    })
  ).id;
});
afterAll(() => t.close());

/** The runner delivers what is due `ms` from now. */
async function runnerAt(ms: number) {
  offsetMs = ms;
  await t.app.jobs.drain();
}

const mailsOf = async (orderIds: string[]) =>
  (
    await t.app.db
      .select({ orderId: mails.orderId, to: mails.toAddress, subject: mails.subject, text: mails.text })
      .from(mails)
      .where(inArray(mails.orderId, orderIds))
      .orderBy(mails.id)
  ).map((m) => ({ ...m, subject: m.subject.replace(/^TorqueWorks: /, '') }));

const subjectsOf = async (...orderIds: string[]) => (await mailsOf(orderIds)).map((m) => m.subject);

let houses = 0;
async function guestOrder(email: string, network: string, address: Partial<Address> = {}) {
  houses += 1;
  const lines = [{ productId: product, quantity: 1 }];
  const quote = await t.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    payload: { lines, region: HOME_ADDRESS.region },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/guest/checkout',
    remoteAddress: network,
    payload: {
      idempotencyKey: randomUUID(),
      email,
      lines,
      address: { ...HOME_ADDRESS, line1: `${houses} Mailer Street`, ...address },
      shippingMethod: 'standard',
      expectedTotalCents: (quote.json() as Quote).totals.totalCents,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as GuestCheckoutAnswer;
}

describe('the waiting-for-payment mail', () => {
  it('an order paid at once gets its receipt and never a waiting mail', async () => {
    const order = await placeOrder(t.app, customer, product, 1);
    await payOrder(t.app, customer, order._id);
    await runnerAt(0);
    expect(await subjectsOf(order._id)).toEqual([`payment received for ${order.number}, your receipt`]);
    await runnerAt(10 * MINUTE);
    expect(await subjectsOf(order._id)).toEqual([`payment received for ${order.number}, your receipt`]);
  });

  it('an order left unpaid gets it once the delay passed, saying what happened', async () => {
    const order = await placeOrder(t.app, customer, product, 2);
    await runnerAt(0);
    await runnerAt(4 * MINUTE);
    expect(await subjectsOf(order._id)).toEqual([]);
    await runnerAt(6 * MINUTE);
    const [mail, ...more] = await mailsOf([order._id]);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`order ${order.number} is waiting for payment`);
    expect(mail?.text).toContain('Your order is placed but not paid yet.');
    expect(mail?.text).toContain('2 x Spark plug set');
    // Paid later: the receipt follows, nothing else.
    await payOrder(t.app, customer, order._id);
    await runnerAt(6 * MINUTE);
    expect(await subjectsOf(order._id)).toEqual([
      `order ${order.number} is waiting for payment`,
      `payment received for ${order.number}, your receipt`,
    ]);
  });

  it('an order cancelled before the waiting mail was due is mailed nothing; one cancelled after, once', async () => {
    const early = await placeOrder(t.app, customer, product, 1);
    const late = await placeOrder(t.app, customer, product, 1);
    const cancel = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: as(customer) });
    expect((await cancel(early._id)).statusCode).toBe(200);
    await runnerAt(6 * MINUTE);
    expect((await cancel(late._id)).statusCode).toBe(200);
    await runnerAt(6 * MINUTE);
    expect(await subjectsOf(early._id)).toEqual([]);
    expect(await subjectsOf(late._id)).toEqual([
      `order ${late.number} is waiting for payment`,
      `order ${late.number} was cancelled`,
    ]);
  });

  it('an order that expires unpaid hears of it after its waiting mail', async () => {
    const order = await placeOrder(t.app, customer, product, 1);
    await runnerAt(6 * MINUTE);
    await expireUnpaidOrders(t.app.db, t.app.outbox, new Date(Date.now() + 31 * MINUTE));
    await runnerAt(31 * MINUTE);
    expect(await subjectsOf(order._id)).toEqual([
      `order ${order.number} is waiting for payment`,
      `your unpaid order ${order.number} has expired`,
    ]);
  });
});

describe("a guest's unpaid order and an address nobody confirmed", () => {
  it("an order placed with a stranger's address and cancelled at once mails nothing", async () => {
    const victim = uniqueEmail('victim');
    const placed: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { order, token } = await guestOrder(victim, '10.70.0.1', { fullName: 'Call 555-0100 now' });
      const cancelled = await t.app.inject({
        method: 'POST',
        url: '/api/guest/order/cancel',
        payload: { token },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      placed.push(order._id);
    }
    await runnerAt(20 * MINUTE);
    expect(await mailsOf(placed)).toEqual([]);
  });

  it('one mailbox, however spelled and from any network, gets a few waiting mails an hour, and their endings', async () => {
    const name = `v${randomUUID().slice(0, 8).replaceAll('-', '')}`;
    const spellings = [
      `${name}@gmail.com`,
      `${name.slice(0, 3)}.${name.slice(3)}@gmail.com`,
      `${name}+orders@googlemail.com`,
      `${name.toUpperCase()}@GMAIL.COM`,
      `${name}+2@gmail.com`,
    ];
    const placed = [];
    for (const [i, email] of spellings.entries()) {
      placed.push(
        await guestOrder(email, `10.71.${i}.1`, { fullName: 'Attacker Name', line1: '1 Evil Lane' }),
      );
    }
    const ids = placed.map((o) => o.order._id);
    await runnerAt(6 * MINUTE);
    const waiting = await mailsOf(ids);
    expect(waiting).toHaveLength(UNCONFIRMED_MAIL_LIMITS.perRecipient);
    expect(waiting.map((m) => m.orderId)).toEqual(ids.slice(0, UNCONFIRMED_MAIL_LIMITS.perRecipient));
    // Nothing the buyer typed: no name, no street.
    for (const mail of waiting) {
      expect(mail.text).toContain('Hello,');
      expect(mail.text).not.toContain('Attacker Name');
      expect(mail.text).not.toContain('Evil Lane');
    }
    // The expiry mails follow the waiting mails: the same orders, no others.
    await expireUnpaidOrders(t.app.db, t.app.outbox, new Date(Date.now() + 16 * MINUTE));
    await runnerAt(16 * MINUTE);
    const all = await mailsOf(ids);
    expect(all.filter((m) => m.subject.includes('has expired')).map((m) => m.orderId)).toEqual(
      ids.slice(0, UNCONFIRMED_MAIL_LIMITS.perRecipient),
    );
    for (const mail of all) expect(mail.text).not.toContain('Attacker Name');
  });

  it('one network gets only so many waiting mails an hour, whatever the addresses', async () => {
    const ids: string[] = [];
    for (let i = 0; i < UNCONFIRMED_MAIL_LIMITS.perNetwork + 3; i++)
      ids.push((await guestOrder(uniqueEmail(`spread${i}`), '2001:db8:72::1')).order._id);
    await runnerAt(6 * MINUTE);
    expect((await mailsOf(ids)).map((m) => m.orderId)).toEqual(
      ids.slice(0, UNCONFIRMED_MAIL_LIMITS.perNetwork),
    );
    // An hour on, the network is heard again: the limit counts the orders of the hour before each
    // order, by the orders' own times (moved back here, as the test's clock does not move them).
    await t.app.db
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} - interval '61 minutes'` })
      .where(inArray(orders.id, ids));
    const later = (await guestOrder(uniqueEmail('later'), '2001:db8:72::2')).order;
    await runnerAt(6 * MINUTE);
    expect(await subjectsOf(later._id)).toEqual([`order ${later.number} is waiting for payment`]);
  });

  it('an address that confirmed an account gets every waiting mail; a paid guest order is mailed in full, name and all', async () => {
    const email = uniqueEmail('confirmed');
    await signUp(t.app, { email });
    await t.app.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const ids: string[] = [];
    for (let i = 0; i < UNCONFIRMED_MAIL_LIMITS.perRecipient + 2; i++)
      ids.push((await guestOrder(email, `10.73.${i}.1`, { fullName: 'Cora Confirmed' })).order._id);
    await runnerAt(6 * MINUTE);
    const sent = await mailsOf(ids);
    expect(sent).toHaveLength(UNCONFIRMED_MAIL_LIMITS.perRecipient + 2);
    // Still nothing typed by whoever placed it: an account's address can be typed by anyone too.
    expect(sent[0]?.text).toContain('Hello,');
    expect(sent[0]?.text).not.toContain('Cora Confirmed');

    const paying = await guestOrder(uniqueEmail('payer'), '10.74.0.1', { fullName: 'Paula Payer' });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/guest/order/simulated-confirm',
      payload: {
        token: paying.token,
        clientSecret: paying.payment?.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
        name: 'Paula Payer',
        email: paying.order.userEmail,
      },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await runnerAt(6 * MINUTE);
    const [receipt, ...more] = await mailsOf([paying.order._id]);
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe(`payment received for ${paying.order.number}, your receipt`);
    expect(receipt?.text).toContain('Hello Paula Payer,');
  });
});
