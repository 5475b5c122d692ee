import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, type HttpAnswer } from '../../test/http-client';
import { postgresOnly } from '../../test/postgres-only';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-postgres';
import { type ServerProcess, startServerProcess } from '../../test/server-process';

/**
 * A real database outage under a real store process: the database refuses connections and drops
 * the ones it had, then comes back. /readyz must follow it both ways without a restart, and the
 * process must survive the outage. This needs a PostgreSQL server we can make unreachable;
 * PGlite lives inside the process, so it has no outage to have (health.routes.test.ts covers a
 * closed PGlite with the 503).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** Bounded polling on a condition: at most `attempts` tries, each waiting for its own answer. */
async function until(what: string, attempts: number, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    // A short breath between tries so the loop does not hammer a 2-core machine; correctness
    // never depends on it, only the bounded number of attempts does.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not reached after ${attempts} attempts`);
}

/** What no error answer may carry: SQL, driver messages, stack frames, file paths. */
function expectCleanError(answer: HttpAnswer) {
  const text = JSON.stringify(answer.body);
  expect(answer.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  for (const leak of [/select /i, /database/i, /postgres/i, /\bat \S+ \(/, /\.ts:\d+/, /node_modules/]) {
    expect(text).not.toMatch(leak);
  }
}

postgresOnly(
  'readiness through a real PostgreSQL outage (needs TEST_DATABASE_URL)',
  { timeout: 300_000 },
  () => {
    let scratch: ScratchDatabase | undefined;
    let store: ServerProcess | undefined;
    let admin: pg.Client | undefined;
    const dirs: string[] = [];

    beforeAll(async () => {
      scratch = await createScratchDatabase(serverUrl as string, 'store_outage');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'store-outage-data-'));
      dirs.push(dataDir);
      store = await startServerProcess({
        env: {
          DATABASE_URL: scratch.url,
          DATA_DIR: dataDir,
          UPLOADS_DIR: path.join(dataDir, 'uploads'),
          SEED_DEMO_DATA: 'true',
          WEB_DIST_DIR: '/nonexistent-web-build',
        },
      });
      // The admin connection goes to the server's own database, never to the one we lock out.
      admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
    }, 600_000);

    afterAll(async () => {
      // Whatever happened, let the database be dropped and the process end.
      if (admin && scratch) await admin.query(`alter database ${scratch.name} allow_connections true`);
      await admin?.end();
      await store?.stop();
      await scratch?.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it('/readyz goes 503 while the database is unreachable and 200 again once it is back; the process lives on', async () => {
      const url = (store as ServerProcess).url;
      const name = (scratch as ScratchDatabase).name;
      const db = admin as pg.Client;

      expect((await call(url, 'GET', '/readyz')).status).toBe(200);
      const before = await call(url, 'GET', '/api/tool?search=wrench');
      expect(before.status, JSON.stringify(before.body)).toBe(200);

      // The outage: no new connections, and the open ones (the store's pool) are cut.
      await db.query(`alter database ${name} allow_connections false`);
      await db.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );

      await until('/readyz answers 503', 100, async () => (await call(url, 'GET', '/readyz')).status === 503);
      const down = await call(url, 'GET', '/readyz');
      expect(down.body).toEqual({ error: { code: 'UNAVAILABLE', message: 'The database is not reachable' } });
      expect((await call(url, 'GET', '/healthz')).status).toBe(200);

      // An API read that needs the database (a search never asked before, so no cached answer).
      const api = await call(url, 'GET', '/api/tool?search=outage');
      // What it does today: the generic 500 envelope (the driver's error stays in the log).
      expect(api.status).toBe(500);
      expect(api.body).toEqual({
        error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
      });
      expectCleanError(api);
      // Still the same living process after the failures.
      expect((await call(url, 'GET', '/healthz')).status).toBe(200);

      await db.query(`alter database ${name} allow_connections true`);

      await until('/readyz answers 200', 100, async () => (await call(url, 'GET', '/readyz')).status === 200);
      const after = await call(url, 'GET', '/api/tool?search=outage');
      expect(after.status, JSON.stringify(after.body)).toBe(200);
      const list = await call(url, 'GET', '/api/tool?search=wrench');
      expect(list.status).toBe(200);
      expect(list.body).toEqual(before.body);

      // No crash along the way: the process never exited, and it logged the outage as a warning.
      const exited = await Promise.race([(store as ServerProcess).exited, Promise.resolve('running')]);
      expect(exited).toBe('running');
      expect((store as ServerProcess).output()).toContain('database not reachable');
    });
  },
);
