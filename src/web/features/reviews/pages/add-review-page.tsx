import { OwnUnpublishedReviews } from '@web/shared/reviews/own-reviews';
import { ReviewForm } from '@web/shared/reviews/review-form';

export function AddReviewPage() {
  return (
    <div className="space-y-6">
      <div className="space-y-4">
        <h2 className="text-xl font-semibold">Add a review</h2>
        <p className="text-base-content/70">
          Tell other drivers how we did: your name is shown with your review, and a "Verified purchase" mark
          once you have bought from us.
        </p>
        <ReviewForm />
      </div>
      <OwnUnpublishedReviews heading="Your reviews awaiting approval" />
    </div>
  );
}
