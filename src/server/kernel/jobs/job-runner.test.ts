import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../test/fake-clock';
import { createTestDatabase } from '../../test/harness';
import { type Database, openPostgres } from '../db/database';
import { rowsOf } from '../db/rows';
import { outboxMessages, scheduledJobs } from '../db/schema';
import {
  createOutbox,
  type MessageHandler,
  type OutboxMessage,
  publish,
  type Subscription,
  subscribe,
} from '../outbox/outbox';
import { retryDeadMessage } from '../outbox/outbox.service';
import { createJobRunner, type JobRunnerOptions } from './job-runner';

// The job runner against the real database: PGlite here, PostgreSQL when TEST_DATABASE_URL is set,
// where the second "instance" is a second connection pool on the same database. Time is a fake
// clock the tests move by hand: no test waits for a lease or a backoff to pass.
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

const quiet = { debug() {}, info() {}, warn() {} };
const clock = fakeClock();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const LEASE_MS = MINUTE;
let sequence = 0;

/** Queues `count` order events (one message per subscriber of the topic each), as order changes would. */
async function queue(count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, () => `test-event:${++sequence}:${Date.now()}`);
  await database.db.transaction(async (tx) => {
    for (const key of keys) {
      await publish(tx, outboxWith(), 'order.status_changed', key, {
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

const delivered: MessageHandler = async () => {};

/** The subscribers of order changes in these tests, as a store's (with a webhook address) has them. */
const SUBSCRIBERS = ['order-webhook', 'order-mail', 'admin-notify'] as const;
type Subscriber = (typeof SUBSCRIBERS)[number];

/** An outbox of those subscribers: the handlers given, the others deliver without doing anything. */
const outboxWith = (given: Partial<Record<Subscriber, MessageHandler<'order.status_changed'>>> = {}) =>
  createOutbox(
    SUBSCRIBERS.map((name) => subscribe(name, ['order.status_changed'], given[name] ?? delivered)),
  );

const runner = (db: Database, webhook: MessageHandler, options: Partial<JobRunnerOptions> = {}) =>
  createJobRunner(db.db, {
    outbox: outboxWith({ 'order-webhook': webhook }),
    jobs: [],
    log: quiet,
    pollMs: 1000,
    leaseMs: LEASE_MS,
    retryForMs: 48 * HOUR,
    maxBackoffMs: 10 * MINUTE,
    retentionMs: 7 * DAY,
    clock,
    ...options,
  });

/** One subscriber's copy of a message: the topic's other subscribers have their own rows. */
const rowOf = async (key: string, subscriber: Subscriber = 'order-webhook') =>
  (
    await database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.key, key), eq(outboxMessages.subscriber, subscriber)))
  )[0];

/** A promise and the function that settles it, for a handler the test holds open. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('subscribers and their handlers', () => {
  it('declares each subscriber with its topics and its handler, or does not compile', () => {
    // @ts-expect-error: a subscriber without a handler is refused.
    const missing: Subscription = { name: 'nobody', topics: ['order.status_changed'] };
    // @ts-expect-error: a handler is given the payloads of its own topics only (a contact message has no order).
    const typed = subscribe('typed', ['contact.received'], async (m) => void m.payload.orderId);
    expect([missing.name, typed.name]).toEqual(['nobody', 'typed']);
  });

  it('refuses two subscribers of one name', () => {
    expect(() =>
      createOutbox([
        subscribe('twice', ['contact.received'], delivered),
        subscribe('twice', ['contact.replied'], delivered),
      ]),
    ).toThrow('Two outbox subscribers are named twice');
  });
});

describe('outbox delivery', () => {
  it('delivers each message to its subscriber and marks it delivered', async () => {
    const keys = await queue(3);
    const seen: string[] = [];
    await runner(database, async (m) => {
      if (keys.includes(m.key)) seen.push(m.key);
    }).drain();
    expect(seen).toEqual(keys);
    for (const key of keys)
      expect(await rowOf(key)).toMatchObject({ status: 'delivered', attempts: 1, lastError: null });
  });

  it('never queues the same event twice for a subscriber', async () => {
    const [key] = await queue(1);
    await database.db.transaction((tx) =>
      publish(tx, outboxWith(), 'order.status_changed', key as string, {
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
    expect(rows.map((r) => r.subscriber).sort()).toEqual([...SUBSCRIBERS].sort());
  });

  it('retries a failing delivery after a backoff until its retry time is over, then keeps it as a dead letter an admin can send again', async () => {
    const [key] = (await queue(1)) as [string];
    const failing = runner(
      database,
      async (m) => {
        if (m.key === key) throw new Error('receiver is down');
      },
      { retryForMs: HOUR },
    );
    await failing.drain();
    expect(await rowOf(key)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'receiver is down' });
    // The code says queued; the row keeps the word the API and earlier rows use (decision 067).
    const stored = rowsOf<{ status: string }>(
      await database.db.execute(
        sql`select status from outbox_messages where key = ${key} and subscriber = 'order-webhook'`,
      ),
    );
    expect(stored).toEqual([{ status: 'pending' }]);
    // Not tried again before its backoff (2 s after the first failure) has passed.
    clock.advance(SECOND);
    await failing.drain();
    expect((await rowOf(key))?.attempts).toBe(1);
    clock.advance(SECOND);
    await failing.drain();
    expect(await rowOf(key)).toMatchObject({ status: 'queued', attempts: 2 });
    // An hour of failures later (the retry time of this runner), the next failure is the last.
    clock.advance(HOUR);
    await failing.drain();
    expect(await rowOf(key)).toMatchObject({ status: 'dead', attempts: 3 });
    clock.advance(HOUR);
    await failing.drain();
    expect((await rowOf(key))?.attempts).toBe(3);

    await retryDeadMessage(database.db, (await rowOf(key))?.id as number);
    const sent: string[] = [];
    await runner(database, async (m) => {
      if (m.key === key) sent.push(m.key);
    }).drain();
    expect(sent).toEqual([key]);
    expect(await rowOf(key)).toMatchObject({ status: 'delivered', attempts: 1, failingSince: null });
  });

  it('keeps retrying through a day of failures, never pausing longer than the longest backoff', async () => {
    const [key] = (await queue(1)) as [string];
    const failing = runner(database, async (m) => {
      if (m.key === key) throw new Error('SMTP server is down');
    });
    await failing.drain();
    const firstFailure = clock.time.getTime();
    const pauses: number[] = [];
    // Each time the message is due, the clock moves there and the runner tries it again.
    while (clock.time.getTime() - firstFailure < DAY) {
      const row = await rowOf(key);
      expect(row?.status).toBe('queued');
      const pause = (row?.runAfter.getTime() ?? 0) - clock.time.getTime();
      pauses.push(pause);
      clock.advance(pause);
      await failing.drain();
    }
    const row = await rowOf(key);
    expect(row?.status).toBe('queued');
    expect(pauses.slice(0, 4)).toEqual([2 * SECOND, 4 * SECOND, 8 * SECOND, 16 * SECOND]);
    expect(Math.max(...pauses)).toBe(10 * MINUTE);
    expect(row?.attempts).toBe(pauses.length + 1);
    // Past the retry time (48 hours by default) it gives up.
    clock.advance(DAY);
    await failing.drain();
    expect((await rowOf(key))?.status).toBe('dead');
  });

  it('gives a message whose runner stalled mid-delivery to another runner once its lease has passed', async () => {
    const [key] = (await queue(1)) as [string];
    const entered = gate();
    // This runner's own time stands still, as a process frozen or killed mid-delivery: its lease
    // runs out without its deadline ever firing.
    const stalledClock = fakeClock(clock.time);
    const stalled = runner(
      database,
      (m) => {
        if (m.key !== key) return Promise.resolve();
        entered.open();
        return new Promise<void>(() => {});
      },
      { clock: stalledClock },
    );
    void stalled.runOnce();
    await entered.promise;
    const other = runner(second ?? database, delivered);
    // While the lease holds, nobody else takes it.
    await other.drain();
    expect((await rowOf(key))?.status).toBe('queued');
    clock.advance(LEASE_MS + SECOND);
    await other.drain();
    expect(await rowOf(key)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  for (const outcome of ['fails', 'succeeds'] as const) {
    it(`lets a runner whose lease ran out record nothing when its late delivery ${outcome}`, async () => {
      const [key] = (await queue(1)) as [string];
      const late = gate();
      const entered = gate();
      const stalled = runner(
        database,
        (m) => {
          if (m.key !== key) return Promise.resolve();
          entered.open();
          return late.promise;
        },
        { clock: fakeClock(clock.time) },
      );
      const round = stalled.runOnce();
      await entered.promise;
      // Its lease passes; another instance delivers the message.
      clock.advance(LEASE_MS + SECOND);
      await runner(second ?? database, delivered).drain();
      const after = await rowOf(key);
      expect(after).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
      // The stalled runner's receiver finally answers, or finally gives up: nothing it records stands.
      if (outcome === 'fails') late.fail(new Error('late timeout'));
      else late.open();
      await round;
      expect(await rowOf(key)).toEqual(after);
    });
  }

  it('cuts a delivery off at the end of its lease and retries it later', async () => {
    const [key] = (await queue(1)) as [string];
    const entered = gate();
    let aborted: unknown;
    const slow = runner(database, (m, delivery) => {
      if (m.key !== key) return Promise.resolve();
      entered.open();
      return new Promise<void>((_resolve, reject) => {
        delivery.signal.addEventListener('abort', () => {
          aborted = delivery.signal.reason;
          reject(delivery.signal.reason);
        });
      });
    });
    const round = slow.runOnce();
    await entered.promise;
    clock.advance(LEASE_MS);
    await round;
    expect(String(aborted)).toMatch(/longer than its lease/);
    expect(await rowOf(key)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await rowOf(key))?.lastError).toMatch(/longer than its lease/);
  });

  it('delivers each message once when two instances drain the outbox at the same time', async () => {
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

describe('one lane per subscriber', () => {
  it("never holds one subscriber's messages while another subscriber's receiver is slow", async () => {
    await runner(database, delivered).drain();
    const keys = await queue(3);
    const webhook = gate();
    let webhookWaiting = false;
    const mailed: string[] = [];
    const allMailed = gate();
    const a = runner(database, delivered, {
      outbox: outboxWith({
        'order-webhook': async (m) => {
          if (!keys.includes(m.key)) return;
          webhookWaiting = true;
          await webhook.promise;
          webhookWaiting = false;
        },
        'order-mail': async (m) => {
          if (!keys.includes(m.key)) return;
          mailed.push(m.key);
          if (mailed.length === keys.length) allMailed.open();
        },
      }),
    });
    const round = a.runOnce();
    // Every customer mail of the batch goes out while the webhook's receiver has not answered.
    await allMailed.promise;
    expect(webhookWaiting).toBe(true);
    expect(mailed).toEqual(keys);
    webhook.open();
    await round;
    await a.drain();
    for (const key of keys) {
      expect((await rowOf(key))?.status).toBe('delivered');
      expect(await rowOf(key, 'order-mail')).toMatchObject({ status: 'delivered', attempts: 1 });
    }
  });

  /** A runner of `keys` in one batch whose receiver holds the first one open until `finish()`. */
  async function holdingTheFirst(keys: string[]) {
    const first = gate();
    const entered = gate();
    const holding = runner(
      database,
      async (m) => {
        if (m.key !== keys[0]) return;
        entered.open();
        await first.promise;
      },
      { batchSize: keys.length },
    );
    const round = holding.runOnce();
    await entered.promise;
    return { holding, round, finish: first.open };
  }

  /** What another instance delivers of `keys` now, without the clock moving on. */
  async function takenByAnother(keys: string[]) {
    const taken: string[] = [];
    await runner(second ?? database, async (m) => {
      if (keys.includes(m.key)) taken.push(m.key);
    }).drain();
    return taken;
  }

  it('releases claimed messages it will not start, so another instance takes them at once', async () => {
    await runner(database, delivered).drain();
    const keys = await queue(5);
    const { round, finish } = await holdingTheFirst(keys);
    // Half of the claim's lease has passed while the first message is still out: the other four
    // are not started by this runner, and are free at once, not when the lease ends.
    clock.advance(LEASE_MS / 2);
    finish();
    expect(await round).toBeGreaterThanOrEqual(1);
    expect(await rowOf(keys[0] as string)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await takenByAnother(keys)).toEqual(keys.slice(1));
    // Released before they started: the attempt they did not have is not counted.
    for (const key of keys.slice(1))
      expect(await rowOf(key)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('releases what it has claimed and not started when it stops', async () => {
    await runner(database, delivered).drain();
    const keys = await queue(3);
    const { holding, round, finish } = await holdingTheFirst(keys);
    const stopped = holding.stop();
    finish();
    await Promise.all([round, stopped]);
    expect(await takenByAnother(keys)).toEqual(keys.slice(1));
  });
});

describe('retention', () => {
  it('removes delivered messages once they are older than the retention, and keeps the others', async () => {
    await runner(database, delivered).drain();
    const [done, failing] = (await queue(2)) as [string, string];
    const mixed = runner(database, async (m) => {
      if (m.key === failing) throw new Error('still down');
    });
    await mixed.drain();
    expect((await rowOf(done))?.status).toBe('delivered');
    // A day short of the retention: kept.
    clock.advance(6 * DAY);
    await mixed.runOnce();
    expect((await rowOf(done))?.status).toBe('delivered');
    clock.advance(DAY + HOUR);
    await mixed.runOnce();
    expect(await rowOf(done)).toBeUndefined();
    // The failing one is not delivered, so it stays (pending or dead) for the admins.
    expect(await rowOf(failing)).toBeDefined();
    const [row] = await database.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, 'outbox-retention'));
    expect(row?.lastError).toBeNull();
  });
});

describe('recurring jobs', () => {
  it('runs a due job in one instance only, and again when it is next due', async () => {
    const name = `test-job-${Date.now()}`;
    let runs = 0;
    const job = {
      name,
      everyMs: HOUR,
      run: async () => {
        runs += 1;
      },
    };
    const a = runner(database, delivered, { jobs: [job] });
    const b = runner(second ?? database, delivered, { jobs: [job] });
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(runs).toBe(1);
    clock.advance(HOUR - SECOND);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(runs).toBe(1);
    clock.advance(SECOND);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(runs).toBe(2);
  });

  it('keeps the error of a failed run for admins and runs again at its next time', async () => {
    const name = `failing-job-${Date.now()}`;
    let runs = 0;
    const a = runner(database, delivered, {
      jobs: [
        {
          name,
          everyMs: HOUR,
          run: async () => {
            runs += 1;
            throw new Error('database said no');
          },
        },
      ],
    });
    await a.runOnce();
    const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
    expect(row?.lastError).toBe('database said no');
    expect(row?.nextRunAt.getTime()).toBe(clock.time.getTime() + HOUR);
    await a.runOnce();
    expect(runs).toBe(1);
    clock.advance(HOUR);
    await a.runOnce();
    expect(runs).toBe(2);
  });
});
