import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PaymentConfirmed,
  PaymentIntentAnswer,
  PaymentIntentInput,
  SimulatedConfirmInput,
} from '../../../contract/payments';
import { markOrderPaid } from '../../flows';
import { AppError } from '../../kernel/errors';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import type { SimulatedProvider } from '../../modules/payments';
import { createPaymentIntent, findOwnIntent } from '../../modules/payments';

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
      async (request) => {
        const { clientSecret, cardNumber, expiry, cvc } = request.body;
        // The client secret is a capability, but it must also be for one of this user's orders: one
        // read finds the intent and checks whose order it is.
        const intent = await findOwnIntent(app.db, clientSecret, signedIn(request).id);
        if (!intent) throw new AppError('NOT_FOUND', 'Payment was not found');
        const confirmed = await simulated.confirm(intent, { number: cardNumber, expiry, cvc });
        // The processor itself reports the success, as Stripe's webhook does: the order is paid even
        // if the customer's page never sends its PATCH (which then changes nothing).
        await markOrderPaid(app.db, app.outbox, app.payments, confirmed.snapshot, request.log, confirmed.row);
        return { status: 'succeeded' as const, transactionId: confirmed.snapshot.id };
      },
    );
  }
};
