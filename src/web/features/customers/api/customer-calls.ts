import type { CustomerDetail, CustomersPage } from '@contract/customers';
import type { AssignableRole } from '@contract/roles';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { customerKeys } from './keys';

/** The customers list and one customer (managers and the owner); role changes (the owner). */

export const customersQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: customerKeys.list(search, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), ...(search ? { search } : {}) });
      return apiGet<CustomersPage>(`/customers?${query}`, signal);
    },
    placeholderData: keepPreviousData,
  });
export const useCustomers = (search: string, page: number) => useQuery(customersQuery(search, page));

export const useCustomer = (id: string) =>
  useQuery({
    queryKey: customerKeys.one(id),
    queryFn: ({ signal }) => apiGet<CustomerDetail>(`/customers/${encodeURIComponent(id)}`, signal),
  });

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, role }: { id: string; role: AssignableRole }) =>
      (
        await apiRequest<{ role: string }>(`/customers/${encodeURIComponent(id)}/role`, {
          method: 'PUT',
          body: { role },
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** The spec's Make admin: PUT /user/admin/{email}; the list and customers' pages refresh. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      (
        await apiRequest<{ modifiedCount: number }>(`/user/admin/${encodeURIComponent(email)}`, {
          method: 'PUT',
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
