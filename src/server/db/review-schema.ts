import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tools } from './catalog-core-schema';

/** The store's reviews and reviews of one product, written only by the reviews module. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    comment: text('comment').notNull(),
    commenter: text('commenter').notNull(),
    ratings: integer('ratings').notNull(),
    /** The account that wrote it; the demo reviews have none. */
    userId: text('user_id'),
    /** The product reviewed; none for the spec's reviews of the store itself. */
    toolId: uuid('tool_id').references((): AnyPgColumn => tools.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_ratings_range', sql`${t.ratings} between 1 and 5`),
    index('reviews_created_at_idx').on(t.createdAt),
    index('reviews_tool_idx').on(t.toolId, t.createdAt),
  ],
);
