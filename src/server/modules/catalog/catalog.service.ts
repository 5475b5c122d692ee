import { and, asc, eq, isNull, sql } from 'drizzle-orm';
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
import { isUuid } from '../../../contract/ids';
import { centsToDollars, dollarsToCents } from '../../../contract/money';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import {
  categories,
  isForeignKeyViolation,
  orderLines,
  partNumbers,
  products,
  rowsOf,
} from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { assertWithinStockMax, moveStock, stockOfOne } from '../inventory';
import { findProducts, type SearchNotes } from './catalog-query';
import { writePartsData } from './parts-data';
import { statusColumns, writeEditorFields, writeImages } from './product-editor';
import {
  type ChangeActor,
  differences,
  fitmentOf,
  imagesOf,
  readProductFields,
  recordChanges,
} from './product-record';
import { toProductWithStock } from './tool-wire';

/** GET /tool: one page of the live catalog under the query's filters and search, and how many there are in all. */
export async function listTools(
  db: Db,
  query: ToolListQuery,
): Promise<{ tools: Tool[]; total: number; notes: SearchNotes }> {
  const limit = query.limit ?? TOOL_LIST_DEFAULT_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  if (offset + limit > TOOL_LIST_MAX_DEPTH) {
    throw new AppError('VALIDATION_FAILED', TOOL_LIST_TOO_DEEP, [
      { path: 'page', message: TOOL_LIST_TOO_DEEP },
    ]);
  }
  return findProducts(db, query, limit, offset);
}

/** A product on sale, as its row; anything else is not found. */
async function liveRow(db: Db, id: string) {
  if (!isUuid(id)) throw notFound('Tool');
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.retiredAt)));
  if (!row) throw notFound('Tool');
  return row;
}

export async function getProduct(db: Db, id: string): Promise<Tool> {
  return toProductWithStock(db, await liveRow(db, id));
}

/**
 * GET /purchase/:id: the tool with its category's name, every number it is known by, the vehicles
 * it fits, its pictures, what replaces it, its core charge and shipping facts; with a vehicle
 * named, whether it fits that one.
 */
export async function getProductDetails(db: Db, id: string, vehicle?: Vehicle): Promise<ToolDetails> {
  const row = await liveRow(db, id);
  const product = await toProductWithStock(db, row);
  const [numbers, fitment, images, category, replacement] = await Promise.all([
    db
      .select({ number: partNumbers.number, kind: partNumbers.kind, brand: partNumbers.brand })
      .from(partNumbers)
      .where(eq(partNumbers.productId, id))
      .orderBy(asc(partNumbers.kind), asc(partNumbers.number)),
    fitmentOf(db, id),
    imagesOf(db, id),
    product.category
      ? db.select({ name: categories.name }).from(categories).where(eq(categories.slug, product.category))
      : Promise.resolve([]),
    liveReplacement(db, row.supersededById),
  ]);
  return {
    ...product,
    category_name: category[0]?.name ?? null,
    part_numbers: numbers,
    fitment,
    images,
    upc: row.upc,
    replaced_by: replacement,
    core_charge: centsToDollars(row.coreChargeCents),
    ground_only: row.groundOnly,
    weight_lb: row.weightLb === null ? null : Number(row.weightLb),
    length_in: row.lengthIn === null ? null : Number(row.lengthIn),
    width_in: row.widthIn === null ? null : Number(row.widthIn),
    height_in: row.heightIn === null ? null : Number(row.heightIn),
    ...(vehicle ? { fits: fitVerdict({ universal_fit: product.universal_fit, fitment }, vehicle) } : {}),
  };
}

/** The product at the end of a supersession chain that is on sale, if any. */
async function liveReplacement(db: Db, first: string | null) {
  if (!first) return null;
  const [row] = rowsOf<{ id: string; name: string; part_number: string | null; sku: string | null }>(
    await db.execute(sql`
      with recursive chain(id, depth) as (
        select ${first}::uuid, 0
        union all
        select t.superseded_by_id, chain.depth + 1 from products t join chain on t.id = chain.id
        where t.superseded_by_id is not null and chain.depth < 50
      )
      select t.id::text as id, t.name, t.part_number, t.sku from chain join products t on t.id = chain.id
      where t.retired_at is null order by chain.depth desc limit 1`),
  );
  return row ? { _id: row.id, name: row.name, part_number: row.part_number, sku: row.sku } : null;
}

/** The admin making a change: their session's user, or (from scripts and older callers) their id. */
export type Actor = { id: string; name: string } | string;

/** Who made a change, as history keeps them. */
export const actorOf = (admin: Actor): ChangeActor =>
  typeof admin === 'string' ? { id: admin, name: null } : { id: admin.id, name: admin.name };

/**
 * POST /tool (admin). The input is validated by the contract; money is stored in cents. The
 * product starts active (the spec's form) or as a draft, with its one picture, and its history
 * starts with every field it was given.
 */
export async function addProduct(db: Db, input: NewToolInput, admin: Actor): Promise<{ insertedId: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        name: input.name,
        image: input.image,
        priceCents: dollarsToCents(input.price),
        description: input.description,
        availableQuantity: input.available_quantity,
        minimumOrderQuantity: input.minimum_order_quantity,
        ...statusColumns(input.status ?? 'active', true),
      })
      .returning({ id: products.id });
    if (!row) throw new Error('insert returned no row');
    await writePartsData(tx, row.id, catalogFieldsOf(input));
    await writeImages(tx, row.id, [{ url: input.image, alt: input.name }]);
    const { fields } = await readProductFields(tx, row.id);
    const created = differences({}, fields);
    await recordChanges(tx, actorOf(admin), [{ productId: row.id, source: 'created', ...created }]);
    await recordAudit(tx, {
      action: 'product.created',
      subjectType: 'product',
      subjectId: row.id,
      ...created,
    });
    return { insertedId: row.id };
  });
}

/** The parts-catalog fields of an input, without the rest. */
function catalogFieldsOf(input: CatalogFields & { upc?: string }): CatalogFields & { upc?: string } {
  const { category, brand, sku, part_number, cross_references, universal_fit, fitment, upc } = input;
  return { category, brand, sku, part_number, cross_references, universal_fit, fitment, upc };
}

/**
 * PATCH /tool/:id (the product editor, admin): any field, whatever the product's status; orders
 * already placed keep their price. The stock change is an adjustment through the inventory module,
 * computed under the product's row lock: the difference from what the admin's form showed
 * (`available_quantity_was`), so units ordered while the form was open stay reserved, or else the
 * difference to the number given. The product as it was and as it is are compared, and what changed
 * is kept in its history, in the same transaction.
 */
export async function updateProduct(db: Db, id: string, changes: ToolChanges, admin: Actor): Promise<Tool> {
  if (!isUuid(id)) throw notFound('Tool');
  return db.transaction(async (tx) => {
    // The product's row first, locked as every stock move locks it; then its stock, the inventory's.
    const [locked] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, id))
      .for('no key update');
    if (!locked) throw notFound('Tool');
    const current = await stockOfOne(tx, id);
    const before = (await readProductFields(tx, id)).fields;
    const delta =
      changes.available_quantity === undefined
        ? 0
        : changes.available_quantity - (changes.available_quantity_was ?? current.available);
    if (delta !== 0) {
      assertWithinStockMax(current.available + delta);
      await moveStock(tx, [
        {
          productId: id,
          onHand: delta,
          reason: 'admin_adjustment',
          actorUserId: actorOf(admin).id,
          note: 'available quantity set on the product form',
        },
      ]);
    }
    await writePartsData(tx, id, catalogFieldsOf(changes));
    await writeEditorFields(tx, id, changes);
    const after = (await readProductFields(tx, id)).fields;
    const changed = differences(before, after);
    await recordChanges(tx, actorOf(admin), [{ productId: id, source: 'editor', ...changed }]);
    // A price, stock or any other field changed in the editor: one row with what changed.
    await recordAudit(tx, { action: 'product.updated', subjectType: 'product', subjectId: id, ...changed });
    const [row] = await tx.select().from(products).where(eq(products.id, id));
    if (!row) throw notFound('Tool');
    return toProductWithStock(tx, row);
  });
}

/**
 * DELETE /tool/:id (admin). A product nobody ordered is removed; one with orders is archived
 * (retired): hidden from the catalog while its orders keep their name and price.
 */
export async function deleteProduct(
  db: Db,
  id: string,
  admin: Actor,
): Promise<{ deletedCount: number; retired: boolean }> {
  if (!isUuid(id)) throw notFound('Tool');
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.retiredAt)))
      .for('update');
    if (!tool) throw notFound('Tool');
    // Any line of any order counts, not only an order's first product.
    const [ordered] = await tx
      .select({ id: orderLines.orderId })
      .from(orderLines)
      .where(eq(orderLines.productId, id))
      .limit(1);
    const deleted = ordered ? null : await deletedOutright(tx, id);
    if (!deleted) {
      // Kept for its orders (or a purchase order's lines) as an archived product, which the owner may bring back.
      await tx
        .update(products)
        .set({ status: 'archived', retiredAt: new Date(), updatedAt: new Date() })
        .where(eq(products.id, id));
      await recordChanges(tx, actorOf(admin), [
        { productId: id, source: 'deleted', before: { status: 'active' }, after: { status: 'archived' } },
      ]);
      await recordAudit(tx, {
        action: 'product.archived',
        subjectType: 'product',
        subjectId: id,
        before: { status: 'active' },
        after: { status: 'archived' },
      });
      return { deletedCount: 1, retired: true };
    }
    await recordAudit(tx, {
      action: 'product.deleted',
      subjectType: 'product',
      subjectId: id,
      before: differences({}, deleted).after,
      after: null,
    });
    return { deletedCount: 1, retired: false };
  });
}

/**
 * Deletes a product nothing else keeps, in a savepoint, and returns its fields as they were. A row
 * of a room above the catalog that names it (a purchase order's line) refuses the delete by its
 * foreign key: the savepoint is rolled back, and the caller archives the product instead.
 */
async function deletedOutright(tx: Tx, id: string) {
  const { fields } = await readProductFields(tx, id);
  try {
    await tx.transaction((savepoint) => savepoint.delete(products).where(eq(products.id, id)));
    return fields;
  } catch (error) {
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}
