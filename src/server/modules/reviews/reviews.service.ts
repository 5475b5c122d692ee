import { asc, desc } from 'drizzle-orm';
import type { Review } from '../../../contract/reviews';
import type { Db } from '../../db/database';
import { reviews } from '../../db/schema';

/** Cap on one answer of GET /review; the newest come first. */
export const REVIEW_LIST_LIMIT = 500;

export async function listReviews(db: Db): Promise<Review[]> {
  const rows = await db
    .select()
    .from(reviews)
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(REVIEW_LIST_LIMIT);
  return rows.map((r) => ({ _id: r.id, comment: r.comment, commenter: r.commenter, ratings: r.ratings }));
}

/** A signed-in customer's review; the commenter is their account name. */
export async function addReview(
  db: Db,
  me: { id: string; name: string },
  input: { comment: string; ratings: number },
): Promise<{ insertedId: string }> {
  const [row] = await db
    .insert(reviews)
    .values({ comment: input.comment, ratings: input.ratings, commenter: me.name, userId: me.id })
    .returning({ id: reviews.id });
  if (!row) throw new Error('insert returned no row');
  return { insertedId: row.id };
}
