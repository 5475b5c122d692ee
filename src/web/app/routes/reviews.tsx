import { QueryState } from '../../components/ui/query-state';
import { useReviews } from '../../features/reviews/api/get-reviews';
import { RatingSummary } from '../../features/reviews/components/rating-summary';
import { ReviewGrid } from '../../features/reviews/components/review-grid';

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
