import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Cart, CartLineQuantity, CartMergeInput } from '../../../contract/cart';
import { CartQuery, Quote, QuoteInput } from '../../../contract/pricing';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { perAddress, perSession } from '../../kernel/limits';
import { buyerTerms } from '../../modules/accounts';
import { clearCart, getCart, mergeCart, removeCartLine, setCartLine } from '../../modules/cart';
import { discountOffer } from '../../modules/discounts';
import { quoteLines } from '../../modules/pricing';

const ProductParams = z.object({ productId: z.string().max(100) });

/** The cart: priced quotes for anyone, and the signed-in customer's cart kept on the server. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // The owner's shipping and tax rules as in force now, read on each request.
  const pricing = () => app.pricingRules();
  const cartWrites = { rateLimit: perSession(app.config.rateLimits.cartWritesPerMinute) };

  app.post(
    '/cart/quote',
    {
      // Reaches the database for every call: limited per address like a catalog search.
      config: { access: 'public', rateLimit: perAddress(app.config.rateLimits.catalogSearchPerMinute) },
      schema: {
        tags: ['cart'],
        summary:
          "Price lines at the store's current prices, shipping and tax (a visitor's cart, the order modal)",
        body: QuoteInput,
        response: { 200: Quote, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { lines, code, ...to } = request.body;
      // The same product twice is one line.
      const merged = new Map<string, number>();
      for (const l of lines) merged.set(l.productId, (merged.get(l.productId) ?? 0) + l.quantity);
      // A visitor has no uses of their own yet: limits per customer are counted at checkout.
      const rules = pricing();
      const offer = await discountOffer(app.db, {
        code,
        productIds: [...merged.keys()],
        automatic: rules.automaticDiscounts,
      });
      return quoteLines(
        app.db,
        rules,
        [...merged].map(([productId, quantity]) => ({ productId, quantity })),
        to,
        offer,
        // Signed in, a trade account sees its own prices here too (the order modal); the route
        // is public, so the session is read only here.
        await buyerTerms(app.db, (await app.userOf(request))?.id ?? null, {
          storeHasAny: rules.tradeAccounts,
        }),
      );
    },
  );

  app.get(
    '/cart',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['cart'],
        summary: 'Your cart, priced for a shipping method and region',
        querystring: CartQuery,
        response: { 200: Cart, ...errorResponses(400, 401) },
      },
    },
    async (request) => getCart(app.db, pricing(), signedIn(request), request.query),
  );

  app.put(
    '/cart/:productId',
    {
      config: { access: 'signedIn', ...cartWrites },
      schema: {
        tags: ['cart'],
        summary: "Set a product's quantity in your cart (its minimum and stock apply)",
        params: ProductParams,
        body: CartLineQuantity,
        response: { 200: Cart, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const me = signedIn(request);
      await setCartLine(app.db, me.id, request.params.productId, request.body.quantity);
      return getCart(app.db, pricing(), me, { shippingMethod: 'standard' });
    },
  );

  app.delete(
    '/cart/:productId',
    {
      config: { access: 'signedIn', ...cartWrites },
      schema: {
        tags: ['cart'],
        summary: 'Remove a product from your cart',
        params: ProductParams,
        response: { 200: Cart, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = signedIn(request);
      await removeCartLine(app.db, me.id, request.params.productId);
      return getCart(app.db, pricing(), me, { shippingMethod: 'standard' });
    },
  );

  app.delete(
    '/cart',
    {
      config: { access: 'signedIn', ...cartWrites },
      schema: {
        tags: ['cart'],
        summary: 'Empty your cart',
        response: { 200: Cart, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = signedIn(request);
      await clearCart(app.db, me.id);
      return getCart(app.db, pricing(), me, { shippingMethod: 'standard' });
    },
  );

  app.post(
    '/cart/merge',
    {
      config: { access: 'signedIn', ...cartWrites },
      schema: {
        tags: ['cart'],
        summary: "Add a visitor's cart to yours at sign-in (quantities add up, capped at the stock)",
        body: CartMergeInput,
        response: { 200: Cart, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const me = signedIn(request);
      await mergeCart(app.db, me.id, request.body.lines);
      return getCart(app.db, pricing(), me, { shippingMethod: 'standard' });
    },
  );
};
