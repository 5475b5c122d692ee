import type { ModuleDescriptor } from '../../kernel/jobs/module-descriptor';

/** Our record of each payment intent, and the provider's webhook events already handled. */
export const paymentsModule: ModuleDescriptor = {
  name: 'modules/payments',
  tables: ['payment_intents', 'processed_webhook_events'],
};
