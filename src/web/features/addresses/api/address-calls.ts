import type { AddressInput, SavedAddress } from '@contract/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { addressKeys } from '@web/shared/address/keys';

/** Changes to the address book; the checkout's list refreshes with them (one query key). */
function useBookChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressKeys.all });
}

type Saved = AddressInput & { isDefault?: boolean };

export function useSaveAddress() {
  const changed = useBookChanged();
  return useMutation({
    mutationFn: async ({ id, address }: { id?: string; address: Saved }) =>
      (
        await apiRequest<SavedAddress>(id ? `/addresses/${encodeURIComponent(id)}` : '/addresses', {
          method: id ? 'PUT' : 'POST',
          body: address,
        })
      ).data,
    onSuccess: changed,
  });
}

export function useDeleteAddress() {
  const changed = useBookChanged();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest<{ deletedCount: number }>(`/addresses/${encodeURIComponent(id)}`, {
          method: 'DELETE',
        })
      ).data,
    onSuccess: changed,
  });
}
