import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailList, MailView } from '../../../contract/mail';
import type { OutboxList } from '../../../contract/outbox';
import { outboxMessages } from '../../kernel/db/schema';
import { expireUnpaidOrders } from '../../modules/orders/expiry';
import { fakeClock } from '../../test/fake-clock';
import { insertProduct } from '../../test/fixtures';
import { type TestApp, testConfig } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { as, createAdminApp, HOME_ADDRESS, payOrder, placeOrder } from '../../test/store-flow';
import { orderMail } from './templates/order-mails';

/** The order e-mails through the outbox, to a real SMTP server in this process or into the Mailbox. */

const textOf = (mail: ParsedMail) => mail.text ?? '';
const htmlOf = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '');
const recipient = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));

/** The order-mail messages of an order, due now again: what a lease that ran out would do. */
async function redeliverOrderMails(t: TestApp) {
  await t.app.db
    .update(outboxMessages)
    .set({ status: 'queued', runAfter: sql`now()`, lockedUntil: null })
    .where(eq(outboxMessages.subscriber, 'order-mail'));
}

/** Retries scheduled with backoff become due now (the pause passed). */
async function passTheBackoff(t: TestApp) {
  await t.app.db
    .update(outboxMessages)
    .set({ runAfter: sql`now()` })
    .where(and(eq(outboxMessages.subscriber, 'order-mail'), eq(outboxMessages.status, 'queued')));
}

/** These tests count the customer's mails only: the admin's own notices are tested with the Inbox. */
async function noAdminNotices(t: TestApp, admin: TestSession) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/manage/notifications',
    headers: as(admin),
    payload: { emailOnNewOrder: false, emailOnNewMessage: false },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('order e-mails through SMTP', () => {
  const clock = fakeClock();
  let smtp: SmtpCatcher;
  let t: TestApp;
  let admin: TestSession;
  let customer: TestSession;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    ({ t, admin } = await createAdminApp({
      smtp: { url: smtp.url, from: 'Torque Works <shop@torqueworks.example>' },
      // A short retry time, so the dead-letter test below has its last try an hour on.
      outbox: { ...testConfig().outbox, retryForMs: 60 * 60 * 1000, clock },
    }));
    customer = await signUp(t.app, { name: 'Mia <Mechanic>' });
    await noAdminNotices(t, admin);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('mails the customer when the order is placed, paid and shipped, each once', async () => {
    const product = await insertProduct(t.app.db, { name: 'Torque wrench & socket', priceCents: 2550 });
    const before = smtp.received.length;
    const order = await placeOrder(t.app, customer, product.id, 5);
    await t.app.jobs.drain();
    const placed = smtp.received.slice(before);
    expect(placed).toHaveLength(1);
    const [mail] = placed as [ParsedMail];
    expect(recipient(mail)).toEqual([customer.email]);
    expect(mail.from?.value[0]?.address).toBe('shop@torqueworks.example');
    expect(mail.subject).toBe(`TorqueWorks: order ${order.number} is waiting for payment`);
    expect(textOf(mail)).toContain(`/dashboard/payment/${order._id}`);
    expect(textOf(mail)).toContain('5 x Torque wrench & socket');
    expect(textOf(mail)).toContain('$127.50');
    expect(htmlOf(mail)).toContain(`href="http://localhost:3000/dashboard/payment/${order._id}"`);
    // Names are escaped in the HTML version, never markup.
    expect(htmlOf(mail)).toContain('Hello Mia &lt;Mechanic&gt;,');
    expect(htmlOf(mail)).toContain('Torque wrench &amp; socket');

    await payOrder(t.app, customer, order._id);
    await t.app.jobs.drain();
    const receipt = smtp.received.at(-1) as ParsedMail;
    expect(smtp.received.length - before).toBe(2);
    expect(receipt.subject).toBe(`TorqueWorks: payment received for ${order.number}, your receipt`);
    // $127.50 of goods ships free (standard, over $100); 7% tax is $8.925, rounded half up: $136.43.
    for (const part of [textOf(receipt), htmlOf(receipt)]) {
      expect(part).toContain(order.number);
      expect(part).toContain('$127.50');
      expect(part).toContain('$136.43');
    }
    expect(textOf(receipt)).toContain('5 x Torque wrench & socket: $127.50');
    expect(textOf(receipt)).toContain('Shipping: $0.00');
    expect(textOf(receipt)).toContain('Tax: $8.93');
    expect(textOf(receipt)).toContain('Total: $136.43');
    expect(textOf(receipt)).toContain('Paid with: visa ending 4242');

    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/${order._id}`,
      headers: as(admin),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await t.app.jobs.drain();
    expect(smtp.received.length - before).toBe(3);
    expect(smtp.received.at(-1)?.subject).toBe(`TorqueWorks: order ${order.number} has shipped`);

    // Every message of the order delivered again (a runner that died before marking them): no mail twice.
    await redeliverOrderMails(t);
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(3);
    expect(smtp.received.length - before).toBe(3);

    const box = (await t.app.inject({ url: '/api/manage/mails', headers: as(admin) })).json() as MailList;
    expect(box.smtpConfigured).toBe(true);
    const mine = box.mails.filter((m) => m.orderId === order._id);
    expect(mine.map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    expect(mine[0]?.subject).toBe(`TorqueWorks: order ${order.number} has shipped`);
  });

  it('tells the customer an order was cancelled, or expired with its stock released', async () => {
    const product = await insertProduct(t.app.db);
    const cancelled = await placeOrder(t.app, customer, product.id, 5);
    const expiring = await placeOrder(t.app, customer, product.id, 5);
    // Their waiting mails go first: an unpaid order that ends is mailed where its waiting mail went.
    await t.app.jobs.drain();
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${cancelled._id}`,
      headers: as(customer),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(
      await expireUnpaidOrders(t.app.db, t.app.outbox, new Date(Date.now() + 365 * 24 * 3600 * 1000)),
    ).toBeGreaterThan(0);
    const before = smtp.received.length;
    await t.app.jobs.drain();
    const subjects = smtp.received.slice(before).map((m) => m.subject);
    expect(subjects).toContain(`TorqueWorks: order ${cancelled.number} was cancelled`);
    expect(subjects).toContain(`TorqueWorks: your unpaid order ${expiring.number} has expired`);
    const expired = smtp.received.find(
      (m) => m.subject?.includes('expired') && textOf(m).includes(expiring.number),
    );
    expect(textOf(expired as ParsedMail)).toContain('released the items');
    expect(htmlOf(expired as ParsedMail)).toContain('released the items');
  });

  it('keeps a mail while SMTP is down and sends it once when it is back', async () => {
    const product = await insertProduct(t.app.db);
    await smtp.stop();
    const order = await placeOrder(t.app, customer, product.id, 5);
    const before = smtp.received.length;
    await t.app.jobs.drain();
    const [waiting] = await t.app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.subscriber, 'order-mail'), eq(outboxMessages.status, 'queued')));
    expect(waiting?.lastError).toBeTruthy();
    expect(waiting?.attempts).toBe(1);

    await smtp.start();
    await passTheBackoff(t);
    await t.app.jobs.drain();
    const arrived = smtp.received.slice(before);
    expect(arrived).toHaveLength(1);
    expect(textOf(arrived[0] as ParsedMail)).toContain(order._id);
  });

  it('dead-letters a mail after its last try, and sends it when an admin retries', async () => {
    const product = await insertProduct(t.app.db);
    await smtp.stop();
    const order = await placeOrder(t.app, customer, product.id, 5);
    await t.app.jobs.drain();
    // An hour of failures later (this store's retry time), the next failure is the last.
    clock.advance(60 * 60 * 1000);
    await t.app.jobs.drain();
    const dead = (
      await t.app.inject({ url: '/api/manage/outbox?status=dead', headers: as(admin) })
    ).json() as OutboxList;
    const letter = dead.messages.find((m) => m.subscriber === 'order-mail');
    expect(letter?.attempts).toBe(2);

    await smtp.start();
    const before = smtp.received.length;
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/manage/outbox/${letter?.id}/retry`,
      headers: as(admin),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    await t.app.jobs.drain();
    expect(smtp.received.slice(before).map((m) => textOf(m).includes(order._id))).toEqual([true]);
  });
});

describe('order e-mails without SMTP', () => {
  let t: TestApp;
  let admin: TestSession;
  beforeAll(async () => {
    ({ t, admin } = await createAdminApp());
    await noAdminNotices(t, admin);
  });
  afterAll(async () => t?.close());

  it('keeps every mail in the Mailbox, newest first, for admins only', async () => {
    expect(t.app.config.smtp).toBeUndefined();
    const customer = await signUp(t.app, { name: 'Kept Customer' });
    const product = await insertProduct(t.app.db, { name: 'Brake bleeder' });
    const order = await placeOrder(t.app, customer, product.id, 5);
    await t.app.jobs.drain();
    await payOrder(t.app, customer, order._id);
    await t.app.jobs.drain();
    await redeliverOrderMails(t);
    await t.app.jobs.drain();

    const res = await t.app.inject({ url: '/api/manage/mails', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    const box = res.json() as MailList;
    expect(box.smtpConfigured).toBe(false);
    expect(box.mails.map((m) => [m.subject, m.to, m.status])).toEqual([
      [`TorqueWorks: payment received for ${order.number}, your receipt`, customer.email, 'kept'],
      [`TorqueWorks: order ${order.number} is waiting for payment`, customer.email, 'kept'],
    ]);
    const opened = await t.app.inject({ url: `/api/manage/mails/${box.mails[0]?.id}`, headers: as(admin) });
    const mail = opened.json() as MailView;
    expect(mail.html).toContain('<table');
    expect(mail.html).toContain('Brake bleeder');
    expect(mail.text).toContain('Total: $');
    expect(mail.text).not.toContain('<');

    expect((await t.app.inject({ url: '/api/manage/mails', headers: as(customer) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/manage/mails' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/manage/mails/999999', headers: as(admin) })).statusCode).toBe(
      404,
    );
  });
});

describe('the order mail templates', () => {
  it('link to payment on the public address when it is set, and escape every value', () => {
    const order = {
      _id: '00000000-0000-4000-8000-000000000001',
      number: 'TW-10001',
      userName: 'Ann',
      userEmail: 'ann@example.com',
      lines: [
        { productId: 'x', name: 'Jack "Pro"', unitPriceCents: 1000, quantity: 2, lineTotalCents: 2000 },
      ],
      amounts: { subtotalCents: 2000, shippingCents: 799, taxCents: 140, totalCents: 2939 },
      shippingAddress: null,
    } as unknown as Parameters<typeof orderMail>[1];
    const mail = orderMail('placed', order, {
      brand: 'Acme <Tools>',
      siteUrl: () => 'https://shop.example.com',
    });
    expect(mail.text).toContain(`https://shop.example.com/dashboard/payment/${order._id}`);
    expect(mail.html).toContain(`href="https://shop.example.com/dashboard/payment/${order._id}"`);
    expect(mail.html).toContain('Acme &lt;Tools&gt;');
    expect(mail.html).toContain('Jack &quot;Pro&quot;');
    expect(mail.text).toContain('Total: $29.39');
    expect(mail.subject).toBe('Acme <Tools>: order TW-10001 is waiting for payment');
  });

  it('name the carrier and tracking number in the shipped mail, and the address in the receipt', () => {
    const order = {
      _id: '00000000-0000-4000-8000-000000000002',
      number: 'TW-10002',
      userName: 'Bo',
      userEmail: 'bo@example.com',
      lines: [
        { productId: 'a', name: 'Brake pad set', unitPriceCents: 4599, quantity: 1, lineTotalCents: 4599 },
        { productId: 'b', name: 'Brake rotor', unitPriceCents: 6250, quantity: 2, lineTotalCents: 12500 },
      ],
      amounts: { subtotalCents: 17099, shippingCents: 1999, taxCents: 1197, totalCents: 20295 },
      shippingMethod: 'express',
      shippingAddress: HOME_ADDRESS,
      carrier: 'UPS',
      trackingNumber: '1Z999',
      cardBrand: 'visa',
      cardLast4: '4242',
      shipments: [],
      refunds: [],
      refundedCents: 0,
      awaitingAddress: false,
    } as unknown as Parameters<typeof orderMail>[1];
    const ctx = { brand: 'Torque Works', siteUrl: () => 'http://localhost:3000' };
    const shipped = orderMail('shipped', order, ctx);
    expect(shipped.text).toContain('Carrier: UPS. Tracking number: 1Z999.');
    expect(shipped.text).toContain('1 x Brake pad set, 2 x Brake rotor left our workshop today.');
    const receipt = orderMail('paid', order, ctx);
    expect(receipt.text).toContain('2 x Brake rotor: $125.00');
    expect(receipt.text).toContain('Total: $202.95');
    expect(receipt.text).toContain('Ship to: Dana Driver, 1200 Woodward Ave, Suite 4, Detroit, MI 48226, US');
    expect(receipt.text).toContain(
      'See your order: http://localhost:3000/dashboard/orders/00000000-0000-4000-8000-000000000002',
    );
  });

  it('ask for what parts added to an order paid by card cost, with a link to pay it', () => {
    const order = {
      _id: '00000000-0000-4000-8000-000000000003',
      number: 'TW-10003',
      userName: 'Cy',
      userEmail: 'cy@example.com',
      lines: [
        { productId: 'a', name: 'Brake caliper', unitPriceCents: 4000, quantity: 1, lineTotalCents: 4000 },
        { productId: 'b', name: 'Brake pads', unitPriceCents: 2000, quantity: 1, lineTotalCents: 2000 },
      ],
      amounts: {
        subtotalCents: 6000,
        shippingCents: 799,
        taxCents: 420,
        totalCents: 7219,
        balanceDueCents: 2140,
      },
      shippingAddress: HOME_ADDRESS,
    } as unknown as Parameters<typeof orderMail>[1];
    const ctx = { brand: 'Torque Works', siteUrl: () => 'http://localhost:3000' };
    const changed = orderMail('changed', order, ctx);
    expect(changed.subject).toBe('Torque Works: we added to order TW-10003');
    expect(changed.text).toContain('Its total is now $72.19.');
    expect(changed.text).toContain(
      '$21.40 is left to pay for the parts added; we ship your order once it is paid.',
    );
    expect(changed.text).toContain(`Pay $21.40: http://localhost:3000/dashboard/payment/${order._id}`);
    // Nothing owed (an order on account): no payment asked for.
    const onAccount = orderMail(
      'changed',
      { ...order, amounts: { ...order.amounts, balanceDueCents: undefined, onAccountCents: 7219 } },
      ctx,
    );
    expect(onAccount.text).toContain('Its total is now $72.19, charged to your account.');
    expect(onAccount.text).not.toContain('left to pay');
  });
});
