import type { Destination } from './cart-calls';
import type { CartLineInput } from './visitor-cart';

/** Where the cart is priced for, as part of its key: the same cart costs differently elsewhere. */
const destinationKey = (to: Destination) => ({
  shippingMethod: to.shippingMethod ?? 'standard',
  region: to.region ?? '',
  country: to.country ?? '',
  code: to.code ?? '',
});

/** The cart's query keys; every cart query of one customer starts with `user(id)`, invalidated after each change. */
export const cartKeys = {
  all: ['cart'] as const,
  user: (userId: string) => ['cart', 'user', userId] as const,
  userAt: (userId: string, to: Destination) => ['cart', 'user', userId, destinationKey(to)] as const,
  visitor: (lines: CartLineInput[], to: Destination) =>
    ['cart', 'visitor', lines, destinationKey(to)] as const,
};
