import type {
  TradeApplication,
  TradeApplicationDecision,
  TradeApplicationList,
  TradeApplicationStatus,
} from '@contract/trade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { customerKeys } from './keys';

/** Shops' applications for trade terms of one status (managers and the owner; decision 101). */
export const useTradeApplications = (status: TradeApplicationStatus) =>
  useQuery({
    queryKey: customerKeys.tradeApplications(status),
    queryFn: ({ signal }) =>
      apiGet<TradeApplicationList>(`/trade-applications?status=${encodeURIComponent(status)}`, signal),
  });

/** Where a manager downloads an application's certificate scan. */
export const certificateFileHref = (id: string) =>
  `/api/trade-applications/${encodeURIComponent(id)}/certificate`;

/** Approves (with a price list) or refuses (with a reason); every list and customer is read again. */
export function useDecideTradeApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: TradeApplicationDecision }) =>
      (
        await apiRequest<TradeApplication>(`/trade-applications/${encodeURIComponent(id)}/decision`, {
          method: 'POST',
          body: decision,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
