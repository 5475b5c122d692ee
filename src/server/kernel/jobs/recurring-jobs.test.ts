import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fakeClock } from '../../test/fake-clock';
import { createTestDatabase, testConfig } from '../../test/harness';
import { type Database, openPostgres } from '../db/database';
import { auditLog, scheduledJobs } from '../db/schema';

/**
 * Two instances of the store on one database share the recurring jobs (the expiry of unpaid
 * orders, the rate-limit sweep, the outbox's and the audit log's retention, catalog imports, pending refunds, the low-stock digest, cart reminders): each due job runs in one of them only.
 * On PostgreSQL (TEST_DATABASE_URL) the instances have a connection pool each; on PGlite they
 * share the one connection. Each instance's log says which jobs it ran.
 */

const HOUR = 60 * 60 * 1000;
const clock = fakeClock();
let database: Database & { url?: string };
let secondPool: Database | undefined;
const instances: { app: Awaited<ReturnType<typeof buildApp>>; ran: string[] }[] = [];

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
      outbox: { ...testConfig().outbox, clock },
    }),
    db,
  );
  await app.ready();
  instances.push({ app, ran });
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

/** Every job each instance ran so far, counted by name over both. */
const runsByJob = () => {
  const counts: Record<string, number> = {};
  for (const name of instances.flatMap((i) => i.ran)) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
};

describe('recurring jobs of two instances', () => {
  it('runs each due job once, in one instance, and again once when it is next due', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    // Both poll at the same moment, twice.
    await Promise.all([
      a.app.jobs.runOnce(),
      b.app.jobs.runOnce(),
      a.app.jobs.runOnce(),
      b.app.jobs.runOnce(),
    ]);
    const jobs = (await database.db.select({ name: scheduledJobs.name }).from(scheduledJobs)).map(
      (r) => r.name,
    );
    expect(jobs.sort()).toEqual([
      'audit-retention',
      'cart-reminders',
      'catalog-imports',
      'expire-unpaid-orders',
      'low-stock-digest',
      'mail-monthly-statements',
      'outbox-retention',
      'pending-refunds',
      'rate-limit-sweep',
      'remind-overdue-invoices',
    ]);
    expect(runsByJob()).toEqual({
      'cart-reminders': 1,
      'audit-retention': 1,
      'catalog-imports': 1,
      'expire-unpaid-orders': 1,
      'low-stock-digest': 1,
      'outbox-retention': 1,
      'pending-refunds': 1,
      'rate-limit-sweep': 1,
      'remind-overdue-invoices': 1,
      'mail-monthly-statements': 1,
    });

    // An hour on, every job but the daily digest is due again: once each, whoever polls.
    clock.advance(HOUR);
    await Promise.all([b.app.jobs.runOnce(), a.app.jobs.runOnce(), b.app.jobs.runOnce()]);
    expect(runsByJob()).toEqual({
      'cart-reminders': 2,
      'audit-retention': 2,
      'catalog-imports': 2,
      'expire-unpaid-orders': 2,
      'low-stock-digest': 1,
      'outbox-retention': 2,
      'pending-refunds': 2,
      'rate-limit-sweep': 2,
      'remind-overdue-invoices': 2,
      'mail-monthly-statements': 2,
    });

    // A day on, the digest too, and still once.
    clock.advance(24 * HOUR);
    await Promise.all([a.app.jobs.runOnce(), b.app.jobs.runOnce()]);
    expect(runsByJob()['low-stock-digest']).toBe(2);
    expect(runsByJob()['catalog-imports']).toBe(3);
  });

  it('removes audit rows past AUDIT_RETENTION_DAYS (365 by default) in one instance, keeping the rest', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const daysAgo = (days: number) => new Date(clock.time.getTime() - days * 24 * HOUR);
    const subjectId = `retention-${Date.now()}`;
    await database.db.insert(auditLog).values([
      { action: 'order.shipped', subjectType: 'order', subjectId, at: daysAgo(366) },
      { action: 'order.cancelled', subjectType: 'order', subjectId, at: daysAgo(364) },
    ]);
    const before = runsByJob()['audit-retention'] ?? 0;
    clock.advance(HOUR);
    await Promise.all([a.app.jobs.runOnce(), b.app.jobs.runOnce()]);
    expect(runsByJob()['audit-retention']).toBe(before + 1);
    const left = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
    expect(left.map((r) => r.action)).toEqual(['order.cancelled']);
  });
});
