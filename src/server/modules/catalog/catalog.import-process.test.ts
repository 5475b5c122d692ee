import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpOverHttp } from '../../test/http-client';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-postgres';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { type TestSession, uniqueEmail } from '../../test/sessions';

/**
 * The reviewer's files against the store as it runs (main.ts, its own process, over HTTP): on
 * PostgreSQL each of them once ended the process with an 'error' event nobody heard. Each is
 * answered, and the process answers /healthz after it. PGlite in a data directory by default; a
 * scratch PostgreSQL database with TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

const noise = (size: number) => {
  const parts: Buffer[] = [];
  for (let i = 0; parts.length * 32 < size; i += 1)
    parts.push(createHash('sha256').update(`noise ${i}`).digest());
  return Buffer.concat(parts).subarray(0, size);
};

describe('supplier files sent to the running store', { timeout: 300_000 }, () => {
  let store: ServerProcess;
  let scratch: ScratchDatabase | undefined;
  let admin: TestSession;
  let gone = false;
  const dirs: string[] = [];
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-files-'));
    dirs.push(dataDir);
    scratch = serverUrl ? await createScratchDatabase(serverUrl, 'store_files') : undefined;
    store = await startServerProcess({
      env: {
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        DATA_DIR: dataDir,
        UPLOADS_DIR: path.join(dataDir, 'uploads'),
        SEED_DEMO_DATA: 'false',
        WEB_DIST_DIR: '/nonexistent-web-build',
        ADMIN_EMAILS: adminEmail,
        PASSWORD_HASH_COST: 'low',
      },
    });
    void store.exited.then(() => {
      gone = true;
    });
    admin = await signUpOverHttp(store.url, { email: adminEmail, name: 'Store Admin' });
  }, 600_000);

  afterAll(async () => {
    await store?.kill();
    await scratch?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const send = async (file: string | Buffer) => {
    const res = await fetch(`${store.url}/api/catalog/imports?kind=products&name=supplier.csv`, {
      method: 'POST',
      headers: {
        origin: store.url,
        connection: 'close',
        authorization: `Bearer ${admin.token}`,
        'content-type': 'text/csv',
      },
      body: typeof file === 'string' ? file : new Uint8Array(file),
    });
    return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
  };
  const goodRows = Array.from({ length: 5000 }, (_, i) => `GOOD-${i},Good part ${i},A part.,10`).join('\n');

  it.each([
    [
      'an unclosed quote',
      'sku,name,description,price\nQ-1,"Socket set,A set.,10\nQ-2,Wrench,A wrench.,12\n',
      400,
    ],
    [
      'thousands of good rows, then an unclosed quote',
      `sku,name,description,price\n${goodRows}\nQ-3,"Set,A set.,10\n`,
      400,
    ],
    [
      'a stray quote in an unquoted cell',
      'sku,name,description,price\nQ-4,3/8" drive ratchet,A ratchet.,10\n',
      201,
    ],
    ['random bytes', noise(8192), 400],
    ['a"b', 'a"b', 400],
  ])('answers %s, and the store answers /healthz after it', async (_label, file, status) => {
    const answer = await send(file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect((await call(store.url, 'GET', '/healthz')).status).toBe(200);
    expect(gone).toBe(false);
  });

  it('lives through an upload cut off half way', async () => {
    const body = `sku,name,description,price\n${goodRows}\n`;
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(store.port, '127.0.0.1', () => {
        socket.write(
          [
            'POST /api/catalog/imports?kind=products HTTP/1.1',
            `Host: 127.0.0.1:${store.port}`,
            `Origin: ${store.url}`,
            `Authorization: Bearer ${admin.token}`,
            'Content-Type: text/csv',
            `Content-Length: ${body.length * 2}`,
            '',
            body,
          ].join('\r\n'),
          () => {
            socket.destroy();
            resolve();
          },
        );
      });
      socket.on('error', reject);
    });
    expect((await call(store.url, 'GET', '/healthz')).status).toBe(200);
    // The same file whole is read as ever.
    expect((await send(body)).status).toBe(201);
    expect(gone).toBe(false);
  });
});
