import type { Return } from '../../contract/after-sale';
import type { Db } from '../kernel/db';
import type { Outbox } from '../kernel/outbox';
import { claimRefundOfReturn, returnNow } from '../modules/orders';
import type { PaymentProvider } from '../modules/payments';
import { sendRefund } from './refund';

/**
 * The refund a received return offers (docs/decisions/040), or a core return's (061): claimed in
 * the order's lock (its lines with their share of tax less the restocking fee; a core return's
 * charges and their tax, no fee), then sent to the provider and settled. The return reads refunded.
 */
export async function refundReturn(
  db: Db,
  outbox: Outbox,
  provider: PaymentProvider,
  id: string,
  adminId: string,
  feePercent: number,
): Promise<Return> {
  const claim = await claimRefundOfReturn(db, id, adminId, feePercent, provider.name);
  await sendRefund(db, outbox, provider, claim);
  return returnNow(db, id, claim.orderId);
}
