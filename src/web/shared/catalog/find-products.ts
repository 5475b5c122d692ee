import type { Tool } from '@contract/catalog';
import { apiGet } from '@web/lib/api-client';

/** A product found by the back office's product search: enough to name it on a line. */
export type FoundProduct = { _id: string; name: string; sku: string | null };

/**
 * Products by name, SKU or part number, a few at a time (the catalog's own search): what the back
 * office offers when a page asks for a product (a net price, a purchase order's line).
 */
export async function findProducts(search: string): Promise<FoundProduct[]> {
  const products = await apiGet<Tool[]>(`/tool?search=${encodeURIComponent(search)}&limit=8`);
  return products.map((t) => ({ _id: t._id, name: t.name, sku: t.sku ?? null }));
}
