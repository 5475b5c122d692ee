import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../contract/errors';
import { codeForStatus } from '../kernel/http/errors';
import type { TestApp } from '../test/harness';
import { bigPng, imageForm } from '../test/images';
import { signUp, type TestSession } from '../test/sessions';
import { as, createAdminApp } from '../test/store-flow';

/**
 * Requests the API fuzzer (fuzz.test.ts, `npm run fuzz`) found mishandled, kept here as plain
 * examples so each stays fixed whatever seed the fuzzer runs with.
 */

let t: TestApp;
let admin: TestSession;
let customer: TestSession;
beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  customer = await signUp(t.app);
});
afterAll(() => t?.close());

const envelope = (body: string) => ErrorEnvelope.parse(JSON.parse(body)).error;

describe('addresses Fastify refuses before routing', () => {
  it.each([
    ['a broken %-escape', '/api/purchase/%ZZ', 400, 'VALIDATION_FAILED'],
    ['a path parameter over its length', `/api/purchase/${'x'.repeat(200)}`, 414, 'VALIDATION_FAILED'],
  ])('%s answers the error envelope without quoting the path', async (_what, url, status, code) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(envelope(res.body).code).toBe(code);
    expect(res.body).not.toContain('/api/purchase');
  });
});

describe('text with a NUL character (which PostgreSQL cannot store)', () => {
  const NUL = '\u0000';
  const cases: Array<[string, () => InjectOptions, string]> = [
    [
      'a contact message',
      () => ({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'a@b.com', name: `N${NUL}`, message: 'm' },
      }),
      'name',
    ],
    [
      'a review',
      () => ({
        method: 'POST',
        url: '/api/review',
        headers: as(customer),
        payload: { comment: `a${NUL}b`, ratings: 5 },
      }),
      'comment',
    ],
    ['a catalog search', () => ({ method: 'GET', url: '/api/tool?search=%00' }), 'search'],
    [
      'an email in the path',
      () => ({ method: 'PUT', url: '/api/user/admin/a%00b', headers: as(admin) }),
      'email',
    ],
    [
      'a nested body field',
      () => ({
        method: 'PUT',
        url: `/api/user/${customer.email}`,
        headers: as(customer),
        payload: { displayName: 'x', extra: [{ deep: NUL }] },
      }),
      'extra',
    ],
    [
      'a better-auth sign-up',
      () => ({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: 'nul@example.com', name: `N${NUL}`, password: 'Spanner#42' },
      }),
      'name',
    ],
    [
      'a better-auth profile change',
      () => ({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { authorization: `Bearer ${customer.token}` },
        payload: { name: `N${NUL}` },
      }),
      'name',
    ],
  ];

  it.each(cases)('in %s is refused with 400, naming the field', async (_what, request, field) => {
    const res = await t.app.inject(request());
    expect(res.statusCode, res.body).toBe(400);
    expect(envelope(res.body)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Text may not contain NUL characters',
      issues: [{ path: field, message: 'Text may not contain NUL characters' }],
    });
  });
});

describe('a JSON body nested thousands deep', () => {
  it.each([
    ['array', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['object', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
  ])('as an %s, sent to better-auth, is refused with 400', async (_shape, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(envelope(res.body).code).toBe('VALIDATION_FAILED');
  });
});

describe("better-auth's refusals that come without a body", () => {
  const updateUser = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers, payload });

  // The admin plugin's set-role answered 401 with no body; it is refused with our 404 now
  // (auth-endpoints.test.ts), and the open endpoints say why they refuse.
  it('POST /api/auth/update-user without a session answers 401 with a code and a message', async () => {
    const res = await updateUser({}, { name: 'Someone Else' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it('maps a bodiless server error to INTERNAL, never to a validation code', () => {
    expect([500, 502, 504].map(codeForStatus)).toEqual(['INTERNAL', 'INTERNAL', 'INTERNAL']);
  });

  it("keeps better-auth's own { code, message } where it sends one (docs/decisions/004)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: customer.email, password: 'Not#ThePassword1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('an upload whose form cannot be read', () => {
  const form = imageForm(bigPng(8, 8), 'a.png', 'image/png');
  it.each([
    ['a boundary that is not the one used', 'multipart/form-data; boundary=zzz', form.payload],
    ['no boundary', 'multipart/form-data', form.payload],
    ['a form cut short', form.headers['content-type'], form.payload.subarray(0, form.payload.length / 2)],
  ])('(%s) is refused with 400', async (_what, contentType, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...as(admin), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(envelope(res.body).code).toBe('VALIDATION_FAILED');
  });
});

describe("better-auth's own account change (POST /api/auth/update-user)", () => {
  it.each([null, 42, '', '   ', 'x'.repeat(101), ['a']])(
    'refuses the name %j with 400 and keeps the name',
    async (name) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { authorization: `Bearer ${customer.token}` },
        payload: { name },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(session.json().user.name).toBe(customer.name);
    },
  );
});
