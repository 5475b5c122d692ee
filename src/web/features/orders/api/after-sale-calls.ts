import type { CoreReturnInput, OrderAddressInput, Return, ReturnInput } from '@contract/after-sale';
import type { Order } from '@contract/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { useOrderChanged } from '@web/shared/orders/after-sale';
import { orderKeys } from '@web/shared/orders/keys';

/** The customer's after-sale requests on one order: cancelling, its address, returns and cores. */

const path = (id: string) => encodeURIComponent(id);

export function useRequestCancellation(id: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (reason: string) =>
      (
        await apiRequest<Order>(`/order/${path(id)}/cancel-request`, {
          method: 'POST',
          body: reason.trim() ? { reason: reason.trim() } : {},
        })
      ).data,
    onSuccess: changed,
  });
}

/**
 * The order answers with its new address and amounts: the page shows them at once (no moment
 * without the address while the lists refresh), and its payment reopens for the new total.
 */
export function useSetOrderAddress(id: string) {
  const changed = useOrderChanged();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OrderAddressInput) =>
      (await apiRequest<Order>(`/order/${path(id)}/address`, { method: 'PUT', body: input })).data,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(id), order);
      return changed();
    },
  });
}

export const useOrderReturns = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.returns(id),
    queryFn: ({ signal }) => apiGet<Return[]>(`/order/${path(id)}/returns`, signal),
    enabled,
  });

export function useRequestReturn(id: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (input: ReturnInput) =>
      (await apiRequest<Return>(`/order/${path(id)}/returns`, { method: 'POST', body: input })).data,
    onSuccess: changed,
  });
}

/** The customer sends old parts back for their core charge. */
export function useRequestCoreReturn(id: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (input: CoreReturnInput) =>
      (await apiRequest<Return>(`/order/${path(id)}/core-returns`, { method: 'POST', body: input })).data,
    onSuccess: changed,
  });
}
