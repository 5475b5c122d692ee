import type { Quote, ShippingMethod } from '@contract/pricing';
import { apiGet, apiRequest } from '@web/lib/api-client';
import type { CartLineInput } from './visitor-cart';

/** Where the order goes: the shipping method, and the region and country the tax is owed in. */
export interface Destination {
  shippingMethod?: ShippingMethod;
  region?: string;
  country?: string;
  /** A discount code to price with. */
  code?: string;
}

const destinationBody = (to: Destination) => ({
  shippingMethod: to.shippingMethod ?? 'standard',
  ...(to.region ? { region: to.region } : {}),
  ...(to.country ? { country: to.country } : {}),
  ...(to.code ? { code: to.code } : {}),
});

/** POST /cart/quote: lines that are not in a server cart, priced by the server. */
export const fetchQuote = async (lines: CartLineInput[], to: Destination = {}, signal?: AbortSignal) =>
  (
    await apiRequest<Quote>('/cart/quote', {
      method: 'POST',
      body: {
        lines: lines.map(({ productId, quantity }) => ({ productId, quantity })),
        ...destinationBody(to),
      },
      signal,
    })
  ).data;

/**
 * GET /cart: the signed-in customer's cart, priced for a destination. The server's preload hint on
 * /cart and /checkout names the first of these, `/api/cart?shippingMethod=standard`, byte for byte.
 */
export const fetchCart = (to: Destination = {}, signal?: AbortSignal) =>
  apiGet<Quote>(`/cart?${new URLSearchParams(destinationBody(to)).toString()}`, signal);

const cartPath = (productId: string) => `/cart/${encodeURIComponent(productId)}`;

export const putCartLine = async (productId: string, quantity: number) =>
  (await apiRequest<Quote>(cartPath(productId), { method: 'PUT', body: { quantity } })).data;

export const deleteCartLine = async (productId: string) =>
  (await apiRequest<Quote>(cartPath(productId), { method: 'DELETE' })).data;

export const clearServerCart = async () => (await apiRequest<Quote>('/cart', { method: 'DELETE' })).data;

/** POST /cart/merge: a visitor's lines join the customer's cart at sign-in. */
export const mergeIntoCart = async (lines: CartLineInput[]) =>
  (await apiRequest<Quote>('/cart/merge', { method: 'POST', body: { lines } })).data;
