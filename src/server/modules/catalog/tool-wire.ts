import type { Tool } from '../../../contract/catalog';
import type { tools } from '../../db/schema';

export type ToolRow = typeof tools.$inferSelect;

/** Database row to the spec's wire shape: `_id`, snake_case quantities, dollars. */
export function toTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    price: row.priceCents / 100,
    description: row.description,
    available_quantity: row.availableQuantity,
    minimum_order_quantity: row.minimumOrderQuantity,
  };
}
