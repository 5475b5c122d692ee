import type { ModuleDescriptor } from '../../kernel/jobs';

/** Our record of each payment intent, and the provider's webhook events already handled. */
export const paymentsModule: ModuleDescriptor = {
  name: 'modules/payments',
  tables: ['payment_intents', 'processed_webhook_events'],
  // An intent's order (its owner, status and total) and the refund a provider answers for.
  reads: ['orders', 'refunds'],
};

export type { IntentSnapshot, PaymentProvider } from './payment-provider';
export {
  createPaymentIntent,
  findOwnIntent,
  guestPaymentIntent,
  type IntentRow,
  intentById,
  intentOfOrder,
  openPayment,
  recordIntentSucceeded,
  recordPaymentFailure,
} from './payments.service';
export { createSimulatedProvider, type SimulatedProvider } from './simulated-provider';
export { recordWebhookEvent, settleStripeRefund, webhookEventSeen } from './stripe-events';
export { createStripeProvider, snapshotOf, stripeClient } from './stripe-provider';
