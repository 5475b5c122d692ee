import type { OwnReview } from '@contract/reviews';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { reviewKeys } from './keys';

/** GET /review/mine: the signed-in writer's reviews, those awaiting approval too; of one product with `productId`. */
export const useOwnReviews = (productId?: string, enabled = true) =>
  useQuery({
    queryKey: reviewKeys.mine(productId),
    queryFn: ({ signal }) =>
      apiGet<OwnReview[]>(
        `/review/mine${productId ? `?productId=${encodeURIComponent(productId)}` : ''}`,
        signal,
      ),
    enabled,
  });
