import { sql } from 'drizzle-orm';
import type { Clock } from '../kernel/jobs/clock';

/** A clock the test moves by hand: its time stands still until `advance`, which fires due timers. */
export interface FakeClock extends Clock {
  /** The clock's current time. */
  readonly time: Date;
  /** Moves the time on by `ms` and runs every timer that fell due, in the order they fall due. */
  advance(ms: number): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Starts a day ahead of the real time by default: rows the database stamps with its own `now()`
 * during the test (a message queued by a request is due from the moment it is written) are then
 * always in this clock's past, as they are in a running store.
 */
export function fakeClock(start = new Date(Date.now() + DAY_MS)): FakeClock {
  let current = start.getTime();
  let timers: { at: number; order: number; run: () => void }[] = [];
  let made = 0;
  return {
    get time() {
      return new Date(current);
    },
    now: () => sql`${new Date(current).toISOString()}::timestamptz`,
    after(ms, run) {
      const timer = { at: current + Math.max(0, ms), order: made++, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
    advance(ms) {
      current += ms;
      const due = timers.filter((t) => t.at <= current).sort((a, b) => a.at - b.at || a.order - b.order);
      timers = timers.filter((t) => t.at > current);
      for (const timer of due) timer.run();
    },
  };
}
