import type { CheckoutAnswer, CheckoutInput } from '@contract/checkout';
import type { GuestCheckoutAnswer, GuestCheckoutInput } from '@contract/guest';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** POST /checkout: the server cart becomes an order and its payment intent, once per idempotency key. */
export const usePlaceCheckout = () =>
  useMutation({
    mutationFn: async (input: CheckoutInput) =>
      (await apiRequest<CheckoutAnswer>('/checkout', { method: 'POST', body: input })).data,
  });

/** POST /guest/checkout (decision 059): a visitor's lines, priced again, become an order and its payment intent. */
export const placeGuestCheckout = async (input: GuestCheckoutInput) =>
  (await apiRequest<GuestCheckoutAnswer>('/guest/checkout', { method: 'POST', body: input })).data;

/** The link in a cart reminder's mail: no more reminders for this address. */
export const unsubscribeFromCartReminders = async (token: string) =>
  (
    await apiRequest<{ unsubscribed: true }>('/cart-reminders/unsubscribe', {
      method: 'POST',
      body: { token },
    })
  ).data;
