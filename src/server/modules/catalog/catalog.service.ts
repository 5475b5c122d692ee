import { asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { TOOL_LIST_DEFAULT_LIMIT, type Tool, type ToolListQuery } from '../../../contract/catalog';
import type { Db } from '../../db/database';
import { tools } from '../../db/schema';
import { notFound } from '../../errors';

type ToolRow = typeof tools.$inferSelect;

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot name a row, so it is simply not found. */
export const isUuid = (id: string) => UUID.test(id);

/** `%` and `_` typed by a customer are searched for literally, not as wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const orderBy: Record<NonNullable<ToolListQuery['sort']> | 'catalog', SQL[]> = {
  catalog: [asc(tools.createdAt), asc(tools.id)],
  newest: [desc(tools.createdAt), asc(tools.id)],
  price: [asc(tools.priceCents), asc(tools.id)],
  '-price': [desc(tools.priceCents), asc(tools.id)],
  name: [asc(sql`lower(${tools.name})`), asc(tools.id)],
};

export async function listTools(db: Db, query: ToolListQuery): Promise<{ tools: Tool[]; total: number }> {
  const term = query.search?.trim();
  const where = term
    ? or(
        ilike(tools.name, `%${escapeLike(term)}%`),
        ilike(sql`array_to_string(${tools.description}, ' ')`, `%${escapeLike(term)}%`),
      )
    : undefined;
  const limit = query.limit ?? TOOL_LIST_DEFAULT_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(tools)
      .where(where)
      .orderBy(...orderBy[query.sort ?? 'catalog'])
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(tools).where(where),
  ]);
  return { tools: rows.map(toTool), total: totals?.total ?? 0 };
}

export async function getTool(db: Db, id: string): Promise<Tool> {
  if (!isUuid(id)) throw notFound('Tool');
  const [row] = await db.select().from(tools).where(eq(tools.id, id));
  if (!row) throw notFound('Tool');
  return toTool(row);
}
