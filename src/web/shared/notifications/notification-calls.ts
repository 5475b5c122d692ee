import type { AdminNotifications } from '@contract/inbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { adminRoot } from '@web/lib/query-keys';

/** The signed-in admin's choice of notification e-mails (the Inbox and Settings pages both show it). */
const notificationsKey = [...adminRoot, 'notifications'] as const;

/** GET /manage/notifications: the signed-in admin's notification e-mails. */
export const useNotifications = () =>
  useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => apiGet<AdminNotifications>('/manage/notifications', signal),
  });

export function useSaveNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: AdminNotifications) =>
      (await apiRequest<AdminNotifications>('/manage/notifications', { method: 'PUT', body: settings })).data,
    onSuccess: (settings) => queryClient.setQueryData(notificationsKey, settings),
  });
}
