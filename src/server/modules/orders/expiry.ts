import type { Db } from '../../kernel/db';
import type { Outbox } from '../../kernel/outbox';
import { lockProductsInOrder } from '../inventory';
import { applyOrderEvent, lockExpiredOrders, orderLinesOf } from './order-state';

/**
 * Expires unpaid orders whose hold has passed, oldest first, in batches: each becomes `expired`
 * through the state machine, which returns its stock. Rows another runner holds are skipped, so
 * several instances sweeping at once never expire an order twice. Returns how many expired.
 */
export async function expireUnpaidOrders(
  db: Db,
  outbox: Outbox,
  now = new Date(),
  batch = 100,
): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const due = await lockExpiredOrders(tx, now, batch);
      // The batch's products locked in id order first, as every stock move locks them: two sweeps
      // that overlap queue on the first shared product instead of deadlocking.
      const items = await Promise.all(due.map((row) => orderLinesOf(tx, row.id)));
      await lockProductsInOrder(
        tx,
        items.flat().map((item) => item.productId),
      );
      for (const row of due)
        await applyOrderEvent(tx, row, { type: 'expire' }, { outbox, actor: 'system', now });
      return due.length;
    });
    total += expired;
    if (expired < batch) return total;
  }
}
