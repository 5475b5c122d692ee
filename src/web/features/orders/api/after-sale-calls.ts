import type {
  CoreReturnInput,
  LineQuantityInput,
  OrderAddressInput,
  RefundInput,
  RefundQuote,
  RefundQuoteInput,
  Return,
  ReturnInput,
  ShipmentInput,
} from '@contract/after-sale';
import type { DeskOrder, Order, StaffOrderLine } from '@contract/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { accountRoot, adminRoot } from '@web/lib/query-keys';
import { orderKeys } from '@web/shared/orders/keys';

/** After-sale calls of one order: the admin's shipments, cancellations and refunds, the customer's requests. */

const path = (id: string) => encodeURIComponent(id);

/** Every change answers with the order: the admin's and the customer's lists refresh. */
function useOrderChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminRoot }),
      queryClient.invalidateQueries({ queryKey: accountRoot }),
    ]);
}

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

/** A fresh key for one refund dialog. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

export const creditNoteUrl = (orderId: string, refundId: string, admin: boolean) =>
  `/api${admin ? '/manage' : '/order'}/${path(orderId)}/refunds/${encodeURIComponent(refundId)}/credit-note.pdf`;

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

/** Staff take old parts in at the desk: a core return received at once, refunded from the returns desk. */
export function useDeskCoreReturn(id: string) {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: async (input: CoreReturnInput) =>
      (await apiRequest<Return>(`/manage/${path(id)}/core-returns`, { method: 'POST', body: input })).data,
    onSuccess: changed,
  });
}

/** Units of a line whose core charge may still come back (the server also counts cores on their way). */
export const coresLeftOf = (line: Order['lines'][number] | StaffOrderLine) =>
  ('hasCoreCharge' in line ? line.hasCoreCharge : line.coreChargeCents > 0) && line.shippedQuantity > 0
    ? line.quantity - line.coresRefunded
    : 0;

/** Lines with a positive quantity, as the server wants them. */
export const chosenLines = (quantities: Record<string, number>): LineQuantityInput[] =>
  Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([toolId, quantity]) => ({ toolId, quantity }));

/** "12.5" or "12.50" dollars as cents, without float arithmetic; undefined when it is not money. */
export function dollarsToCents(text: string): number | undefined {
  const match = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
