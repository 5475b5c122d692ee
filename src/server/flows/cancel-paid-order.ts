import type { Order } from '../../contract/orders';
import type { Db } from '../kernel/db';
import type { Outbox } from '../kernel/outbox';
import { cancelPaidInLock, orderNow } from '../modules/orders';
import type { PaymentProvider } from '../modules/payments';
import { sendRefund } from './refund';

/**
 * An admin cancels a paid order nothing of which has shipped: in the order's lock its reservation
 * is released, the reason kept for the customer and a refund of everything claimed; then the
 * refund goes to the provider. A repeat finds the same refund (its key is the order's).
 */
export async function cancelPaidOrder(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  id: string,
  reason: string,
  adminId: string,
): Promise<Order> {
  const refund = await cancelPaidInLock(db, outbox, id, reason, adminId, provider.name);
  if (refund) await sendRefund(db, outbox, provider, refund);
  return orderNow(db, id);
}
