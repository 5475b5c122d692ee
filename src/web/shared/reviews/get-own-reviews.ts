import type { OwnReview } from '@contract/reviews';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { reviewKeys } from './keys';

/** GET /review/mine: the signed-in writer's reviews, those awaiting approval too; of one product with `toolId`. */
export const useOwnReviews = (toolId?: string, enabled = true) =>
  useQuery({
    queryKey: reviewKeys.mine(toolId),
    queryFn: ({ signal }) =>
      apiGet<OwnReview[]>(`/review/mine${toolId ? `?toolId=${encodeURIComponent(toolId)}` : ''}`, signal),
    enabled,
  });
