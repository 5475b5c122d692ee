import type { Review } from '@contract/reviews';
import { ReviewCard } from './review-card';

/** One column on phones, four on large screens. */
export function ReviewGrid({ reviews }: { reviews: Review[] }) {
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="review-grid">
      {reviews.map((review) => (
        <ReviewCard key={review._id} review={review} />
      ))}
    </div>
  );
}
