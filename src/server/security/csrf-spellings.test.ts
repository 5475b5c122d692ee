import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/harness';
import { imageForm, testImage } from '../test/images';
import { signIn, type TestSession } from '../test/sessions';
import { createAdminApp } from '../test/store-flow';

/**
 * A cross-site page cannot make a signed-in browser change anything by spelling the path in a way
 * the router still routes: the CSRF check used to look at the raw URL (`/api/...`) while the router
 * decoded it, so `/%61pi/account/sessions/revoke-others` signed the victim's other devices out.
 */

const EVIL = { origin: 'http://evil.example', host: 'localhost:80' };

let t: TestApp;
let admin: TestSession;
let otherDevice: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  otherDevice = await signIn(t.app, admin.email);
});
afterAll(() => t?.close());

/** The admin's other device is still signed in. */
const otherDeviceStatus = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: { authorization: `Bearer ${otherDevice.token}` },
    })
  ).statusCode;

describe('cross-site changes with a cookie, whatever the spelling of the path', () => {
  const spellings = [
    '/api/account/sessions/revoke-others',
    '/%61pi/account/sessions/revoke-others',
    '/%61%70%69/account/sessions/revoke-others',
    '/api/account/sessions/revoke%2Dothers',
    '//api/account/sessions/revoke-others',
    '/API/account/sessions/revoke-others',
    '/api/./account/sessions/revoke-others',
    '/x/../api/account/sessions/revoke-others',
    '/api/account/%2e/sessions/revoke-others',
    '/api/account/sessions/revoke-others/',
    '/api/account/sessions/revoke-others?x=1',
  ];

  it.each(spellings)('POST %s is refused and signs nobody out', async (url) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { ...EVIL, cookie: admin.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(await otherDeviceStatus()).toBe(200);
  });

  it('a multipart upload spelled /%61pi/uploads is refused and stores nothing', async () => {
    const before = await readdir(t.app.config.uploads.dir).catch(() => []);
    const form = imageForm(await testImage('png'), 'photo.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/uploads',
      headers: { ...EVIL, cookie: admin.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(await readdir(t.app.config.uploads.dir).catch(() => [])).toEqual(before);
  });

  it.each(['/api/auth/sign-out', '/%61pi/auth/sign-out', '/api/auth/update-user', '/api/%61uth/update-user'])(
    'better-auth’s own change %s is refused from another site',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...EVIL, cookie: otherDevice.cookie },
        payload: { name: 'Taken Over' },
      });
      expect(res.statusCode).toBe(403);
      expect(await otherDeviceStatus()).toBe(200);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: otherDevice.cookie },
      });
      expect(me.json().user.name).toBe('Store Admin');
    },
  );

  it('PUT, PATCH and DELETE are checked the same way; the store’s own origin and bearer clients pass', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/%61pi/account/sessions/00000000-0000-0000-0000-000000000000',
        headers: { ...EVIL, cookie: admin.cookie },
      });
      expect(res.statusCode).toBe(403);
    }
    const own = await t.app.inject({
      method: 'POST',
      url: '/%61pi/account/sessions/revoke-others',
      headers: { origin: 'http://localhost:80', host: 'localhost:80', cookie: otherDevice.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ revoked: expect.any(Number) });
  });
});
