import { and, eq, inArray, sql } from 'drizzle-orm';
import { outboxStatusOnWire } from '../../../contract/outbox';
import type { Db } from '../db';
import { outboxMessages, rowsOf, scheduledJobs } from '../db';
import { guarded } from '../http';
import type { MessageHandler, Outbox, OutboxMessage, Topic } from '../outbox';
import { type Clock, databaseClock } from './clock';

/**
 * Delivers outbox messages and runs recurring jobs, in every instance at once (docs/decisions/010
 * and 034). Each subscriber has its own lane: it claims only its own due messages with FOR UPDATE
 * SKIP LOCKED, a lease and a fencing token, so a slow receiver holds nothing of another's. A
 * delivery starts only while its claim still holds, must end within its lease (its signal aborts
 * it then), and its outcome is recorded only under its token: a runner whose lease ran out, and
 * that another has taken over from, can neither mark nor fail the message. A runner that dies
 * mid-delivery (kill -9) frees the message when the lease passes, so it is delivered again: at
 * least once, to handlers that are idempotent by the message's key.
 */

export interface RecurringJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface RunnerLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface JobRunnerOptions {
  /** The app's outbox: a lane for each of its subscribers, delivering with its handler. */
  outbox: Outbox;
  jobs: RecurringJob[];
  log: RunnerLog;
  pollMs: number;
  leaseMs: number;
  /** A message that keeps failing is retried this long, then it is dead: kept, shown to admins. */
  retryForMs: number;
  /** The longest pause between two attempts of a failing message. */
  maxBackoffMs: number;
  /** Delivered messages are removed this long after their delivery (dead ones are kept). */
  retentionMs: number;
  batchSize?: number;
  /**
   * The longest pause of an idle lane: each round that finds nothing doubles the pause from
   * `pollMs` up to this, and a message published in this instance brings it back to `pollMs`.
   * The recurring jobs sleep until the next one falls due, never longer than this either.
   */
  idlePollMaxMs?: number;
  /** The database's time and the process's timers unless a test brings its own. */
  clock?: Clock;
}

/** 2 s, 4 s, 8 s ... after the 1st, 2nd, 3rd failed attempt, never more than `maxMs`. */
export const backoffMs = (attempts: number, maxMs: number) =>
  Math.min(maxMs, 1000 * 2 ** Math.min(Math.max(attempts, 1), 40));

/** Delivered messages removed per statement by the retention job, so no statement runs long. */
/** A queued message's status as stored, for the hand-written claim (drizzle's own queries map it). */
const QUEUED_AS_STORED = sql.raw(`'${outboxStatusOnWire.queued}'`);
const RETENTION_BATCH = 1000;
const RETENTION_EVERY_MS = 60 * 60 * 1000;

export interface JobRunner {
  /** Polls every `pollMs`, each lane and the recurring jobs on their own, until stop(). */
  start(): void;
  /** Stops polling, releases claims not yet started, and waits for the deliveries in flight. */
  stop(): Promise<void>;
  /** One round: the recurring jobs that are due, then one batch of every lane at once. Returns messages handled. */
  runOnce(): Promise<number>;
  /** Rounds until no message is due (tests). */
  drain(maxRounds?: number): Promise<number>;
  /**
   * Work was queued for these subscribers: their lanes, however long idle, poll again within
   * `pollMs` (not at once: the message is visible only once its transaction commits).
   */
  wake(subscribers: readonly string[]): void;
  /** Resolves once no round is in flight (a test that moves a fake clock waits on it). */
  settled(): Promise<void>;
}

interface ClaimedRow {
  id: number | string;
  subscriber: string;
  topic: Topic;
  key: string;
  payload: unknown;
  attempts: number;
  fence: number | string;
  created_at: string | Date;
}

interface Claimed {
  message: OutboxMessage;
  fence: number;
}

const messageError = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 500);

export function createJobRunner(db: Db, options: JobRunnerOptions): JobRunner {
  const clock = options.clock ?? databaseClock;
  const batchSize = options.batchSize ?? 20;
  const subscribers = options.outbox.subscriptions.map((s) => s.name);
  const handlers = new Map(
    options.outbox.subscriptions.map((s) => [s.name, s.handle.bind(s) as MessageHandler]),
  );
  const lease = () => sql`${clock.now()} + ${`${options.leaseMs} milliseconds`}::interval`;
  // A delivery is cut off a little before its lease ends, so it has stopped before another runner
  // may take the message (the timer starts after the lease was written, hence the margin).
  const deadlineMs = Math.max(1, Math.floor(options.leaseMs * 0.9));
  const jobs: RecurringJob[] = [
    ...options.jobs,
    { name: 'outbox-retention', everyMs: RETENTION_EVERY_MS, run: () => removeDelivered() },
  ];
  let stopping = false;
  let running = false;
  /** The timers of the polling rounds, cancelled by stop() (a delivery's deadline is not among them). */
  const cancels = new Set<() => void>();
  const inFlight = new Map<string, Promise<number>>();

  /** Removes delivered messages older than the retention, a batch per statement. */
  async function removeDelivered(): Promise<number> {
    let removed = 0;
    for (;;) {
      const result = await db.execute(sql`
        delete from ${outboxMessages} where id in (
          select id from ${outboxMessages}
          where status = 'delivered'
            and delivered_at < ${clock.now()} - ${`${options.retentionMs} milliseconds`}::interval
          limit ${RETENTION_BATCH})
        returning id`);
      const count = rowsOf(result).length;
      removed += count;
      if (count < RETENTION_BATCH) return removed;
    }
  }

  let jobsRegistered = false;
  async function registerJobs() {
    if (jobsRegistered) return;
    await db
      .insert(scheduledJobs)
      .values(jobs.map((job) => ({ name: job.name, nextRunAt: new Date(0) })))
      .onConflictDoNothing();
    jobsRegistered = true;
  }

  const everyMsOf = new Map(jobs.map((job) => [job.name, job.everyMs]));
  const jobNames = jobs.map((job) => job.name);
  const nextRunOf = sql.join(
    jobs.map((job) => sql`when ${job.name} then ${`${job.everyMs} milliseconds`}::interval`),
    sql` `,
  );
  /** How long until the next job falls due, as the last claim saw it: the jobs' timer sleeps that long. */
  let jobsDueInMs = 0;

  /**
   * Every due job claimed in one statement, by moving its next run on: of several instances, one
   * wins each row. The same statement reads when the others fall due, so the runner sleeps until
   * then and sends nothing meanwhile. A job another instance just claimed is taken to be next due
   * a period on; claims settle any overlap.
   */
  async function claimDueJobs(): Promise<{ name: string; lastError: string | null }[]> {
    const now = clock.now();
    const result = await db.execute(sql`
      with claimed as (
        update ${scheduledJobs}
        set next_run_at = ${now} + case name ${nextRunOf} end, last_run_at = ${now}
        where name in ${sql`(${sql.join(
          jobNames.map((name) => sql`${name}`),
          sql`, `,
        )})`} and next_run_at <= ${now}
        returning name, last_error
      )
      select j.name, c.name is not null as claimed, c.last_error,
        extract(epoch from (j.next_run_at - ${now})) * 1000 as due_in_ms
      from ${scheduledJobs} j left join claimed c on c.name = j.name
      where j.name in ${sql`(${sql.join(
        jobNames.map((name) => sql`${name}`),
        sql`, `,
      )})`}`);
    const rows = rowsOf<{ name: string; claimed: boolean; last_error: string | null; due_in_ms: unknown }>(
      result,
    );
    let dueIn = Number.POSITIVE_INFINITY;
    for (const row of rows) {
      const dueInMs = Number(row.due_in_ms);
      dueIn = Math.min(dueIn, dueInMs > 0 ? dueInMs : (everyMsOf.get(row.name) ?? options.pollMs));
    }
    // A job whose row is missing (removed by hand) is registered again at the next start.
    jobsDueInMs = rows.length < jobs.length ? options.pollMs : dueIn;
    return rows
      .filter((row) => row.claimed === true || String(row.claimed) === 't')
      .map((row) => ({ name: row.name, lastError: row.last_error }));
  }

  /** Runs the due jobs this instance claimed, one after another; returns how many it claimed. */
  async function runDueJobs(): Promise<number> {
    await registerJobs();
    if (stopping) return 0;
    const claimed = await claimDueJobs();
    const byName = new Map(jobs.map((job) => [job.name, job]));
    for (const { name, lastError } of claimed) {
      const job = byName.get(name) as RecurringJob;
      if (stopping) {
        // Claimed but not run: due again at once, for whichever instance polls next.
        await db
          .update(scheduledJobs)
          .set({ nextRunAt: new Date(0) })
          .where(eq(scheduledJobs.name, name));
        continue;
      }
      try {
        // An error the job leaves unhandled (an 'error' event, a throw in a timer) fails this run.
        await guarded(`job ${job.name}`, () => job.run());
        // Only a job that failed last time has an error to clear: a clean run writes nothing more.
        if (lastError !== null)
          await db.update(scheduledJobs).set({ lastError: null }).where(eq(scheduledJobs.name, job.name));
        options.log.debug({ job: job.name }, 'recurring job ran');
      } catch (err) {
        options.log.warn({ err, job: job.name }, 'recurring job failed; it runs again at its next time');
        await db
          .update(scheduledJobs)
          .set({ lastError: messageError(err) })
          .where(eq(scheduledJobs.name, job.name));
      }
    }
    return claimed.length;
  }

  /** A batch of one subscriber's due messages, each with a fresh fencing token and the claim's lease. */
  async function claim(subscriber: string): Promise<Claimed[]> {
    const now = clock.now();
    // Hand-written SQL names the stored word, a literal so the partial index on queued messages serves it.
    const result = await db.execute(sql`
      update ${outboxMessages} set fence = nextval('outbox_fences'), locked_until = ${lease()}
      where id in (
        select id from ${outboxMessages}
        where status = ${QUEUED_AS_STORED} and subscriber = ${subscriber} and run_after <= ${now}
          and (locked_until is null or locked_until < ${now})
        order by id
        limit ${batchSize}
        for update skip locked
      )
      returning id, subscriber, topic, key, payload, attempts, fence, created_at`);
    return (
      rowsOf<ClaimedRow>(result)
        // RETURNING gives no order: sorted, messages are delivered in the order they were queued.
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((r) => ({
          fence: Number(r.fence),
          message: {
            id: Number(r.id),
            subscriber: r.subscriber,
            topic: r.topic,
            key: r.key,
            payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
            attempts: Number(r.attempts),
            createdAt: new Date(r.created_at),
          } as OutboxMessage,
        }))
    );
  }

  /** Claims this runner took but will not start: free for any runner at once, not after the lease. */
  async function release(claims: Claimed[]) {
    if (claims.length === 0) return;
    await db
      .update(outboxMessages)
      .set({ lockedUntil: null })
      .where(
        and(
          inArray(
            outboxMessages.fence,
            claims.map((c) => c.fence),
          ),
          eq(outboxMessages.status, 'queued'),
        ),
      );
  }

  const held = (claimed: Claimed) =>
    and(
      eq(outboxMessages.id, claimed.message.id),
      eq(outboxMessages.fence, claimed.fence),
      eq(outboxMessages.status, 'queued'),
    );

  /**
   * Delivers one claimed message, if its claim is still this runner's: starting counts the attempt
   * and gives the delivery a lease of its own. Returns whether it started.
   */
  async function deliver(claimed: Claimed): Promise<boolean> {
    const [started] = await db
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1`, lockedUntil: lease() })
      .where(held(claimed))
      .returning({ attempts: outboxMessages.attempts });
    if (!started) return false;
    const message = { ...claimed.message, attempts: started.attempts } as OutboxMessage;
    const handler = handlers.get(message.subscriber) as MessageHandler;
    const controller = new AbortController();
    let cancelDeadline = () => {};
    const leaseEnded = new Promise<never>((_resolve, reject) => {
      cancelDeadline = clock.after(deadlineMs, () => {
        const error = new Error(`the delivery took longer than its lease (${options.leaseMs} ms)`);
        controller.abort(error);
        reject(error);
      });
    });
    // A handler that ignores its signal is left behind at the deadline: its late writes carry a
    // token that is no longer the message's.
    leaseEnded.catch(() => {});
    try {
      await Promise.race([
        guarded(`delivery of ${message.topic} to ${message.subscriber}`, () =>
          handler(message, { fence: claimed.fence, signal: controller.signal }),
        ),
        leaseEnded,
      ]);
      await db
        .update(outboxMessages)
        .set({
          status: 'delivered',
          deliveredAt: clock.now(),
          lockedUntil: null,
          lastError: null,
          failingSince: null,
        })
        .where(held(claimed));
    } catch (err) {
      const now = clock.now();
      const failingSince = sql`coalesce(${outboxMessages.failingSince}, ${now})`;
      const [failed] = await db
        .update(outboxMessages)
        .set({
          // Both read the row as it was: the first failure starts the run of failures.
          status: sql`case when ${failingSince} <= ${now} - ${`${options.retryForMs} milliseconds`}::interval
            then ${sql.raw(`'${outboxStatusOnWire.dead}'`)} else ${QUEUED_AS_STORED} end`,
          failingSince,
          lockedUntil: null,
          lastError: messageError(err),
          runAfter: sql`${now} + ${`${backoffMs(message.attempts, options.maxBackoffMs)} milliseconds`}::interval`,
        })
        .where(held(claimed))
        .returning({ status: outboxMessages.status });
      const dead = failed?.status === 'dead';
      options.log.warn(
        { messageId: message.id, subscriber: message.subscriber, attempts: message.attempts, dead },
        dead ? 'outbox message failed for the last time: dead letter' : 'outbox message failed; will retry',
      );
    } finally {
      cancelDeadline();
    }
    return true;
  }

  /**
   * One claim of one subscriber's messages, delivered one by one (a slow receiver is not flooded).
   * Messages not started before half of the claim's lease has passed, or when the runner stops,
   * are released for the next claim at once.
   */
  async function laneRound(subscriber: string): Promise<number> {
    const batch = await claim(subscriber);
    if (batch.length === 0) return 0;
    let open = true;
    const cancel = clock.after(options.leaseMs / 2, () => {
      open = false;
    });
    let next = 0;
    let handled = 0;
    try {
      for (; next < batch.length && open && !stopping; next += 1) {
        if (await deliver(batch[next] as Claimed)) handled += 1;
      }
    } finally {
      cancel();
      await release(batch.slice(next));
    }
    return handled;
  }

  /** Rounds of one kind never overlap within an instance; other instances are kept apart by claims. */
  const once = (name: string, round: () => Promise<number>) => {
    let current = inFlight.get(name);
    if (!current) {
      current = round().finally(() => inFlight.delete(name));
      inFlight.set(name, current);
    }
    return current;
  };
  const jobsOnce = () => once('jobs', runDueJobs);
  const laneOnce = (subscriber: string) => once(`lane:${subscriber}`, () => laneRound(subscriber));

  async function runOnce(): Promise<number> {
    // Jobs first: what they publish (an expired order's message) is delivered in the same round.
    await jobsOnce();
    const handled = await Promise.all(subscribers.map(laneOnce));
    return handled.reduce((sum, n) => sum + n, 0);
  }

  const idlePollMaxMs = Math.max(
    options.pollMs,
    options.idlePollMaxMs ?? Math.min(30_000, 16 * options.pollMs),
  );
  interface Poller {
    /** Rounds in a row that found nothing. */
    idle: number;
    /** The pause now pending (0 while a round runs). */
    pauseMs: number;
    cancel: () => void;
    tick: () => void;
  }
  const pollers = new Map<string, Poller>();
  const schedule = (poller: Poller, pauseMs: number) => {
    const cancel = clock.after(pauseMs, () => {
      cancels.delete(cancel);
      poller.pauseMs = 0;
      poller.tick();
    });
    poller.cancel = cancel;
    poller.pauseMs = pauseMs;
    cancels.add(cancel);
  };

  /**
   * Polls one kind of round on its own timer: at once after a full batch, a `pollMs` pause after
   * some work, and a pause that doubles up to `idlePollMaxMs` while rounds find nothing, so an
   * idle instance sends next to nothing. `pauseOf` decides instead where given (the jobs).
   */
  function poll(name: string, round: () => Promise<number>, pauseOf?: () => number) {
    const poller: Poller = { idle: 0, pauseMs: 0, cancel: () => {}, tick: () => {} };
    poller.tick = () => {
      round()
        .catch((err: unknown) => {
          options.log.warn({ err, round: name }, 'job runner round failed');
          return -1;
        })
        .then((handled) => {
          if (stopping) return;
          poller.idle = handled === 0 ? poller.idle + 1 : 0;
          let pauseMs: number;
          if (handled < 0) pauseMs = options.pollMs;
          else if (pauseOf) pauseMs = Math.min(idlePollMaxMs, Math.max(0, pauseOf()));
          else if (handled >= batchSize) pauseMs = 0;
          else if (handled > 0) pauseMs = options.pollMs;
          else pauseMs = Math.min(idlePollMaxMs, options.pollMs * 2 ** Math.min(poller.idle - 1, 20));
          schedule(poller, pauseMs);
        });
    };
    pollers.set(name, poller);
    schedule(poller, 0);
  }

  function wake(names: readonly string[]) {
    if (!running || stopping) return;
    for (const subscriber of names) {
      const poller = pollers.get(`lane:${subscriber}`);
      if (!poller) continue;
      poller.idle = 0;
      // Sleeping longer than a plain pause: the long pause is cut short (at most `pollMs` later
      // than it would have ended).
      if (poller.pauseMs > options.pollMs) {
        cancels.delete(poller.cancel);
        poller.cancel();
        schedule(poller, options.pollMs);
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = false;
      poll('jobs', jobsOnce, () => jobsDueInMs);
      for (const subscriber of subscribers) poll(`lane:${subscriber}`, () => laneOnce(subscriber));
    },
    async stop() {
      stopping = true;
      running = false;
      for (const cancel of cancels) cancel();
      cancels.clear();
      pollers.clear();
      await Promise.allSettled([...inFlight.values()]);
    },
    runOnce,
    wake,
    async settled() {
      // A round's end schedules the next one a few turns later: wait until nothing is in flight.
      for (let turn = 0; turn < 1000; turn += 1) {
        await Promise.allSettled([...inFlight.values()]);
        await new Promise((resolve) => setImmediate(resolve));
        if (inFlight.size === 0) return;
      }
    },
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
