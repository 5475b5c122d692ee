import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PaymentConfirmed,
  PaymentIntentAnswer,
  PaymentIntentInput,
  SimulatedConfirmInput,
} from '../../../contract/payments';
import { paymentIntents } from '../../db/schema';
import { AppError } from '../../errors';
import { errorResponses } from '../../http/openapi';
import { signedIn } from '../../plugins/auth';
import { getOwnOrder } from '../orders/orders.service';
import { createPaymentIntent, markOrderPaid } from './payments.service';
import type { SimulatedProvider } from './simulated-provider';

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create-payment-intent',
    {
      preHandler: app.requireUser,
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
        preHandler: app.requireUser,
        schema: {
          tags: ['payments'],
          summary: 'Test mode: charge a card with the simulated processor',
          body: SimulatedConfirmInput,
          response: { 200: PaymentConfirmed, ...errorResponses(400, 401, 402, 404) },
        },
      },
      async (request) => {
        const { clientSecret, cardNumber, expiry, cvc } = request.body;
        // The client secret is a capability, but it must also be for one of this user's orders.
        const [intent] = await app.db
          .select()
          .from(paymentIntents)
          .where(eq(paymentIntents.clientSecret, clientSecret));
        if (!intent) throw new AppError('NOT_FOUND', 'Payment was not found');
        await getOwnOrder(app.db, signedIn(request), intent.orderId, { includeClosed: true });
        const confirmed = await simulated.confirm(clientSecret, { number: cardNumber, expiry, cvc });
        // The processor itself reports the success, as Stripe's webhook does: the order is paid even
        // if the customer's page never sends its PATCH (which then changes nothing).
        await markOrderPaid(app.db, confirmed, request.log);
        return { status: 'succeeded' as const, transactionId: confirmed.id };
      },
    );
  }
};
