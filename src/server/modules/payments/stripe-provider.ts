import type Stripe from 'stripe';
import type { StripeConfig } from '../../kernel/config';
import type { IntentSnapshot, PaymentProvider, RefundSnapshot } from './payment-provider';

/** The SDK is loaded only by a store that takes cards through Stripe (decision 069). */
export async function stripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Stripe's answer about an intent, in the provider-neutral shape. */
export function snapshotOf(intent: Stripe.PaymentIntent): IntentSnapshot {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const status =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'processing'
        ? 'processing'
        : intent.status === 'requires_action'
          ? 'requires_action'
          : intent.status === 'canceled'
            ? 'failed'
            : 'open';
  return {
    id: intent.id,
    status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
  };
}

/** Stripe's answer about a refund: `requires_action` and `pending` both wait for its webhook. */
export function refundSnapshotOf(refund: Stripe.Refund): RefundSnapshot {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return { id: refund.id, status, failure: status === 'failed' ? (refund.failure_reason ?? 'failed') : null };
}

/** Stripe PaymentIntents: the amount comes from the order; one idempotency key per order and amount. */
export function createStripeProvider(config: StripeConfig, stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey: config.publishableKey,
    async createIntent({ orderId, amountCents, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          metadata: { orderId },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('Stripe returned no client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async refund({ paymentIntentId, amountCents, idempotencyKey, refundId, orderId }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents, metadata: { refundId, orderId } },
        { idempotencyKey },
      );
      return refundSnapshotOf(refund);
    },
    async retrieveIntent(id) {
      return snapshotOf(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    },
  };
}
