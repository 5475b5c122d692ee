import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Review } from '../../../contract/reviews';
import type { Db } from '../../db/database';
import { reviews, tools } from '../../db/schema';
import { notFound } from '../../errors';

/** Cap on one answer of GET /review; the newest come first. */
export const REVIEW_LIST_LIMIT = 500;

/** The store's own reviews (the spec's list), or one product's. */
export async function listReviews(db: Db, toolId?: string): Promise<Review[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(toolId ? eq(reviews.toolId, toolId) : isNull(reviews.toolId))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(REVIEW_LIST_LIMIT);
  return rows.map((r) => ({
    _id: r.id,
    comment: r.comment,
    commenter: r.commenter,
    ratings: r.ratings,
    ...(r.toolId ? { toolId: r.toolId } : {}),
  }));
}

/** A signed-in customer's review of the store or of a product on sale; the commenter is their account name. */
export async function addReview(
  db: Db,
  me: { id: string; name: string },
  input: { comment: string; ratings: number; toolId?: string },
): Promise<{ insertedId: string }> {
  if (input.toolId) {
    const [tool] = await db
      .select({ id: tools.id })
      .from(tools)
      .where(and(eq(tools.id, input.toolId), isNull(tools.retiredAt)));
    if (!tool) throw notFound('Tool');
  }
  const [row] = await db
    .insert(reviews)
    .values({
      comment: input.comment,
      ratings: input.ratings,
      commenter: me.name,
      userId: me.id,
      toolId: input.toolId ?? null,
    })
    .returning({ id: reviews.id });
  if (!row) throw new Error('insert returned no row');
  return { insertedId: row.id };
}
