import type { Order } from '@contract/orders';
import type { PhoneOrderInput, QuoteList, QuoteRequest, QuoteSent } from '@contract/staff-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { customerKeys } from './keys';

/**
 * Orders staff make for a customer (decision 103): an order phoned in, and quotes sent as links.
 * A placed order changes the customer's page (their orders, what they owe on account).
 */

const base = (id: string) => `/customers/${encodeURIComponent(id)}`;

export function usePlaceOrderFor(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PhoneOrderInput) =>
      (await apiRequest<Order>(`${base(customerId)}/orders`, { method: 'POST', body: input })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.one(customerId), exact: true });
      void queryClient.invalidateQueries({ queryKey: customerKeys.invoices(customerId) });
    },
  });
}

export function useSendQuote(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: QuoteRequest) =>
      (await apiRequest<QuoteSent>(`${base(customerId)}/quotes`, { method: 'POST', body: input })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customerKeys.quotes(customerId) }),
  });
}

export const useCustomerQuotes = (customerId: string) =>
  useQuery({
    queryKey: customerKeys.quotes(customerId),
    queryFn: ({ signal }) => apiGet<QuoteList>(`${base(customerId)}/quotes`, signal),
  });
