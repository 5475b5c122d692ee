import type { Order } from '@contract/orders';
import type { StoreCredit } from '@contract/store-credit';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { accountRoot } from '@web/lib/query-keys';
import { orderKeys } from '@web/shared/orders/keys';
import { paymentKeys } from '@web/shared/payment/keys';

/** The signed-in customer's store credit (decision 100), dropped at sign-out with the account. */
export const storeCreditKeys = {
  mine: [...accountRoot, 'store-credit'] as const,
};

/** GET /account/store-credit: the balance and its latest entries, newest first. */
export const storeCreditQuery = queryOptions({
  queryKey: storeCreditKeys.mine,
  queryFn: ({ signal }) => apiGet<StoreCredit>('/account/store-credit', signal),
});
/** `enabled` false for a visitor: store credit belongs to an account. */
export const useStoreCredit = (enabled = true) => useQuery({ ...storeCreditQuery, enabled });

/**
 * POST /order/:id/store-credit: the customer's balance pays what it can of their unpaid order. The
 * order comes back with the credit applied; the balance, the order and its payment intent (now for
 * the smaller rest, or none once paid) are read again.
 */
export function useApplyStoreCredit(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<Order>(`/order/${encodeURIComponent(orderId)}/store-credit`, { method: 'POST' }))
        .data,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(orderId), order);
      void queryClient.invalidateQueries({ queryKey: storeCreditKeys.mine });
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine });
      if (order.paid) queryClient.removeQueries({ queryKey: paymentKeys.intent(orderId) });
      else void queryClient.invalidateQueries({ queryKey: paymentKeys.intent(orderId) });
    },
  });
}
