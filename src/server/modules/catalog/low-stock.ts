import { type SQL, sql } from 'drizzle-orm';
import type { LowStockProduct } from '../../../contract/catalog-admin';
import type { Db, Tx } from '../../kernel/db';
import { rowsOf } from '../../kernel/db';
import type { Outbox } from '../../kernel/outbox';
import { publish } from '../../kernel/outbox';
import { availableAtMost, availableOf } from '../inventory';

/**
 * Low stock: a product is low when what is left is at or under its own threshold, or, without one,
 * under the store's default of its minimum order times LOW_STOCK_FACTOR (rounded down).
 */

export function effectiveLowStock(
  row: { lowStockThreshold: number | null; minimumOrderQuantity: number },
  factor: number,
): number {
  return row.lowStockThreshold ?? Math.floor(row.minimumOrderQuantity * factor);
}

/** The same threshold in SQL, for `t`, a products row. */
export const lowStockAt = (factor: number): SQL =>
  sql`coalesce(t.low_stock_threshold, floor(t.minimum_order_quantity * ${factor}::numeric)::int)`;

/** The condition "at or under its threshold", for `t`, with what is left as the inventory has it. */
export const isLowOnStock = (factor: number): SQL => availableAtMost(sql`t.id`, lowStockAt(factor));

/** Live products at or under their threshold, fewest left first (admin list, overview, digest). */
export async function lowStockProducts(db: Db | Tx, factor: number, limit = 500): Promise<LowStockProduct[]> {
  const rows = rowsOf<{ id: string; name: string; sku: string | null; available: number; at: number }>(
    await db.execute(sql`
      select t.id::text as id, t.name, t.sku, ${availableOf(sql`t.id`)} as available, ${lowStockAt(factor)} as at
      from products t
      where t.retired_at is null and ${isLowOnStock(factor)}
      order by 4, lower(t.name), t.id
      limit ${limit}`),
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    sku: r.sku,
    available_quantity: Number(r.available),
    low_stock_at: Number(r.at),
  }));
}

/** The UTC day a digest is for: one digest per day, whichever instance and however often the job runs. */
export const digestDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The daily low-stock digest (a recurring job): when any product is low, one outbox message for the
 * day; the `admin-notify` subscriber mails it to each admin who asked for it.
 */
export async function queueLowStockDigest(
  db: Db,
  outbox: Outbox,
  factor: number,
  now = new Date(),
): Promise<boolean> {
  const low = await lowStockProducts(db, factor, 1);
  if (low.length === 0) return false;
  const day = digestDay(now);
  await db.transaction(async (tx) => {
    await publish(tx, outbox, 'catalog.low_stock_digest', `low-stock-digest:${day}`, { day });
  });
  return true;
}
