import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CheckoutAnswer, CheckoutInput } from '../../../contract/checkout';
import { checkout } from '../../flows';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { perSession } from '../../kernel/limits';
import { orderLimitsOf } from '../../kernel/settings';

/** POST /checkout: the cart becomes an order and its payment, in one call. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/checkout',
    {
      config: { access: 'signedIn', rateLimit: perSession(app.config.rateLimits.ordersPerMinute) },
      schema: {
        tags: ['checkout'],
        summary:
          'Place your cart as one order and open its payment; the same idempotency key answers with the same order',
        body: CheckoutInput,
        response: { 200: CheckoutAnswer, 201: CheckoutAnswer, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const answer = await checkout(
        app.db,
        app.outbox,
        app.payments,
        signedIn(request),
        request.body,
        orderLimitsOf(app.settings.current()),
        app.pricingRules(),
      );
      return reply.status(answer.replayed ? 200 : 201).send(answer);
    },
  );
};
