import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGE } from '../../../contract/accounts';
import { HIDDEN_SECRET, type MailList, type MailView } from '../../../contract/mail';
import { mails, outboxMessages, user, verification } from '../../kernel/db/schema';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { STRONG_PASSWORD, signIn, signUp, type TestSession, uniqueEmail } from '../../test/sessions';
import { type SmtpCatcher, startSmtpCatcher } from '../../test/smtp-catcher';
import { as, createAdminApp } from '../../test/store-flow';

/**
 * "Forgot password?": the reset link is mailed through the outbox, works once and within the hour,
 * sets a password only by the store's rule, and ends every session of the account. An unknown
 * address gets the same answer and no mail.
 */

const NEW_PASSWORD = 'Fresh#Start9';

const requestReset = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });

const resetPassword = (t: TestApp, token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

const signInStatus = async (t: TestApp, email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } }))
    .statusCode;

/** A signed-in route, so the answer goes through the store's session cache. */
const sessionsStatus = async (t: TestApp, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers })).statusCode;

const tokenIn = (text: string) => {
  const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
};

const recipient = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));

describe('password reset mailed over SMTP', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let customer: TestSession;
  let phone: TestSession;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({
      smtp: { url: smtp.url, from: 'Torque Works <shop@torqueworks.example>' },
      auth: { ...testConfig().auth, publicUrl: 'https://shop.example' },
    });
    customer = await signUp(t.app, { name: 'Rosa <Ratchet>' });
    phone = await signIn(t.app, customer.email);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const known = await requestReset(t, customer.email);
    const unknown = await requestReset(t, uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ status: true, message: expect.any(String) });

    await t.app.jobs.drain();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received as [ParsedMail];
    expect(recipient(mail)).toEqual([customer.email]);
    expect(mail.subject).toBe(`${testConfig().store.brand}: reset your password`);
    expect(mail.text).toContain('Hello Rosa <Ratchet>,');
    expect(mail.html).toContain('Hello Rosa &lt;Ratchet&gt;,');
    expect(mail.text).toContain('https://shop.example/reset-password?token=');
    expect(mail.html).toContain('href="https://shop.example/reset-password?token=');
  });

  it('keeps the token out of the outbox and the verification table in plain text', async () => {
    const token = tokenIn((smtp.received[0] as ParsedMail).text ?? '');
    const queued = await t.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.topic, 'account.password_reset_requested'));
    expect(queued).toHaveLength(1);
    expect(JSON.stringify(queued)).not.toContain(token);
    const stored = await t.app.db.select().from(verification);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('refuses a forged token and a password against the rule, then resets once and ends every session', async () => {
    const token = tokenIn((smtp.received[0] as ParsedMail).text ?? '');
    // Both sessions answer (and are remembered by the session cache) before the reset.
    for (const s of [customer, phone]) {
      expect(await sessionsStatus(t, as(s))).toBe(200);
      expect(await sessionsStatus(t, { authorization: `Bearer ${s.token}` })).toBe(200);
    }

    const forged = await resetPassword(t, `${token.slice(0, -2)}xx`, NEW_PASSWORD);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    const weak = await resetPassword(t, token, 'abcdef');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: PASSWORD_MESSAGE });

    const done = await resetPassword(t, token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);

    for (const s of [customer, phone]) {
      expect(await sessionsStatus(t, as(s))).toBe(401);
      expect(await sessionsStatus(t, { authorization: `Bearer ${s.token}` })).toBe(401);
    }
    expect(await signInStatus(t, customer.email, STRONG_PASSWORD)).toBe(401);
    expect(await signInStatus(t, customer.email, NEW_PASSWORD)).toBe(200);

    const again = await resetPassword(t, token, 'Another#Try7');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await signInStatus(t, customer.email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a link past its hour', async () => {
    const before = smtp.received.length;
    expect((await requestReset(t, customer.email)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(smtp.received.length).toBe(before + 1);
    const token = tokenIn((smtp.received.at(-1) as ParsedMail).text ?? '');
    const [owner] = await t.app.db.select({ id: user.id }).from(user).where(eq(user.email, customer.email));
    await t.app.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verification.value, owner?.id ?? ''));

    const late = await resetPassword(t, token, 'Too#Late42');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await signInStatus(t, customer.email, NEW_PASSWORD)).toBe(200);
  });

  it('the request checks the address like the sign-in form does', async () => {
    const res = await requestReset(t, 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Provide a valid Email' });
  });
});

describe('password reset without SMTP', () => {
  let t: TestApp;
  let admin: TestSession;

  beforeAll(async () => {
    ({ t, admin } = await createAdminApp());
  });
  afterAll(() => t?.close());

  it('keeps the mail in the admin Mailbox, its link hidden from the admin and working for its recipient', async () => {
    const customer = await signUp(t.app);
    expect((await requestReset(t, customer.email.toUpperCase())).statusCode).toBe(200);
    await t.app.jobs.drain();
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/manage/mails', headers: as(admin) })
    ).json() as MailList;
    const summary = list.mails.find((m) => m.to === customer.email);
    expect(summary).toMatchObject({
      status: 'kept',
      subject: expect.stringContaining('reset your password'),
    });
    const mail = (
      await t.app.inject({ method: 'GET', url: `/api/manage/mails/${summary?.id}`, headers: as(admin) })
    ).json() as MailView;
    // Without PUBLIC_URL the link points at the address the store listens on; no admin reads its token.
    expect(mail.text).toContain(
      `Choose a new password: http://localhost:3000/reset-password?token=${HIDDEN_SECRET}`,
    );
    expect(mail.secretHidden).toBe(true);
    const [kept] = await t.app.db.select().from(mails).where(eq(mails.id, mail.id));
    const token = tokenIn(kept?.text ?? '');
    expect((await resetPassword(t, token, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await signInStatus(t, customer.email, NEW_PASSWORD)).toBe(200);
  });

  it('an unknown address leaves no mail and no message behind', async () => {
    const mailsBefore = (await t.app.db.select().from(mails)).length;
    const queuedBefore = (await t.app.db.select().from(outboxMessages)).length;
    const res = await requestReset(t, uniqueEmail('stranger'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    await t.app.jobs.drain();
    expect(await t.app.db.select().from(mails)).toHaveLength(mailsBefore);
    expect(await t.app.db.select().from(outboxMessages)).toHaveLength(queuedBefore);
  });
});

describe('asking for reset links', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('is limited per address, alike for known and unknown e-mails', async () => {
    const rateLimit = { perIp: 2, perAccount: 100, windowSeconds: 600, slowDownMs: 0 };
    t = await createTestApp({ auth: { ...testConfig().auth, rateLimit } });
    const known = await signUp(t.app);
    expect((await requestReset(t, known.email)).statusCode).toBe(200);
    expect((await requestReset(t, uniqueEmail('nobody'))).statusCode).toBe(200);
    expect((await requestReset(t, known.email)).statusCode).toBe(429);
    expect((await requestReset(t, uniqueEmail('nobody'))).statusCode).toBe(429);
  });

  it('is limited per e-mail from one address; from elsewhere the owner still gets a link', async () => {
    const email = uniqueEmail('flooded');
    await signUp(t.app, { email });
    const rateLimit = { perIp: 100, perAccount: 2, windowSeconds: 600, slowDownMs: 0 };
    const other = await createTestApp({ auth: { ...testConfig().auth, rateLimit } });
    try {
      await signUp(other.app, { email });
      const from = (address: string) =>
        other.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          payload: { email },
          remoteAddress: address,
        });
      expect((await from('192.0.2.1')).statusCode).toBe(200);
      expect((await from('192.0.2.1')).statusCode).toBe(200);
      expect((await from('192.0.2.1')).statusCode).toBe(429);
      expect((await from('192.0.2.3')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
