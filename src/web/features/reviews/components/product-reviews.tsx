import { useQuery } from '@tanstack/react-query';
import type { Review } from '../../../../contract/reviews';
import { apiGet } from '../../../lib/api-client';
import { ReviewCard } from './review-card';

/** What buyers said about this product (reviews given with its id). */
export function ProductReviews({ toolId }: { toolId: string }) {
  const reviews = useQuery({
    queryKey: ['reviews', 'tool', toolId],
    queryFn: ({ signal }) => apiGet<Review[]>(`/review?toolId=${encodeURIComponent(toolId)}`, signal),
  });
  return (
    <section aria-labelledby="product-reviews-heading" className="space-y-3">
      <h2 id="product-reviews-heading" className="text-xl font-semibold">
        Reviews of this product
      </h2>
      {reviews.data ? (
        reviews.data.length === 0 ? (
          <p className="text-base-content/70">No reviews of this product yet.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-3" data-testid="product-reviews">
            {reviews.data.map((r) => (
              <ReviewCard key={r._id} review={r} />
            ))}
          </div>
        )
      ) : reviews.isError ? (
        <p role="alert">The reviews could not be loaded.</p>
      ) : (
        <p role="status">Loading reviews…</p>
      )}
    </section>
  );
}
