import type { Quote } from '@contract/pricing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { orderKeys } from '@web/shared/orders/keys';

/** What the order modal's order would be charged: one line, standard shipping, as the server prices it. */
export const useOneLineQuote = (productId: string, quantity: number, enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.oneLineQuote(productId, quantity),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Quote>('/cart/quote', {
          method: 'POST',
          body: { lines: [{ productId, quantity }], shippingMethod: 'standard' },
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
