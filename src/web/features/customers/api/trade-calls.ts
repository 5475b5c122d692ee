import type { TradeAccount, TradeAccountAnswer, TradeAccountInput } from '@contract/trade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { customerKeys } from './keys';

/** A customer's trade terms (managers and the owner read and set them; decision 095). */
export const useTradeAccount = (id: string) =>
  useQuery({
    queryKey: customerKeys.trade(id),
    queryFn: ({ signal }) => apiGet<TradeAccountAnswer>(`/customers/${encodeURIComponent(id)}/trade`, signal),
  });

export function useSaveTradeAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TradeAccountInput) =>
      (
        await apiRequest<TradeAccount>(`/customers/${encodeURIComponent(id)}/trade`, {
          method: 'PUT',
          body: input,
        })
      ).data,
    onSuccess: (trade) => {
      queryClient.setQueryData(customerKeys.trade(id), { trade });
      // New terms on account (decision 102) change where the account stands: its invoices section.
      void queryClient.invalidateQueries({ queryKey: customerKeys.invoices(id) });
    },
  });
}

export function useCloseTradeAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest<TradeAccountAnswer>(`/customers/${encodeURIComponent(id)}/trade`, {
          method: 'DELETE',
        })
      ).data,
    onSuccess: (answer) => {
      queryClient.setQueryData(customerKeys.trade(id), answer);
      void queryClient.invalidateQueries({ queryKey: customerKeys.invoices(id) });
    },
  });
}
