import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  type CatalogFields,
  fitVerdict,
  type NewToolInput,
  TOOL_LIST_DEFAULT_LIMIT,
  TOOL_LIST_MAX_DEPTH,
  TOOL_LIST_TOO_DEEP,
  type Tool,
  type ToolChanges,
  type ToolDetails,
  type ToolListQuery,
  type Vehicle,
} from '../../../contract/catalog';
import type { Db } from '../../db/database';
import { categories, fitments, orderLines, partNumbers, tools } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { assertWithinStockMax, moveStock } from '../inventory/inventory.service';
import { findTools } from './catalog-query';
import { writePartsData } from './parts-data';
import { toTool } from './tool-wire';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot name a row, so it is simply not found. */
export const isUuid = (id: string) => UUID.test(id);

/** GET /tool: one page of the live catalog under the query's filters and search, and how many there are in all. */
export async function listTools(db: Db, query: ToolListQuery): Promise<{ tools: Tool[]; total: number }> {
  const limit = query.limit ?? TOOL_LIST_DEFAULT_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  if (offset + limit > TOOL_LIST_MAX_DEPTH) {
    throw new AppError('VALIDATION_FAILED', TOOL_LIST_TOO_DEEP, [
      { path: 'page', message: TOOL_LIST_TOO_DEEP },
    ]);
  }
  return findTools(db, query, limit, offset);
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

/**
 * GET /purchase/:id: the tool with its category's name, every number it is known by and the
 * vehicles it fits; with a vehicle named, whether it fits that one.
 */
export async function getToolDetails(db: Db, id: string, vehicle?: Vehicle): Promise<ToolDetails> {
  const tool = await getTool(db, id);
  const [numbers, rows, category] = await Promise.all([
    db
      .select({ number: partNumbers.number, kind: partNumbers.kind, brand: partNumbers.brand })
      .from(partNumbers)
      .where(eq(partNumbers.toolId, id))
      .orderBy(asc(partNumbers.kind), asc(partNumbers.number)),
    db
      .select()
      .from(fitments)
      .where(eq(fitments.toolId, id))
      .orderBy(asc(fitments.make), asc(fitments.model), asc(fitments.yearFrom)),
    tool.category
      ? db.select({ name: categories.name }).from(categories).where(eq(categories.slug, tool.category))
      : Promise.resolve([]),
  ]);
  const fitment = rows.map((f) => ({
    make: f.make,
    model: f.model,
    year_from: f.yearFrom,
    year_to: f.yearTo,
    engine: f.engine,
  }));
  return {
    ...tool,
    category_name: category[0]?.name ?? null,
    part_numbers: numbers,
    fitment,
    ...(vehicle ? { fits: fitVerdict({ universal_fit: tool.universal_fit, fitment }, vehicle) } : {}),
  };
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/** POST /tool (admin). The input is validated by the contract; money is stored in cents. */
export async function addTool(db: Db, input: NewToolInput): Promise<{ insertedId: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    await writePartsData(tx, row.id, catalogFieldsOf(input));
    return { insertedId: row.id };
  });
}

/** The parts-catalog fields of an input, without the rest. */
function catalogFieldsOf(input: CatalogFields): CatalogFields {
  const { category, brand, sku, part_number, cross_references, universal_fit, fitment } = input;
  return { category, brand, sku, part_number, cross_references, universal_fit, fitment };
}

/**
 * PATCH /tool/:id (admin): price, stock, description and the parts-catalog fields; orders already
 * placed keep their price. The stock change is an adjustment through the inventory module, computed
 * under the product's row lock: the difference from what the admin's form showed
 * (`available_quantity_was`), so units ordered while the form was open stay reserved, or else the
 * difference to the number given.
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
      assertWithinStockMax(current.available + delta);
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
    await writePartsData(tx, id, catalogFieldsOf(changes));
    const [row] = await tx
      .update(tools)
      .set({
        ...(changes.price !== undefined ? { priceCents: toCents(changes.price) } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        // Never an empty SET: the row is touched so the answer below is the row as it now is.
        id,
      })
      .where(eq(tools.id, id))
      .returning();
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
    // Any line of any order counts, not only an order's first product.
    const [ordered] = await tx
      .select({ id: orderLines.orderId })
      .from(orderLines)
      .where(eq(orderLines.toolId, id))
      .limit(1);
    if (ordered) {
      await tx.update(tools).set({ retiredAt: new Date() }).where(eq(tools.id, id));
      return { deletedCount: 1, retired: true };
    }
    await tx.delete(tools).where(eq(tools.id, id));
    return { deletedCount: 1, retired: false };
  });
}
