import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { ErrorEnvelope } from '../../../contract/errors';
import { markOrderPaid } from '../../flows';
import type { StripeConfig } from '../../kernel/config';
import { AppError } from '../../kernel/errors';
import type { PaymentProvider } from '../../modules/payments';
import {
  recordPaymentFailure,
  recordWebhookEvent,
  settleStripeRefund,
  snapshotOf,
  webhookEventSeen,
} from '../../modules/payments';

/**
 * POST /api/payments/stripe/webhook. Stripe signs the raw body, so this plugin keeps JSON bodies
 * as bytes (encapsulated: other routes still get parsed JSON). Events are handled idempotently:
 * a redelivery or a late payment_failed after a success changes nothing.
 */
export function stripeWebhookRoutes(
  stripe: Stripe,
  config: StripeConfig,
  provider: PaymentProvider,
): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(
      '/payments/stripe/webhook',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const refuse = (message: string) => {
          const body: ErrorEnvelope = { error: { code: 'VALIDATION_FAILED', message } };
          return reply.status(400).send(body);
        };
        if (!config.webhookSecret) return refuse('Webhooks are not set up (STRIPE_WEBHOOK_SECRET)');
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
          return refuse('Missing signature');
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(request.body, signature, config.webhookSecret);
        } catch {
          return refuse('Invalid signature');
        }

        // A redelivery of an event already handled is acknowledged and changes nothing.
        if (await webhookEventSeen(app.db, event.id)) return { received: true };

        if (event.type === 'payment_intent.succeeded') {
          try {
            await markOrderPaid(app.db, app.outbox, provider, snapshotOf(event.data.object), request.log);
          } catch (error) {
            // An intent we did not create (another app on the same Stripe account), or one that can never
            // pay its order (wrong amount: logged for a refund), must not make Stripe retry for days.
            if (
              !(error instanceof AppError && ['NOT_FOUND', 'PAYMENT_FAILED', 'CONFLICT'].includes(error.code))
            )
              throw error;
            request.log.warn(
              { intentId: event.data.object.id, code: error.code },
              'webhook left the order as it was',
            );
          }
        } else if (
          event.type === 'refund.created' ||
          event.type === 'refund.updated' ||
          event.type === 'refund.failed' ||
          event.type === 'charge.refund.updated'
        ) {
          await settleStripeRefund(app.db, app.outbox, event.data.object);
        } else if (event.type === 'charge.refunded') {
          // The charge lists its refunds when Stripe includes them; each is settled by its own id.
          for (const refund of event.data.object.refunds?.data ?? [])
            await settleStripeRefund(app.db, app.outbox, refund);
        } else if (event.type === 'payment_intent.payment_failed') {
          const intent = event.data.object;
          await recordPaymentFailure(app.db, intent.id, intent.last_payment_error?.code ?? 'payment_failed');
        }
        await recordWebhookEvent(app.db, event.id, event.type);
        return { received: true };
      },
    );
  };
}
