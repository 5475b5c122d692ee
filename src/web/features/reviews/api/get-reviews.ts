import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '../../../../contract/reviews';
import { apiGet } from '../../../lib/api-client';

/** The list of reviews, cached under the key 'reviews' (docs/requirements.md §4.5). */
export const reviewsQuery = queryOptions({
  queryKey: ['reviews'],
  queryFn: ({ signal }) => apiGet<Review[]>('/review', signal),
});

export const useReviews = () => useQuery(reviewsQuery);
