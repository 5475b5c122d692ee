import type { Tool } from '../../../contract/catalog';
import { centsToDollars } from '../../../contract/money';
import type { Db, products, Tx } from '../../kernel/db';
import { stockOf } from '../inventory';

export type ProductRow = typeof products.$inferSelect;

/**
 * Database row to the spec's wire shape (`_id`, snake_case quantities, dollars), then the parts
 * fields. What is left to order is the inventory's (`available`, from its face), not the row's.
 */
export function toProduct(row: ProductRow, available: number): Tool {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    price: centsToDollars(row.priceCents),
    description: row.description,
    available_quantity: available,
    minimum_order_quantity: row.minimumOrderQuantity,
    brand: row.brand,
    sku: row.sku,
    part_number: row.partNumber,
    category: row.categorySlug,
    universal_fit: row.universalFit,
  };
}

/** Rows to the wire, their stock read from the inventory in one query. */
export async function toProducts(db: Db | Tx, rows: ProductRow[]): Promise<Tool[]> {
  const stock = await stockOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toProduct(row, stock.get(row.id)?.available ?? 0));
}

/** One row to the wire, with its stock. */
export async function toProductWithStock(db: Db | Tx, row: ProductRow): Promise<Tool> {
  const [tool] = await toProducts(db, [row]);
  if (!tool) throw new Error('unreachable: one row in, one tool out');
  return tool;
}
