import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the store's own data, such as whether the demo catalog was ever seeded. */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
