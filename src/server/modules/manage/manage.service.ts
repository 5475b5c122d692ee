import { and, asc, count, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import { ORDER_NOT_FOUND, type Order, type OrderStatus, type StoreStats } from '../../../contract/orders';
import type { Db } from '../../db/database';
import { orders, tools } from '../../db/schema';
import { AppError } from '../../errors';
import { isUuid } from '../catalog/catalog.service';
import { expireUnpaidOrders, toOrder } from '../orders/orders.service';

/** Cap on one answer of GET /manage, newest first. */
export const MANAGE_LIST_LIMIT = 1000;

export async function listAllOrders(db: Db, status: OrderStatus | undefined): Promise<Order[]> {
  await expireUnpaidOrders(db);
  const rows = await db
    .select()
    .from(orders)
    .where(status ? eq(orders.status, status) : ne(orders.status, 'cancelled'))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MANAGE_LIST_LIMIT);
  return rows.map(toOrder);
}

/** PUT /manage/:id: a paid order awaiting shipment becomes shipped; nothing else may (409). */
export async function shipOrder(db: Db, id: string): Promise<Order> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const [shipped] = await db
    .update(orders)
    .set({ status: 'shipped', shippedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning();
  if (shipped) return toOrder(shipped);
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  if (!row || row.status === 'cancelled') throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  throw new AppError(
    'CONFLICT',
    row.status === 'shipped' ? 'This order is already shipped' : 'Only paid orders can be shipped',
  );
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
      .select({ date: day, revenueCents: sql<number>`sum(${orders.totalCents})::int`, orders: count() })
      .from(orders)
      .where(and(gte(orders.paidAt, start), ne(orders.status, 'cancelled')))
      .groupBy(day),
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    db
      .select()
      .from(tools)
      .where(
        and(
          isNull(tools.retiredAt),
          lt(
            sql`${tools.availableQuantity}::numeric`,
            sql`${tools.minimumOrderQuantity} * ${lowStockFactor}`,
          ),
        ),
      )
      .orderBy(asc(tools.availableQuantity), asc(tools.name))
      .limit(50),
  ]);
  const byDate = new Map(sales.map((s) => [s.date, s]));
  const salesByDay = Array.from({ length: days }, (_, i) => {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const found = byDate.get(date);
    return { date, revenue: (found?.revenueCents ?? 0) / 100, orders: Number(found?.orders ?? 0) };
  });
  const ordersByStatus = { unpaid: 0, pending: 0, shipped: 0, cancelled: 0 };
  for (const s of statuses) ordersByStatus[s.status] = Number(s.n);
  return {
    days,
    salesByDay,
    ordersByStatus,
    lowStock: low.map((t) => ({
      _id: t.id,
      name: t.name,
      available_quantity: t.availableQuantity,
      minimum_order_quantity: t.minimumOrderQuantity,
    })),
  };
}
