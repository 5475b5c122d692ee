/** Rating bounds, apart from the schemas so the home page can use them without zod. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** A review is shown (published), waits for a manager's approval (held), or was taken down (hidden). */
export const reviewStatuses = ['published', 'held', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** Each status as the moderation page and the audit log name it. */
export const REVIEW_STATUS_WORDS: Record<ReviewStatus, string> = {
  published: 'Published',
  held: 'Awaiting approval',
  hidden: 'Hidden',
};
