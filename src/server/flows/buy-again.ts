import type { BuyAgainAnswer } from '../../contract/trade';
import type { Db } from '../kernel/db';
import type { SessionUser } from '../kernel/identity';
import { putBackInCart } from '../modules/cart';
import { getOwnOrder } from '../modules/orders';

/**
 * Buy again: one of the customer's own past orders (any status, a cancelled one too), its lines
 * put back into their cart in the order's order. The order is read as sold; the cart prices each
 * line at today's price and stock when it is read, so nothing of the old prices comes back.
 */
export async function buyAgain(db: Db, me: SessionUser, orderId: string): Promise<BuyAgainAnswer> {
  const { order } = await getOwnOrder(db, me, orderId, { includeClosed: true });
  return putBackInCart(
    db,
    me.id,
    order.lines.map((l) => ({ toolId: l.toolId, name: l.name, quantity: l.quantity })),
  );
}
