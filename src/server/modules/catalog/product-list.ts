import { eq, sql } from 'drizzle-orm';
import {
  type FitmentBulkAnswer,
  type FitmentBulkInput,
  PRODUCT_LIST_MAX,
  type ProductList,
  type ProductListQuery,
} from '../../../contract/catalog-admin';
import { centsToDollars } from '../../../contract/money';
import { recordAudit } from '../../kernel/audit';
import type { Db } from '../../kernel/db';
import { fitments, products, rowsOf } from '../../kernel/db';
import { notFound } from '../../kernel/errors';
import { availableOf } from '../inventory';
import { lowStockAt } from './low-stock';
import { productFilterCondition } from './product-filter';
import { type ChangeActor, fitmentOf, recordChanges } from './product-record';

/**
 * GET /catalog/products: the owner's list, every status, most recently changed first or by name
 * (Manage Product, decision 082). By name, the page's ids are read in the order of an index over
 * every product (drizzle/0034) and stop after the page, then the page's rows are read: a deep page
 * of 100,000 products is counted off the index alone.
 */
export async function listProducts(
  db: Db,
  query: ProductListQuery,
  lowStockFactor: number,
): Promise<ProductList> {
  const limit = query.limit ?? 50;
  const offset = ((query.page ?? 1) - 1) * Math.min(limit, PRODUCT_LIST_MAX);
  const where = await productFilterCondition(db, query, lowStockFactor);
  const order = query.sort === 'name' ? sql`lower(t.name), t.id` : sql`t.updated_at desc, t.id`;
  // Low stock compares columns with each other, which no statistic knows: the planner would walk
  // the name index expecting a third of the products to match, and read them all to find the few
  // that do. Filtered first (OFFSET 0 keeps the filter inside), the few are then sorted.
  const matching =
    query.stock === 'low' ? sql`(select t.* from products t where ${where} offset 0) t` : sql`products t`;
  const filter = query.stock === 'low' ? sql`true` : where;
  const [[counted], rows] = await Promise.all([
    db
      .execute(sql`select count(*)::int as n from products t where ${where}`)
      .then((r) => rowsOf<{ n: number }>(r)),
    db
      .execute(sql`
        select t.id::text as id, t.name, t.image, t.price_cents, ${availableOf(sql`t.id`)} as available_quantity, t.minimum_order_quantity,
          t.status, t.category_slug, t.brand, t.sku, t.part_number, t.updated_at, ${lowStockAt(lowStockFactor)} as at
        from (select t.id from ${matching} where ${filter} order by ${order} limit ${limit} offset ${offset}) page
        join products t on t.id = page.id
        order by ${order}`)
      .then((r) =>
        rowsOf<{
          id: string;
          name: string;
          image: string;
          price_cents: number;
          available_quantity: number;
          minimum_order_quantity: number;
          status: 'draft' | 'active' | 'archived';
          category_slug: string | null;
          brand: string;
          sku: string | null;
          part_number: string | null;
          updated_at: string | Date;
          at: number;
        }>(r),
      ),
  ]);
  return {
    total: Number(counted?.n ?? 0),
    products: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      image: r.image,
      price: centsToDollars(Number(r.price_cents)),
      available_quantity: Number(r.available_quantity),
      minimum_order_quantity: Number(r.minimum_order_quantity),
      status: r.status,
      category: r.category_slug,
      brand: r.brand,
      sku: r.sku,
      part_number: r.part_number,
      low_stock_at: Number(r.at),
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
  };
}

/**
 * POST /tool/:id/fitment: one year range for several vehicles, added beside the product's rows
 * (a row it already has is skipped), kept in its history.
 */
export async function addFitmentRange(
  db: Db,
  productId: string,
  input: FitmentBulkInput,
  actor: ChangeActor,
): Promise<FitmentBulkAnswer> {
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!tool) throw notFound('Tool');
    const before = await fitmentOf(tx, productId);
    const added = await tx
      .insert(fitments)
      .values(
        input.vehicles.map((v) => ({
          productId,
          make: v.make,
          model: v.model,
          yearFrom: input.year_from,
          yearTo: input.year_to,
          engine: v.engine || null,
          submodel: v.submodel ?? null,
          position: input.position ?? null,
          quantity: input.quantity ?? null,
          note: input.note ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: fitments.id });
    const after = await fitmentOf(tx, productId);
    if (added.length > 0) {
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
      await recordChanges(tx, actor, [
        { productId, source: 'fitment', before: { fitment: before }, after: { fitment: after } },
      ]);
      // The range as given and what it added: the product's whole list is in its own history.
      await recordAudit(tx, {
        action: 'product.fitment_added',
        subjectType: 'product',
        subjectId: productId,
        before: { fitmentRows: before.length },
        after: {
          fitmentRows: after.length,
          added: added.length,
          yearFrom: input.year_from,
          yearTo: input.year_to,
          vehicles: input.vehicles.map((v) => `${v.make} ${v.model}`),
        },
      });
    }
    return { added: added.length, skipped: input.vehicles.length - added.length, fitment: after };
  });
}
