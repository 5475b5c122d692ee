import { asc, eq, sql } from 'drizzle-orm';
import type { Category } from '../../../contract/catalog';
import {
  type Brand,
  type BrandChanges,
  type BrandInput,
  type CategoryChanges,
  type CategoryInput,
  type Removed,
  slugOf,
} from '../../../contract/catalog-admin';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { brands, categories, products, rowsOf } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';

import { listCategories } from './catalog-query';
import { type ChangeActor, recordChanges } from './product-record';

/**
 * Categories and brands (admin). The category tree is one level deep. A category or brand with
 * products is removed only with somewhere to move them; each moved product's history says so.
 */

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);
const conflict = (path: string, message: string) => new AppError('CONFLICT', message, [{ path, message }]);

/** Category and brand changes are few: one at a time store-wide keeps the one-level rule true. */
const TAXONOMY_LOCK = sql`select pg_advisory_xact_lock(hashtextextended('catalog:taxonomy', 0))`;

async function categoryRow(tx: Db | Tx, slug: string) {
  const [row] = await tx.select().from(categories).where(eq(categories.slug, slug));
  return row;
}

/** A parent must be a top-level category, and a category with subcategories cannot get a parent. */
async function assertParentAllowed(tx: Tx, slug: string, parent: string | null) {
  if (parent === null) return;
  if (parent === slug) throw invalid('parent', 'A category cannot be inside itself');
  const row = await categoryRow(tx, parent);
  if (!row) throw invalid('parent', 'Choose a parent category from the list');
  if (row.parentSlug !== null)
    throw invalid('parent', 'Categories nest one level: choose a top-level category');
  const [child] = await tx
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.parentSlug, slug));
  if (child) throw invalid('parent', 'This category has subcategories, so it stays at the top level');
}

/**
 * Products filed in a category carry its name (and its parent's) in their search document: a rename
 * or a move touches their category column so the trigger writes it again.
 */
async function refreshSearchDocuments(tx: Tx, slugs: string[]) {
  if (slugs.length === 0) return;
  await tx.execute(sql`
    update products set category_slug = category_slug
    where category_slug in (${sql.join(
      slugs.map((s) => sql`${s}`),
      sql`, `,
    )}) or category_slug in (select slug from categories where parent_slug in (${sql.join(
      slugs.map((s) => sql`${s}`),
      sql`, `,
    )}))`);
}

export async function createCategory(db: Db, input: CategoryInput): Promise<Category> {
  const slug = input.slug ?? slugOf(input.name);
  if (!slug) throw invalid('slug', 'Give the category an address of letters or digits');
  return db.transaction(async (tx) => {
    await tx.execute(TAXONOMY_LOCK);
    if (await categoryRow(tx, slug)) throw conflict('slug', `A category already has the address ${slug}`);
    await assertParentAllowed(tx, slug, input.parent);
    const [last] = rowsOf<{ position: number }>(
      await tx.execute(sql`select coalesce(max(position), -1)::int as position from categories`),
    );
    await tx.insert(categories).values({
      slug,
      name: input.name,
      parentSlug: input.parent,
      description: input.description,
      image: input.image,
      position: Number(last?.position ?? -1) + 1,
    });
    await recordAudit(tx, {
      action: 'category.created',
      subjectType: 'category',
      subjectId: slug,
      after: input,
    });
    return categoryAnswer(tx, slug);
  });
}

async function categoryAnswer(tx: Tx | Db, slug: string): Promise<Category> {
  const found = (await listCategories(tx as Db)).find((c) => c.slug === slug);
  if (!found) throw notFound('Category');
  return found;
}

export async function updateCategory(db: Db, slug: string, changes: CategoryChanges): Promise<Category> {
  return db.transaction(async (tx) => {
    await tx.execute(TAXONOMY_LOCK);
    const row = await categoryRow(tx, slug);
    if (!row) throw notFound('Category');
    if (changes.parent !== undefined) await assertParentAllowed(tx, slug, changes.parent);
    await tx
      .update(categories)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.parent !== undefined ? { parentSlug: changes.parent } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.image !== undefined ? { image: changes.image } : {}),
      })
      .where(eq(categories.slug, slug));
    if (changes.name !== undefined || changes.parent !== undefined) await refreshSearchDocuments(tx, [slug]);
    await recordAudit(tx, {
      action: 'category.updated',
      subjectType: 'category',
      subjectId: slug,
      before: { name: row.name, parent: row.parentSlug, description: row.description, image: row.image },
      after: changes,
    });
    return categoryAnswer(tx, slug);
  });
}

/** Puts the categories in the order given; any not named keep their order after them. */
export async function orderCategories(db: Db, slugs: string[]): Promise<Category[]> {
  await db.transaction(async (tx) => {
    await tx.execute(TAXONOMY_LOCK);
    const all = await tx.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.position));
    const known = new Set(all.map((c) => c.slug));
    const unknown = slugs.find((s) => !known.has(s));
    if (unknown) throw invalid('slugs', `There is no category ${unknown}`);
    const ordered = [...new Set(slugs), ...all.map((c) => c.slug).filter((s) => !slugs.includes(s))];
    await tx.execute(sql`
      update categories c set position = o.n - 1
      from unnest(${sql.param(ordered)}::text[]) with ordinality as o(slug, n) where c.slug = o.slug`);
  });
  return listCategories(db);
}

/**
 * Removes a category. Its products first move to `moveTo` (their history says from where), or,
 * without it, removing a category that still holds products is refused. Subcategories must go first.
 */
export async function removeCategory(
  db: Db,
  slug: string,
  moveTo: string | undefined,
  actor: ChangeActor,
): Promise<Removed> {
  return db.transaction(async (tx) => {
    await tx.execute(TAXONOMY_LOCK);
    if (!(await categoryRow(tx, slug))) throw notFound('Category');
    const [child] = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.parentSlug, slug));
    if (child) throw conflict('slug', 'Move or remove its subcategories first');
    if (moveTo !== undefined && (moveTo === slug || !(await categoryRow(tx, moveTo)))) {
      throw invalid('moveTo', 'Choose another category to move its products to');
    }
    const filed = await tx.select({ id: products.id }).from(products).where(eq(products.categorySlug, slug));
    if (filed.length > 0 && moveTo === undefined) {
      throw conflict(
        'moveTo',
        `${filed.length} products are in this category: choose where to move them first`,
      );
    }
    if (filed.length > 0) {
      await lockInOrder(
        tx,
        filed.map((f) => f.id),
      );
      await tx
        .update(products)
        .set({ categorySlug: moveTo, updatedAt: new Date() })
        .where(eq(products.categorySlug, slug));
      await recordChanges(
        tx,
        actor,
        filed.map((f) => ({
          productId: f.id,
          source: 'category' as const,
          before: { category: slug },
          after: { category: moveTo },
        })),
      );
    }
    await tx.delete(categories).where(eq(categories.slug, slug));
    await recordAudit(tx, {
      action: 'category.removed',
      subjectType: 'category',
      subjectId: slug,
      before: { slug },
      after: { movedTo: moveTo ?? null, moved: filed.length },
    });
    return { removed: true as const, moved: filed.length };
  });
}

/** Locks products in id order, as the inventory does, so a change of many never deadlocks with an order. */
export async function lockInOrder(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    select id from products where id = any(${sql.param([...ids].sort())}::uuid[]) order by id for update`);
}

/** Every brand in the owner's order, with its live products counted (GET /brands). */
export async function listBrands(db: Db | Tx): Promise<Brand[]> {
  const rows = rowsOf<{ id: number; name: string; description: string; image: string; count: number }>(
    await db.execute(sql`
      select b.id, b.name, b.description, b.image,
        (select count(*) from products t where t.brand = b.name and t.retired_at is null)::int as count
      from brands b order by b.position, b.name`),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), count: Number(r.count) }));
}

async function brandAnswer(tx: Tx | Db, id: number): Promise<Brand> {
  const found = (await listBrands(tx)).find((b) => b.id === id);
  if (!found) throw notFound('Brand');
  return found;
}

async function assertBrandNameFree(tx: Tx, name: string, except?: number) {
  const [taken] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.name, name));
  if (taken && taken.id !== except) throw conflict('name', `There is already a brand called ${name}`);
}

export async function createBrand(db: Db, input: BrandInput): Promise<Brand> {
  return db.transaction(async (tx) => {
    await tx.execute(TAXONOMY_LOCK);
    await assertBrandNameFree(tx, input.name);
    const [row] = await tx
      .insert(brands)
      .values({
        ...input,
        position: sql`(select coalesce(max(position), 0) + 1 from brands)`,
      })
      .returning({ id: brands.id });
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, {
      action: 'brand.created',
      subjectType: 'brand',
      subjectId: String(row.id),
      after: input,
    });
    return brandAnswer(tx, row.id);
  });
}

/** Renaming a brand renames it on every product (with a history entry each), in one transaction. */
export async function updateBrand(
  db: Db,
  id: number,
  changes: BrandChanges,
  actor: ChangeActor,
): Promise<Brand> {
  return db.transaction(async (tx) => {
    await tx.execute(TAXONOMY_LOCK);
    const [row] = await tx.select().from(brands).where(eq(brands.id, id));
    if (!row) throw notFound('Brand');
    if (changes.name !== undefined && changes.name !== row.name) {
      await assertBrandNameFree(tx, changes.name, id);
      await tx.update(brands).set({ name: changes.name }).where(eq(brands.id, id));
      await moveBrandProducts(tx, row.name, changes.name, actor);
    }
    const details = {
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.image !== undefined ? { image: changes.image } : {}),
    };
    if (Object.keys(details).length > 0) await tx.update(brands).set(details).where(eq(brands.id, id));
    await recordAudit(tx, {
      action: 'brand.updated',
      subjectType: 'brand',
      subjectId: String(id),
      before: { name: row.name, description: row.description, image: row.image },
      after: changes,
    });
    return brandAnswer(tx, id);
  });
}

async function moveBrandProducts(tx: Tx, from: string, to: string, actor: ChangeActor): Promise<number> {
  const named = await tx.select({ id: products.id }).from(products).where(eq(products.brand, from));
  if (named.length === 0) return 0;
  await lockInOrder(
    tx,
    named.map((n) => n.id),
  );
  await tx.update(products).set({ brand: to, updatedAt: new Date() }).where(eq(products.brand, from));
  // The part numbers carry the product's brand for its own numbers (SKU, maker's, UPC).
  await tx.execute(sql`
    update part_numbers set brand = ${to}
    where brand = ${from} and kind in ('sku', 'maker', 'upc')
      and product_id = any(${sql.param(named.map((n) => n.id))}::uuid[])`);
  await recordChanges(
    tx,
    actor,
    named.map((n) => ({
      productId: n.id,
      source: 'brand' as const,
      before: { brand: from },
      after: { brand: to },
    })),
  );
  return named.length;
}

export async function orderBrands(db: Db, ids: number[]): Promise<Brand[]> {
  await db.transaction(async (tx) => {
    await tx.execute(TAXONOMY_LOCK);
    const all = await tx
      .select({ id: brands.id })
      .from(brands)
      .orderBy(asc(brands.position), asc(brands.name));
    const known = new Set(all.map((b) => b.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw invalid('ids', `There is no brand ${unknown}`);
    const ordered = [...new Set(ids), ...all.map((b) => b.id).filter((id) => !ids.includes(id))];
    await tx.execute(sql`
      update brands b set position = o.n
      from unnest(${sql.param(ordered)}::int[]) with ordinality as o(id, n) where b.id = o.id`);
  });
  return listBrands(db);
}

/** Removes a brand; its products move to the brand `moveTo` first (or removal is refused while it has any). */
export async function removeBrand(
  db: Db,
  id: number,
  moveTo: number | undefined,
  actor: ChangeActor,
): Promise<Removed> {
  return db.transaction(async (tx) => {
    await tx.execute(TAXONOMY_LOCK);
    const [row] = await tx.select().from(brands).where(eq(brands.id, id));
    if (!row) throw notFound('Brand');
    const [target] =
      moveTo === undefined ? [undefined] : await tx.select().from(brands).where(eq(brands.id, moveTo));
    if (moveTo !== undefined && (!target || moveTo === id)) {
      throw invalid('moveTo', 'Choose another brand to move its products to');
    }
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from products where brand = ${row.name}`),
    );
    if (Number(n) > 0 && !target) {
      throw conflict('moveTo', `${n} products are of this brand: choose where to move them first`);
    }
    const moved = target ? await moveBrandProducts(tx, row.name, target.name, actor) : 0;
    await tx.delete(brands).where(eq(brands.id, id));
    await recordAudit(tx, {
      action: 'brand.removed',
      subjectType: 'brand',
      subjectId: String(id),
      before: { name: row.name },
      after: { movedTo: target?.name ?? null, moved },
    });
    return { removed: true as const, moved };
  });
}
