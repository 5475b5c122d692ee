import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from './reviews.constants';

export * from './reviews.constants';

export const Review = z.object({
  _id: z.string(),
  comment: z.string(),
  commenter: z.string(),
  ratings: z.number().int().min(1).max(5),
  /** The product reviewed; absent for the spec's reviews of the store. */
  toolId: z.string().optional(),
});
export type Review = z.infer<typeof Review>;

/** GET /review: the store's reviews (the spec's list), or, with `toolId`, that product's. */
export const ReviewListQuery = z.object({ toolId: z.string().uuid('Unknown product').optional() });

export const REVIEW_COMMENT_MAX = 1000;

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
      .number({ error: 'rating must be (1 - 5).' })
      .int('rating must be (1 - 5).')
      .min(RATING_MIN, 'rating must be (1 - 5).')
      .max(RATING_MAX, 'rating must be (1 - 5).'),
  ),
  /** A review of this product rather than of the store. */
  toolId: z.string().uuid('Unknown product').optional(),
});
export type ReviewInput = z.infer<typeof ReviewInput>;
export const ReviewCreated = z.object({ insertedId: z.string() });
