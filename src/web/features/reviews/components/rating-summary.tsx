import type { Review } from '@contract/reviews';
import { RATING_MAX, RATING_MIN } from '@contract/reviews';

/** Average rating and how many reviews gave each star count, highest first. */
export function summarizeRatings(reviews: Review[]) {
  const counts = new Map<number, number>();
  for (let stars = RATING_MIN; stars <= RATING_MAX; stars++) counts.set(stars, 0);
  for (const r of reviews) counts.set(r.ratings, (counts.get(r.ratings) ?? 0) + 1);
  const total = reviews.length;
  const average = total === 0 ? 0 : reviews.reduce((sum, r) => sum + r.ratings, 0) / total;
  const distribution = [...counts.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([stars, count]) => ({ stars, count }));
  return { total, average, distribution };
}

export function RatingSummary({ reviews }: { reviews: Review[] }) {
  const { total, average, distribution } = summarizeRatings(reviews);
  return (
    <section aria-labelledby="rating-summary" className="card bg-base-200">
      <div className="card-body sm:flex-row sm:items-center sm:gap-10">
        <div className="text-center sm:text-left">
          <h2 id="rating-summary" className="text-sm uppercase tracking-wide text-base-content/70">
            Average rating
          </h2>
          <p className="text-5xl font-bold" data-testid="average-rating">
            {average.toFixed(1)}
          </p>
          <p className="text-sm text-base-content/70">
            from {total} {total === 1 ? 'review' : 'reviews'}
          </p>
        </div>
        <dl className="flex-1 space-y-2" aria-label="Reviews by rating">
          {distribution.map(({ stars, count }) => (
            <div key={stars} className="flex items-center gap-3">
              <dt className="w-16 text-sm">{stars} stars</dt>
              <dd className="flex flex-1 items-center gap-3">
                <progress
                  className="progress progress-primary flex-1"
                  value={count}
                  max={Math.max(total, 1)}
                  aria-label={`${stars} stars`}
                />
                <span className="w-8 text-right text-sm" data-testid={`rating-count-${stars}`}>
                  {count}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
