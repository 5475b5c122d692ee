import type { Order } from '@contract/orders';
import type { SimulatedConfirmInput } from '@contract/payments';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { orderKeys } from '@web/shared/orders/keys';
import { confirmSimulatedPayment } from './payment-calls';

/**
 * Who pays an order and how the store hears of it: a customer with their session, a guest with the
 * order's key. Every purchase pays through one, in the same steps: the card charged by the provider,
 * then the store told (the checkouts, the payment page, a guest's order page).
 */
export interface Payer {
  /** Test mode's card, charged by the store's simulated processor. */
  confirmCard: (input: SimulatedConfirmInput) => Promise<{ transactionId: string }>;
  /** The provider confirmed the payment: the order is marked paid (the spec's PATCH /order/{id}). */
  reportPaid: (transactionId: string) => Promise<unknown>;
}

/** A customer's order: the spec's PATCH, then their orders and this one read again. */
export const customerPayer = (orderId: string, queryClient: QueryClient): Payer => ({
  confirmCard: confirmSimulatedPayment,
  reportPaid: async (transactionId) => {
    const paid = await apiRequest<Order>(`/order/${encodeURIComponent(orderId)}`, {
      method: 'PATCH',
      body: { orderId, transactionId },
    });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.mine }),
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
    ]);
    return paid.data;
  },
});

const post = async <T>(path: string, body: unknown) =>
  (await apiRequest<T>(path, { method: 'POST', body })).data;

/** A guest's order (decision 059): the same steps, each call carrying the order's key. */
export const guestPayer = (token: string): Payer => ({
  confirmCard: (input) =>
    post<{ status: 'succeeded'; transactionId: string }>('/guest/order/simulated-confirm', {
      ...input,
      token,
    }),
  reportPaid: (transactionId) => post<Order>('/guest/order/paid', { token, transactionId }),
});

/**
 * Test mode's card, paid in the one order of steps: charged, then reported. `onCharged` runs in
 * between (the payment page's 'Payment Sent!'). Answers the transaction id.
 */
export async function payByCard(
  payer: Payer,
  input: SimulatedConfirmInput,
  onCharged?: (transactionId: string) => void,
): Promise<string> {
  const { transactionId } = await payer.confirmCard(input);
  onCharged?.(transactionId);
  await payer.reportPaid(transactionId);
  return transactionId;
}
