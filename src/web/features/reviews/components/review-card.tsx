import type { Review } from '../../../../contract/reviews';
import { RATING_MAX } from '../../../../contract/reviews.constants';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="card bg-base-100 border border-base-300 shadow-sm">
      <div className="card-body gap-3">
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
        <blockquote className="text-base-content/80">“{review.comment}”</blockquote>
        <figcaption className="text-sm font-medium">by {review.commenter}</figcaption>
      </div>
    </figure>
  );
}
