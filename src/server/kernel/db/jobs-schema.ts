import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Recurring background jobs (the expiry sweep): whichever instance claims a due row runs it. Written
 * only by the job runner (kernel/jobs).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
});
