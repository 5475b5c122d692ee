import { and, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNotifications, InboxList, InboxMessage, InboxUnread } from '../../../contract/inbox';
import { outboxMessages } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { signUp, type TestSession, uniqueEmail } from '../../test/sessions';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { as, payOrder, placeOrder } from '../../test/store-flow';

/**
 * The admin Inbox and the mails around it: the sender's acknowledgment, an admin's reply, and the
 * admins' notifications of new messages and paid orders, all through the outbox to a real SMTP
 * server in this process.
 */

const textOf = (mail: ParsedMail) => mail.text ?? '';
const htmlOf = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '');
const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));

let smtp: SmtpCatcher;
let t: TestApp;
let owner: TestSession;
let partner: TestSession;
let customer: TestSession;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const ownerEmail = uniqueEmail('owner');
  const partnerEmail = uniqueEmail('partner');
  t = await createTestApp({
    smtp: { url: smtp.url, from: 'Torque Works <shop@torqueworks.example>' },
    auth: { ...testConfig().auth, adminEmails: [ownerEmail, partnerEmail] },
  });
  owner = await signUp(t.app, { email: ownerEmail, name: 'Owen Owner' });
  partner = await signUp(t.app, { email: partnerEmail, name: 'Pat Partner' });
  customer = await signUp(t.app, { name: 'Cora Customer' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** Sends the contact form as a visitor; returns the stored message's id. */
async function contact(message: string, from = { email: 'Visitor@Example.com', name: 'Vic <Visitor>' }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...from, message } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { insertedId: string }).insertedId;
}

const inbox = async (session = owner) => {
  const res = await t.app.inject({ url: '/api/manage/inbox', headers: as(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InboxList;
};

const unread = async () =>
  ((await t.app.inject({ url: '/api/manage/inbox/unread', headers: as(owner) })).json() as InboxUnread)
    .unread;

const mark = async (id: string, body: object) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/manage/inbox/${id}`,
    headers: as(owner),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InboxMessage;
};

const setNotifications = async (session: TestSession, settings: AdminNotifications) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/manage/notifications',
    headers: as(session),
    payload: settings,
  });
  expect(res.statusCode, res.body).toBe(200);
  // The low-stock digest stays as it was (off) when a PUT leaves it out.
  expect(res.json()).toEqual({ emailLowStockDigest: false, ...settings });
};

/** Mails that arrive while the outbox is drained. */
async function drainedMails(): Promise<ParsedMail[]> {
  const before = smtp.received.length;
  await t.app.jobs.drain();
  return smtp.received.slice(before);
}

/**
 * The messages of these subscribers queued since `sinceId` due again: a runner that died before
 * marking them delivered.
 */
async function redeliver(subscribers: string[], sinceId: number) {
  await t.app.db
    .update(outboxMessages)
    .set({ status: 'queued', runAfter: sql`now()`, lockedUntil: null })
    .where(and(inArray(outboxMessages.subscriber, subscribers), gt(outboxMessages.id, sinceId)));
}

/** The id of the latest outbox message, to redeliver only what a test queues after it. */
async function lastMessageId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(outboxMessages.id) }).from(outboxMessages);
  return Number(row?.id ?? 0);
}

describe('the Inbox', () => {
  it('lists contact messages newest first with the unread count', async () => {
    const first = await contact('First question');
    const second = await contact('Second question');
    const third = await contact(`Third question ${'x'.repeat(300)}`);
    await t.app.jobs.drain();
    const box = await inbox();
    expect(box.messages.slice(0, 3).map((m) => m.id)).toEqual([third, second, first]);
    expect(box.unread).toBeGreaterThanOrEqual(3);
    expect(box.unread).toBe(await unread());
    const [newest] = box.messages;
    expect(newest).toMatchObject({
      email: 'visitor@example.com',
      name: 'Vic <Visitor>',
      readAt: null,
      handledAt: null,
      replyCount: 0,
    });
    // The list carries an excerpt; the whole text is on the message itself.
    expect(newest?.excerpt.length).toBeLessThan(200);
    const opened = await t.app.inject({ url: `/api/manage/inbox/${third}`, headers: as(owner) });
    expect((opened.json() as InboxMessage).message).toBe(`Third question ${'x'.repeat(300)}`);
  });

  it('marks a message read and handled, and back', async () => {
    const id = await contact('Please call me back');
    const before = await unread();
    // Looking at it (GET) changes nothing; the page marks it read when it opens it.
    await t.app.inject({ url: `/api/manage/inbox/${id}`, headers: as(owner) });
    expect(await unread()).toBe(before);

    const read = await mark(id, { read: true });
    expect(read.readAt).not.toBeNull();
    expect(await unread()).toBe(before - 1);
    // Marking read again keeps the first time it was read.
    expect((await mark(id, { read: true })).readAt).toBe(read.readAt);

    const handled = await mark(id, { handled: true });
    expect(handled.handledAt).not.toBeNull();
    expect((await inbox()).messages.find((m) => m.id === id)?.handledAt).toBe(handled.handledAt);

    expect(await mark(id, { read: false, handled: false })).toMatchObject({ readAt: null, handledAt: null });
    expect(await unread()).toBe(before);
  });

  it('refuses an empty update, an empty reply, and unknown messages', async () => {
    const id = await contact('Anyone there?');
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/manage/inbox/${id}`,
      headers: as(owner),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const blank = await t.app.inject({
      method: 'POST',
      url: `/api/manage/inbox/${id}/replies`,
      headers: as(owner),
      payload: { body: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues).toContainEqual({ path: 'body', message: 'Reply is Required' });
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(
        (await t.app.inject({ url: `/api/manage/inbox/${missing}`, headers: as(owner) })).statusCode,
      ).toBe(404);
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/manage/inbox/${missing}/replies`,
        headers: as(owner),
        payload: { body: 'Hello' },
      });
      expect(reply.statusCode).toBe(404);
    }
  });

  it('is for admins only: 401 signed out, 403 for a customer', async () => {
    const id = await contact('Private question');
    const calls = [
      { method: 'GET' as const, url: '/api/manage/inbox' },
      { method: 'GET' as const, url: '/api/manage/inbox/unread' },
      { method: 'GET' as const, url: `/api/manage/inbox/${id}` },
      { method: 'PATCH' as const, url: `/api/manage/inbox/${id}`, payload: { read: true } },
      { method: 'POST' as const, url: `/api/manage/inbox/${id}/replies`, payload: { body: 'Hi' } },
      { method: 'GET' as const, url: '/api/manage/notifications' },
      {
        method: 'PUT' as const,
        url: '/api/manage/notifications',
        payload: { emailOnNewOrder: false, emailOnNewMessage: false },
      },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await t.app.inject({ ...call, headers: as(customer) })).statusCode, call.url).toBe(403);
    }
    const still = (await t.app.inject({ url: `/api/manage/inbox/${id}`, headers: as(owner) })).json();
    expect(still).toMatchObject({ readAt: null, replyCount: 0 });
  });
});

describe('the mails of a contact message', () => {
  it('acknowledges a message to its sender once, and tells every admin', async () => {
    await setNotifications(owner, { emailOnNewOrder: true, emailOnNewMessage: true });
    await setNotifications(partner, { emailOnNewOrder: true, emailOnNewMessage: true });
    await t.app.jobs.drain();
    const since = await lastMessageId();
    const sender = { email: 'Sam.Sender@Garage.io', name: 'Sam & Sons' };
    const id = await contact('Do you stock\n<b>10 mm</b> sockets?', sender);
    const arrived = await drainedMails();

    const acks = arrived.filter((m) => recipients(m).includes('sam.sender@garage.io'));
    expect(acks).toHaveLength(1);
    const [ack] = acks as [ParsedMail];
    expect(ack.subject).toBe('TorqueWorks: we received your message');
    expect(ack.from?.value[0]?.address).toBe('shop@torqueworks.example');
    expect(textOf(ack)).toContain('Hello Sam & Sons,');
    expect(htmlOf(ack)).toContain('Hello Sam &amp; Sons,');
    // Anyone can type any address: the acknowledgment does not carry their text to it.
    expect(textOf(ack)).not.toContain('sockets');
    expect(htmlOf(ack)).not.toContain('sockets');

    const notices = arrived.filter((m) => m.subject === 'TorqueWorks: a new message in the Inbox');
    expect(notices.flatMap(recipients).sort()).toEqual([owner.email, partner.email].sort());
    const notice = notices[0] as ParsedMail;
    expect(textOf(notice)).toContain('sam.sender@garage.io');
    expect(textOf(notice)).toContain('<b>10 mm</b> sockets?');
    expect(htmlOf(notice)).toContain('&lt;b&gt;10 mm&lt;/b&gt;');
    expect(htmlOf(notice)).not.toContain('<b>10 mm');
    expect(textOf(notice)).toContain(`/dashboard/inbox/${id}`);
    expect(textOf(notice)).toContain('turn these e-mails off');
    expect(arrived).toHaveLength(3);

    // Every message delivered again: nothing is sent twice.
    await redeliver(['contact-mail', 'admin-notify'], since);
    expect(await drainedMails()).toEqual([]);
  });

  it('acknowledges an address at most once an hour, while the admins hear of every message', async () => {
    const sender = { email: 'busy@example.net', name: 'Busy' };
    await contact('One', sender);
    await contact('Two', sender);
    await contact('Three', { ...sender, email: 'BUSY@example.net' });
    const arrived = await drainedMails();
    const acks = arrived.filter((m) => recipients(m).includes('busy@example.net'));
    expect(acks).toHaveLength(1);
    expect(arrived.filter((m) => m.subject === 'TorqueWorks: a new message in the Inbox')).toHaveLength(6);
    // An hour later the address is acknowledged again.
    await t.app.db.execute(
      sql`update contact_messages set created_at = created_at - interval '2 hours' where email = 'busy@example.net'`,
    );
    await contact('Four', sender);
    const later = await drainedMails();
    expect(later.filter((m) => recipients(m).includes('busy@example.net'))).toHaveLength(1);
  });

  it('tells only the admins who still want it', async () => {
    await setNotifications(partner, { emailOnNewOrder: true, emailOnNewMessage: false });
    const fetched = await t.app.inject({ url: '/api/manage/notifications', headers: as(partner) });
    expect(fetched.json()).toEqual({
      emailOnNewOrder: true,
      emailOnNewMessage: false,
      emailLowStockDigest: false,
    });
    await contact('Opt-out check');
    const notices = (await drainedMails()).filter(
      (m) => m.subject === 'TorqueWorks: a new message in the Inbox',
    );
    expect(notices.flatMap(recipients)).toEqual([owner.email]);
    await setNotifications(partner, { emailOnNewOrder: true, emailOnNewMessage: true });
  });

  it('mails an admin reply to the sender, keeps it under the message, and marks the message read', async () => {
    const sender = { email: 'ruth@example.org', name: 'Ruth' };
    const id = await contact('Is the brake bleeder in stock?', sender);
    await t.app.jobs.drain();
    const since = await lastMessageId();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/inbox/${id}/replies`,
      headers: as(owner),
      payload: { body: '  Yes, we have 12 <in stock>.\nOrder any time.  ' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answered = res.json() as InboxMessage;
    expect(answered.readAt).not.toBeNull();
    expect(answered.replies).toHaveLength(1);
    expect(answered.replies[0]).toMatchObject({
      body: 'Yes, we have 12 <in stock>.\nOrder any time.',
      adminName: 'Owen Owner',
    });

    const arrived = await drainedMails();
    expect(arrived).toHaveLength(1);
    const [reply] = arrived as [ParsedMail];
    expect(recipients(reply)).toEqual(['ruth@example.org']);
    expect(reply.subject).toBe('TorqueWorks: a reply to your message');
    expect(textOf(reply)).toContain('Hello Ruth,');
    expect(textOf(reply)).toContain('Yes, we have 12 <in stock>.');
    expect(textOf(reply)).toContain('Order any time.');
    expect(textOf(reply)).toContain('> Is the brake bleeder in stock?');
    expect(htmlOf(reply)).toContain('Yes, we have 12 &lt;in stock&gt;.');

    const opened = (await t.app.inject({ url: `/api/manage/inbox/${id}`, headers: as(owner) })).json();
    expect((opened as InboxMessage).replies.map((r) => r.body)).toEqual([
      'Yes, we have 12 <in stock>.\nOrder any time.',
    ]);
    expect((await inbox()).messages.find((m) => m.id === id)?.replyCount).toBe(1);

    await redeliver(['contact-mail'], since);
    expect(await drainedMails()).toEqual([]);
  });

  it('keeps a reply while SMTP is down and sends it once when it is back', async () => {
    const id = await contact('Hello?', { email: 'late@example.org', name: 'Late' });
    await t.app.jobs.drain();
    await smtp.stop();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/inbox/${id}/replies`,
      headers: as(partner),
      payload: { body: 'Sorry for the wait.' },
    });
    expect(res.statusCode).toBe(201);
    await t.app.jobs.drain();
    const [waiting] = await t.app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.topic, 'contact.replied'), eq(outboxMessages.status, 'queued')));
    expect(waiting?.lastError).toBeTruthy();

    await smtp.start();
    await t.app.db
      .update(outboxMessages)
      .set({ runAfter: sql`now()` })
      .where(eq(outboxMessages.status, 'queued'));
    const arrived = await drainedMails();
    expect(arrived.map((m) => [recipients(m), m.subject])).toEqual([
      [['late@example.org'], 'TorqueWorks: a reply to your message'],
    ]);
  });
});

describe('the admin notification of a paid order', () => {
  it('mails every admin who wants it once when an order is paid, not when placed or shipped', async () => {
    await setNotifications(owner, { emailOnNewOrder: true, emailOnNewMessage: true });
    await setNotifications(partner, { emailOnNewOrder: false, emailOnNewMessage: true });
    const product = await insertProduct(t.app.db, { name: 'Torque wrench', priceCents: 2550 });
    await t.app.jobs.drain();
    const order = await placeOrder(t.app, customer, product.id, 5);
    const placed = await drainedMails();
    const since = await lastMessageId();
    expect(placed.map((m) => recipients(m))).toEqual([[customer.email]]);

    await payOrder(t.app, customer, order._id);
    const paid = await drainedMails();
    // $127.50 ships free; with 7% tax it is $136.43.
    const notices = paid.filter((m) => m.subject === `TorqueWorks: new paid order ${order.number}, $136.43`);
    expect(notices.flatMap(recipients)).toEqual([owner.email]);
    const notice = notices[0] as ParsedMail;
    expect(textOf(notice)).toContain(order.number);
    expect(textOf(notice)).toContain('5 x Torque wrench');
    expect(textOf(notice)).toContain(customer.email);
    expect(textOf(notice)).toContain(`/dashboard/manageOrders/${order._id}`);
    expect(paid).toHaveLength(2);

    await redeliver(['admin-notify'], since);
    expect(await drainedMails()).toEqual([]);

    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/${order._id}`,
      headers: as(owner),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await drainedMails()).map((m) => recipients(m))).toEqual([[customer.email]]);
  });

  it('mails no admin who turned it off', async () => {
    await setNotifications(owner, { emailOnNewOrder: false, emailOnNewMessage: true });
    const product = await insertProduct(t.app.db);
    const order = await placeOrder(t.app, customer, product.id, 5);
    await payOrder(t.app, customer, order._id);
    const arrived = await drainedMails();
    // Only the customer's receipt: the order was paid before its waiting mail was due, and no admin.
    expect(arrived.flatMap(recipients)).toEqual([customer.email]);
    await setNotifications(owner, { emailOnNewOrder: true, emailOnNewMessage: true });
  });
});
