import { QueryState } from '@web/components/ui/query-state';
import { useReviews } from '@web/shared/reviews/get-reviews';
import { ReviewGrid } from '@web/shared/reviews/review-grid';
import { RatingSummary } from '../components/rating-summary';

export function ReviewsPage() {
  const reviews = useReviews();
  return (
    <div className="space-y-8 py-6">
      <h1 className="text-3xl font-bold">Reviews</h1>
      <QueryState query={reviews} empty="No reviews yet." isEmpty={(data) => data.length === 0}>
        {(data) => (
          <>
            <RatingSummary reviews={data} />
            <ReviewGrid reviews={data} />
          </>
        )}
      </QueryState>
    </div>
  );
}
