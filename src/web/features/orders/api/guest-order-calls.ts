import type { Return, ReturnInput } from '@contract/after-sale';
import type { GuestOrderView, OrderLookupInput } from '@contract/guest';
import type { Order } from '@contract/orders';
import type { PaymentIntentAnswer } from '@contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { guestKeys } from './keys';

/**
 * A guest's order (decision 059), opened with its signed key (from the mail's link, the
 * checkout's answer or a lookup). The key travels as `token`, in the query
 * (which the store's request log hides) or in the body.
 */

const post = async <T>(path: string, body: unknown) =>
  (await apiRequest<T>(path, { method: 'POST', body })).data;

export const guestOrderQuery = (token: string) =>
  queryOptions({
    queryKey: guestKeys.order(token),
    queryFn: ({ signal }) =>
      apiGet<GuestOrderView>(`/guest/order?token=${encodeURIComponent(token)}`, signal),
    // A bad or expired key is a definite answer: no retries.
    retry: false,
  });
export const useGuestOrder = (token: string) =>
  useQuery({ ...guestOrderQuery(token), enabled: token !== '' });

export const guestReceiptUrl = (token: string) =>
  `/api/guest/order/receipt.pdf?token=${encodeURIComponent(token)}`;

export const guestPaymentIntent = (token: string) =>
  post<PaymentIntentAnswer>('/guest/order/payment-intent', { token });

export const guestCancel = (token: string, note?: string) =>
  post<Order>('/guest/order/cancel', { token, note });

/** Adds the order to the signed-in account with its e-mail (the order mail's link only). */
export const claimGuestOrder = (token: string) => post<Order>('/guest/order/claim', { token });

/** The returns of a guest's order, once something shipped. */
export const useGuestReturns = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: guestKeys.returns(token),
    queryFn: ({ signal }) =>
      apiGet<Return[]>(`/guest/order/returns?token=${encodeURIComponent(token)}`, signal),
    enabled,
  });

/** Shipped parts coming back, asked with the order's key (the same rules as a customer's return). */
export const requestGuestReturn = (token: string, input: ReturnInput) =>
  post<Return>('/guest/order/returns', { ...input, token });

export const lookUpOrder = (input: OrderLookupInput) => post<{ token: string }>('/guest/order/lookup', input);
