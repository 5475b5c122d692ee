import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGE, type SessionList } from '../../../contract/accounts';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { STRONG_PASSWORD, signUp, type TestSession, uniqueEmail } from '../../test/sessions';

/**
 * The account's signed-in sessions: listed with their device and address, ended one by one or all
 * but the caller's, and ended by a password change. An ended session's cookie and bearer token are
 * refused at once, although the store remembers sessions between requests (session-cache.ts).
 */

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** What a browser sends with a change: its cookie and its page's origin. */
const browser = (s: TestSession) => ({ cookie: s.cookie, origin: 'http://localhost:80' });
const bearer = (s: TestSession) => ({ authorization: `Bearer ${s.token}` });

function sessionOf(res: Awaited<ReturnType<TestApp['app']['inject']>>, email: string): TestSession {
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, name: '', cookie, token: String(res.headers['set-auth-token'] ?? '') };
}

/** Signs in from a device (user agent) at an address. */
async function signInFrom(
  t: TestApp,
  email: string,
  userAgent: string,
  address: string,
  password = STRONG_PASSWORD,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: {
      'user-agent': userAgent,
      // Neither may name the address recorded on the session: the store resolves it itself.
      'x-forwarded-for': '203.0.113.66',
      'x-store-client-address': '203.0.113.77',
    },
    remoteAddress: address,
  });
  return sessionOf(res, email);
}

const list = async (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/account/sessions', headers });

const status = async (t: TestApp, headers: Record<string, string>) => (await list(t, headers)).statusCode;

describe('the account sessions', () => {
  let t: TestApp;
  let email: string;
  let laptop: TestSession;
  let phone: TestSession;
  let tablet: TestSession;
  let stranger: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    email = uniqueEmail('sessions');
    await signUp(t.app, { email });
    laptop = await signInFrom(t, email, FIREFOX_WINDOWS, '198.51.100.10');
    phone = await signInFrom(t, email, CHROME_ANDROID, '198.51.100.20');
    tablet = await signInFrom(t, email, SAFARI_IPHONE, '198.51.100.30');
    stranger = await signUp(t.app);
  });
  afterAll(() => t?.close());

  it('lists every session with its device and address, the caller first and marked, and no token', async () => {
    const res = await list(t, { cookie: laptop.cookie });
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json() as SessionList;
    // The sign-up's own session, and the three devices.
    expect(sessions).toHaveLength(4);
    expect(sessions[0]).toMatchObject({
      current: true,
      device: 'Firefox on Windows',
      ipAddress: '198.51.100.10',
    });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toEqual(
      expect.arrayContaining(['Chrome on Android', 'Safari on iOS']),
    );
    expect(sessions.find((s) => s.device === 'Chrome on Android')?.ipAddress).toBe('198.51.100.20');
    for (const s of sessions) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
    }
    for (const token of [laptop.token, phone.token, tablet.token]) expect(res.body).not.toContain(token);
    // Only the account's own sessions.
    const theirs = (await list(t, { cookie: stranger.cookie })).json() as SessionList;
    expect(theirs.sessions).toHaveLength(1);
  });

  it("refuses to end another account's session, or the caller's own", async () => {
    const { sessions } = (await list(t, { cookie: laptop.cookie })).json() as SessionList;
    const phoneId = sessions.find((s) => s.device === 'Chrome on Android')?.id;
    const ownId = sessions.find((s) => s.current)?.id;
    const byStranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneId}`,
      headers: browser(stranger),
    });
    expect(byStranger.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${ownId}`,
      headers: browser(laptop),
    });
    expect(own.statusCode).toBe(409);
    expect(await status(t, bearer(phone))).toBe(200);
    expect(await status(t, { cookie: laptop.cookie })).toBe(200);
  });

  it('ends one session: its cookie and bearer token are refused at once', async () => {
    // Remembered by the session cache first, through both credentials.
    expect(await status(t, { cookie: phone.cookie })).toBe(200);
    expect(await status(t, bearer(phone))).toBe(200);
    const { sessions } = (await list(t, { cookie: laptop.cookie })).json() as SessionList;
    const phoneId = sessions.find((s) => s.device === 'Chrome on Android')?.id;

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${phoneId}`,
      headers: browser(laptop),
    });
    expect(res.statusCode).toBe(200);
    expect(await status(t, { cookie: phone.cookie })).toBe(401);
    expect(await status(t, bearer(phone))).toBe(401);
    expect(await status(t, { cookie: tablet.cookie })).toBe(200);
    expect(await status(t, { cookie: laptop.cookie })).toBe(200);
  });

  it('ends every other session and keeps the caller signed in', async () => {
    expect(await status(t, bearer(tablet))).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      headers: bearer(laptop),
    });
    expect(res.statusCode).toBe(200);
    // The sign-up's session and the tablet.
    expect(res.json()).toEqual({ revoked: 2 });
    expect(await status(t, bearer(tablet))).toBe(401);
    expect(await status(t, { cookie: tablet.cookie })).toBe(401);
    const { sessions } = (await list(t, bearer(laptop))).json() as SessionList;
    expect(sessions).toEqual([expect.objectContaining({ current: true, device: 'Firefox on Windows' })]);
    expect(await status(t, { cookie: stranger.cookie })).toBe(200);
  });

  it('asks to be signed in', async () => {
    expect(await status(t, {})).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others' });
    expect(res.statusCode).toBe(401);
  });
});

describe('changing the password', () => {
  let t: TestApp;
  let email: string;
  let laptop: TestSession;
  let phone: TestSession;

  const change = (s: TestSession, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: browser(s), payload: body });

  beforeAll(async () => {
    t = await createTestApp();
    email = uniqueEmail('changer');
    laptop = await signUp(t.app, { email });
    phone = await signInFrom(t, email, CHROME_ANDROID, '198.51.100.20');
  });
  afterAll(() => t?.close());

  it('refuses a wrong current password and a new one against the rule, changing nothing', async () => {
    const wrong = await change(laptop, { currentPassword: 'Wrong#Guess1', newPassword: 'Brand#New22' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const weak = await change(laptop, { currentPassword: STRONG_PASSWORD, newPassword: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: PASSWORD_MESSAGE });
    expect(await status(t, { cookie: phone.cookie })).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('changes it, ends every other session even when asked not to, and keeps this browser signed in', async () => {
    expect(await status(t, { cookie: phone.cookie })).toBe(200);
    expect(await status(t, bearer(phone))).toBe(200);
    const res = await change(laptop, {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Brand#New22',
      revokeOtherSessions: false,
    });
    expect(res.statusCode).toBe(200);
    const renewed = sessionOf(res, email);
    expect(renewed.cookie).toContain('session_token=');

    expect(await status(t, { cookie: phone.cookie })).toBe(401);
    expect(await status(t, bearer(phone))).toBe(401);
    const { sessions } = (await list(t, { cookie: renewed.cookie })).json() as SessionList;
    expect(sessions).toEqual([expect.objectContaining({ current: true })]);

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'Brand#New22' },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('asks to be signed in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'Brand#New22' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('guessing the current password', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('is counted like failed sign-ins from the address, then refused with 429', async () => {
    const rateLimit = { perIp: 2, perAccount: 100, windowSeconds: 600, slowDownMs: 0 };
    t = await createTestApp({ auth: { ...testConfig().auth, rateLimit } });
    const me = await signUp(t.app);
    const guess = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: browser(me),
        payload: { currentPassword: 'Wrong#Guess1', newPassword: 'Brand#New22' },
      });
    expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(400);
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });
});
