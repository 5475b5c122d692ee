import { and, eq, like } from 'drizzle-orm';
import { afterSaleMessages } from '../../../contract/after-sale';
import { isUuid } from '../../../contract/ids';
import { type OrderAction, orderMachine } from '../../../contract/order-transitions';
import { closedUnpaidStatuses, ORDER_NOT_FOUND, type Order } from '../../../contract/orders';
import type { PaymentProviderName } from '../../../contract/payments';
import type { Db } from '../../kernel/db';
import { orders, refunds } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { Outbox } from '../../kernel/outbox';
import { balancePaymentsOf } from './balance-due';
import { AfterSaleRefused, OrderNotFound } from './order-errors';
import { toOneOrder } from './order-read';
import { applyOrderEvent, type EventContext, lockOrder, type OrderRow, recordEvent } from './order-state';
import { claimInLock, everythingLeft, type RefundRow } from './refunds';

/** Whether the screens' action may be taken on the order: the order machine's word, as on the web. */
const offered = (row: { status: OrderRow['status'] }, action: OrderAction) =>
  orderMachine.offers(row.status).includes(action);

/**
 * The spec's DELETE of an unpaid order, by its customer or an admin: the order is cancelled (kept
 * for the record) and its stock returns. Paid orders cannot be deleted (409).
 */
export async function cancelUnpaidOrder(
  db: Db,
  outbox: Outbox,
  id: string,
  // A guest's order is cancelled by whoever holds its signed link, which the caller checked.
  who: { userId: string; admin: boolean } | { orderLink: true },
): Promise<{ deletedCount: number }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return db.transaction(async (tx) => {
    if ('orderLink' in who) {
      const row = await lockOrder(tx, id);
      if (!offered(row, 'delete'))
        throw new AppError('CONFLICT', 'Only an unpaid order can be cancelled here');
      await applyOrderEvent(tx, row, { type: 'cancel' }, { outbox, actor: 'customer', actorUserId: null });
      return { deletedCount: 1 };
    }
    const row = await lockOrder(tx, id, who.admin ? undefined : who.userId);
    if (closedUnpaidStatuses.includes(row.status)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    // The spec's delete is for unpaid orders; a paid one is cancelled with its refund (cancelPaidOrder).
    if (!offered(row, 'delete')) throw new AppError('CONFLICT', 'Paid orders cannot be deleted');
    const context: EventContext = {
      outbox,
      actor: who.admin ? 'admin' : 'customer',
      actorUserId: who.userId,
    };
    await applyOrderEvent(tx, row, { type: 'cancel' }, context);
    return { deletedCount: 1 };
  });
}

/**
 * An admin cancels a paid order nothing of which has shipped, in the order's lock: its reservation
 * is released, the reason kept for the customer and a refund of everything claimed (sent to the
 * provider by the caller, flows/cancel-paid-order.ts). An order that took balance payments for
 * parts added (decision 104) is refunded one claim per payment, those first (a provider refunds one
 * payment at a time); what it still owed is no longer owed. A repeat finds the same refunds (their
 * keys are the order's); none when nothing was left to refund.
 */
export async function cancelPaidInLock(
  db: Db,
  outbox: Outbox,
  id: string,
  reason: string,
  adminId: string,
  providerName: PaymentProviderName,
): Promise<RefundRow[]> {
  if (!isUuid(id)) throw new OrderNotFound();
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (row.status === 'cancelled' && row.paidAt !== null)
      return tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.orderId, row.id), like(refunds.key, `${cancelKey(row.id)}%`)))
        .orderBy(refunds.createdAt);
    if (row.status === 'partially_shipped' || row.status === 'shipped')
      throw new AfterSaleRefused('CONFLICT', afterSaleMessages.cancelShipped);
    if (!offered(row, 'cancelPaid')) throw new AfterSaleRefused('CONFLICT', afterSaleMessages.cancelNotPaid);
    const claims: RefundRow[] = [];
    for (const payment of await balancePaymentsOf(tx, row.id)) {
      const room = payment.amountCents - payment.refundedCents;
      if (room <= 0) continue;
      claims.push(
        await claimInLock(
          tx,
          row,
          { amountCents: room, paymentIntentId: payment.id, restock: false, reason },
          `${cancelKey(row.id)}:${payment.id}`,
          adminId,
          providerName,
        ),
      );
    }
    const claimedAll = claims.reduce((sum, c) => sum + c.amountCents, 0);
    if (row.refundedCents + claimedAll < row.totalCents)
      claims.push(
        await claimInLock(
          tx,
          row,
          { ...(await everythingLeft(tx, row)), restock: false, reason },
          cancelKey(row.id),
          adminId,
          providerName,
        ),
      );
    await applyOrderEvent(
      tx,
      row,
      { type: 'cancel', reason },
      { outbox, actor: 'admin', actorUserId: adminId, note: reason },
    );
    return claims;
  });
}

const cancelKey = (orderId: string) => `cancel:${orderId}`;

/**
 * A customer asks to cancel a paid order nothing of which has shipped; the request is kept on the
 * order and in its history, and an admin decides (cancelPaidOrder). Asking twice changes nothing.
 */
export async function requestCancellation(
  db: Db,
  outbox: Outbox,
  id: string,
  // A guest's order: whoever holds its signed link, which the caller checked.
  me: { id: string } | { orderLink: true },
  note: string | undefined,
): Promise<Order> {
  if (!isUuid(id)) throw new OrderNotFound();
  const ownerId = 'orderLink' in me ? undefined : me.id;
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id, ownerId);
    if (row.status === 'unpaid')
      throw new AppError('CONFLICT', 'Delete an unpaid order instead; nothing was charged');
    if (!offered(row, 'askToCancel')) throw new AfterSaleRefused('CONFLICT', afterSaleMessages.cancelNotPaid);
    if (row.cancelRequestedAt) return toOneOrder(tx, row);
    const now = new Date();
    const [asked] = await tx
      .update(orders)
      .set({ cancelRequestedAt: now, cancelRequestNote: note ?? null })
      .where(eq(orders.id, row.id))
      .returning();
    if (!asked) throw new Error('order vanished under its lock');
    await recordEvent(
      tx,
      asked,
      'cancel_requested',
      row.status,
      { outbox, actor: 'customer', actorUserId: ownerId ?? null, note: note ?? null },
      now,
    );
    return toOneOrder(tx, asked);
  });
}
