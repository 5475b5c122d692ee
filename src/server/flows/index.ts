import type { SQL } from 'drizzle-orm';
import type { Db } from '../kernel/db/database';
import type { ModuleDescriptor } from '../kernel/jobs/module-descriptor';
import type { Outbox } from '../kernel/outbox/outbox';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { PENDING_REFUND_RETRY_MS, retryPendingRefunds } from './refund';

/**
 * The flows: what crosses the order, its payment, prices and stock. Their one job asks the
 * provider again for refunds it has not settled (unreachable, or still processing).
 */
export const flowsModule: ModuleDescriptor<{
  db: Db;
  outbox: Outbox;
  payments: PaymentProvider;
  log: { warn(details: object, message: string): void };
  now: () => SQL | undefined;
}> = {
  name: 'flows',
  jobs: ({ db, outbox, payments, log, now }) => [
    {
      name: 'pending-refunds',
      everyMs: PENDING_REFUND_RETRY_MS,
      run: async () => {
        await retryPendingRefunds(db, outbox, payments, log, now());
      },
    },
  ],
};
