import type { Order } from '../../contract/orders';
import type { Db } from '../kernel/db';
import type { Outbox } from '../kernel/outbox';
import { cancelPaidInLock, orderNow, type RefundRow } from '../modules/orders';
import type { PaymentProvider } from '../modules/payments';
import { type RefundContext, sendSteps } from './refund';
import { runSteps, STOP, type Step } from './steps';

interface CancelContext extends RefundContext {
  id: string;
  reason: string;
  adminId: string;
  /** One refund per payment the order took (decision 104); `claim` is the one being sent. */
  claims?: RefundRow[];
}

/**
 * An admin cancels a paid order nothing of which has shipped, top to bottom: in the order's lock
 * its reservation is released, the reason kept for the customer and a refund of everything claimed
 * (one transaction: it is all or nothing); then the refund goes to the provider (the pivot: from
 * there a failure is finished forward, by a repeat or the job) and is settled. A repeat finds the
 * same refunds (their keys are the order's). An order paid in several payments (parts added after
 * it was paid) has one refund per payment, each sent and settled in turn.
 */
export const cancelPaidSteps: readonly Step<CancelContext>[] = [
  {
    name: 'cancel and claim the refund',
    run: async (ctx) => {
      const claims = await cancelPaidInLock(
        ctx.db,
        ctx.outbox,
        ctx.id,
        ctx.reason,
        ctx.adminId,
        ctx.provider.name,
      );
      if (claims.length === 0) return STOP;
      ctx.claims = claims;
      return undefined;
    },
  },
  {
    name: 'send each refund',
    run: async (ctx) => {
      for (const claim of ctx.claims ?? []) {
        await runSteps('send a refund of a cancelled order', sendSteps, { ...ctx, claim });
      }
      return undefined;
    },
  },
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
