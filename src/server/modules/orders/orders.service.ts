import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Address } from '../../../contract/addresses';
import { CART_EMPTY } from '../../../contract/cart';
import { totalChangedMessage } from '../../../contract/checkout';
import { outOfStockMessage } from '../../../contract/inventory';
import { formatCents } from '../../../contract/money';
import {
  closedUnpaidStatuses,
  maximumQuantityMessage,
  minimumQuantityMessage,
  ORDER_NOT_FOUND,
  type Order,
  type OrderEvent,
  type OrderInput,
  type OrderLine,
  orderNumber,
  paidStatuses,
  tooManyReservedUnitsMessage,
  tooManyUnpaidOrdersMessage,
} from '../../../contract/orders';
import type { ShippingMethod } from '../../../contract/pricing';
import type { PricingConfig } from '../../config/config';
import type { Db, Tx } from '../../db/database';
import { orderEvents, orderLines, orders, tools } from '../../db/schema';
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
import { totalsFor } from '../pricing/pricing';
import {
  applyOrderEvent,
  type EventContext,
  lockExpiredOrders,
  lockOrder,
  type OrderRow,
  orderItems,
  recordEventStatement,
} from './order-state';

export type { OrderRow };

/** How long an unpaid order holds its stock, and how much one customer's unpaid orders may hold. */
export interface OrderLimits {
  holdMs: number;
  maxUnpaidOrders: number;
  maxReservedUnits: number;
}

export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * Database rows to the wire. A one-line order's line is its own row's product, name, price and
 * quantity, so its lines need no second read; a longer order's lines are passed in.
 */
export function toOrder(row: OrderRow, lineRows?: OrderLineRow[]): Order {
  const lines: OrderLine[] = lineRows
    ? lineRows.map((l) => ({
        toolId: l.toolId,
        name: l.toolName,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        lineTotalCents: l.unitPriceCents * l.quantity,
      }))
    : [
        {
          toolId: row.toolId,
          name: row.toolName,
          unitPriceCents: row.unitPriceCents,
          quantity: row.quantity,
          lineTotalCents: row.unitPriceCents * row.quantity,
        },
      ];
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
    number: orderNumber(row.number),
    lines,
    itemCount: row.quantity,
    amounts: {
      subtotalCents: row.subtotalCents,
      shippingCents: row.shippingCents,
      taxCents: row.taxCents,
      totalCents: row.totalCents,
    },
    shippingMethod: row.shippingMethod,
    shippingAddress: row.shippingAddress ?? null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
  };
}

/** The lines of those orders that have more than one, by order id. */
export async function linesOf(db: Db | Tx, rows: OrderRow[]): Promise<Map<string, OrderLineRow[]>> {
  const ids = rows.filter((r) => r.lineCount > 1).map((r) => r.id);
  const byOrder = new Map<string, OrderLineRow[]>();
  if (ids.length === 0) return byOrder;
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(line);
    byOrder.set(line.orderId, list);
  }
  return byOrder;
}

/** Rows to the wire with their lines, in two reads at most. */
export async function toOrders(db: Db | Tx, rows: OrderRow[]): Promise<Order[]> {
  const lines = await linesOf(db, rows);
  return rows.map((row) => toOrder(row, lines.get(row.id)));
}

export const toOneOrder = async (db: Db | Tx, row: OrderRow) => (await toOrders(db, [row]))[0] as Order;

const quantityIssue = (message: string, path = 'orderQuantity') =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);

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

/** What a new order is made of; prices are never part of it (they are read under the stock lock). */
export interface NewOrder {
  lines: { toolId: string; quantity: number }[];
  phone: string;
  shippingMethod: ShippingMethod;
  shippingAddress: Address | null;
  /** The checkout's idempotency key. */
  checkoutKey?: string;
  /** The total the buyer was shown: a different total now is refused, not charged. */
  expectedTotalCents?: number;
  /** How a line that cannot be had is reported: the spec's order modal has its own words. */
  refusals: 'order-modal' | 'checkout';
}

/** A line that cannot be had: which product, and why, in the words of the page that asked. */
async function lineRefusal(tx: Tx, error: OutOfStock, quantity: number, refusals: NewOrder['refusals']) {
  const [row] = await tx
    .select({ minimum: tools.minimumOrderQuantity, retiredAt: tools.retiredAt })
    .from(tools)
    .where(eq(tools.id, error.toolId));
  if (!row || row.retiredAt) return notFound('Tool');
  if (refusals === 'checkout') return new OutOfStock(error.toolId, error.toolName, error.left);
  if (quantity < row.minimum) return quantityIssue(minimumQuantityMessage(row.minimum));
  if (error.left < row.minimum) return new AppError('OUT_OF_STOCK', outOfStockMessage(error.toolName, 0));
  return quantityIssue(maximumQuantityMessage(error.left));
}

const summaryName = (first: string, others: number) => (others === 0 ? first : `${first} and ${others} more`);

/**
 * Places an order inside the caller's transaction: within the customer's caps, every line's stock
 * is reserved through the inventory module (products locked in id order, so two carts sharing
 * products queue instead of deadlocking; one short line throws and nothing stays reserved), the
 * prices are read under those locks, the totals computed, and the order, its lines and its first
 * history row written.
 */
export async function insertOrder(
  tx: Tx,
  me: SessionUser,
  order: NewOrder,
  limits: OrderLimits,
  pricing: PricingConfig,
  now = new Date(),
): Promise<{ row: OrderRow; lines: OrderLineRow[] }> {
  const units = order.lines.reduce((sum, l) => sum + l.quantity, 0);
  // The id is known before the row exists, so the reservations' ledger rows can name their order
  // (the reference is checked at commit).
  const id = randomUUID();
  await checkUnpaidCaps(tx, me.id, units, limits);
  let moved: Map<string, MovedTool>;
  try {
    if (order.lines.some((l) => l.quantity < 1)) throw new OutOfStock(order.lines[0]?.toolId ?? '', '', 0);
    moved = await moveStock(
      tx,
      order.lines.map((l) => ({ toolId: l.toolId, delta: -l.quantity, reason: 'order_placed', orderId: id })),
    );
  } catch (error) {
    if (!(error instanceof OutOfStock)) throw error;
    const line = order.lines.find((l) => l.toolId === error.toolId);
    throw await lineRefusal(tx, error, line?.quantity ?? 0, order.refusals);
  }
  // Refusals after the moves roll them back with the transaction.
  const lineRows: OrderLineRow[] = order.lines.map((line, index) => {
    const tool = moved.get(line.toolId);
    if (!tool) throw notFound('Tool');
    if (tool.retired)
      throw order.refusals === 'order-modal'
        ? notFound('Tool')
        : new AppError('CONFLICT', `${tool.name} is no longer sold. Remove it from your cart to go on.`);
    if (line.quantity < tool.minimumOrderQuantity) {
      const message = minimumQuantityMessage(tool.minimumOrderQuantity);
      throw order.refusals === 'order-modal'
        ? quantityIssue(message)
        : quantityIssue(`${tool.name}: ${message}`, `lines.${index}.quantity`);
    }
    return {
      orderId: id,
      lineNo: index + 1,
      toolId: line.toolId,
      toolName: tool.name,
      unitPriceCents: tool.priceCents,
      quantity: line.quantity,
    };
  });
  const subtotalCents = lineRows.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const totals = totalsFor(pricing, subtotalCents, {
    shippingMethod: order.shippingMethod,
    region: order.shippingAddress?.region,
  });
  if (order.expectedTotalCents !== undefined && order.expectedTotalCents !== totals.totalCents) {
    throw new AppError('CONFLICT', totalChangedMessage(formatCents(totals.totalCents)));
  }
  const [first] = lineRows;
  if (!first) throw new AppError('CONFLICT', CART_EMPTY);
  const single = lineRows.length === 1;
  const [row] = await tx
    .insert(orders)
    .values({
      id,
      toolId: first.toolId,
      userId: me.id,
      toolName: summaryName(first.toolName, lineRows.length - 1),
      unitPriceCents: single ? first.unitPriceCents : subtotalCents,
      quantity: units,
      subtotalCents,
      shippingCents: totals.shippingCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      shippingMethod: order.shippingMethod,
      shippingAddress: order.shippingAddress,
      lineCount: lineRows.length,
      checkoutKey: order.checkoutKey ?? null,
      userName: me.name,
      userEmail: me.email,
      phone: order.phone,
      status: 'unpaid',
      createdAt: now,
      expiresAt: new Date(now.getTime() + limits.holdMs),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await tx.execute(
    sql`with lines as (insert into ${orderLines} (order_id, line_no, tool_id, tool_name, unit_price_cents, quantity) values ${sql.join(
      lineRows.map(
        (l) =>
          sql`(${l.orderId}, ${l.lineNo}, ${l.toolId}, ${l.toolName}, ${l.unitPriceCents}, ${l.quantity})`,
      ),
      sql`, `,
    )}) ${recordEventStatement(row, 'place', null, { actor: 'customer', actorUserId: me.id }, now)}`,
  );
  return { row, lines: lineRows };
}

/**
 * The spec's POST /order: a one-line order with standard shipping and the default tax, its
 * refusals in the order modal's words.
 */
export async function placeOrder(
  db: Db,
  me: SessionUser,
  input: OrderInput,
  limits: OrderLimits,
  pricing: PricingConfig,
  now = new Date(),
): Promise<Order> {
  if (!isUuid(input.orderId)) throw notFound('Tool');
  return db.transaction(async (tx) => {
    const { row } = await insertOrder(
      tx,
      me,
      {
        lines: [{ toolId: input.orderId, quantity: input.orderQuantity }],
        phone: input.phone,
        shippingMethod: 'standard',
        shippingAddress: null,
        refusals: 'order-modal',
      },
      limits,
      pricing,
      now,
    );
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
      const items = await Promise.all(due.map((row) => orderItems(tx, row)));
      await lockToolsInOrder(
        tx,
        items.flat().map((item) => item.toolId),
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
  return toOrders(db, rows);
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

/**
 * An admin ships a paid order (only `pending` ones: 409 otherwise), with the carrier and tracking
 * number when given; the customer sees them on the order and in the shipped mail.
 */
export async function shipOrder(
  db: Db,
  id: string,
  adminId: string,
  tracking: { carrier?: string | undefined; trackingNumber?: string | undefined } = {},
): Promise<Order> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (closedUnpaidStatuses.includes(row.status)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    const shipped = await applyOrderEvent(tx, row, 'ship', {
      actor: 'admin',
      actorUserId: adminId,
      shipment: { carrier: tracking.carrier || null, trackingNumber: tracking.trackingNumber || null },
    });
    return toOneOrder(tx, shipped);
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
