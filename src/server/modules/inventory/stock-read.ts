import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../kernel/db';
import { locationStock, productStock } from '../../kernel/db';

/**
 * How other rooms read stock (decision 089): a product's figures summed over its locations, from
 * the `product_stock` view the inventory declares over its stock_levels. Never the figures on the
 * catalog's `products` row, which stay only for instances of the release before.
 */

export interface StockFigures {
  onHand: number;
  reserved: number;
  available: number;
}

/** A product without a level (none is ever left so; a product of an unfinished migration) has nothing. */
const NONE: StockFigures = { onHand: 0, reserved: 0, available: 0 };

/** These products' stock, by id; a product without a level reads as none. */
export async function stockOf(db: Db | Tx, ids: readonly string[]): Promise<Map<string, StockFigures>> {
  const found = new Map<string, StockFigures>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      productId: productStock.productId,
      onHand: productStock.onHand,
      reserved: productStock.reserved,
      available: productStock.available,
    })
    .from(productStock)
    .where(inArray(productStock.productId, [...new Set(ids)]));
  for (const id of ids) found.set(id, NONE);
  for (const r of rows)
    found.set(r.productId, {
      onHand: Number(r.onHand),
      reserved: Number(r.reserved),
      available: Number(r.available),
    });
  return found;
}

/** One product's stock. */
export async function stockOfOne(db: Db | Tx, id: string): Promise<StockFigures> {
  return (await stockOf(db, [id])).get(id) ?? NONE;
}

/**
 * Stock inside another room's query of products, where `productId` is the product's id there
 * (`sql\`t.id\``). Conditions are EXISTS over the view, which the planner turns into a join: an
 * index probe per product for a page read in an index's order, one hash join for a count over the
 * catalog. A figure in a select list is a scalar subquery: one probe per row it returns, so only
 * for a page of rows, never to filter or sort a whole catalog (measured in decision 089).
 */
const has = (productId: SQL, test: SQL) =>
  sql`exists (select 1 from ${productStock} s where s.product_id = ${productId} and ${test})`;

/** The product can be ordered in `units` (an SQL number): what is left is at least that. */
export const availableAtLeast = (productId: SQL, units: SQL) => has(productId, sql`s.available >= ${units}`);
/** What is left of the product is at most `units` (an SQL number): out of stock at 0, low stock at its threshold. */
export const availableAtMost = (productId: SQL, units: SQL) => has(productId, sql`s.available <= ${units}`);

const figureOf = (column: 'available' | 'on_hand' | 'reserved') => (productId: SQL) =>
  sql`coalesce((select s.${sql.raw(column)} from ${productStock} s where s.product_id = ${productId}), 0)`;

/** What buyers can still order (on hand less reserved, over every location), for a page's select list. */
export const availableOf = figureOf('available');
/** Units on the shelves, for a page's select list. */
export const onHandOf = figureOf('on_hand');

/** Units on the shelf at one place (decision 099), for a page's or a file's select list. */
export const onHandAt = (productId: SQL, locationId: string) =>
  sql`coalesce((select s.on_hand from ${locationStock} s where s.product_id = ${productId} and s.location_id = ${locationId}), 0)`;
/** The product's bin at one place, or an empty string. */
export const binAt = (productId: SQL, locationId: string) =>
  sql`coalesce((select s.bin from ${locationStock} s where s.product_id = ${productId} and s.location_id = ${locationId}), '')`;
