import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fakeClock } from '../../test/fake-clock';
import { createTestDatabase, testConfig } from '../../test/harness';
import { type Database, openPostgres } from '../db/database';
import { outboxMessages } from '../db/schema';

/**
 * What an instance costs the database while nobody buys (decision 094): its job runner's timers
 * are driven by a clock the test moves, so the statements are counted, not timed. On PostgreSQL
 * (TEST_DATABASE_URL) each instance has its own pool and counter; on PGlite they share one
 * connection, so only one instance runs while statements are counted.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const clock = fakeClock();
let database: Database & { url?: string };
let secondPool: Database | undefined;
const instances: { app: Awaited<ReturnType<typeof buildApp>>; db: Database; ran: string[] }[] = [];

async function startInstance(db: Database) {
  const ran: string[] = [];
  const app = await buildApp(
    testConfig({
      logLevel: 'debug',
      logStream: {
        write(line: string) {
          const entry = JSON.parse(line) as { msg?: string; job?: string };
          if (entry.msg === 'recurring job ran' && entry.job) ran.push(entry.job);
        },
      },
      outbox: { ...testConfig().outbox, pollMs: SECOND, clock },
    }),
    db,
  );
  await app.ready();
  instances.push({ app, db, ran });
}

const countsOf = (names: string[]) => {
  const counts: Record<string, number> = {};
  for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
};

/** Moves the clock on in steps, letting every started runner finish the rounds each step set off. */
async function pass(ms: number, step: number) {
  for (let done = 0; done < ms; done += step) {
    clock.advance(step);
    await Promise.all(instances.map(({ app }) => app.jobs.settled()));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  secondPool = database.url ? openPostgres(database.url, 5) : undefined;
  await startInstance(database);
  await startInstance(secondPool ?? database);
});
afterAll(async () => {
  for (const { app } of instances) await app.close();
  await secondPool?.close();
  await database?.close();
});

describe('an idle instance', () => {
  it('sends fewer than 2 statements a second once its first rounds are done, and none for jobs not due', async () => {
    const [a] = instances as [(typeof instances)[0]];
    a.app.jobs.start();
    // The first rounds: every job is due once (registered as due at the epoch).
    await pass(SECOND, SECOND);
    expect(a.ran).toContain('catalog-imports');
    const before = a.db.queryCount();
    const ranBefore = a.ran.length;
    // Two idle minutes, a second at a time.
    await pass(2 * MINUTE, SECOND);
    const statements = a.db.queryCount() - before;
    // Before decision 094: one claim per recurring job (8) and one per lane (6) every second,
    // whether due or not, about 1,700 in these two minutes; 306 with one claim per tick
    // and the imports job still asking every second.
    expect(statements).toBeLessThan(2 * 120);
    // The jobs that fell due did run: catalog imports every 5 s, the expiry sweep every minute,
    // the five-minute sweeps not yet.
    expect(countsOf(a.ran.slice(ranBefore))).toEqual({ 'catalog-imports': 24, 'expire-unpaid-orders': 2 });
  });

  it('delivers a message queued while its lanes were idle within a poll, not after the long pause', async () => {
    const [a] = instances as [(typeof instances)[0]];
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'idle@example.com', name: 'Idle Test', message: 'Are you there?' },
    });
    expect(res.statusCode).toBe(201);
    const queued = () =>
      database.db
        .select({ status: outboxMessages.status })
        .from(outboxMessages)
        .where(eq(outboxMessages.subscriber, 'contact-mail'));
    expect((await queued()).map((m) => m.status)).toEqual(['queued']);
    // The lane had backed off to 16 seconds; the message brought it back to a one-second poll.
    await pass(SECOND, SECOND);
    expect((await queued()).map((m) => m.status)).toEqual(['delivered']);
  });
});

describe('two instances polling on their own timers', () => {
  it('run each due job exactly once between them, and lose none', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    b.app.jobs.start();
    const fromA = a.ran.length;
    const fromB = b.ran.length;
    // An hour in steps of a minute: each step, every job due by then runs once, in one instance.
    await pass(60 * MINUTE, MINUTE);
    const ranA = a.ran.slice(fromA);
    const ranB = b.ran.slice(fromB);
    expect(countsOf([...ranA, ...ranB])).toEqual({
      'catalog-imports': 60,
      'expire-unpaid-orders': 60,
      'pending-refunds': 12,
      'rate-limit-sweep': 12,
      'cart-reminders': 6,
      'audit-retention': 1,
      'outbox-retention': 1,
      'remind-overdue-invoices': 1,
      'mail-monthly-statements': 1,
    });
    // Which instance wins a claim is the database's choice: the sum is what must hold.
    expect(ranA.length + ranB.length).toBe(154);
  });
});
