import type { Order } from '../../contract/orders';
import type { Db } from '../kernel/db';
import type { Outbox } from '../kernel/outbox';
import { cancelPaidInLock, orderNow } from '../modules/orders';
import type { PaymentProvider } from '../modules/payments';
import { type RefundContext, sendSteps } from './refund';
import { runSteps, STOP, type Step } from './steps';

interface CancelContext extends RefundContext {
  id: string;
  reason: string;
  adminId: string;
}

/**
 * An admin cancels a paid order nothing of which has shipped, top to bottom: in the order's lock
 * its reservation is released, the reason kept for the customer and a refund of everything claimed
 * (one transaction: it is all or nothing); then the refund goes to the provider (the pivot: from
 * there a failure is finished forward, by a repeat or the job) and is settled. A repeat finds the
 * same refund (its key is the order's).
 */
export const cancelPaidSteps: readonly Step<CancelContext>[] = [
  {
    name: 'cancel and claim the refund',
    run: async (ctx) => {
      const claim = await cancelPaidInLock(
        ctx.db,
        ctx.outbox,
        ctx.id,
        ctx.reason,
        ctx.adminId,
        ctx.provider.name,
      );
      if (!claim) return STOP;
      ctx.claim = claim;
      return undefined;
    },
  },
  ...sendSteps,
];

export async function cancelPaidOrder(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  id: string,
  reason: string,
  adminId: string,
): Promise<Order> {
  await runSteps('cancel a paid order', cancelPaidSteps, { db, outbox, provider, id, reason, adminId });
  return orderNow(db, id);
}
