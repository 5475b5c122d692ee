import type { Review } from '@contract/reviews';
import { RATING_MAX, REVIEW_STATUS_WORDS, type ReviewStatus } from '@contract/reviews.constants';

/** A review's card: its stars, the comment, who wrote it, whether they bought it, and the store's reply. */
export function ReviewCard({
  review,
  status,
}: {
  review: Pick<Review, 'comment' | 'commenter' | 'ratings' | 'verified' | 'reply'>;
  /** The writer's own review, not (or no longer) shown to others: its status says why. */
  status?: Exclude<ReviewStatus, 'published'>;
}) {
  return (
    <figure className="card bg-base-100 border border-base-300 shadow-sm">
      <div className="card-body gap-3">
        {status ? (
          <p className="badge badge-warning" data-testid="review-status">
            {REVIEW_STATUS_WORDS[status]}
          </p>
        ) : null}
        <p
          className="font-semibold text-orange-700"
          role="img"
          aria-label={`${review.ratings} out of ${RATING_MAX}`}
        >
          <span aria-hidden="true">{'★'.repeat(review.ratings)}</span>{' '}
          <span aria-hidden="true" className="text-base-content">
            {review.ratings} out of {RATING_MAX}
          </span>
        </p>
        <blockquote className="text-base-content/80 wrap-break-word">“{review.comment}”</blockquote>
        <figcaption className="flex flex-wrap items-center gap-2 text-sm font-medium">
          by {review.commenter}
          {review.verified ? (
            <span className="badge badge-success badge-sm" title="Bought from us in a paid order">
              Verified purchase
            </span>
          ) : null}
        </figcaption>
        {review.reply ? (
          <div className="rounded-box bg-base-200 p-3 text-sm wrap-break-word">
            <p className="font-semibold">Reply from the store</p>
            <p>{review.reply.text}</p>
          </div>
        ) : null}
      </div>
    </figure>
  );
}
