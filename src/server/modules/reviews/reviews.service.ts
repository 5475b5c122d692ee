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
