import { accountRoot } from '@web/lib/query-keys';

export const paymentKeys = {
  intent: (orderId: string) => [...accountRoot, 'payment-intent', orderId] as const,
};
