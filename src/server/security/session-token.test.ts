import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { STRONG_PASSWORD, signUp, type TestSession, uniqueEmail } from '../test/sessions';

/**
 * The 7-day session token stays out of reach of page scripts: a browser (which marks every request
 * with Sec-Fetch-Site, a header scripts cannot drop) gets the HttpOnly cookie only, and nothing it
 * can read carries the token. API clients keep receiving the bearer token they ask for.
 */
const browser = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', origin: 'http://localhost:80' };

let t: TestApp;
let account: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  account = await signUp(t.app);
});
afterAll(() => t.close());

/** set-auth-token is the token with its signature; bodies carry the token alone. */
const bare = (token: string) => token.split('.')[0];
const tokenOfCookie = (cookie: string) =>
  decodeURIComponent(/session_token=([^;.]+)/.exec(cookie)?.[1] ?? 'missing-token');

describe('a browser page', () => {
  it('signing up or in gets the cookie, but no token in the headers or the body', async () => {
    const email = uniqueEmail('browser');
    for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/email']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: browser,
        payload: { email, name: 'Browser', password: STRONG_PASSWORD },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-auth-token']).toBeUndefined();
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(res.json().token).toBeNull();
      expect(res.json().user.email).toBe(email);
      expect(res.body).not.toContain(tokenOfCookie(cookie));
    }
  });

  it('reading the session by cookie gets the user, never the token', async () => {
    for (const headers of [{ cookie: account.cookie, ...browser }, { cookie: account.cookie }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(account.email);
      expect(res.json().session.token).toBeUndefined();
      expect(res.body).not.toContain(bare(account.token));
    }
  });

  it('PUT /api/user/:email answers an empty token to a cookie session in a browser', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${account.email}`,
      headers: { cookie: account.cookie, ...browser },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: '' });
  });
});

describe('an API client', () => {
  it('signing in gets the bearer token in set-auth-token and the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: account.email, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const token = String(res.headers['set-auth-token']);
    expect(token.length).toBeGreaterThan(10);
    expect(res.json().token).toBe(bare(token));
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${account.email}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('PUT /api/user/:email answers the token, by bearer or by cookie', async () => {
    for (const headers of [{ authorization: `Bearer ${account.token}` }, { cookie: account.cookie }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${account.email}`,
        headers,
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ token: bare(account.token) });
    }
  });

  it('reading the session with its bearer token may see it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(res.json().session.token).toBe(bare(account.token));
  });
});
