import { type SQL, sql } from 'drizzle-orm';
import type { ProductFilter } from '../../../contract/catalog-admin';
import type { Db } from '../../db/database';
import { isLowOnStock } from './low-stock';
import { planSearch, searchCondition } from './search-plan';

/**
 * Which products an owner's filter means, whatever their status (admin lists and bulk changes), as
 * a condition on `t`. The search reads the term as the store's search box does.
 */
export async function productFilterCondition(
  db: Db,
  filter: ProductFilter,
  lowStockFactor: number,
): Promise<SQL> {
  const parts: SQL[] = [sql`true`];
  const term = filter.search?.trim();
  if (term) parts.push(searchCondition(await planSearch(db, term)));
  if (filter.status) parts.push(sql`t.status = ${filter.status}`);
  if (filter.category) {
    parts.push(sql`t.category_slug in (
      select slug from categories where slug = ${filter.category} or parent_slug = ${filter.category})`);
  }
  if (filter.brand) parts.push(sql`t.brand = ${filter.brand}`);
  if (filter.stock === 'out') parts.push(sql`t.available_quantity = 0`);
  if (filter.stock === 'low') parts.push(isLowOnStock(lowStockFactor));
  if (filter.stock === 'in') parts.push(sql`t.available_quantity > 0`);
  return sql.join(parts, sql` and `);
}
