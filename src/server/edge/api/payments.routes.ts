import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PaymentConfirmed,
  PaymentIntentAnswer,
  PaymentIntentInput,
  SimulatedConfirmInput,
} from '../../../contract/payments';
import { confirmSimulatedPayment } from '../../flows';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import type { SimulatedProvider } from '../../modules/payments';
import { createPaymentIntent } from '../../modules/payments';

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create-payment-intent',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['payments'],
        summary: 'Open the payment for one of your unpaid orders; the amount comes from the order',
        body: PaymentIntentInput,
        response: { 200: PaymentIntentAnswer, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => createPaymentIntent(app.db, app.payments, signedIn(request), request.body.orderId),
  );

  if (app.payments.name === 'simulated') {
    const simulated = app.payments as SimulatedProvider;
    app.post(
      '/payments/simulated/confirm',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['payments'],
          summary: 'Test mode: charge a card with the simulated processor',
          body: SimulatedConfirmInput,
          response: { 200: PaymentConfirmed, ...errorResponses(400, 401, 402, 404) },
        },
      },
      async (request) =>
        confirmSimulatedPayment(app.db, app.outbox, simulated, signedIn(request), request.body, request.log),
    );
  }
};
