import type { Tool } from '../../../contract/catalog';
import { centsToDollars } from '../../../contract/money';
import type { tools } from '../../kernel/db';

export type ToolRow = typeof tools.$inferSelect;

/** Database row to the spec's wire shape (`_id`, snake_case quantities, dollars), then the parts fields. */
export function toTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    price: centsToDollars(row.priceCents),
    description: row.description,
    available_quantity: row.availableQuantity,
    minimum_order_quantity: row.minimumOrderQuantity,
    brand: row.brand,
    sku: row.sku,
    part_number: row.partNumber,
    category: row.categorySlug,
    universal_fit: row.universalFit,
  };
}
