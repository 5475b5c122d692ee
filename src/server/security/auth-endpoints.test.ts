import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../contract/errors';
import type { TestApp } from '../test/harness';
import { signUp, type TestSession } from '../test/sessions';
import { createAdminApp } from '../test/store-flow';

/**
 * Only the better-auth endpoints the store uses answer under /api/auth/*
 * (docs/decisions/008-auth-endpoints-the-store-uses.md); every other one, the admin plugin's above
 * all, is 404 in our envelope, for an admin too, however its address is spelled.
 */

/** What the store uses, as `METHOD path` under /api/auth (kernel/identity/auth-plugin.ts keeps the same list). */
const OPEN = new Set([
  'GET /get-session',
  'GET /error',
  'POST /sign-up/email',
  'POST /sign-in/email',
  'POST /sign-in/social',
  'POST /sign-out',
  'POST /update-user',
  'POST /request-password-reset',
  'POST /reset-password',
  'POST /change-password',
  'GET /callback/:id',
  'POST /callback/:id',
]);

let t: TestApp;
let admin: TestSession;
let target: TestSession;
beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  target = await signUp(t.app, { name: 'Target Customer' });
});
afterAll(() => t?.close());

const asAdmin = (method: string) =>
  method === 'GET' ? { cookie: admin.cookie } : { cookie: admin.cookie, origin: 'http://localhost:80' };

const targetId = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie: target.cookie },
  });
  return String(res.json().user.id);
};

/** Every endpoint better-auth (with our plugins) would route, as `METHOD path`. */
function everyEndpoint(): string[] {
  const keys: string[] = [];
  for (const endpoint of Object.values(t.app.auth.api) as Array<{
    path?: string;
    options?: { method?: unknown };
  }>) {
    if (!endpoint.path) continue; // server-only (no HTTP address), e.g. setPassword
    const declared = endpoint.options?.method;
    const methods = (Array.isArray(declared) ? declared : [declared]).map(String);
    for (const method of methods.includes('*') ? ['GET', 'POST'] : methods)
      if (method === 'GET' || method === 'POST') keys.push(`${method} ${endpoint.path}`);
  }
  return keys;
}

describe('the better-auth endpoints under /api/auth/*', () => {
  it('are known: every endpoint the store uses exists in better-auth', () => {
    expect([...OPEN].filter((key) => !everyEndpoint().includes(key))).toEqual([]);
  });

  it('answer 404 NOT_FOUND to an admin for every endpoint the store does not use', async () => {
    const refused = everyEndpoint().filter((key) => !OPEN.has(key));
    expect(refused).toContain('POST /admin/impersonate-user');
    const answered: string[] = [];
    for (const key of refused) {
      const [method = 'GET', path = ''] = key.split(' ');
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: `/api/auth${path.replace(/:[a-zA-Z]+/g, 'x')}`,
        headers: asAdmin(method),
        ...(method === 'POST' ? { payload: { userId: await targetId(), role: 'user' } } : {}),
      });
      const code = ErrorEnvelope.safeParse(JSON.parse(res.body || 'null')).data?.error.code;
      if (res.statusCode !== 404 || code !== 'NOT_FOUND') answered.push(`${key}: ${res.statusCode} ${code}`);
    }
    expect(answered).toEqual([]);
  });

  it.each([
    '/api/auth/admin/set-role/',
    '/api/auth//admin/set-role',
    '/api/auth/admin//set-role',
    '/api/auth/Admin/Set-Role',
    '/api/auth/admin/set%2Drole',
    '/api/auth/admin%2Fset-role',
    '/api/auth/get-session/../admin/set-role',
    '/api/auth/sign-out/%2e%2e/admin/set-role',
    '/api/auth/callback/..%2Fadmin%2Fset-role',
    '/api/auth/callback/google/../../admin/set-role',
    '/api/auth/admin/set-role?x=/api/auth/sign-out',
  ])('refuse the admin plugin however its address is spelled: %s', async (url) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: asAdmin('POST'),
      payload: { userId: await targetId(), role: 'admin' },
    });
    expect(res.statusCode, res.body).toBe(404);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: target.cookie },
    });
    expect(session.json().user.role).toBe('user');
  });

  it("are refused by better-auth's own configuration too (disabledPaths), behind our route", async () => {
    const res = await t.app.auth.handler(
      new Request('http://localhost/api/auth/admin/impersonate-user', {
        method: 'POST',
        headers: { cookie: admin.cookie, origin: 'http://localhost', 'content-type': 'application/json' },
        body: JSON.stringify({ userId: await targetId() }),
      }),
    );
    expect(res.status).toBe(404);
  });

  it('still serve what the store uses: session, account change, sign-out', async () => {
    const session = await signUp(t.app, { name: 'Still Works' });
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { authorization: `Bearer ${session.token}` },
      payload: { name: 'Renamed Customer' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: session.cookie, origin: 'http://localhost:80' },
    });
    expect(out.statusCode, out.body).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: session.cookie },
    });
    expect(after.json()).toBeNull();
  });
});
