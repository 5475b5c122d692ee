import type { ModuleDescriptor } from '../../kernel/jobs';
import { subscribe } from '../../kernel/outbox';
import { orderWebhookHandler } from './order-webhook';

/**
 * The order webhook: each order change POSTed to ORDER_WEBHOOK_URL (decision 035). Without an
 * address no row is written for it at all (every instance runs with the same configuration).
 */
export const webhooksModule: ModuleDescriptor<{
  config: { orderWebhook: { url: string; secret: string | undefined } | undefined };
}> = {
  name: 'edge/webhooks',
  subscribers: ({ config }) => [
    subscribe(
      'order-webhook',
      ['order.status_changed'],
      orderWebhookHandler(config.orderWebhook),
      () => config.orderWebhook !== undefined,
    ),
  ],
};
