import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

/**
 * The owner's settings, one row per section (store, shipping, tax, orders, returns, inventory),
 * written only by kernel/settings. A section without a row is what the environment says. Every
 * committed change is announced on `table_changes` (drizzle/0025), so each instance reloads it.
 */
export const settingsSections = pgTable('settings_sections', {
  section: text('section').primaryKey(),
  value: jsonb('value').notNull(),
  /** Bumped by every save; a save names the revision it started from, so two owners never overwrite each other unseen. */
  revision: bigint('revision', { mode: 'number' }).notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
});
