import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

/** What a customer keeps on their profile page (education, address, LinkedIn, phone). One row per user. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  education: text('education').notNull(),
  address: text('address').notNull(),
  linkedin: text('linkedin').notNull(),
  phone: text('phone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
