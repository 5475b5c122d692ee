import type { ModeratedReview, ModerationPage, ReviewStatus } from '@contract/reviews';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { adminRoot } from '@web/lib/query-keys';
import { reviewKeys } from '@web/shared/reviews/keys';

/** GET /reviews: one status's reviews for the moderation desk (managers). */
export const useModeration = (status: ReviewStatus, page: number) =>
  useQuery({
    queryKey: reviewKeys.moderation(status, page),
    queryFn: ({ signal }) =>
      apiGet<ModerationPage>(`/reviews?${new URLSearchParams({ status, page: String(page) })}`, signal),
    placeholderData: keepPreviousData,
  });

/** Publish, hide or answer: the desk, the public lists and the staff's views are read again. */
function useModerationCall<I>(run: (input: I) => Promise<ModeratedReview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminRoot }),
      ]),
  });
}

const send = async (path: string, method: string, body?: unknown) =>
  (await apiRequest<ModeratedReview>(path, { method, body })).data;

export const usePublishReview = () =>
  useModerationCall((id: string) => send(`/reviews/${encodeURIComponent(id)}/publish`, 'POST'));
export const useHideReview = () =>
  useModerationCall((id: string) => send(`/reviews/${encodeURIComponent(id)}/hide`, 'POST'));
export const useReplyToReview = () =>
  useModerationCall(({ id, reply }: { id: string; reply: string }) =>
    send(`/reviews/${encodeURIComponent(id)}/reply`, 'PUT', { reply }),
  );
