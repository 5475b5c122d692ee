import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../kernel/db';
import { productStock } from '../../kernel/db';

/**
 * How other rooms read stock (decision 089): a product's figures summed over its locations, from
 * the `product_stock` view the inventory declares over its stock_levels. Never the figures on the
 * catalog's `tools` row, which stay only for instances of the release before.
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
      toolId: productStock.toolId,
      onHand: productStock.onHand,
      reserved: productStock.reserved,
      available: productStock.available,
    })
    .from(productStock)
    .where(inArray(productStock.toolId, [...new Set(ids)]));
  for (const id of ids) found.set(id, NONE);
  for (const r of rows)
    found.set(r.toolId, {
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
 * A product's figure inside another room's query of products: `productId` is the product's id there
 * (`sql\`t.id\``). A scalar subquery of the view by the product's id reads one index entry per
 * product the query looks at, so a page of a list that reads its own index in order and stops after
 * the page pays for its page only; a list that compares stock over every product pays a probe per
 * product (measured at 100,000 products in decision 089).
 */
const figureOf = (column: 'available' | 'on_hand' | 'reserved') => (productId: SQL) =>
  sql`coalesce((select ps.${sql.raw(column)} from ${productStock} ps where ps.tool_id = ${productId}), 0)`;

/** What buyers can still order: on hand less reserved, over every location. */
export const availableOf = figureOf('available');
/** Units on the shelves. */
export const onHandOf = figureOf('on_hand');
