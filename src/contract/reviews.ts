import { z } from 'zod';

export const Review = z.object({
  _id: z.string(),
  comment: z.string(),
  commenter: z.string(),
  ratings: z.number().int().min(1).max(5),
});
export type Review = z.infer<typeof Review>;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
