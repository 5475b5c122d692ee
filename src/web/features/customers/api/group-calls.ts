import type { CustomerGroup, CustomerGroupInput, CustomerGroupList } from '@contract/trade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { customerKeys } from './keys';

/** Customer groups (decision 102): read by managers and the owner, changed by those holding trade.write. */
export const useCustomerGroups = (enabled = true) =>
  useQuery({
    queryKey: customerKeys.groups,
    queryFn: ({ signal }) => apiGet<CustomerGroupList>('/customer-groups', signal),
    enabled,
  });

/** Adds a group, or changes one when `id` is given; every list and customer is read again. */
export function useSaveCustomerGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: CustomerGroupInput }) =>
      (
        await apiRequest<CustomerGroup>(
          id ? `/customer-groups/${encodeURIComponent(id)}` : '/customer-groups',
          {
            method: id ? 'PUT' : 'POST',
            body: input,
          },
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** Deletes a group with no members (the store refuses one with members, in words). */
export function useDeleteCustomerGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest<null>(`/customer-groups/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
