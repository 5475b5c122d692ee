import { type SQL, sql } from 'drizzle-orm';

/**
 * The job runner's time. Leases, backoffs, due jobs and retention are compared in SQL against
 * `now()`, and the pauses between rounds and the deadline of a delivery are timers, so a test can
 * swap both for a clock it moves by hand (test/fake-clock.ts) and never sleep.
 */
export interface Clock {
  /** The current time inside the runner's statements. */
  now(): SQL;
  /** Calls `run` once `ms` of this clock's time have passed; the answer cancels it. */
  after(ms: number, run: () => void): () => void;
}

/**
 * The database's time: one clock for every instance on the database, so a lease means the same to
 * all of them whatever their own clocks say. Timers are the process's own; they measure pauses and
 * deadlines, never points in time.
 */
export const databaseClock: Clock = {
  now: () => sql`now()`,
  after(ms, run) {
    const timer = setTimeout(run, ms);
    // A pending round never keeps a stopping process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};
