import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase, testConfig } from '../test/harness';
import { signUp } from '../test/sessions';

/**
 * Without PUBLIC_URL the store knows only its local addresses. Reached by another name (a LAN
 * address, a domain pointed at it before PUBLIC_URL was set), a signed-in request must say what to
 * set, in the error envelope and as a 4xx, instead of a 500 in the error log.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const errors: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const base = testConfig();
  app = await buildApp(
    testConfig({
      auth: { ...base.auth, publicUrl: undefined },
      logLevel: 'error',
      logStream: { write: (line: string) => errors.push(line) },
    }),
    database,
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

it('answers a signed-in request on an unknown host with a 400 that names PUBLIC_URL', async () => {
  const session = await signUp(app);
  const local = await app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie: session.cookie, host: 'localhost:3000' },
  });
  expect(local.statusCode).toBe(200);

  for (const host of ['shop.example.com', '192.168.1.20:3000']) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: session.cookie, host },
    });
    expect(res.statusCode, host).toBe(400);
    expect(res.json().error.message).toMatch(/PUBLIC_URL/);
  }
  expect(errors).toEqual([]);
});
