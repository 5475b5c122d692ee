import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CustomerParams } from '../../../contract/customers';
import { Order } from '../../../contract/orders';
import { Quote } from '../../../contract/pricing';
import {
  AddLinesInput,
  CardByPhoneInput,
  PhoneOrderInput,
  PhoneOrderPreview,
  QuoteAccepted,
  QuoteList,
  QuoteParams,
  QuoteRequest,
  QuoteSent,
  SentQuote,
} from '../../../contract/staff-orders';
import {
  acceptQuote,
  addToOrder,
  chargeCardByPhone,
  customerQuotes,
  placeOrderFor,
  previewOrderFor,
  sendQuote,
  viewQuote,
} from '../../flows';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { orderLimitsOf } from '../../kernel/settings';
import { getCustomer } from '../../modules/accounts';
import type { SimulatedProvider } from '../../modules/payments';

const OrderParams = z.object({ id: z.uuid({ error: 'Order was not found' }) });

/**
 * Orders staff make for a customer (decision 103): an order phoned in, a quote sent as a link the
 * customer accepts, parts added to a paid order before it ships.
 */
export function staffOrderRoutes(secret: string): FastifyPluginAsyncZod {
  return async (app) => {
    const limits = () => orderLimitsOf(app.settings.current());

    app.post(
      '/customers/:id/orders',
      {
        config: { access: 'orders.create' },
        schema: {
          tags: ['orders'],
          summary:
            'Place an order for a customer (by phone) at their prices: charged to their account, or left for them to pay by card (manager, owner)',
          params: CustomerParams,
          body: PhoneOrderInput,
          response: { 201: Order, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await placeOrderFor(
              app.db,
              app.outbox,
              signedIn(request).id,
              request.params.id,
              request.body,
              limits(),
              app.pricingRules(),
            ),
          ),
    );

    app.post(
      '/customers/:id/orders/preview',
      {
        config: { access: 'orders.create' },
        schema: {
          tags: ['orders'],
          summary:
            'Price an order being built for a customer at their prices, with the shipping methods of its zone; nothing is placed (manager, owner)',
          params: CustomerParams,
          body: PhoneOrderPreview,
          response: { 200: Quote, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => previewOrderFor(app.db, request.params.id, request.body, app.pricingRules()),
    );

    app.post(
      '/customers/:id/quotes',
      {
        config: { access: 'orders.create' },
        schema: {
          tags: ['orders'],
          summary:
            'Send a customer a quote: a link that expires, which they open, accept and pay (manager, owner)',
          params: CustomerParams,
          body: QuoteRequest,
          response: { 201: QuoteSent, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await sendQuote(
              app.db,
              app.outbox,
              secret,
              signedIn(request).id,
              request.params.id,
              request.body,
              app.pricingRules(),
            ),
          ),
    );

    app.get(
      '/customers/:id/quotes',
      {
        config: { access: 'customers.read' },
        schema: {
          tags: ['orders'],
          summary: "A customer's quotes, priced as they would be ordered now (manager, owner)",
          params: CustomerParams,
          response: { 200: QuoteList, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await getCustomer(app.db, request.params.id);
        return { quotes: await customerQuotes(app.db, request.params.id, app.pricingRules()) };
      },
    );

    app.get(
      '/quotes/:token',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['orders'],
          summary: 'A quote sent to you, priced as it would be ordered now',
          params: QuoteParams,
          response: { 200: SentQuote, ...errorResponses(401, 404) },
        },
      },
      async (request) =>
        viewQuote(app.db, secret, signedIn(request), request.params.token, app.pricingRules()),
    );

    app.post(
      '/quotes/:token/accept',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['orders'],
          summary: 'Accept a quote sent to you: its order is placed, to pay or put on account',
          params: QuoteParams,
          response: { 201: QuoteAccepted, ...errorResponses(401, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          order: await acceptQuote(
            app.db,
            app.outbox,
            secret,
            signedIn(request),
            request.params.token,
            limits(),
            app.pricingRules(),
          ),
        }),
    );

    if (app.payments.name === 'simulated') {
      const simulated = app.payments as SimulatedProvider;
      app.post(
        '/manage/:id/card-by-phone',
        {
          config: { access: 'orders.create' },
          schema: {
            tags: ['orders'],
            summary:
              'Test mode: charge the card a customer reads out by phone for their unpaid order (manager, owner)',
            params: OrderParams,
            body: CardByPhoneInput,
            response: { 200: Order, ...errorResponses(400, 401, 402, 403, 404, 409) },
          },
        },
        async (request) =>
          chargeCardByPhone(
            app.db,
            app.outbox,
            simulated,
            signedIn(request).id,
            request.params.id,
            request.body,
            request.log,
          ),
      );
    }

    app.post(
      '/manage/:id/lines',
      {
        config: { access: 'orders.edit' },
        schema: {
          tags: ['orders'],
          summary:
            'Add parts to a paid order on account nothing of which has shipped: reserved now, added to its invoice (manager, owner)',
          params: OrderParams,
          body: AddLinesInput,
          response: { 200: Order, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        addToOrder(app.db, app.outbox, signedIn(request).id, request.params.id, request.body),
    );
  };
}
