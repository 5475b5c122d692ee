import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CustomerParams } from '../../../contract/customers';
import { may } from '../../../contract/roles';
import {
  BuyAgainAnswer,
  TradeAccount,
  TradeAccountAnswer,
  TradeAccountInput,
  TradePrices,
  TradePricesQuery,
} from '../../../contract/trade';
import { buyAgain } from '../../flows';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import {
  buyerTerms,
  closeTradeAccount,
  getCustomer,
  getTradeAccount,
  saveTradeAccount,
} from '../../modules/accounts';
import { tradePricesOf } from '../../modules/pricing';

/** Trade accounts (decision 095): staff set a shop's price list and certificate; the shop reads its own and buys again. */
export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/:id/trade',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['accounts'],
        summary: "A customer's trade terms: price list and resale certificate, or null (manager, owner)",
        params: CustomerParams,
        response: { 200: TradeAccountAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      // A customer that does not exist is not found, rather than a retail buyer.
      await getCustomer(app.db, request.params.id);
      return { trade: await getTradeAccount(app.db, request.params.id) };
    },
  );

  app.put(
    '/customers/:id/trade',
    {
      config: { access: 'trade.write' },
      schema: {
        tags: ['accounts'],
        summary: 'Make a customer a trade account, or change its price list and certificate (manager, owner)',
        params: CustomerParams,
        body: TradeAccountInput,
        response: { 200: TradeAccount, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      saveTradeAccount(app.db, request.params.id, request.body, {
        mayExtendCredit: may(signedIn(request).role, 'credit.write'),
      }),
  );

  app.delete(
    '/customers/:id/trade',
    {
      config: { access: 'trade.write' },
      schema: {
        tags: ['accounts'],
        summary: 'A trade account buys at list prices again (manager, owner)',
        params: CustomerParams,
        response: { 200: TradeAccountAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await closeTradeAccount(app.db, request.params.id);
      return { trade: null };
    },
  );

  app.get(
    '/account/trade',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: 'Your trade terms, or null when you buy at list prices',
        response: { 200: TradeAccountAnswer, ...errorResponses(401) },
      },
    },
    // The list the shop buys at: its group's when it is in one.
    async (request) => ({ trade: await getTradeAccount(app.db, signedIn(request).id, { asBought: true }) }),
  );

  app.post(
    '/order/:id/buy-again',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: "Put one of your past orders' lines back into your cart, at today's prices and stock",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: BuyAgainAnswer, ...errorResponses(401, 404) },
      },
    },
    async (request) => buyAgain(app.db, signedIn(request), request.params.id),
  );

  app.get(
    '/account/trade-prices',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: 'Your own prices of these products where your trade price list puts them below list',
        querystring: TradePricesQuery,
        response: { 200: TradePrices, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      tradePricesOf(app.db, await buyerTerms(app.db, signedIn(request).id), request.query.ids),
  );
};
