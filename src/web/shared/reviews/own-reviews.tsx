import { useSession } from '@web/shared/session/session';
import { useOwnReviews } from './get-own-reviews';
import { ReviewCard } from './review-card';

/**
 * The signed-in writer's reviews that others do not see: awaiting approval, or hidden. Of one
 * product with `productId`, else every one of theirs. Nothing for a visitor or when all are published.
 */
export function OwnUnpublishedReviews({ productId, heading }: { productId?: string; heading: string }) {
  const { user } = useSession();
  const mine = useOwnReviews(productId, Boolean(user));
  const waiting = (mine.data ?? []).filter((r) => r.status !== 'published');
  if (!user || waiting.length === 0) return null;
  return (
    <section aria-label={heading} className="space-y-2">
      <h3 className="text-lg font-semibold">{heading}</h3>
      <p className="text-sm text-base-content/70">Only you see these until the store approves them.</p>
      <div className="grid gap-4 md:grid-cols-3" data-testid="own-reviews">
        {waiting.map((r) => (
          <ReviewCard
            key={r._id}
            review={{ ...r, commenter: `you${r.productName && !productId ? `, of ${r.productName}` : ''}` }}
            status={r.status === 'hidden' ? 'hidden' : 'held'}
          />
        ))}
      </div>
    </section>
  );
}
