import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OutboxList } from '../../../contract/outbox';
import { addProductOverHttp, call, signUpOverHttp } from '../../test/http-client';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-postgres';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { uniqueEmail } from '../../test/sessions';

/**
 * The store killed with SIGKILL while it delivers an outbox message, then started again on the same
 * data: every message is delivered, the one cut off is delivered again (at least once), and a
 * receiver that remembers Idempotency-Key acts on each event exactly once. PGlite in a folder by
 * default; a scratch PostgreSQL database when TEST_DATABASE_URL is set.
 */

/**
 * A webhook receiver that holds the Nth delivery open (never answering) and tells the test. Until
 * `release()`, a second delivery of that message is held as well: on a slow machine the store's
 * one-second lease can pass before the kill lands, and the store then rightly tries again.
 */
function startReceiver(holdAt: number) {
  const received: string[] = [];
  const applied = new Set<string>();
  let heldKey: string | undefined;
  let holding = true;
  let held!: () => void;
  const heldNow = new Promise<void>((resolve) => {
    held = resolve;
  });
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const key = String(req.headers['idempotency-key']);
      received.push(key);
      if (received.length === holdAt) heldKey = key;
      if (holding && key === heldKey) {
        held();
        return; // never answered: the store dies waiting
      }
      // The idempotent consumer: an event it has seen changes nothing the second time.
      JSON.parse(body);
      applied.add(key);
      res.writeHead(204).end();
    });
  });
  return new Promise<{
    url: string;
    received: string[];
    applied: Set<string>;
    heldNow: Promise<void>;
    release(): void;
    close(): void;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/order-events`,
        received,
        applied,
        heldNow,
        release: () => {
          holding = false;
        },
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      });
    });
  });
}

describe('outbox across a kill -9', { timeout: 300_000 }, () => {
  const dirs: string[] = [];
  let scratch: ScratchDatabase | undefined;
  const stores: ServerProcess[] = [];
  afterAll(async () => {
    for (const store of stores) await store.kill();
    await scratch?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers every message after a restart, the interrupted one again, each acted on once', async () => {
    const receiver = await startReceiver(5);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-outbox-crash-'));
    dirs.push(dataDir);
    if (process.env.TEST_DATABASE_URL)
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'store_outbox');
    const adminEmail = uniqueEmail('admin');
    const env = {
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: '/nonexistent-web-build',
      ADMIN_EMAILS: adminEmail,
      ORDER_WEBHOOK_URL: receiver.url,
      OUTBOX_POLL_MS: '50',
      OUTBOX_LEASE_SECONDS: '1',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
      MAX_UNPAID_ORDERS: '1000',
      // Every order's first mail is due at once, so every message can be delivered in the test.
      ORDER_WAITING_MAIL_MINUTES: '0',
    };
    let store = await startServerProcess({ env });
    stores.push(store);
    const admin = await signUpOverHttp(store.url, { email: adminEmail, name: 'Outbox Admin' });
    const buyer = await signUpOverHttp(store.url, { name: 'Outbox Buyer' });
    const productId = await addProductOverHttp(store.url, admin, {
      name: 'Outbox wrench',
      availableQuantity: 500,
    });
    // Twelve order events: eight placed, four of them cancelled.
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const placed = await call(store.url, 'POST', '/api/order', {
        session: buyer,
        via: 'bearer',
        json: { orderId: productId, orderQuantity: 2, phone: '01712345678' },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      ids.push((placed.body as { _id: string })._id);
    }
    for (const id of ids.slice(0, 4)) {
      expect(
        (await call(store.url, 'DELETE', `/api/order/${id}`, { session: buyer, via: 'bearer' })).status,
      ).toBe(200);
    }

    await receiver.heldNow;
    await store.kill();
    receiver.release();
    const cutOff = receiver.received[4] as string;
    expect(receiver.applied.has(cutOff)).toBe(false);

    store = await startServerProcess({ env });
    stores.push(store);
    const outbox = async (status: string) =>
      (await call(store.url, 'GET', `/api/manage/outbox?status=${status}`, { session: admin, via: 'bearer' }))
        .body as OutboxList;
    // Bounded wait for the restarted store to finish (its lease on the cut-off message passes first).
    // Each of the twelve events is one message for each subscriber that acts on a placed or
    // cancelled order: the webhook and the customer's mail (the admins hear only of payments).
    const messages = 12 * 2;
    let list = await outbox('delivered');
    for (let i = 0; i < 600 && (list.counts.pending > 0 || list.counts.delivered < messages); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      list = await outbox('delivered');
    }
    expect(list.counts).toEqual({ pending: 0, delivered: messages, dead: 0 });
    const keys = list.messages
      .filter((m) => m.subscriber === 'order-webhook')
      .map((m) => m.key)
      .sort();
    expect(keys).toHaveLength(12);
    // Every message reached the receiver, the interrupted one again (at least once more), and each
    // was acted on once.
    expect([...receiver.applied].sort()).toEqual(keys);
    expect(receiver.received.filter((k) => k === cutOff).length).toBeGreaterThanOrEqual(2);
    expect(new Set(receiver.received).size).toBe(12);
    receiver.close();
  });
});
