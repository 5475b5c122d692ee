import type { SavedAddress } from '@contract/addresses';
import type { CheckoutAnswer, CheckoutInput } from '@contract/checkout';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { addressKeys } from '@web/shared/address/keys';

/** The customer's saved addresses (under 'account': forgotten at sign-out). */
export const useSavedAddresses = (enabled = true) =>
  useQuery({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => apiGet<SavedAddress[]>('/addresses', signal),
    enabled,
  });

/** POST /checkout: the server cart becomes an order and its payment intent, once per idempotency key. */
export const usePlaceCheckout = () =>
  useMutation({
    mutationFn: async (input: CheckoutInput) =>
      (await apiRequest<CheckoutAnswer>('/checkout', { method: 'POST', body: input })).data,
  });
