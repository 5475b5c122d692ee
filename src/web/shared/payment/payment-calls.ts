import type { Order } from '@contract/orders';
import type { PaymentIntentAnswer, SimulatedConfirmInput } from '@contract/payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { orderKeys } from '@web/shared/orders/keys';
import { paymentKeys } from './keys';

/**
 * The payment intent is created when the payment page loads; the server
 * re-uses the order's open intent, so a reload never opens a second one.
 */
export const paymentIntentQuery = (orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.intent(orderId),
    queryFn: async () =>
      (await apiRequest<PaymentIntentAnswer>('/create-payment-intent', { method: 'POST', body: { orderId } }))
        .data,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
/** Opened once the order is known to be unpaid (a paid order has nothing to pay). */
export const usePaymentIntent = (orderId: string, enabled: boolean) =>
  useQuery({ ...paymentIntentQuery(orderId), enabled });

export const confirmSimulatedPayment = async (input: SimulatedConfirmInput) =>
  (
    await apiRequest<{ status: 'succeeded'; transactionId: string }>('/payments/simulated/confirm', {
      method: 'POST',
      body: input,
    })
  ).data;

/** PATCH /order/:id with the spec's payload once the provider has confirmed. */
export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, transactionId }: { orderId: string; transactionId: string }) =>
      (
        await apiRequest<Order>(`/order/${encodeURIComponent(orderId)}`, {
          method: 'PATCH',
          body: { orderId, transactionId },
        })
      ).data,
    onSuccess: (_order, { orderId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.mine }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
      ]),
  });
}
