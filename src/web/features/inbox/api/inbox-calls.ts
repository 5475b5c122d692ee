import type { InboxList, InboxMessage, InboxReplyInput, InboxUnread, InboxUpdate } from '@contract/inbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { inboxKeys } from './keys';

/** GET /manage/inbox: contact messages, newest first, with the unread count. */
export const useInbox = () =>
  useQuery({
    queryKey: inboxKeys.list,
    queryFn: ({ signal }) => apiGet<InboxList>('/manage/inbox', signal),
  });

/** GET /manage/inbox/unread: the dashboard menu's count, looked at again every minute. */
export const useInboxUnread = (enabled: boolean) =>
  useQuery({
    queryKey: inboxKeys.unread,
    queryFn: ({ signal }) => apiGet<InboxUnread>('/manage/inbox/unread', signal),
    enabled,
    refetchInterval: 60_000,
  });

/** GET /manage/inbox/:id: one message with its replies. */
export const useInboxMessage = (id: string) =>
  useQuery({
    queryKey: inboxKeys.message(id),
    queryFn: ({ signal }) => apiGet<InboxMessage>(`/manage/inbox/${encodeURIComponent(id)}`, signal),
  });

/** After a change the message is shown as the server answered; the list and count are read again. */
function useMessageChange<V>(id: string, send: (value: V) => Promise<InboxMessage>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (message) => {
      queryClient.setQueryData(inboxKeys.message(id), message);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.list });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.unread });
    },
  });
}

/** PATCH /manage/inbox/:id: read or unread, handled or open. */
export const useMarkMessage = (id: string) =>
  useMessageChange(
    id,
    async (update: InboxUpdate) =>
      (
        await apiRequest<InboxMessage>(`/manage/inbox/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: update,
        })
      ).data,
  );

/** POST /manage/inbox/:id/replies: the reply is kept and mailed to the sender. */
export const useReply = (id: string) =>
  useMessageChange(
    id,
    async (input: InboxReplyInput) =>
      (
        await apiRequest<InboxMessage>(`/manage/inbox/${encodeURIComponent(id)}/replies`, {
          method: 'POST',
          body: input,
        })
      ).data,
  );
