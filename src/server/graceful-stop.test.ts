import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './test/scratch-postgres';
import { type ServerProcess, startServerProcess } from './test/server-process';

/**
 * A deploy sends SIGTERM while customers are mid-request. The store must stop taking new
 * connections yet finish what it already accepted, then exit 0 (main.ts: app.close, then the
 * database). The request in flight is one whose body the test sends in two halves: the server has
 * it (its "incoming request" line is logged) but cannot answer until the test sends the rest, so
 * "in flight during SIGTERM" is a fact the test controls, not a race it hopes to win.
 * PGlite in a data directory by default; a scratch PostgreSQL database with TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const REQUEST_ID = 'graceful-stop-contact';

/** Bounded polling on a condition: at most `attempts` tries; only the bound matters, not the pause. */
async function until(what: string, attempts: number, check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not reached after ${attempts} attempts`);
}

/** Resolves with the connect error's code, or 'connected' (that socket is closed at once). */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('SIGTERM while a request is in flight', { timeout: 300_000 }, () => {
  let store: ServerProcess | undefined;
  let scratch: ScratchDatabase | undefined;
  const dirs: string[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-graceful-'));
    dirs.push(dataDir);
    scratch = serverUrl ? await createScratchDatabase(serverUrl, 'store_graceful') : undefined;
    store = await startServerProcess({
      env: {
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        DATA_DIR: dataDir,
        UPLOADS_DIR: path.join(dataDir, 'uploads'),
        SEED_DEMO_DATA: 'false',
        WEB_DIST_DIR: '/nonexistent-web-build',
      },
    });
  }, 600_000);

  afterAll(async () => {
    await store?.kill(); // only does something if the test failed before the process exited
    await scratch?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the request with 201, refuses new connections meanwhile, and exits 0', async () => {
    const running = store as ServerProcess;
    const body = Buffer.from(
      JSON.stringify({
        email: 'late.customer@example.com',
        name: 'Late Customer',
        message: 'Sent during a deploy.',
      }),
    );
    const half = Math.floor(body.length / 2);

    const request = http.request({
      host: '127.0.0.1',
      port: running.port,
      method: 'POST',
      path: '/api/contact',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        'x-request-id': REQUEST_ID,
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.once('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.once('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      request.once('error', reject);
    });
    request.write(body.subarray(0, half));

    // The server has taken the request in (its route is chosen, it waits for the body).
    const logged = (msg: string) => (line: string) =>
      line.includes(`"reqId":"${REQUEST_ID}"`) && line.includes(msg);
    await until('the request is logged as incoming', 200, () =>
      running.output().split('\n').some(logged('"msg":"incoming request"')),
    );

    const stopped = running.stop(); // SIGTERM; resolves with the exit code
    await until('the store logs that it is stopping', 200, () =>
      running.output().includes('stopping: finishing requests in flight'),
    );
    // The listening socket is closed: a new customer is turned away at the door.
    await until(
      'new connections are refused',
      200,
      async () => (await tryConnect(running.port)) === 'ECONNREFUSED',
    );
    // ...while the accepted request is still open, unanswered.
    expect(running.output().split('\n').some(logged('"msg":"request completed"'))).toBe(false);

    request.end(body.subarray(half));
    const { status, text } = await answer;
    expect(status, text).toBe(201);
    expect(JSON.parse(text)).toEqual({ insertedId: expect.any(String) });

    expect(await stopped).toBe(0);
    expect(await running.exited).toEqual({ code: 0, signal: null });
  });
});
