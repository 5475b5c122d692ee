import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Db } from '../db';
import { preparedStatement, rateLimits, tableRow } from '../db';

export interface LimitShape {
  /** Names the limit; every key it counts is stored under this prefix. */
  name: string;
  /** What one window allows. */
  points: number;
  windowSeconds: number;
}

/**
 * One counter family kept in the `rate_limits` table through rate-limiter-flexible's own Drizzle
 * store: every instance on the database counts into the same rows (an atomic upsert), and a restart
 * forgets nothing (docs/decisions/013-limits-in-the-database.md). Works on PGlite and PostgreSQL alike.
 */
export function databaseLimiter(db: Db, shape: LimitShape): RateLimiterDrizzle {
  return new PreparedRateLimiter({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: shape.name,
    points: shape.points,
    duration: shape.windowSeconds,
    // The library's own sweep is a timer per limiter that nothing stops; one sweep per app instead.
    clearExpiredByTimeout: false,
  });
}

/**
 * The library's Drizzle store with its one write, the counting upsert (the `_upsert` a store
 * implements, as rate-limiter-flexible's README describes), as a prepared statement: it is on
 * every limited request (each order, each cart change), and drizzle built it anew each time
 * (kernel/db/prepared.ts). The same statement as the library's: the window starts again once expired.
 */
class PreparedRateLimiter extends RateLimiterDrizzle {
  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
    const db = (this as unknown as { drizzleClient: Db }).drizzleClient;
    const [row] = await (forceExpire ? setCounter : addToCounter)(db, {
      key,
      points,
      expire,
      // The same instants as text, where the statement compares them outside a column's own value.
      expireText: expire?.toISOString() ?? null,
      nowText: now.toISOString(),
    });
    return row;
  }
}
type CounterValues = {
  key: string;
  points: number;
  expire: Date | null;
  expireText: string | null;
  nowText: string;
};
const counterRow = tableRow(rateLimits);
const counterStatement = (forceExpire: boolean) =>
  preparedStatement<CounterValues, typeof rateLimits.$inferSelect>(
    forceExpire ? 'rate limit set' : 'rate limit add',
    (db) => {
      const p = (name: keyof CounterValues) => sql.placeholder(name);
      const expired = sql`${rateLimits.expire} <= ${p('nowText')}::timestamptz`;
      return db
        .insert(rateLimits)
        .values({ key: p('key'), points: p('points'), expire: p('expire') } as never)
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: forceExpire
            ? ({ points: p('points'), expire: p('expire') } as never)
            : {
                points: sql`case when ${expired} then ${p('points')}::int else ${rateLimits.points} + ${p('points')}::int end`,
                expire: sql`case when ${expired} then ${p('expireText')}::timestamptz else ${rateLimits.expire} end`,
              },
        })
        .returning();
    },
    counterRow,
  );
const addToCounter = counterStatement(false);
const setCounter = counterStatement(true);

/** Drops counters whose window ended over an hour ago (what the library's own sweep does). */
export async function sweepExpiredLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(now.getTime() - 3_600_000)));
}

/** An e-mail address as a limit key: the same for any spelling, and no address stored in the clear. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);
}

/**
 * Turns on one subject (an account), one every `spacingMs`, shared by every instance and address:
 * each caller takes the next free turn with one atomic upsert on the subject's row, whose `expire`
 * is the next free turn. A sleep per request let a hundred guesses sent at once all be answered
 * together; turns admit one guess per `spacingMs` however they arrive (docs/decisions/030).
 *
 * Resolves with the milliseconds to wait for the turn taken, or undefined, taking nothing, when the
 * next free turn is `maxWaitMs` or more away (the queue is full: the caller is told to come back).
 * The database's clock decides, so instances with skewed clocks agree.
 */
export async function takeTurn(
  db: Db,
  turn: { name: string; subject: string; spacingMs: number; maxWaitMs: number },
): Promise<number | undefined> {
  if (turn.spacingMs <= 0) return 0;
  const spacing = sql`${`${turn.spacingMs} milliseconds`}::interval`;
  const free = sql`greatest(${rateLimits.expire}, now())`;
  const [taken] = await db
    .insert(rateLimits)
    .values({ key: `${turn.name}:${turn.subject}`, points: 0, expire: sql`now() + ${spacing}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { expire: sql`${free} + ${spacing}` },
      setWhere: sql`${free} < now() + ${`${turn.maxWaitMs} milliseconds`}::interval`,
    })
    .returning({
      waitMs: sql<number>`greatest(0, extract(epoch from (${rateLimits.expire} - now())) * 1000 - ${turn.spacingMs})::float8`,
    });
  return taken ? Number(taken.waitMs) : undefined;
}
