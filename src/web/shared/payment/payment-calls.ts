import type { PaymentIntentAnswer, SimulatedConfirmInput } from '@contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
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
