import type {
  CoreReturnInput,
  RefundInput,
  RefundQuote,
  RefundQuoteInput,
  Return,
  ShipmentInput,
} from '@contract/after-sale';
import type { DeskOrder, Order } from '@contract/orders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { useOrderChanged } from '@web/shared/orders/after-sale';
import { orderKeys } from '@web/shared/orders/keys';

/** Staff's after-sale calls on one order: shipments, cancelling a paid order, refunds, cores at the desk. */

const path = (id: string) => encodeURIComponent(id);

export function useCreateShipment(id: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (input: ShipmentInput) =>
      (await apiRequest<DeskOrder>(`/manage/${path(id)}/shipments`, { method: 'POST', body: input })).data,
    onSuccess: changed,
  });
}

export function useCancelPaidOrder(id: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (reason: string) =>
      (await apiRequest<Order>(`/manage/${path(id)}/cancel`, { method: 'POST', body: { reason } })).data,
    onSuccess: changed,
  });
}

/** A refund carries the key its dialog made when it opened: a repeated click answers with the same refund. */
export function useRefundOrder(id: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async ({ input, key }: { input: RefundInput; key: string }) =>
      (
        await apiRequest<Order>(`/manage/${path(id)}/refunds`, {
          method: 'POST',
          body: input,
          headers: { 'idempotency-key': key },
        })
      ).data,
    onSuccess: changed,
  });
}

/**
 * What a refund of these lines, shipping and amount would give back, worked out by the store
 * (nothing is refunded); `null` while the dialog holds nothing to refund.
 */
export const useRefundQuote = (id: string, input: RefundQuoteInput | null) =>
  useQuery({
    queryKey: orderKeys.refundQuote(id, input),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<RefundQuote>(`/manage/${path(id)}/refunds/quote`, {
          method: 'POST',
          body: input,
          signal,
        })
      ).data,
    enabled: input !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Staff take old parts in at the desk: a core return received at once, refunded from the returns desk. */
export function useDeskCoreReturn(id: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (input: CoreReturnInput) =>
      (await apiRequest<Return>(`/manage/${path(id)}/core-returns`, { method: 'POST', body: input })).data,
    onSuccess: changed,
  });
}
