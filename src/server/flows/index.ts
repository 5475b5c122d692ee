import type { SQL } from 'drizzle-orm';
import type { Db } from '../kernel/db';
import type { ModuleDescriptor } from '../kernel/jobs';
import type { Outbox } from '../kernel/outbox';
import type { PaymentProvider } from '../modules/payments';
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
  // A checkout's order read back, and the product row an order is placed for.
  reads: ['orders', 'products'],
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

export { buyAgain } from './buy-again';
export { cancelPaidOrder } from './cancel-paid-order';
export { checkout } from './checkout';
export { guestCheckout } from './guest-checkout';
export {
  confirmOrderPayment,
  confirmSimulatedPayment,
  guestMarkPaid,
  guestSimulatedConfirm,
  markOrderPaid,
} from './pay';
export { placeOrder } from './place-order';
export { refundOrder } from './refund';
export { refundReturn } from './return-refund';
export {
  acceptQuote,
  addToOrder,
  chargeCardByPhone,
  customerQuotes,
  placeOrderFor,
  previewOrderFor,
  quotePath,
  sendQuote,
  viewQuote,
} from './staff-orders';
