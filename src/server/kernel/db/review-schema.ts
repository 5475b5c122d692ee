import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { reviewStatuses } from '../../../contract/reviews.constants';
import { products } from './catalog-core-schema';

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
    /** The product reviewed; none for the spec's reviews of the store itself. Goes with the product. */
    productId: uuid('product_id').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Shown to everyone (published), waiting for a manager (held), or taken down (hidden); decision 077. */
    status: text('status', { enum: reviewStatuses }).notNull().default('published'),
    /** The writer had bought the product (any product, for a review of the store) in a paid order when writing it. */
    verified: boolean('verified').notNull().default(false),
    /** The store's public answer, and when it was last written. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    /** When a manager last published or hid it. */
    moderatedAt: timestamp('moderated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('reviews_ratings_range', sql`${t.ratings} between 1 and 5`),
    check('reviews_status_known', sql.raw(`status in (${reviewStatuses.map((s) => `'${s}'`).join(', ')})`)),
    index('reviews_created_at_idx').on(t.createdAt),
    index('reviews_product_idx').on(t.productId, t.createdAt),
    // GET /review: the published reviews of the store (no product) or of one product, newest first.
    index('reviews_published_idx').on(t.productId, t.createdAt).where(sql`${t.status} = 'published'`),
    // The moderation desk, by status; a writer's own reviews.
    index('reviews_status_idx').on(t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId, t.createdAt),
  ],
);
