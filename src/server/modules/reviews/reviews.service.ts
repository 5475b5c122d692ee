import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  MODERATION_PAGE_SIZE,
  type ModeratedReview,
  type ModerationPage,
  type ModerationQuery,
  type OwnReview,
  type Review,
  type ReviewCreated,
} from '../../../contract/reviews';
import type { ReviewHold } from '../../../contract/settings';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { products, reviews, rowsOf } from '../../kernel/db';
import { notFound } from '../../kernel/errors';

/** Cap on one answer of GET /review; the newest come first. */
export const REVIEW_LIST_LIMIT = 500;

type ReviewRow = typeof reviews.$inferSelect;

const replyOf = (row: ReviewRow) =>
  row.reply && row.repliedAt ? { reply: { text: row.reply, at: row.repliedAt.toISOString() } } : {};

/** The store's own published reviews (the spec's list), or one product's: held and hidden ones never. */
export async function listReviews(db: Db, productId?: string): Promise<Review[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(
      and(
        eq(reviews.status, 'published'),
        productId ? eq(reviews.productId, productId) : isNull(reviews.productId),
      ),
    )
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(REVIEW_LIST_LIMIT);
  return rows.map((r) => ({
    _id: r.id,
    comment: r.comment,
    commenter: r.commenter,
    ratings: r.ratings,
    ...(r.productId ? { productId: r.productId } : {}),
    verified: r.verified,
    ...replyOf(r),
  }));
}

/**
 * Whether the account bought the product (for a review of the store: anything) in an order that
 * was paid, whatever happened to it since (shipped, returned, refunded). Reads the orders module's
 * tables; writes nothing.
 */
export async function boughtIt(db: Db | Tx, userId: string, productId?: string): Promise<boolean> {
  const [row] = rowsOf<{ bought: boolean }>(
    await db.execute(
      productId
        ? sql`select exists (
            select 1 from orders o join order_lines l on l.order_id = o.id
            where o.user_id = ${userId} and o.paid_at is not null and l.product_id = ${productId}) as bought`
        : sql`select exists (
            select 1 from orders o where o.user_id = ${userId} and o.paid_at is not null) as bought`,
    ),
  );
  return Boolean(row?.bought);
}

/** Whether a new review waits for a manager, by the owner's setting and whether its writer bought. */
export const heldFor = (hold: ReviewHold, verified: boolean) =>
  hold === 'all' || (hold === 'nonBuyers' && !verified);

/**
 * A signed-in customer's review of the store or of a product on sale; the commenter is their
 * account name. Marked verified when they bought it, and held for approval as the settings say.
 */
export async function addReview(
  db: Db,
  me: { id: string; name: string },
  input: { comment: string; ratings: number; productId?: string },
  hold: ReviewHold,
): Promise<ReviewCreated> {
  if (input.productId) {
    const [tool] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.productId), isNull(products.retiredAt)));
    if (!tool) throw notFound('Tool');
  }
  const verified = await boughtIt(db, me.id, input.productId);
  const status = heldFor(hold, verified) ? 'held' : 'published';
  const [row] = await db
    .insert(reviews)
    .values({
      comment: input.comment,
      ratings: input.ratings,
      commenter: me.name,
      userId: me.id,
      productId: input.productId ?? null,
      verified,
      status,
    })
    .returning({ id: reviews.id });
  if (!row) throw new Error('insert returned no row');
  return { insertedId: row.id, status };
}

const reviewColumns = {
  row: reviews,
  productName: products.name,
};

function ownReviewOf(r: { row: ReviewRow; productName: string | null }): OwnReview {
  return {
    _id: r.row.id,
    comment: r.row.comment,
    ratings: r.row.ratings,
    productId: r.row.productId,
    productName: r.productName,
    status: r.row.status,
    verified: r.row.verified,
    createdAt: r.row.createdAt.toISOString(),
    ...replyOf(r.row),
  };
}

/** GET /review/mine: the writer's own reviews, held and hidden ones too, newest first. */
export async function listOwnReviews(db: Db, userId: string, productId?: string): Promise<OwnReview[]> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(and(eq(reviews.userId, userId), productId ? eq(reviews.productId, productId) : undefined))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(REVIEW_LIST_LIMIT);
  return rows.map(ownReviewOf);
}

/** GET /reviews: one status's reviews for managers, newest first, with how many wait. */
export async function listForModeration(db: Db, query: ModerationQuery): Promise<ModerationPage> {
  const [rows, [counted], [held]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .leftJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.status, query.status))
      .orderBy(desc(reviews.createdAt), asc(reviews.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset((query.page - 1) * MODERATION_PAGE_SIZE),
    db.select({ n: count() }).from(reviews).where(eq(reviews.status, query.status)),
    db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'held')),
  ]);
  return {
    reviews: rows.map(
      (r): ModeratedReview => ({
        ...ownReviewOf(r),
        commenter: r.row.commenter,
        moderatedAt: r.row.moderatedAt?.toISOString() ?? null,
      }),
    ),
    total: Number(counted?.n ?? 0),
    held: Number(held?.n ?? 0),
    page: query.page,
  };
}

/** One review for managers after a change. */
async function moderatedReview(tx: Db | Tx, id: string): Promise<ModeratedReview> {
  const [r] = await tx
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id));
  if (!r) throw notFound('Review');
  return {
    ...ownReviewOf(r),
    commenter: r.row.commenter,
    moderatedAt: r.row.moderatedAt?.toISOString() ?? null,
  };
}

/**
 * Publishes or hides a review (a manager), with its audit row in the same transaction. Doing it
 * again changes nothing and records nothing.
 */
export async function moderateReview(
  db: Db,
  id: string,
  status: 'published' | 'hidden',
): Promise<ModeratedReview> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!before) throw notFound('Review');
    if (before.status !== status) {
      await tx.update(reviews).set({ status, moderatedAt: new Date() }).where(eq(reviews.id, id));
      await recordAudit(tx, {
        action: status === 'published' ? 'review.published' : 'review.hidden',
        subjectType: 'review',
        subjectId: id,
        before: { status: before.status, commenter: before.commenter, comment: before.comment },
        after: { status, commenter: before.commenter, comment: before.comment },
      });
    }
    return moderatedReview(tx, id);
  });
}

/** The store's public reply to a review (empty: none); shown under it once it is published. */
export async function replyToReview(db: Db, id: string, reply: string): Promise<ModeratedReview> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!before) throw notFound('Review');
    const text = reply === '' ? null : reply;
    if (text !== before.reply) {
      await tx
        .update(reviews)
        .set({ reply: text, repliedAt: text === null ? null : new Date() })
        .where(eq(reviews.id, id));
      await recordAudit(tx, {
        action: 'review.replied',
        subjectType: 'review',
        subjectId: id,
        before: { reply: before.reply },
        after: { reply: text },
      });
    }
    return moderatedReview(tx, id);
  });
}
