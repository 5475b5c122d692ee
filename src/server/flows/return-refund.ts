import type { Return } from '../../contract/after-sale';
import type { Db } from '../kernel/db';
import type { Outbox } from '../kernel/outbox';
import { claimRefundOfReturn, returnNow } from '../modules/orders';
import type { PaymentProvider } from '../modules/payments';
import { type RefundContext, sendSteps } from './refund';
import { runSteps, type Step } from './steps';

interface ReturnRefundContext extends RefundContext {
  id: string;
  adminId: string;
  feePercent: number;
  toStoreCredit: boolean;
}

/**
 * The refund a received return offers (docs/decisions/040), or a core return's (061), top to
 * bottom: claimed in the order's lock (its lines with their share of tax less the restocking fee; a
 * core return's charges and their tax, no fee), the return reading refunded in the same
 * transaction; then sent to the provider (the pivot) and settled. A core return's refund is the
 * same flow: only its claim differs, and the return machine moves both the same way.
 */
export const returnRefundSteps: readonly Step<ReturnRefundContext>[] = [
  {
    name: 'claim the return refund',
    run: async (ctx) => {
      ctx.claim = await claimRefundOfReturn(
        ctx.db,
        ctx.id,
        ctx.adminId,
        ctx.feePercent,
        ctx.provider.name,
        ctx.toStoreCredit,
      );
      return undefined;
    },
  },
  ...sendSteps,
];

export async function refundReturn(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  id: string,
  adminId: string,
  feePercent: number,
  /** Given as store credit rather than back to the card (decision 100). */
  toStoreCredit = false,
): Promise<Return> {
  const done = await runSteps('return refund', returnRefundSteps, {
    db,
    outbox,
    provider,
    id,
    adminId,
    feePercent,
    toStoreCredit,
  });
  if (!done.claim) throw new Error('a return refund ended without its claim');
  return returnNow(db, id, done.claim.orderId);
}
