import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, user } from '../kernel/db/schema';
import { insertProduct } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { signUp, type TestSession, uniqueEmail } from '../test/sessions';
import { as, fillCart, HOME_ADDRESS } from '../test/store-flow';

/**
 * A lone UTF-16 surrogate is valid JSON (`"x\ud800y"`) but no character: PostgreSQL refuses it in
 * text and jsonb. It used to reach a query and answer 500 (a checkout address's `fullName` or
 * `region`, on both engines); now every body, query and path is checked at the edge and such text
 * is a 400 with the error envelope.
 */

let t: TestApp;
let customer: TestSession;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  productId = (await insertProduct(t.database.db, { minimumOrderQuantity: 1 })).id;
});
afterAll(() => t?.close());

/** Sends the JSON text as written, so the escapes reach the server's parser untouched. */
const send = (method: 'POST' | 'PUT', url: string, json: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: json });

const expectRefused = (res: Awaited<ReturnType<typeof send>>) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.body).not.toMatch(/stack|select |insert /i);
  return res.json() as { error?: { code: string; message: string }; code?: string; message?: string };
};

const addressWith = (field: 'fullName' | 'region', escaped: string) =>
  JSON.stringify({ ...HOME_ADDRESS, [field]: 'PLACEHOLDER' }).replace('PLACEHOLDER', escaped);

describe('lone surrogates are refused with 400, never a 500', () => {
  it.each([
    ['fullName', 'x\\ud800y'],
    ['region', '\\udfff'],
    ['fullName', 'a\\ud83d'],
  ] as const)('a checkout whose address %s is %s', async (field, escaped) => {
    await fillCart(t.app, customer, [{ productId, quantity: 1 }]);
    const res = await send(
      'POST',
      '/api/checkout',
      `{"idempotencyKey":"${crypto.randomUUID()}","address":${addressWith(field, escaped)},"saveAddress":true,"shippingMethod":"standard","expectedTotalCents":1}`,
      as(customer),
    );
    const body = expectRefused(res);
    expect(body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Text must be valid Unicode (it holds a broken character)',
      issues: [{ path: 'address', message: expect.any(String) }],
    });
    const [placed] = await t.database.db.select({ n: count() }).from(orders);
    expect(placed?.n).toBe(0);
  });

  it('an address-book entry, a contact message and a review', async () => {
    expectRefused(await send('POST', '/api/addresses', addressWith('fullName', 'x\\ud800y'), as(customer)));
    expectRefused(
      await send('POST', '/api/contact', '{"email":"a@example.com","name":"x\\ud800y","message":"Hi"}'),
    );
    expectRefused(await send('POST', '/api/review', '{"comment":"x\\udc00","ratings":5}', as(customer)));
  });

  it('a key holding one, and better-auth’s own bodies', async () => {
    expectRefused(
      await send('POST', '/api/contact', '{"email":"a@example.com","name":"A","message":"Hi","\\ud800":1}'),
    );
    const email = uniqueEmail('surrogate');
    const res = await send(
      'POST',
      '/api/auth/sign-up/email',
      `{"email":"${email}","name":"x\\ud800y","password":"Spanner#42"}`,
    );
    expectRefused(res);
    const [made] = await t.database.db.select({ n: count() }).from(user).where(eq(user.email, email));
    expect(made?.n).toBe(0);
  });

  it('in a query string or a path, percent-encoded', async () => {
    for (const url of ['/api/tool?search=%ED%A0%80', '/api/tool/%ED%A0%80', '/api/tool?search=x%uD800']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('well-formed text beyond the basic plane still goes through', async () => {
    const res = await send(
      'POST',
      '/api/contact',
      '{"email":"a@example.com","name":"🔧 \\ud83d\\udd27","message":"Hi"}',
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});
