import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { postgresOnly } from '../../test/postgres-only';
import { signUp, type TestSession } from '../../test/sessions';
import { openPostgres } from '../db/database';
import { session, user } from '../db/schema';

// Who is behind a session is remembered between requests; every change of a session or a user,
// made by any instance or straight in the database, must end what was remembered.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const whoAmI = (app: FastifyInstance, s: TestSession) =>
  app.inject({
    method: 'GET',
    url: `/api/admin/${s.email}`,
    headers: { authorization: `Bearer ${s.token}` },
  });

/** Bounded wait for another instance to hear a committed change (PostgreSQL notifies asynchronously). */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe('the remembered session', () => {
  it('ends when the session row goes, whoever deletes it', async () => {
    const s = await signUp(t.app);
    expect((await whoAmI(t.app, s)).statusCode).toBe(200);
    const before = t.database.queryCount();
    expect((await whoAmI(t.app, s)).statusCode).toBe(200);
    // Remembered: the second call asked the database nothing about the session.
    expect(t.database.queryCount() - before).toBe(0);
    await t.database.db.delete(session).where(eq(session.token, s.token.split('.')[0] ?? ''));
    expect(await eventually(async () => (await whoAmI(t.app, s)).statusCode === 401)).toBe(true);
  });

  it("never lends one person's session to another request that shares an Authorization header it ignored", async () => {
    const s = await signUp(t.app);
    // A proxy's HTTP Basic header, or a stale bearer token, beside the real session cookie.
    for (const authorization of ['Basic c3RhZ2luZzpzZWNyZXQ=', 'Bearer not.valid']) {
      const withCookie = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${s.email}`,
        headers: { authorization, cookie: s.cookie },
      });
      expect(withCookie.statusCode).toBe(200);
      const alone = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${s.email}`,
        headers: { authorization },
      });
      expect(alone.statusCode).toBe(401);
    }
  });

  it('forgets a role the moment it changes in the database', async () => {
    const s = await signUp(t.app);
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${s.token}` } });
    expect((await list()).statusCode).toBe(403);
    await t.database.db.update(user).set({ role: 'admin' }).where(eq(user.email, s.email));
    expect(await eventually(async () => (await list()).statusCode === 200)).toBe(true);
  });
});

postgresOnly('two instances on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('a sign-out on one instance ends the session on the other', async () => {
    const url = (t.database as typeof t.database & { url?: string }).url as string;
    const otherDatabase = openPostgres(url, 4);
    const other = await buildApp(testConfig(), otherDatabase);
    await other.ready();
    try {
      const s = await signUp(t.app);
      expect((await whoAmI(other, s)).statusCode).toBe(200);
      expect((await whoAmI(t.app, s)).statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: s.cookie, origin: 'http://localhost' },
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      expect((await whoAmI(t.app, s)).statusCode).toBe(401);
      expect(await eventually(async () => (await whoAmI(other, s)).statusCode === 401)).toBe(true);
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });
});
