import { type SQL, sql } from 'drizzle-orm';
import { partNumberKey } from '../../../contract/catalog';
import type { ProductFilter } from '../../../contract/catalog-admin';
import type { Db } from '../../kernel/db';
import { rowsOf } from '../../kernel/db';
import { availableAtLeast, availableAtMost } from '../inventory';
import { isLowOnStock } from './low-stock';
import { PART_KEY_MIN, planSearch, searchCondition } from './search-plan';

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
  if (term) {
    const plan = await planSearch(db, term);
    // The owner types the start of a SKU of letters too (`TW-OIL`), which the store's search box
    // reads only as words: any 3 letters or digits are also looked up as a number's start. The ids
    // are read first (`= any(array(...))`), so both sides read their index; `in (select ...)` in an
    // OR would read every product.
    const key = partNumberKey(term);
    const byNumber = sql`t.id = any(array(select p.product_id from part_numbers p where p.key like ${`${key}%`}))`;
    parts.push(
      plan.partKey === null && key.length >= PART_KEY_MIN
        ? sql`(${searchCondition(plan)} or ${byNumber})`
        : searchCondition(plan),
    );
  }
  if (filter.status) parts.push(sql`t.status = ${filter.status}`);
  if (filter.category) {
    // The category and its children, read first: as a list of values the planner knows how many
    // products each holds (its statistics), and reads a small one through its index.
    const slugs = rowsOf<{ slug: string }>(
      await db.execute(
        sql`select slug from categories where slug = ${filter.category} or parent_slug = ${filter.category}`,
      ),
    ).map((r) => r.slug);
    parts.push(
      slugs.length === 0
        ? sql`false`
        : sql`t.category_slug in (${sql.join(
            slugs.map((slug) => sql`${slug}`),
            sql`, `,
          )})`,
    );
  }
  if (filter.brand) parts.push(sql`t.brand = ${filter.brand}`);
  if (filter.stock === 'out') parts.push(availableAtMost(sql`t.id`, sql`0`));
  if (filter.stock === 'low') parts.push(isLowOnStock(lowStockFactor));
  if (filter.stock === 'in') parts.push(availableAtLeast(sql`t.id`, sql`1`));
  return sql.join(parts, sql` and `);
}
