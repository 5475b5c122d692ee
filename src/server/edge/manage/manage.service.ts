import { and, asc, count, desc, eq, gte, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { OrdersBehindFigure } from '../../../contract/books';
import { isUuid } from '../../../contract/ids';
import { centsToDollars } from '../../../contract/money';
import {
  closedUnpaidStatuses,
  type DeskOrder,
  ORDER_NOT_FOUND,
  type Order,
  type OrderStatus,
  orderNumber,
  paidStatuses,
  type StoreStats,
  toWireStatus,
  type WireOrderStatus,
  wireOrderStatuses,
  withoutMoney,
} from '../../../contract/orders';
import type { PackingSlip } from '../../../contract/packing-slip';
import { type AccountRole, may } from '../../../contract/roles';
import type { Db } from '../../kernel/db';
import { orderLines, orders, products } from '../../kernel/db';
import { AppError } from '../../kernel/errors';

import { ordersBehind } from '../../modules/books';
import { heldByOrder, productStock } from '../../modules/inventory';
import { toOneOrder, toOrders } from '../../modules/orders';

/** Cap on one answer of GET /manage, newest first. */
export const MANAGE_LIST_LIMIT = 1000;

/**
 * An order as the desk shows it to `role`: whole to those who see its money (`orders.money`),
 * without prices, totals, refunds or payment to staff (decision 079).
 */
export const forDesk = (order: Order, role: AccountRole): DeskOrder =>
  may(role, 'orders.money') ? order : withoutMoney(order);

/** GET /manage: every order of a status, or every live one (cancelled and expired only when asked for). */
export async function listAllOrders(
  db: Db,
  status: OrderStatus | undefined,
  behind: OrdersBehindFigure = {},
): Promise<Order[]> {
  // The orders behind a figure of the books are those it sums, whatever their status now.
  const figure = ordersBehind(behind);
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        status
          ? eq(orders.status, status)
          : figure
            ? undefined
            : notInArray(orders.status, [...closedUnpaidStatuses]),
        figure,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MANAGE_LIST_LIMIT);
  return toOrders(db, rows);
}

/** GET /manage/:id: any order, with its lines. */
export async function getAnyOrder(db: Db, id: string): Promise<Order> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return toOneOrder(db, row);
}

/**
 * GET /manage/:id/packing-slip: an order's lines with their products' SKU and part number, in the
 * order's line order, and what is still to ship of each.
 */
export async function packingSlip(db: Db, id: string): Promise<PackingSlip> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const rows = await db
    .select({
      number: orders.number,
      productId: orderLines.productId,
      name: orderLines.productName,
      sku: products.sku,
      partNumber: products.partNumber,
      quantity: orderLines.quantity,
      toShip: sql<number>`(${orderLines.quantity} - ${orderLines.shippedQuantity} - ${orderLines.releasedQuantity})::int`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orders.id, id))
    .orderBy(asc(orderLines.lineNo));
  const [first] = rows;
  if (!first) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const lines = rows.map(({ number: _n, ...line }) => ({ ...line, toShip: Number(line.toShip) }));
  const picks: PackingSlip['picks'] = [];
  // Held in pick order, then bin (the inventory's order); a line appears at each place it is held.
  for (const held of await heldByOrder(db, id)) {
    const line = lines.find((l) => l.productId === held.productId);
    if (!line || line.toShip <= 0) continue;
    let place = picks.find((p) => p.locationId === held.locationId);
    if (!place) {
      place = { locationId: held.locationId, locationName: held.locationName, lines: [] };
      picks.push(place);
    }
    const { productId, name, sku, partNumber } = line;
    place.lines.push({
      productId,
      name,
      sku,
      partNumber,
      bin: held.bin,
      quantity: Math.min(held.units, line.toShip),
    });
  }
  return { number: orderNumber(first.number), lines, picks };
}

/**
 * The admin overview: paid revenue per day over the last `days` days (days without sales are 0),
 * orders by status, and products running low (below minimum order quantity x `lowStockFactor`).
 */
export async function storeStats(
  db: Db,
  days: number,
  lowStockFactor: number,
  now = new Date(),
): Promise<StoreStats> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const day = sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [sales, statuses, low] = await Promise.all([
    db
      // Sums of 64-bit cents are numeric in PostgreSQL; as text they reach us without rounding.
      .select({ date: day, revenueCents: sql<string>`sum(${orders.totalCents})::text`, orders: count() })
      .from(orders)
      .where(and(gte(orders.paidAt, start), inArray(orders.status, [...paidStatuses])))
      .groupBy(day),
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    // What is left is the inventory's, through the view it declares (every product has its row).
    db
      .select({
        id: products.id,
        name: products.name,
        minimumOrderQuantity: products.minimumOrderQuantity,
        available: productStock.available,
      })
      .from(products)
      .innerJoin(productStock, eq(productStock.productId, products.id))
      .where(
        and(
          isNull(products.retiredAt),
          lt(
            sql`${productStock.available}::numeric`,
            sql`${products.minimumOrderQuantity} * ${lowStockFactor}`,
          ),
        ),
      )
      .orderBy(asc(productStock.available), asc(products.name))
      .limit(50),
  ]);
  const byDate = new Map(sales.map((s) => [s.date, s]));
  const salesByDay = Array.from({ length: days }, (_, i) => {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const found = byDate.get(date);
    return {
      date,
      revenue: centsToDollars(Number(found?.revenueCents ?? 0)),
      orders: Number(found?.orders ?? 0),
    };
  });
  const ordersByStatus = Object.fromEntries(wireOrderStatuses.map((s) => [s, 0])) as Record<
    WireOrderStatus,
    number
  >;
  for (const s of statuses) ordersByStatus[toWireStatus(s.status)] = Number(s.n);
  return {
    days,
    salesByDay,
    ordersByStatus,
    lowStock: low.map((t) => ({
      _id: t.id,
      name: t.name,
      available_quantity: t.available,
      minimum_order_quantity: t.minimumOrderQuantity,
    })),
  };
}
