import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/database';
import { outboxMessages, scheduledJobs } from '../db/schema';
import { type OutboxMessage, publish, SUBSCRIBERS } from '../modules/outbox/outbox';
import { retryDeadMessage } from '../modules/outbox/outbox.service';
import { createTestDatabase } from '../test/harness';
import { createJobRunner, type JobRunnerOptions, type MessageHandler } from './job-runner';

// The job runner against the real database: PGlite here, PostgreSQL when TEST_DATABASE_URL is set,
// where the second "instance" is a second connection pool on the same database.
let database: Database;
let second: Database | undefined;
beforeAll(async () => {
  const test = await createTestDatabase();
  database = test;
  if (test.url) second = openPostgres(test.url, 5);
});
afterAll(async () => {
  await second?.close();
  await database.close();
});

const quiet = { info() {}, warn() {} };
let sequence = 0;

/** Queues `count` messages for the webhook subscriber, as an order change would. */
async function queue(count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, () => `test-event:${++sequence}:${Date.now()}`);
  await database.db.transaction(async (tx) => {
    for (const key of keys) {
      await publish(tx, 'order.status_changed', key, {
        orderId: key,
        event: 'pay',
        from: 'unpaid',
        to: 'pending',
        at: '',
      });
    }
  });
  return keys;
}

const runner = (db: Database, handler: MessageHandler, options: Partial<JobRunnerOptions> = {}) =>
  createJobRunner(db.db, {
    handlers: { 'order-webhook': handler },
    jobs: [],
    log: quiet,
    pollMs: 1000,
    leaseMs: 60_000,
    maxAttempts: 3,
    ...options,
  });

/** The webhook's copy of a message: other subscribers of the topic have their own rows, not run here. */
const rowOf = async (key: string) =>
  (
    await database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.key, key), eq(outboxMessages.subscriber, 'order-webhook')))
  )[0];

/** Makes a message due now, as if its backoff (or its claim's lease) had passed. */
const makeDue = (key: string) =>
  database.db
    .update(outboxMessages)
    .set({ runAfter: sql`now() - interval '1 second'`, lockedUntil: null })
    .where(eq(outboxMessages.key, key));

describe('outbox delivery', () => {
  it('delivers each message to its subscriber and marks it delivered', async () => {
    const keys = await queue(3);
    const seen: string[] = [];
    const handled = await runner(database, async (m) => {
      if (keys.includes(m.key)) seen.push(m.key);
    }).drain();
    expect(handled).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual(keys);
    for (const key of keys)
      expect(await rowOf(key)).toMatchObject({ status: 'delivered', attempts: 1, lastError: null });
  });

  it('never queues the same event twice for a subscriber', async () => {
    const [key] = await queue(1);
    await database.db.transaction((tx) =>
      publish(tx, 'order.status_changed', key as string, {
        orderId: 'x',
        event: 'pay',
        from: null,
        to: 'pending',
        at: '',
      }),
    );
    const rows = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.key, key as string));
    // One row per subscriber of the topic, however often the event is published.
    expect(rows.map((r) => r.subscriber).sort()).toEqual([...SUBSCRIBERS['order.status_changed']].sort());
  });

  it('retries a failing delivery after a backoff, then keeps it as a dead letter an admin can send again', async () => {
    await runner(database, async () => {}).drain();
    const [key] = (await queue(1)) as [string];
    const failing = runner(database, async (m) => {
      if (m.key === key) throw new Error('receiver is down');
    });
    await failing.drain();
    const first = await rowOf(key);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'receiver is down' });
    // Not tried again before its backoff has passed.
    expect(await failing.drain()).toBe(0);
    expect((first?.runAfter.getTime() ?? 0) - Date.now()).toBeGreaterThan(0);
    for (const attempt of [2, 3]) {
      await makeDue(key);
      await failing.drain();
      expect((await rowOf(key))?.attempts).toBe(attempt);
    }
    expect(await rowOf(key)).toMatchObject({ status: 'dead', attempts: 3 });
    await makeDue(key);
    expect(await failing.drain()).toBe(0);

    await retryDeadMessage(database.db, (await rowOf(key))?.id as number);
    const delivered: string[] = [];
    await runner(database, async (m) => {
      delivered.push(m.key);
    }).drain();
    expect(delivered).toEqual([key]);
    expect(await rowOf(key)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('gives a message whose runner died mid-delivery to another runner once its lease has passed', async () => {
    await runner(database, async () => {}).drain();
    const [key] = (await queue(1)) as [string];
    let claimed!: () => void;
    const wasClaimed = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    // This runner takes the message and never finishes (as if the process had been killed).
    const stuck = runner(database, () => {
      claimed();
      return new Promise<void>(() => {});
    });
    void stuck.runOnce();
    await wasClaimed;
    const other = runner(second ?? database, async () => {});
    // While the lease holds, nobody else takes it.
    expect(await other.drain()).toBe(0);
    await database.db
      .update(outboxMessages)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outboxMessages.key, key));
    expect(await other.drain()).toBe(1);
    expect(await rowOf(key)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('does not undo what another runner recorded when its own late delivery of the same message fails', async () => {
    await runner(database, async () => {}).drain();
    const [key] = (await queue(1)) as [string];
    let fail!: (error: Error) => void;
    let claimed!: () => void;
    const wasClaimed = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    const slow = runner(database, () => {
      claimed();
      return new Promise<void>((_resolve, reject) => {
        fail = reject;
      });
    });
    const slowRound = slow.runOnce();
    await wasClaimed;
    // Its lease passes; another instance delivers the message.
    await database.db
      .update(outboxMessages)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outboxMessages.key, key));
    expect(await runner(second ?? database, async () => {}).drain()).toBe(1);
    // The first runner's receiver finally gives up: nothing it records may stand.
    fail(new Error('late timeout'));
    await slowRound;
    expect(await rowOf(key)).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
  });

  it('delivers each message once when two instances drain the outbox at the same time', async () => {
    await runner(database, async () => {}).drain();
    const keys = await queue(60);
    const deliveries: string[] = [];
    const slowHandler = async (m: OutboxMessage) => {
      deliveries.push(m.key);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const a = runner(database, slowHandler, { batchSize: 5 });
    const b = runner(second ?? database, slowHandler, { batchSize: 5 });
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(deliveries.filter((k) => keys.includes(k)).sort()).toEqual([...keys].sort());
    for (const key of keys) expect((await rowOf(key))?.status).toBe('delivered');
  });
});

describe('recurring jobs', () => {
  it('runs a due job in one instance only, and again when it is next due', async () => {
    const name = `test-job-${Date.now()}`;
    let runs = 0;
    const job = {
      name,
      everyMs: 3_600_000,
      run: async () => {
        runs += 1;
      },
    };
    const a = runner(database, async () => {}, { jobs: [job] });
    const b = runner(second ?? database, async () => {}, { jobs: [job] });
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(runs).toBe(1);
    await database.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobs.name, name));
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(runs).toBe(2);
  });

  it('keeps the error of a failed run for admins and runs again at its next time', async () => {
    const name = `failing-job-${Date.now()}`;
    const a = runner(database, async () => {}, {
      jobs: [{ name, everyMs: 3_600_000, run: async () => Promise.reject(new Error('database said no')) }],
    });
    await a.runOnce();
    const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
    expect(row?.lastError).toBe('database said no');
    expect((row?.nextRunAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(3_000_000);
  });
});
