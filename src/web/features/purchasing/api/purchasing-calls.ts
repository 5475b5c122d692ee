import type {
  PurchaseOrder,
  PurchaseOrderInput,
  PurchaseOrderStatus,
  PurchaseOrderSummary,
  ReceiptInput,
  ReorderAnswer,
  Supplier,
  SupplierDetails,
  SupplierInput,
  SupplierProduct,
  SupplierProductInput,
} from '@contract/purchasing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { purchasingKeys } from './keys';

/** Suppliers and purchase orders (managers and the owner; decision 097). */

const at = (id: string) => encodeURIComponent(id);
const send = async <O>(path: string, method: string, body?: unknown) =>
  (await apiRequest<O>(path, { method, body })).data;

export const useSuppliers = () =>
  useQuery({
    queryKey: purchasingKeys.suppliers(),
    queryFn: ({ signal }) => apiGet<Supplier[]>('/suppliers', signal),
  });

export const useSupplier = (id: string | null) =>
  useQuery({
    queryKey: purchasingKeys.supplier(id ?? ''),
    queryFn: ({ signal }) => apiGet<SupplierDetails>(`/suppliers/${at(id ?? '')}`, signal),
    enabled: Boolean(id),
  });

export const usePurchaseOrders = (status: PurchaseOrderStatus | '') =>
  useQuery({
    queryKey: purchasingKeys.orders(status),
    queryFn: ({ signal }) =>
      apiGet<PurchaseOrderSummary[]>(`/purchase-orders${status ? `?status=${status}` : ''}`, signal),
  });

export const usePurchaseOrder = (id: string) =>
  useQuery({
    queryKey: purchasingKeys.order(id),
    queryFn: ({ signal }) => apiGet<PurchaseOrder>(`/purchase-orders/${at(id)}`, signal),
  });

/** What to reorder and from whom, from the sales over the last `days`, to last `coverDays` after delivery. */
export const useReorderSuggestions = (days: number, coverDays: number) =>
  useQuery({
    queryKey: purchasingKeys.reorder(days, coverDays),
    queryFn: ({ signal }) =>
      apiGet<ReorderAnswer>(`/purchase-orders/suggestions?days=${days}&coverDays=${coverDays}`, signal),
  });

/** One mutation: every success refreshes what purchasing shows (lists, supplier, order). */
function useCall<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchasingKeys.all }),
  });
}

export const useCreateSupplier = () =>
  useCall((input: SupplierInput) => send<Supplier>('/suppliers', 'POST', input));
export const useUpdateSupplier = (id: string) =>
  useCall((input: SupplierInput) => send<Supplier>(`/suppliers/${at(id)}`, 'PUT', input));
export const useSaveSupplierProduct = (id: string) =>
  useCall(({ productId, input }: { productId: string; input: SupplierProductInput }) =>
    send<SupplierProduct>(`/suppliers/${at(id)}/products/${at(productId)}`, 'PUT', input),
  );
export const useRemoveSupplierProduct = (id: string) =>
  useCall((productId: string) => send<null>(`/suppliers/${at(id)}/products/${at(productId)}`, 'DELETE'));

export const useCreatePurchaseOrder = () =>
  useCall((input: PurchaseOrderInput) => send<PurchaseOrder>('/purchase-orders', 'POST', input));

/** The calls on one order; each answers with the order as it now is. */
export function usePurchaseOrderCalls(id: string) {
  const path = `/purchase-orders/${at(id)}`;
  const queryClient = useQueryClient();
  const call = <I>(run: (input: I) => Promise<PurchaseOrder>) => ({
    mutationFn: run,
    onSuccess: (order: PurchaseOrder) => {
      queryClient.setQueryData(purchasingKeys.order(id), order);
      return queryClient.invalidateQueries({ queryKey: purchasingKeys.all });
    },
  });
  return {
    save: useMutation(call((input: PurchaseOrderInput) => send<PurchaseOrder>(path, 'PUT', input))),
    send: useMutation(call(() => send<PurchaseOrder>(`${path}/send`, 'POST'))),
    cancel: useMutation(call(() => send<PurchaseOrder>(`${path}/cancel`, 'POST'))),
    receive: useMutation(
      call((input: ReceiptInput) => send<PurchaseOrder>(`${path}/receipts`, 'POST', input)),
    ),
    close: useMutation(call(() => send<PurchaseOrder>(`${path}/close`, 'POST'))),
  };
}

export const csvPath = (id: string) => `/api/purchase-orders/${at(id)}/csv`;
