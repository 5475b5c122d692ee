import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import { outOfStockMessage } from '../../../contract/inventory';
import {
  closedUnpaidStatuses,
  maximumQuantityMessage,
  minimumQuantityMessage,
  ORDER_NOT_FOUND,
  type Order,
  type OrderEvent,
  type OrderInput,
  paidStatuses,
  tooManyReservedUnitsMessage,
  tooManyUnpaidOrdersMessage,
} from '../../../contract/orders';
import type { Db, Tx } from '../../db/database';
import { orderEvents, orders, tools } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { isUuid } from '../catalog/catalog.service';
import {
  lockToolsInOrder,
  type MovedTool,
  moveStock,
  OutOfStock,
  rowsOf,
} from '../inventory/inventory.service';
import {
  applyOrderEvent,
  type EventContext,
  lockExpiredOrders,
  lockOrder,
  type OrderRow,
  recordEvent,
} from './order-state';

export type { OrderRow };

/** How long an unpaid order holds its stock, and how much one customer's unpaid orders may hold. */
export interface OrderLimits {
  holdMs: number;
  maxUnpaidOrders: number;
  maxReservedUnits: number;
}

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    orderId: row.toolId,
    orderName: row.toolName,
    price: row.unitPriceCents / 100,
    orderQuantity: row.quantity,
    total: row.totalCents / 100,
    userName: row.userName,
    userEmail: row.userEmail,
    phone: row.phone,
    paid: paidStatuses.includes(row.status),
    status: row.status,
    transactionId: row.transactionId,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.status === 'unpaid' && row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

const quantityIssue = (message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: 'orderQuantity', message }]);

/**
 * Nobody empties the shelves without paying: one customer's open unpaid orders, and the units they
 * hold, are capped. A per-customer transaction lock makes two orders sent at once count each other.
 */
async function checkUnpaidCaps(tx: Tx, userId: string, quantity: number, limits: OrderLimits) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`unpaid:${userId}`}, 0))`);
  const [held] = rowsOf<{ n: number; units: number }>(
    await tx.execute(sql`
      select count(*)::int as n, coalesce(sum(quantity), 0)::int as units
      from ${orders} where user_id = ${userId} and status = 'unpaid'`),
  );
  const n = Number(held?.n ?? 0);
  const units = Number(held?.units ?? 0);
  if (n >= limits.maxUnpaidOrders)
    throw new AppError('CONFLICT', tooManyUnpaidOrdersMessage(limits.maxUnpaidOrders));
  if (units + quantity > limits.maxReservedUnits)
    throw new AppError('CONFLICT', tooManyReservedUnitsMessage(limits.maxReservedUnits, units));
}

/**
 * Place an order: within the customer's caps, reserve the tool's stock through the inventory module
 * and create the unpaid order with its first history row, all in one transaction. The reservation
 * is one conditional update of the tool's row, so concurrent buyers queue on it and the stock can
 * never be sold twice; any refusal after it rolls the reservation back.
 */
export async function placeOrder(
  db: Db,
  me: SessionUser,
  input: OrderInput,
  limits: OrderLimits,
  now = new Date(),
): Promise<Order> {
  if (!isUuid(input.orderId)) throw notFound('Tool');
  const quantity = input.orderQuantity;
  // The id is known before the row exists, so the reservation's ledger row can name its order (the
  // reference is checked at commit).
  const id = randomUUID();
  return db.transaction(async (tx) => {
    await checkUnpaidCaps(tx, me.id, quantity, limits);
    let tool: MovedTool | undefined;
    try {
      if (quantity < 1) throw new OutOfStock(input.orderId, '', 0);
      const moved = await moveStock(tx, [
        { toolId: input.orderId, delta: -quantity, reason: 'order_placed', orderId: id },
      ]);
      tool = moved.get(input.orderId);
    } catch (error) {
      if (!(error instanceof OutOfStock)) throw error;
      // Why it cannot be had, in the order modal's words.
      const [row] = await tx
        .select({ minimum: tools.minimumOrderQuantity, retiredAt: tools.retiredAt })
        .from(tools)
        .where(eq(tools.id, input.orderId));
      if (!row || row.retiredAt) throw notFound('Tool');
      if (quantity < row.minimum) throw quantityIssue(minimumQuantityMessage(row.minimum));
      if (error.left < row.minimum) throw new AppError('OUT_OF_STOCK', outOfStockMessage(error.toolName, 0));
      throw quantityIssue(maximumQuantityMessage(error.left));
    }
    // Refusals after the move roll it back with the transaction.
    if (!tool || tool.retired) throw notFound('Tool');
    if (quantity < tool.minimumOrderQuantity)
      throw quantityIssue(minimumQuantityMessage(tool.minimumOrderQuantity));

    const [row] = await tx
      .insert(orders)
      .values({
        id,
        toolId: input.orderId,
        userId: me.id,
        toolName: tool.name,
        unitPriceCents: tool.priceCents,
        quantity,
        totalCents: tool.priceCents * quantity,
        userName: me.name,
        userEmail: me.email,
        phone: input.phone,
        status: 'unpaid',
        createdAt: now,
        expiresAt: new Date(now.getTime() + limits.holdMs),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordEvent(tx, row, 'place', null, { actor: 'customer', actorUserId: me.id }, now);
    return toOrder(row);
  });
}

/**
 * Expires unpaid orders whose hold has passed, oldest first, in batches: each becomes `expired`
 * through the state machine, which returns its stock. Rows another runner holds are skipped, so
 * several instances sweeping at once never expire an order twice. Returns how many expired.
 */
export async function expireUnpaidOrders(db: Db, now = new Date(), batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const due = await lockExpiredOrders(tx, now, batch);
      // The batch's products locked in id order first, as every stock move locks them: two sweeps
      // that overlap queue on the first shared product instead of deadlocking.
      await lockToolsInOrder(
        tx,
        due.map((row) => row.toolId),
      );
      for (const row of due) await applyOrderEvent(tx, row, 'expire', { actor: 'system', now });
      return due.length;
    });
    total += expired;
    if (expired < batch) return total;
  }
}

/** The signed-in customer's orders, newest first; cancelled and expired ones are gone for them. */
export async function listOwnOrders(db: Db, me: SessionUser): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, me.id), notInArray(orders.status, [...closedUnpaidStatuses])))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
}

/**
 * An order of this user's; another customer's order is simply not found (never a leak). Cancelled
 * and expired orders count as gone, except for a payment that was already under way.
 */
export async function getOwnOrder(
  db: Db | Tx,
  me: SessionUser,
  id: string,
  { includeClosed = false } = {},
): Promise<OrderRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.userId, me.id),
        includeClosed ? undefined : notInArray(orders.status, [...closedUnpaidStatuses]),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return row;
}

/**
 * The spec's DELETE of an unpaid order, by its customer or an admin: the order is cancelled (kept
 * for the record) and its stock returns. Paid orders cannot be deleted (409).
 */
export async function cancelUnpaidOrder(
  db: Db,
  id: string,
  who: { userId: string; admin: boolean },
): Promise<{ deletedCount: number }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id, who.admin ? undefined : who.userId);
    if (closedUnpaidStatuses.includes(row.status)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    const context: EventContext = { actor: who.admin ? 'admin' : 'customer', actorUserId: who.userId };
    await applyOrderEvent(tx, row, 'cancel', context);
    return { deletedCount: 1 };
  });
}

/** An admin ships a paid order (only `pending` ones: 409 otherwise). */
export async function shipOrder(db: Db, id: string, adminId: string): Promise<Order> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (closedUnpaidStatuses.includes(row.status)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    return toOrder(await applyOrderEvent(tx, row, 'ship', { actor: 'admin', actorUserId: adminId }));
  });
}

/** An order's history, oldest first; `ownerId` limits it to that customer's orders. */
export async function orderHistory(db: Db, id: string, ownerId?: string): Promise<OrderEvent[]> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), ownerId ? eq(orders.userId, ownerId) : undefined));
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.id));
  return rows.map((r) => ({
    event: r.event,
    from: r.fromStatus,
    to: r.toStatus,
    actor: r.actor,
    note: r.note,
    at: r.createdAt.toISOString(),
  }));
}
