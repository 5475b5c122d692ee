import type { QuoteAccepted, SentQuote } from '@contract/staff-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { accountRoot } from '@web/lib/query-keys';
import { orderKeys } from '@web/shared/orders/keys';

/**
 * A quote staff sent the signed-in customer (decision 103), read and accepted by its link's key.
 * Its prices are as it would be ordered now; accepting places the order, to pay next.
 */
export const quoteKeys = { one: (token: string) => [...accountRoot, 'quote', token] as const };

const path = (token: string) => `/quotes/${encodeURIComponent(token)}`;

export const useSentQuote = (token: string) =>
  useQuery({
    queryKey: quoteKeys.one(token),
    queryFn: ({ signal }) => apiGet<SentQuote>(path(token), signal),
    // Not found (a wrong link, or another account's quote) is said at once.
    retry: (count, error) =>
      count < 2 && !String((error as { status?: number }).status ?? '').startsWith('4'),
  });

export function useAcceptQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<QuoteAccepted>(`${path(token)}/accept`, { method: 'POST' })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: quoteKeys.one(token) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine });
    },
  });
}
