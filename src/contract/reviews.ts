import { z } from 'zod';
import { RATING_MAX, RATING_MIN, reviewStatuses } from './reviews.constants';

export * from './reviews.constants';

/** The store's public answer to a review. */
export const ReviewReply = z.object({ text: z.string(), at: z.string() });

/**
 * A published review (GET /review): the spec's four fields, whether its writer bought what it
 * reviews (`verified`), and the store's reply when there is one.
 */
export const Review = z.object({
  _id: z.string(),
  comment: z.string(),
  commenter: z.string(),
  ratings: z.number().int().min(1).max(5),
  /** The product reviewed; absent for the spec's reviews of the store. */
  productId: z.string().optional(),
  /** The writer bought this product (any product, for a review of the store) in a paid order. */
  verified: z.boolean(),
  reply: ReviewReply.optional(),
});
export type Review = z.infer<typeof Review>;

/** GET /review: the store's reviews (the spec's list), or, with `productId`, that product's. */
export const ReviewListQuery = z.object({ productId: z.string().uuid('Unknown product').optional() });

export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
export const RATING_MESSAGE = 'rating must be (1 - 5).';

/** Add a review: the commenter is the signed-in user's name, never the body's. */
export const ReviewInput = z.object({
  comment: z
    .string({ error: 'Please write something about our service.' })
    .trim()
    .min(1, 'Please write something about our service.')
    .max(REVIEW_COMMENT_MAX, `Please keep it under ${REVIEW_COMMENT_MAX} characters.`),
  ratings: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: RATING_MESSAGE })
      .int(RATING_MESSAGE)
      .min(RATING_MIN, RATING_MESSAGE)
      .max(RATING_MAX, RATING_MESSAGE),
  ),
  /** A review of this product rather than of the store. */
  productId: z.string().uuid('Unknown product').optional(),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

/** POST /review: the spec's `insertedId`, and whether the review is shown now or awaits approval. */
export const ReviewCreated = z.object({
  insertedId: z.string(),
  status: z.enum(['published', 'held']),
});
export type ReviewCreated = z.infer<typeof ReviewCreated>;

/** What the writer read of their reviews: held ones too, with their status. */
export const OwnReview = z.object({
  _id: z.string(),
  comment: z.string(),
  ratings: z.number().int(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  status: z.enum(reviewStatuses),
  verified: z.boolean(),
  createdAt: z.string(),
  reply: ReviewReply.optional(),
});
export type OwnReview = z.infer<typeof OwnReview>;

/** GET /review/mine: the signed-in writer's reviews, newest first; with `productId`, of that product. */
export const OwnReviewsQuery = ReviewListQuery;

/** A review as managers see it on the moderation page. */
export const ModeratedReview = OwnReview.extend({
  commenter: z.string(),
  moderatedAt: z.string().nullable(),
});
export type ModeratedReview = z.infer<typeof ModeratedReview>;

export const MODERATION_PAGE_SIZE = 50;

/** GET /reviews: reviews of one status (held first, by default), newest first. */
export const ModerationQuery = z.object({
  status: z.enum(reviewStatuses, { error: 'Status must be published, held or hidden' }).default('held'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ModerationQuery = z.infer<typeof ModerationQuery>;

export const ModerationPage = z.object({
  reviews: z.array(ModeratedReview),
  total: z.number().int(),
  /** How many reviews wait for approval, whichever status is listed (the page's badge). */
  held: z.number().int(),
  page: z.number().int(),
});
export type ModerationPage = z.infer<typeof ModerationPage>;

/** PUT /reviews/:id/reply: the store's public answer; an empty one takes it away. */
export const ReplyInput = z.object({
  reply: z
    .string({ error: 'Write a reply' })
    .trim()
    .max(REVIEW_REPLY_MAX, `Please keep the reply under ${REVIEW_REPLY_MAX} characters.`),
});
export type ReplyInput = z.infer<typeof ReplyInput>;
