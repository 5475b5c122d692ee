import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';

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
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: shape.name,
    points: shape.points,
    duration: shape.windowSeconds,
    // The library's own sweep is a timer per limiter that nothing stops; one sweep per app instead.
    clearExpiredByTimeout: false,
  });
}

/** Drops counters whose window ended over an hour ago (what the library's own sweep does). */
export async function sweepExpiredLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(now.getTime() - 3_600_000)));
}

/** An e-mail address as a limit key: the same for any spelling, and no address stored in the clear. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);
}
