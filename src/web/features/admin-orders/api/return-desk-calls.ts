import type { RefundQuote, Return, ReturnStatus } from '@contract/after-sale';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { adminOrderKeys } from './keys';

/** The admin's returns desk: list, approve or refuse, receive, refund. */

export const useManageReturns = (status: ReturnStatus | '') =>
  useQuery({
    queryKey: adminOrderKeys.returns(status),
    queryFn: ({ signal }) => apiGet<Return[]>(`/manage/returns${status ? `?status=${status}` : ''}`, signal),
  });

const returnPath = (id: string, action: string) => `/manage/returns/${encodeURIComponent(id)}/${action}`;

function useReturnChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
}

export function useDecideReturn() {
  const changed = useReturnChanged();
  return useMutation({
    mutationFn: async ({ id, approve, note }: { id: string; approve: boolean; note: string }) =>
      (
        await apiRequest<Return>(returnPath(id, 'decision'), {
          method: 'POST',
          body: { approve, ...(note.trim() ? { note: note.trim() } : {}) },
        })
      ).data,
    onSuccess: changed,
  });
}

export function useReceiveReturn() {
  const changed = useReturnChanged();
  return useMutation({
    mutationFn: async ({
      id,
      lines,
    }: {
      id: string;
      /** None for a core return: its old parts are not stock. */
      lines: Array<{ productId: string; outcome: 'restock' | 'damaged' }> | undefined;
    }) =>
      (await apiRequest<Return>(returnPath(id, 'received'), { method: 'POST', body: lines ? { lines } : {} }))
        .data,
    onSuccess: changed,
  });
}

export function useRefundReturn() {
  const changed = useReturnChanged();
  return useMutation({
    /** `toStoreCredit`: given as the customer's store credit instead of to the card (decision 100). */
    mutationFn: async ({ id, toStoreCredit = false }: { id: string; toStoreCredit?: boolean }) =>
      (
        await apiRequest<Return>(returnPath(id, 'refund'), {
          method: 'POST',
          ...(toStoreCredit ? { body: { toStoreCredit: true } } : {}),
        })
      ).data,
    onSuccess: changed,
  });
}

/** What refunding a received return would give back, as the store works it out; asked when its dialog opens. */
export const useReturnRefundQuote = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: adminOrderKeys.returnRefundQuote(id),
    queryFn: ({ signal }) => apiGet<RefundQuote>(returnPath(id, 'refund-quote'), signal),
    enabled,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** A wrong listing corrected from the desk: the return's vehicle taken out of the product's fitment. */
export function useCorrectFitment() {
  const changed = useReturnChanged();
  return useMutation({
    mutationFn: async ({ id, productId }: { id: string; productId: string }) =>
      (
        await apiRequest<Return>(returnPath(id, 'fitment-correction'), {
          method: 'POST',
          body: { productId },
        })
      ).data,
    onSuccess: changed,
  });
}
