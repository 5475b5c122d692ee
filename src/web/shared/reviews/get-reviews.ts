import type { Review } from '@contract/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { reviewKeys } from './keys';

/** The list of reviews, cached under the key 'reviews' (docs/requirements.md §4.5). */
export const reviewsQuery = queryOptions({
  queryKey: reviewKeys.all,
  queryFn: ({ signal }) => apiGet<Review[]>('/review', signal),
});

export const useReviews = () => useQuery(reviewsQuery);
