import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Tool, ToolSort } from '../../../contract/catalog';
import type { Db } from '../../db/database';
import { tools } from '../../db/schema';
import { toTool } from './tool-wire';

/** The sorts of GET /tool over the matches' columns (named in `searchTools`), tie-breaker last. */
const matchOrder: Record<ToolSort | 'catalog', SQL> = {
  catalog: sql`created_at, id`,
  newest: sql`created_at desc, id desc`,
  price: sql`price_cents, id`,
  '-price': sql`price_cents desc, id desc`,
  name: sql`lower_name, id`,
};

/**
 * `?search=`: the matches are collected once, through the trigram indexes, and both counted and
 * sorted from there. Left to itself the planner walks a sort's index in order and tests each
 * product until it has a page, which is quick when matches are spread evenly and reads most of the
 * catalog when they cluster (a brand's name sorted by name); collecting first makes a search cost
 * about what counting its matches costs, whatever the sort. `pattern` is an ILIKE pattern.
 */
export async function searchTools(
  db: Db,
  pattern: string,
  sort: ToolSort | 'catalog',
  limit: number,
  offset: number,
): Promise<{ tools: Tool[]; total: number }> {
  const result = await db.execute(sql`
    with matches as materialized (
      select ${tools.id} as id, ${tools.createdAt} as created_at, ${tools.priceCents} as price_cents,
        lower(${tools.name}) as lower_name
      from ${tools}
      where ${tools.retiredAt} is null and (${tools.name} ilike ${pattern} or ${tools.descriptionText} ilike ${pattern})
    )
    select (select count(*) from matches)::int as total,
      array(select id::text from matches order by ${matchOrder[sort]} limit ${limit} offset ${offset}) as ids
  `);
  const [found] = (result as unknown as { rows: Array<{ total: number; ids: string[] }> }).rows;
  const ids = found?.ids ?? [];
  if (ids.length === 0) return { tools: [], total: Number(found?.total ?? 0) };
  const rows = await db.select().from(tools).where(inArray(tools.id, ids));
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { tools: rows.map(toTool), total: Number(found?.total ?? 0) };
}
