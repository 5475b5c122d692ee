import { pages } from '@contract/pages';
import type { Review } from '@contract/reviews';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { useSession } from '@web/shared/session/session';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { reviewKeys } from './keys';
import { OwnUnpublishedReviews } from './own-reviews';
import { ReviewCard } from './review-card';

/**
 * The form (react-hook-form and the review schema, with the validation library) loads once a
 * signed-in reader is known, not with the product page: most readers of a product's page are not
 * signed in, and it kept the page's first paint waiting (docs/performance.md).
 */
const ReviewForm = lazy(async () => ({ default: (await import('./review-form')).ReviewForm }));

/**
 * What buyers said about this product (its published reviews), and a form to add one: a
 * signed-in reader writes under their account name, and sees their own review awaiting approval
 * here; anyone else is offered a sign-in that brings them back here.
 */
export function ProductReviews({ productId }: { productId: string }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  const reviews = useQuery({
    queryKey: reviewKeys.ofTool(productId),
    queryFn: ({ signal }) => apiGet<Review[]>(`/review?productId=${encodeURIComponent(productId)}`, signal),
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
      <OwnUnpublishedReviews productId={productId} heading="Your reviews of this product" />
      {isPending ? null : user ? (
        <div className="space-y-2 pt-2">
          <h3 className="text-lg font-semibold">Review this product</h3>
          <Suspense fallback={<p role="status">Loading the form…</p>}>
            <ReviewForm productId={productId} label="Review this product" />
          </Suspense>
        </div>
      ) : (
        <p>
          <Link
            to={pages.login.path}
            state={{ from: `${location.pathname}${location.search}` }}
            className="link text-orange-700"
          >
            Sign in to review this product
          </Link>
        </p>
      )}
    </section>
  );
}
