import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request and attempt counters of every rate limit, shared by all instances of the store: the
 * shape rate-limiter-flexible's Drizzle store reads and writes (key, points, expire), one row per
 * limit and subject (docs/decisions/013-limits-in-the-database.md).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
});
