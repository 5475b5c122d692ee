import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_CONFIRM_MESSAGE } from '../../contract/accounts';
import { createTestApp, type TestApp, testConfig } from '../test/harness';
import { STRONG_PASSWORD, uniqueEmail } from '../test/sessions';
import { type SmtpCatcher, startSmtpCatcher } from '../test/smtp-catcher';

/**
 * REQUIRE_EMAIL_VERIFICATION=true: sign-up stops telling who is registered. A known and a new
 * address get the same answer; the new account signs in only after following the link mailed to
 * it (through the outbox, here to a real SMTP server), and the existing account's owner is told
 * someone tried. Without the setting the spec's immediate sign-in stays (sign-up-enumeration.test.ts).
 */

let smtp: SmtpCatcher;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    smtp: { url: smtp.url, from: 'Shop <shop@example.com>' },
    auth: { ...testConfig().auth, requireEmailVerification: true },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const signUp = (email: string, remoteAddress = '10.77.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, name: 'New Customer', password: STRONG_PASSWORD },
    remoteAddress,
  });

const signIn = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: STRONG_PASSWORD },
  });

const mailsTo = (email: string) =>
  smtp.received.filter((m) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) => a.text.includes(email)),
  );

const CONFIRM_LINK = /(https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+)/;

describe('sign-up with REQUIRE_EMAIL_VERIFICATION=true', () => {
  const fresh = uniqueEmail('fresh');

  it('a new address: the one answer, no session, a confirmation mail, no sign-in yet', async () => {
    const res = await signUp(fresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: SIGN_UP_CONFIRM_MESSAGE });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['set-auth-token']).toBeUndefined();
    await t.app.jobs.drain();
    const [mail] = mailsTo(fresh) as [ParsedMail];
    expect(mail.subject).toBe(`${testConfig().store.brand}: confirm your e-mail address`);
    expect(mail.text).toMatch(CONFIRM_LINK);

    const early = await signIn(fresh);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('a known address gets the very same answer, and its owner a notice instead', async () => {
    const known = await signUp(fresh, '10.77.0.2');
    const another = await signUp(uniqueEmail('another'), '10.77.0.3');
    for (const res of [known, another]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, message: SIGN_UP_CONFIRM_MESSAGE });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(known.body).toBe(another.body);
    const names = (res: typeof known) =>
      Object.keys(res.headers)
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort();
    expect(names(known)).toEqual(names(another));

    await t.app.jobs.drain();
    const notices = mailsTo(fresh).filter((m) => m.subject?.includes('you already have an account'));
    expect(notices).toHaveLength(1);
    // A second try within the hour sends no second notice.
    await signUp(fresh, '10.77.0.4');
    await t.app.jobs.drain();
    expect(mailsTo(fresh).filter((m) => m.subject?.includes('you already have an account'))).toHaveLength(1);
  });

  it('following the mailed link confirms the address and signs the account in', async () => {
    const link = CONFIRM_LINK.exec((mailsTo(fresh)[0] as ParsedMail).text ?? '')?.[1] ?? '';
    const url = new URL(link);
    const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/');
    const cookies = [opened.headers['set-cookie']].flat().filter(Boolean) as string[];
    expect(cookies.length).toBeGreaterThan(0);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookies.map((c) => c.split(';')[0]).join('; ') },
    });
    expect(session.json().user).toMatchObject({ email: fresh, emailVerified: true });
    expect((await signIn(fresh)).statusCode).toBe(200);
  });

  it('a forged or altered link confirms nothing', async () => {
    const other = uniqueEmail('forged');
    await signUp(other, '10.77.0.5');
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not.a.jwt' });
    expect(res.statusCode).toBe(401);
    expect((await signIn(other)).statusCode).toBe(403);
  });
});

describe('without the setting', () => {
  it('the confirmation endpoint is closed and sign-up signs in at once, as the requirements have it', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: uniqueEmail('plain'), name: 'Plain', password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeDefined();
      const closed = await plain.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=x' });
      expect(closed.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
