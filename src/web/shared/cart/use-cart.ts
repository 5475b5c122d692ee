import type { Quote } from '@contract/pricing';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@web/shared/session/session';
import {
  clearServerCart,
  type Destination,
  deleteCartLine,
  fetchCart,
  fetchQuote,
  putCartLine,
} from './cart-calls';
import { cartKeys } from './keys';
import {
  addToLines,
  type CartLineInput,
  readVisitorLines,
  useVisitorLines,
  visitorMergeGaveUp,
  writeVisitorLines,
} from './visitor-cart';

/**
 * The cart, for whoever is reading: a signed-in customer's lives on the server (GET/PUT/DELETE
 * /cart), a visitor's in this browser (visitor-cart.ts), priced by POST /cart/quote. Either way the
 * page gets the server's Quote: its lines, problems and money, never a sum made here.
 */

export const userCartQuery = (userId: string, to: Destination = {}) =>
  queryOptions({
    queryKey: cartKeys.userAt(userId, to),
    queryFn: ({ signal }) => fetchCart(to, signal),
  });

/**
 * A visitor's lines priced; null when there is nothing to price. A product the store no longer
 * has is left out of the answer, and then out of the browser's copy, so the count agrees.
 */
async function priceVisitorLines(lines: CartLineInput[], to: Destination, signal?: AbortSignal) {
  if (lines.length === 0) return null;
  const quote = await fetchQuote(lines, to, signal);
  const known = new Set(quote.lines.map((l) => l.productId));
  if (lines.some((l) => !known.has(l.productId)))
    writeVisitorLines(lines.filter((l) => known.has(l.productId)));
  return quote;
}

export const visitorCartQuery = (lines: CartLineInput[], to: Destination = {}) =>
  queryOptions({
    queryKey: cartKeys.visitor(lines, to),
    queryFn: ({ signal }): Promise<Quote | null> => priceVisitorLines(lines, to, signal),
  });

/** After a change the server answers the cart priced for standard shipping: that query takes it, the others refetch. */
export function storeUserCart(queryClient: QueryClient, userId: string, cart: Quote) {
  const standard = userCartQuery(userId).queryKey;
  queryClient.setQueryData(standard, cart);
  return queryClient.invalidateQueries({
    queryKey: cartKeys.user(userId),
    predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(standard),
  });
}

/** Refused by the store's rules: the message is the server's, ready to show. */
export class CartRefusal extends Error {
  override name = 'CartRefusal';
}

/**
 * A visitor's lines are checked as the server cart's would be: priced by the server, and refused
 * with the line's problem (below the minimum, above the stock) instead of being kept.
 */
async function quoteVisitorChange(queryClient: QueryClient, lines: CartLineInput[], productId: string) {
  const quote = await fetchQuote(lines);
  const line = quote.lines.find((l) => l.productId === productId);
  if (!line) throw new CartRefusal('This product is no longer sold.');
  if (line.problem) throw new CartRefusal(line.problem);
  writeVisitorLines(lines);
  queryClient.setQueryData(visitorCartQuery(lines).queryKey, quote);
  return quote;
}

/** Adds units of a product to the reader's cart, on the server or in this browser. */
const addToCartMutation = (queryClient: QueryClient, userId: string | undefined) => ({
  mutationFn: async ({ productId, quantity }: { productId: string; quantity: number }) => {
    // Adding nothing (an empty or zero box) would only repeat the line as it is.
    if (!Number.isInteger(quantity) || quantity < 1) throw new CartRefusal('Quantity must be at least 1');
    if (userId) {
      const current = await queryClient.fetchQuery({ ...userCartQuery(userId), staleTime: 10_000 });
      const had = current.lines.find((l) => l.productId === productId)?.quantity ?? 0;
      const cart = await putCartLine(productId, had + quantity);
      await storeUserCart(queryClient, userId, cart);
      return cart;
    }
    return quoteVisitorChange(queryClient, addToLines(readVisitorLines(), productId, quantity), productId);
  },
});

/**
 * Only the "Add to cart" of `useCart`, for a button on each card of a list: without the cart's
 * query and its other three mutations, which every one of 24 cards set up for nothing
 * (docs/performance.md).
 */
export function useAddToCart() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation(addToCartMutation(queryClient, user?.id));
}

export interface UseCart {
  /** The priced cart; null for a visitor with nothing in it; undefined while loading. */
  cart: Quote | null | undefined;
  query: UseQueryResult<Quote | null, Error>;
  signedIn: boolean;
  add: ReturnType<typeof useMutation<Quote, Error, { productId: string; quantity: number }>>;
  setQuantity: ReturnType<typeof useMutation<Quote | null, Error, { productId: string; quantity: number }>>;
  remove: ReturnType<typeof useMutation<Quote | null, Error, { productId: string }>>;
  clear: ReturnType<typeof useMutation<Quote | null, Error, void>>;
}

export function useCart(to: Destination = {}): UseCart {
  const { user, isPending: sessionPending } = useSession();
  const visitorLines = useVisitorLines();
  const queryClient = useQueryClient();
  const userId = user?.id;

  const query = useQuery<Quote | null, Error, Quote | null, readonly unknown[]>({
    queryKey: userId ? userCartQuery(userId, to).queryKey : visitorCartQuery(visitorLines, to).queryKey,
    queryFn: ({ signal }) => (userId ? fetchCart(to, signal) : priceVisitorLines(visitorLines, to, signal)),
    // Right after sign-in the browser's lines are being merged: the cart is read with them in it.
    enabled: !sessionPending && !(userId && visitorLines.length > 0 && !visitorMergeGaveUp()),
    // A new method or region keeps the last numbers on screen while the new ones come.
    placeholderData: keepPreviousData,
  });

  const add = useMutation(addToCartMutation(queryClient, userId));

  const setQuantity = useMutation({
    mutationFn: async ({ productId, quantity }: { productId: string; quantity: number }) => {
      if (userId) {
        const cart = await putCartLine(productId, quantity);
        await storeUserCart(queryClient, userId, cart);
        return cart;
      }
      const lines = readVisitorLines().map((l) => (l.productId === productId ? { productId, quantity } : l));
      return quoteVisitorChange(queryClient, lines, productId);
    },
  });

  const remove = useMutation({
    mutationFn: async ({ productId }: { productId: string }) => {
      if (userId) {
        const cart = await deleteCartLine(productId);
        await storeUserCart(queryClient, userId, cart);
        return cart;
      }
      writeVisitorLines(readVisitorLines().filter((l) => l.productId !== productId));
      return null;
    },
  });

  const clear = useMutation({
    mutationFn: async () => {
      if (userId) {
        const cart = await clearServerCart();
        await storeUserCart(queryClient, userId, cart);
        return cart;
      }
      writeVisitorLines([]);
      return null;
    },
  });

  return { cart: query.data, query, signedIn: Boolean(userId), add, setQuantity, remove, clear };
}

/**
 * The number of units in the cart, for the navigation on every page: a visitor's is counted from
 * the browser's copy without asking the server; a customer's comes with the server cart.
 */
export function useCartCount(): number {
  const { user } = useSession();
  const visitorLines = useVisitorLines();
  const cart = useQuery({ ...userCartQuery(user?.id ?? ''), enabled: Boolean(user) });
  if (!user) return visitorLines.reduce((sum, l) => sum + l.quantity, 0);
  return cart.data?.itemCount ?? 0;
}
