import { type Order, type OrderInput, orderInputOnWire } from '@contract/orders';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { productKeys } from '@web/shared/catalog/keys';
import { orderKeys } from '@web/shared/orders/keys';

export const myOrdersQuery = (email: string) =>
  queryOptions({
    queryKey: orderKeys.mineOf(email),
    queryFn: ({ signal }) => apiGet<Order[]>(`/order?userEmail=${encodeURIComponent(email)}`, signal),
    // A 401/403 here signs the user out: no point retrying it.
    retry: (count, error) => count < 3 && !(error as { status?: number }).status?.toString().startsWith('4'),
  });
export const useMyOrders = (email: string) => useQuery(myOrdersQuery(email));

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => apiGet<Order>(`/order/${encodeURIComponent(id)}`, signal),
  });
export const useOrder = (id: string) => useQuery(orderQuery(id));

/** Placing or cancelling an order changes stock, so the tool lists refresh too. */
function useOrderChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.mine }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
    ]);
}

export function usePlaceOrder() {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (input: OrderInput) =>
      (await apiRequest<Order>('/order', { method: 'POST', body: orderInputOnWire(input) })).data,
    onSuccess: changed,
  });
}

export function useCancelOrder() {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest<{ deletedCount: number }>(`/order/${encodeURIComponent(id)}`, { method: 'DELETE' }))
        .data,
    onSuccess: changed,
  });
}
