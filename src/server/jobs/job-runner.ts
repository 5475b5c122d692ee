import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { outboxMessages, scheduledJobs } from '../db/schema';
import { rowsOf } from '../modules/inventory/inventory.service';
import type { OutboxMessage } from '../modules/outbox/outbox';

/**
 * Delivers outbox messages and runs recurring jobs, in every instance at once (docs/decisions/010).
 * Messages are claimed with FOR UPDATE SKIP LOCKED and a lease: two runners never hold the same
 * message, and one that dies mid-delivery (kill -9) frees it when the lease passes, so it is
 * delivered again: at least once, to handlers that are idempotent by the message's key.
 */

export type MessageHandler = (message: OutboxMessage) => Promise<void>;

export interface RecurringJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface JobRunnerOptions {
  /** One handler per subscriber named in the outbox's SUBSCRIBERS. */
  handlers: Record<string, MessageHandler>;
  jobs: RecurringJob[];
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  pollMs: number;
  leaseMs: number;
  /** A message that failed this many times is dead: kept, shown to admins, no longer tried. */
  maxAttempts: number;
  batchSize?: number;
}

/** 2 s, 4 s, 8 s ... capped at 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(600_000, 1000 * 2 ** attempts);

export interface JobRunner {
  /** Polls every `pollMs` until stop(). */
  start(): void;
  /** Stops polling and waits for the round in flight. */
  stop(): Promise<void>;
  /** One round: the recurring jobs that are due, then one batch of due messages. Returns messages handled. */
  runOnce(): Promise<number>;
  /** Rounds until no message is due (tests, and the end of a stop). */
  drain(maxRounds?: number): Promise<number>;
}

export function createJobRunner(db: Db, options: JobRunnerOptions): JobRunner {
  const subscribers = Object.keys(options.handlers);
  const batchSize = options.batchSize ?? 20;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<number> | undefined;
  let jobsRegistered = false;

  async function registerJobs() {
    if (jobsRegistered || options.jobs.length === 0) return;
    await db
      .insert(scheduledJobs)
      .values(options.jobs.map((job) => ({ name: job.name, nextRunAt: new Date(0) })))
      .onConflictDoNothing();
    jobsRegistered = true;
  }

  /** Each due job is claimed by moving its next run on: of several instances, one wins the update. */
  async function runDueJobs() {
    await registerJobs();
    for (const job of options.jobs) {
      const claimed = await db
        .update(scheduledJobs)
        .set({
          nextRunAt: sql`now() + ${`${job.everyMs} milliseconds`}::interval`,
          lastRunAt: sql`now()`,
        })
        .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, sql`now()`)))
        .returning({ name: scheduledJobs.name });
      if (claimed.length === 0) continue;
      try {
        await job.run();
        await db.update(scheduledJobs).set({ lastError: null }).where(eq(scheduledJobs.name, job.name));
      } catch (err) {
        options.log.warn({ err, job: job.name }, 'recurring job failed; it runs again at its next time');
        await db
          .update(scheduledJobs)
          .set({ lastError: String((err as Error).message ?? err).slice(0, 500) })
          .where(eq(scheduledJobs.name, job.name));
      }
    }
  }

  async function claim(): Promise<OutboxMessage[]> {
    if (subscribers.length === 0) return [];
    const result = await db.execute(sql`
      update ${outboxMessages} set attempts = attempts + 1,
        locked_until = now() + ${`${options.leaseMs} milliseconds`}::interval
      where id in (
        select id from ${outboxMessages}
        where status = 'pending' and run_after <= now()
          and (locked_until is null or locked_until < now())
          and subscriber in (${sql.join(
            subscribers.map((s) => sql`${s}`),
            sql`, `,
          )})
        order by id
        limit ${batchSize}
        for update skip locked
      )
      returning id, subscriber, topic, key, payload, attempts, created_at`);
    return (
      rowsOf<{
        id: number | string;
        subscriber: string;
        topic: string;
        key: string;
        payload: unknown;
        attempts: number;
        created_at: string | Date;
      }>(result)
        // RETURNING gives no order: sorted, messages are delivered in the order they were queued.
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((r) => ({
          id: Number(r.id),
          subscriber: r.subscriber,
          topic: r.topic,
          key: r.key,
          payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
          attempts: Number(r.attempts),
          createdAt: new Date(r.created_at),
        }))
    );
  }

  /**
   * Delivers one claimed message and records the outcome, only if the claim is still this runner's:
   * a message whose lease passed may have been claimed and finished by another instance since
   * (its attempts moved on), and a late answer here must not undo that.
   */
  async function deliver(message: OutboxMessage) {
    const handler = options.handlers[message.subscriber];
    const stillMine = and(
      eq(outboxMessages.id, message.id),
      eq(outboxMessages.attempts, message.attempts),
      eq(outboxMessages.status, 'pending'),
    );
    try {
      if (!handler) throw new Error(`no handler for ${message.subscriber}`);
      await handler(message);
      await db
        .update(outboxMessages)
        .set({ status: 'delivered', deliveredAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(stillMine);
    } catch (err) {
      const dead = message.attempts >= options.maxAttempts;
      const lastError = String((err as Error)?.message ?? err).slice(0, 500);
      await db
        .update(outboxMessages)
        .set({
          status: dead ? 'dead' : 'pending',
          lockedUntil: null,
          lastError,
          runAfter: sql`now() + ${`${backoffMs(message.attempts)} milliseconds`}::interval`,
        })
        .where(stillMine);
      options.log.warn(
        { messageId: message.id, subscriber: message.subscriber, attempts: message.attempts, dead },
        dead ? 'outbox message failed for the last time: dead letter' : 'outbox message failed; will retry',
      );
    }
  }

  async function round(): Promise<number> {
    await runDueJobs();
    const claimedAt = Date.now();
    const messages = await claim();
    // One at a time keeps a slow receiver from being flooded. The batch shares one lease: messages
    // not started before half of it has passed are left for the next claim, so no delivery here
    // begins after another instance may already have taken the message.
    let handled = 0;
    for (const message of messages) {
      if (Date.now() - claimedAt > options.leaseMs / 2) break;
      await deliver(message);
      handled += 1;
    }
    return handled;
  }

  const runOnce = () => {
    // Rounds never overlap within an instance; other instances are kept apart by the claims.
    inFlight ??= round().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const tick = () => {
    runOnce()
      .catch((err: unknown) => options.log.warn({ err }, 'job runner round failed'))
      .finally(() => {
        if (timer) timer = setTimeout(tick, options.pollMs).unref();
      });
  };

  return {
    start() {
      if (timer) return;
      timer = setTimeout(tick, 0).unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight?.catch(() => {});
    },
    runOnce,
    async drain(maxRounds = 100) {
      let total = 0;
      for (let i = 0; i < maxRounds; i += 1) {
        const handled = await runOnce();
        total += handled;
        if (handled === 0) break;
      }
      return total;
    },
  };
}
