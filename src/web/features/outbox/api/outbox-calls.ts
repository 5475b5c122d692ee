import type { OutboxList, WireOutboxStatus } from '@contract/outbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { outboxKeys } from './keys';

/** The API's words for a message's status (`pending` while it waits). */
export type OutboxStatus = WireOutboxStatus;

/** GET /manage/outbox: the store's outgoing messages of one status, with the counts of all. */
export const useOutbox = (status: OutboxStatus) =>
  useQuery({
    queryKey: outboxKeys.list(status),
    queryFn: ({ signal }) => apiGet<OutboxList>(`/manage/outbox?status=${status}`, signal),
  });

/** Sends a dead letter again. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest<{ retried: true }>(`/manage/outbox/${id}/retry`, { method: 'POST' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
