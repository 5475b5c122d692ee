import type { Tool } from '../../../contract/catalog';
import { centsToDollars } from '../../../contract/money';
import type { Db, products, Tx } from '../../kernel/db';
import { stockOf } from '../inventory';

export type ToolRow = typeof products.$inferSelect;

/**
 * Database row to the spec's wire shape (`_id`, snake_case quantities, dollars), then the parts
 * fields. What is left to order is the inventory's (`available`, from its face), not the row's.
 */
export function toTool(row: ToolRow, available: number): Tool {
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
export async function toTools(db: Db | Tx, rows: ToolRow[]): Promise<Tool[]> {
  const stock = await stockOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toTool(row, stock.get(row.id)?.available ?? 0));
}

/** One row to the wire, with its stock. */
export async function toToolWithStock(db: Db | Tx, row: ToolRow): Promise<Tool> {
  const [tool] = await toTools(db, [row]);
  if (!tool) throw new Error('unreachable: one row in, one tool out');
  return tool;
}
