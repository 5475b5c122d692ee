import type { Db } from '../../kernel/db/database';
import type { ModuleDescriptor } from '../../kernel/jobs/module-descriptor';
import type { Outbox } from '../../kernel/outbox/outbox';
import { expireUnpaidOrders } from './expiry';

/**
 * Orders, their lines and history, parcels, refunds and returns (decisions 038-040, 061). Unpaid
 * orders past their hold expire in a recurring job, never as a side effect of reading a list.
 */
export const ordersModule: ModuleDescriptor<{
  db: Db;
  outbox: Outbox;
  config: { orders: { expirySweepMs: number } };
  log: { info(details: object, message: string): void };
}> = {
  name: 'modules/orders',
  tables: ['orders', 'order_lines', 'order_events', 'shipments', 'refunds', 'returns'],
  jobs: ({ db, outbox, config, log }) => [
    {
      name: 'expire-unpaid-orders',
      everyMs: config.orders.expirySweepMs,
      run: async () => {
        const count = await expireUnpaidOrders(db, outbox);
        if (count > 0) log.info({ count }, 'expired unpaid orders past their hold');
      },
    },
  ],
};
