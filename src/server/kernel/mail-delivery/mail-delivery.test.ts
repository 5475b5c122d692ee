import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxList } from '../../../contract/outbox';
import { buildApp } from '../../app';
import { fakeClock } from '../../test/fake-clock';
import { insertProduct } from '../../test/fixtures';
import { type TestApp, testConfig } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { as, createAdminApp, placeOrder } from '../../test/store-flow';
import { type Database, openPostgres } from '../db/database';
import { mails, outboxMessages } from '../db/schema';
import { deliverMail } from './mail.service';
import type { Mailer } from './mailer';

/**
 * The customer's mails through the outbox when the SMTP server is down for an hour or slower than
 * a delivery's lease: a real SMTP server in this process, the real app (two instances on one
 * database for the lease), and a fake clock for the hour, so nothing waits.
 */

const MINUTE = 60_000;
const LEASE_MS = 60_000;
const clock = fakeClock();
let smtp: SmtpCatcher;
let t: TestApp;
let admin: TestSession;
let customer: TestSession;
let secondPool: Database | undefined;
let second: TestApp['app'] | undefined;

const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
const mailsTo = (email: string) => smtp.received.filter((m) => recipients(m).includes(email));
const config = () => ({
  smtp: { url: smtp.url, from: 'Torque Works <shop@torqueworks.example>' },
  outbox: { ...testConfig().outbox, leaseMs: LEASE_MS, clock },
});

/** The outbox rows of the customer mails of these orders. */
const orderMailRows = async (orderIds: string[]) =>
  (await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.subscriber, 'order-mail'))).filter(
    (row) => orderIds.includes((row.payload as { orderId: string }).orderId),
  );

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ({ t, admin } = await createAdminApp(config()));
  customer = await signUp(t.app, { name: 'Patient Customer' });
  // The admins' own notices are not what is counted here.
  const off = await t.app.inject({
    method: 'PUT',
    url: '/api/manage/notifications',
    headers: as(admin),
    payload: { emailOnNewOrder: false, emailOnNewMessage: false },
  });
  expect(off.statusCode, off.body).toBe(200);
});
afterAll(async () => {
  await second?.close();
  await secondPool?.close();
  await t?.close();
  await smtp?.stop();
});

describe('an SMTP outage', () => {
  it('loses no mail to an outage of an hour, and sends each mail once when the server is back', async () => {
    await t.app.jobs.drain();
    const product = await insertProduct(t.app.db);
    smtp.refuse(true);
    const before = mailsTo(customer.email).length;
    const orders = [
      await placeOrder(t.app, customer, product.id, 5),
      await placeOrder(t.app, customer, product.id, 5),
      await placeOrder(t.app, customer, product.id, 5),
    ];
    const ids = orders.map((o) => o._id);
    await t.app.jobs.drain();
    // An hour of refusals, the runner polling every minute of it.
    for (let minute = 1; minute <= 60; minute += 1) {
      clock.advance(MINUTE);
      await t.app.jobs.drain();
    }
    const waiting = await orderMailRows(ids);
    expect(waiting).toHaveLength(3);
    for (const row of waiting) {
      expect(row.status).toBe('queued');
      expect(row.lastError).toMatch(/451/);
      // 2 s, 4 s … 512 s, then every 10 minutes: about a dozen tries in the hour, none the last.
      expect(row.attempts).toBeGreaterThanOrEqual(10);
    }
    const outbox = (await t.app.inject({ url: '/api/manage/outbox?status=dead', headers: as(admin) })).json();
    expect((outbox as OutboxList).counts.dead).toBe(0);
    expect(mailsTo(customer.email)).toHaveLength(before);

    smtp.refuse(false);
    // Within the longest pause (10 minutes) every mail is tried again, and goes.
    clock.advance(10 * MINUTE);
    await t.app.jobs.drain();
    const arrived = mailsTo(customer.email).slice(before);
    expect(arrived.map((m) => m.subject).sort()).toEqual(
      orders.map((o) => `TorqueWorks: order ${o.number} is waiting for payment`).sort(),
    );
    for (const row of await orderMailRows(ids)) expect(row.status).toBe('delivered');
    // Nothing more goes out later.
    clock.advance(10 * MINUTE);
    await t.app.jobs.drain();
    expect(mailsTo(customer.email).slice(before)).toHaveLength(3);
  });
});

describe('a delivery slower than its lease', () => {
  it('is cut off before another instance takes it over: the mail goes once and is marked sent once', async () => {
    // A second instance of the store on the same database (a second pool on PostgreSQL).
    const url = (t.database as Database & { url?: string }).url;
    secondPool = url ? openPostgres(url, 5) : undefined;
    second = await buildApp(testConfig(config()), secondPool ?? t.database);
    await t.app.jobs.drain();
    const product = await insertProduct(t.app.db);
    const before = mailsTo(customer.email).length;
    const held = smtp.holdNext();
    const order = await placeOrder(t.app, customer, product.id, 5);
    const first = t.app.jobs.runOnce();
    // The first instance's send waits on the slow server when its lease runs out.
    await held.arrived;
    clock.advance(LEASE_MS);
    await first;
    held.release();
    const [cut] = await orderMailRows([order._id]);
    expect(cut).toMatchObject({ status: 'queued', attempts: 1 });
    expect(cut?.lastError).toMatch(/longer than its lease/);
    expect(mailsTo(customer.email)).toHaveLength(before);

    // The other instance takes it over after the backoff and sends it.
    clock.advance(2_000);
    await second.jobs.drain();
    await t.app.jobs.drain();
    const sent = mailsTo(customer.email).slice(before);
    expect(sent.map((m) => m.subject)).toEqual([`TorqueWorks: order ${order.number} is waiting for payment`]);
    const [done] = await orderMailRows([order._id]);
    expect(done).toMatchObject({ status: 'delivered', attempts: 2 });
    const rows = await t.app.db.select().from(mails).where(eq(mails.orderId, order._id));
    expect(rows.map((r) => [r.status, r.fence === done?.fence])).toEqual([['sent', true]]);
  });
});

describe('the fence on a mail', () => {
  const mail = (to: string) => ({ to, subject: 'Fenced', html: '<p>Once</p>', text: 'Once' });
  const signal = new AbortController().signal;

  /** A mailer at the network's edge that records each send and holds it open until `finish()`. */
  function slowMailer(sends: number[], fence: number) {
    let started!: () => void;
    let finish!: () => void;
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const mailer: Mailer = async () => {
      sends.push(fence);
      started();
      await finished;
    };
    return { mailer, sending, finish };
  }
  const quickMailer =
    (sends: number[], fence: number): Mailer =>
    async () => {
      sends.push(fence);
    };

  it('lets a delivery that lost the mail to a later one neither send nor mark it', async () => {
    const key = `fence-test:${Date.now()}`;
    const sends: number[] = [];
    const early = slowMailer(sends, 4);
    const earlyDelivery = deliverMail(t.app.db, early.mailer, { fence: 4, signal }, key, mail('a@x.example'));
    await early.sending;
    // A later delivery of the same message (a larger token) takes the pending mail over, sends and marks it.
    await deliverMail(t.app.db, quickMailer(sends, 5), { fence: 5, signal }, key, mail('a@x.example'));
    const [marked] = await t.app.db.select().from(mails).where(eq(mails.key, key));
    expect(marked).toMatchObject({ status: 'sent', fence: 5 });
    // The earlier one's send returns at last: its mark does not stand.
    early.finish();
    await earlyDelivery;
    expect((await t.app.db.select().from(mails).where(eq(mails.key, key)))[0]).toEqual(marked);
    // An even older delivery arriving now sends nothing.
    await deliverMail(t.app.db, quickMailer(sends, 3), { fence: 3, signal }, key, mail('a@x.example'));
    expect(sends).toEqual([4, 5]);
  });

  it('sends nothing for a delivery older than the one holding a pending mail', async () => {
    const key = `fence-held:${Date.now()}`;
    const sends: number[] = [];
    const current = slowMailer(sends, 6);
    const delivery = deliverMail(t.app.db, current.mailer, { fence: 6, signal }, key, mail('b@x.example'));
    await current.sending;
    await deliverMail(t.app.db, quickMailer(sends, 5), { fence: 5, signal }, key, mail('b@x.example'));
    current.finish();
    await delivery;
    expect(sends).toEqual([6]);
    const rows = await t.app.db.select().from(mails).where(eq(mails.key, key));
    expect(rows.map((r) => [r.status, r.fence])).toEqual([['sent', 6]]);
  });
});
