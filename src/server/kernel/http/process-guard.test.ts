import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/http-client';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-postgres';
import { type ServerProcess, startServerProcess } from '../../test/server-process';

/**
 * The process guard main.ts installs (docs/decisions/072): an error nobody handles, in a request or
 * in a job, is logged and fails that request or job alone; the process goes on answering. The
 * store runs as its own process (test/guarded-store.ts: main.ts's start-up plus three routes that
 * fail as a missed listener fails), since an uncaught error in this test process would be the test
 * runner's. PGlite in a data directory by default; a scratch PostgreSQL database with
 * TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** The process's log reaches this one through a pipe, after its answer: read until the line came. */
async function logged(store: ServerProcess, line: string): Promise<boolean> {
  for (let i = 0; i < 200; i += 1) {
    if (store.output().includes(line)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('the process guard', { timeout: 300_000 }, () => {
  let store: ServerProcess;
  let scratch: ScratchDatabase | undefined;
  let gone = false;
  const dirs: string[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-guard-'));
    dirs.push(dataDir);
    scratch = serverUrl ? await createScratchDatabase(serverUrl, 'store_guard') : undefined;
    store = await startServerProcess({
      entry: { script: 'src/server/test/guarded-store.ts' },
      env: {
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        DATA_DIR: dataDir,
        UPLOADS_DIR: path.join(dataDir, 'uploads'),
        SEED_DEMO_DATA: 'false',
        WEB_DIST_DIR: '/nonexistent-web-build',
      },
    });
    void store.exited.then(() => {
      gone = true;
    });
  }, 600_000);

  afterAll(async () => {
    await store?.kill();
    await scratch?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['an error event nobody listens to', '/test/unheard-error-event'],
    ['a rejected promise nobody awaits', '/test/unheard-rejection'],
  ])('answers the request that met %s with 500, and every other request on', async (_label, route) => {
    const [failed, health] = await Promise.all([
      call(store.url, 'GET', route),
      call(store.url, 'GET', '/healthz'),
    ]);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(health.status).toBe(200);
    expect((await call(store.url, 'GET', '/healthz')).status).toBe(200);
    expect(gone).toBe(false);
    expect(await logged(store, `unhandled error: GET ${route}`)).toBe(true);
  });

  it('fails the job whose timer threw, with that error, and nothing else', async () => {
    const answer = await call(store.url, 'GET', '/test/job-that-throws');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ failedWith: 'thrown in a timer of the job' });
    expect(await logged(store, 'unhandled error: job test failed with it')).toBe(true);
    expect((await call(store.url, 'GET', '/healthz')).status).toBe(200);
    expect(gone).toBe(false);
  });
});
