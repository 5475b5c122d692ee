import { ReviewForm } from '../../../features/reviews/components/review-form';

export function AddReviewPage() {
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Add a review</h2>
      <p className="text-base-content/70">
        Tell other drivers how we did: your name is shown with your review.
      </p>
      <ReviewForm />
    </div>
  );
}
