import type { SettingsAnswer, SettingsSection, StoreSettings } from '@contract/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { cartKeys } from '@web/shared/cart/keys';
import { storeKeys } from '@web/shared/store/keys';
import { settingsKeys } from './keys';

/** The owner's settings (GET /settings), under 'admin': forgotten at sign-out. */

export const useSettings = () =>
  useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiGet<SettingsAnswer>('/settings', signal),
  });

/**
 * PUT /settings/:section from the revision the form was opened at. The answer is every section
 * as now in force; the store's details, carts and quotes are fetched again, since prices and the
 * store's name may have changed with it.
 */
export function useSaveSection<S extends SettingsSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { value: StoreSettings[S]; revision: number }) =>
      (await apiRequest<SettingsAnswer>(`/settings/${section}`, { method: 'PUT', body: input })).data,
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.all, answer);
      void queryClient.invalidateQueries({ queryKey: storeKeys.all });
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
