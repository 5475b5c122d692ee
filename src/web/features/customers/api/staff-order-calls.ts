import type { Order } from '@contract/orders';
import type { Quote } from '@contract/pricing';
import type {
  PhoneOrderInput,
  PhoneOrderPreview,
  QuoteList,
  QuoteRequest,
  QuoteSent,
} from '@contract/staff-orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { useEffect, useState } from 'react';
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

/** How long typing (a quantity, a code) rests before the order is priced again. */
const PREVIEW_SETTLE_MS = 300;

/**
 * `value` once it has stayed the same for `ms`: each keystroke in a quantity would otherwise be a
 * call. Compared by its JSON, as the body is a new object on each render.
 */
function useSettled<T>(value: T, ms: number): T {
  const text = JSON.stringify(value) ?? 'null';
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    if (text === settled) return;
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, settled, ms]);
  return JSON.parse(settled) as T;
}

/**
 * The order being built, priced for its customer as placing it would price it, with the methods
 * the address's zone offers. `body` is null while there is nothing to price (no lines, a quantity
 * not yet a number, no state or country): then nothing is asked.
 */
export function usePhoneOrderPreview(customerId: string, body: PhoneOrderPreview | null) {
  const settled = useSettled(body, PREVIEW_SETTLE_MS);
  return useQuery({
    queryKey: customerKeys.orderPreview(customerId, settled),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Quote>(`${base(customerId)}/orders/preview`, {
          method: 'POST',
          body: settled,
          signal,
        })
      ).data,
    // The live body too: lines cleared after placing stop the pricing at once, not after the rest.
    enabled: body !== null && settled !== null,
    // A new quantity or method keeps the last numbers on screen while the new ones come.
    placeholderData: keepPreviousData,
  });
}
