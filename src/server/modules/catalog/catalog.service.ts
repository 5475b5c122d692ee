import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  type NewToolInput,
  TOOL_LIST_DEFAULT_LIMIT,
  TOOL_LIST_MAX_DEPTH,
  TOOL_LIST_TOO_DEEP,
  type Tool,
  type ToolChanges,
  type ToolListQuery,
} from '../../../contract/catalog';
import type { Db } from '../../db/database';
import { orders, tools } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { moveStock } from '../inventory/inventory.service';
import { searchTools } from './catalog-search';
import { toTool } from './tool-wire';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot name a row, so it is simply not found. */
export const isUuid = (id: string) => UUID.test(id);

/** `%` and `_` typed by a customer are searched for literally, not as wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Each order matches an index of schema.ts column for column; the descending ones are those
 * indexes read backwards, which is why their tie-breaker descends too.
 */
const orderBy: Record<NonNullable<ToolListQuery['sort']> | 'catalog', SQL[]> = {
  catalog: [asc(tools.createdAt), asc(tools.id)],
  newest: [desc(tools.createdAt), desc(tools.id)],
  price: [asc(tools.priceCents), asc(tools.id)],
  '-price': [desc(tools.priceCents), desc(tools.id)],
  name: [asc(sql`lower(${tools.name})`), asc(tools.id)],
};

/** GET /tool: one page of the live catalog, or of what a search found, and how many there are in all. */
export async function listTools(db: Db, query: ToolListQuery): Promise<{ tools: Tool[]; total: number }> {
  const limit = query.limit ?? TOOL_LIST_DEFAULT_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  if (offset + limit > TOOL_LIST_MAX_DEPTH) {
    throw new AppError('VALIDATION_FAILED', TOOL_LIST_TOO_DEEP, [
      { path: 'page', message: TOOL_LIST_TOO_DEEP },
    ]);
  }
  const sort = query.sort ?? 'catalog';
  const term = query.search?.trim();
  if (term) return searchTools(db, `%${escapeLike(term)}%`, sort, limit, offset);

  const live = isNull(tools.retiredAt);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(tools)
      .where(live)
      .orderBy(...orderBy[sort])
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(tools).where(live),
  ]);
  return { tools: rows.map(toTool), total: totals?.total ?? 0 };
}

export async function getTool(db: Db, id: string): Promise<Tool> {
  if (!isUuid(id)) throw notFound('Tool');
  const [row] = await db
    .select()
    .from(tools)
    .where(and(eq(tools.id, id), isNull(tools.retiredAt)));
  if (!row) throw notFound('Tool');
  return toTool(row);
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/** POST /tool (admin). The input is validated by the contract; money is stored in cents. */
export async function addTool(db: Db, input: NewToolInput): Promise<{ insertedId: string }> {
  const [row] = await db
    .insert(tools)
    .values({
      name: input.name,
      image: input.image,
      priceCents: toCents(input.price),
      description: input.description,
      availableQuantity: input.available_quantity,
      minimumOrderQuantity: input.minimum_order_quantity,
    })
    .returning({ id: tools.id });
  if (!row) throw new Error('insert returned no row');
  return { insertedId: row.id };
}

/**
 * PATCH /tool/:id (admin): price, stock and description; orders already placed keep their price.
 * The stock change is an adjustment through the inventory module, computed under the product's row
 * lock: the difference from what the admin's form showed (`available_quantity_was`), so units
 * ordered while the form was open stay reserved, or else the difference to the number given.
 */
export async function updateTool(db: Db, id: string, changes: ToolChanges, adminId: string): Promise<Tool> {
  if (!isUuid(id)) throw notFound('Tool');
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ available: tools.availableQuantity })
      .from(tools)
      .where(and(eq(tools.id, id), isNull(tools.retiredAt)))
      .for('update');
    if (!current) throw notFound('Tool');
    const delta =
      changes.available_quantity === undefined
        ? 0
        : changes.available_quantity - (changes.available_quantity_was ?? current.available);
    if (delta !== 0) {
      await moveStock(tx, [
        {
          toolId: id,
          delta,
          reason: 'admin_adjustment',
          actorUserId: adminId,
          note: 'available quantity set on the product form',
        },
      ]);
    }
    const fields = {
      ...(changes.price !== undefined ? { priceCents: toCents(changes.price) } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
    };
    const [row] = Object.keys(fields).length
      ? await tx.update(tools).set(fields).where(eq(tools.id, id)).returning()
      : await tx.select().from(tools).where(eq(tools.id, id));
    if (!row) throw notFound('Tool');
    return toTool(row);
  });
}

/**
 * DELETE /tool/:id (admin). A product nobody ordered is removed; one with orders is retired:
 * hidden from the catalog while its orders keep their name and price.
 */
export async function deleteTool(db: Db, id: string): Promise<{ deletedCount: number; retired: boolean }> {
  if (!isUuid(id)) throw notFound('Tool');
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .select({ id: tools.id })
      .from(tools)
      .where(and(eq(tools.id, id), isNull(tools.retiredAt)))
      .for('update');
    if (!tool) throw notFound('Tool');
    const [ordered] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.toolId, id)).limit(1);
    if (ordered) {
      await tx.update(tools).set({ retiredAt: new Date() }).where(eq(tools.id, id));
      return { deletedCount: 1, retired: true };
    }
    await tx.delete(tools).where(eq(tools.id, id));
    return { deletedCount: 1, retired: false };
  });
}
