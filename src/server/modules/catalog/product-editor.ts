import { eq, sql } from 'drizzle-orm';
import type { ProductStatus, ToolChanges } from '../../../contract/catalog';
import { dollarsToCents } from '../../../contract/money';
import type { Tx } from '../../kernel/db';
import { productImages, products, rowsOf } from '../../kernel/db';
import { AppError } from '../../kernel/errors';

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);

const decimalText = (value: number | null | undefined) =>
  value === undefined ? undefined : value === null ? null : String(value);

/**
 * A product's status and whether it is on sale, together: `retired_at` is set whenever the product
 * is not active, so orders, carts and prices (which read only that column) never sell a draft.
 */
export function statusColumns(status: ProductStatus, inserting = false) {
  if (status === 'active') return { status, retiredAt: null };
  // An update keeps the first moment it went off sale; a new row has none yet.
  return {
    status,
    retiredAt: inserting ? new Date() : (sql`coalesce(${products.retiredAt}, now())` as unknown as Date),
  };
}

/** Supersession links are checked and written one at a time store-wide, so two edits cannot close a loop together. */
const SUPERSESSION_LOCK = sql`select pg_advisory_xact_lock(hashtextextended('catalog:supersession', 0))`;

/** Refuses a replacement that is this product, unknown, or replaced (at any depth) by this product. */
export async function assertReplacementAllowed(
  tx: Tx,
  id: string,
  replacement: string,
  path = 'superseded_by',
) {
  if (replacement === id) throw invalid(path, 'A product cannot replace itself');
  await tx.execute(SUPERSESSION_LOCK);
  const chain = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
      with recursive chain(id, depth) as (
        select ${replacement}::uuid, 0
        union all
        select t.superseded_by_id, chain.depth + 1 from products t join chain on t.id = chain.id
        where t.superseded_by_id is not null and chain.depth < 1000
      )
      select chain.id::text as id, t.name from chain join products t on t.id = chain.id order by chain.depth`),
  );
  if (chain.length === 0) throw invalid(path, 'The replacing product was not found');
  if (chain.some((link) => link.id === id)) {
    throw invalid(
      path,
      `${chain[0]?.name ?? 'That product'} is itself replaced by this one: a part cannot be superseded in a loop`,
    );
  }
}

/**
 * Writes the editor's own fields of a product (everything but stock and the parts data that
 * parts-data.ts writes) in the caller's transaction.
 */
export async function writeEditorFields(tx: Tx, id: string, changes: ToolChanges): Promise<void> {
  if (changes.superseded_by) await assertReplacementAllowed(tx, id, changes.superseded_by);
  const columns = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.price !== undefined ? { priceCents: dollarsToCents(changes.price) } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.minimum_order_quantity !== undefined
      ? { minimumOrderQuantity: changes.minimum_order_quantity }
      : {}),
    ...(changes.status !== undefined ? statusColumns(changes.status) : {}),
    ...(changes.superseded_by !== undefined ? { supersededById: changes.superseded_by } : {}),
    ...(changes.weight_lb !== undefined ? { weightLb: decimalText(changes.weight_lb) } : {}),
    ...(changes.length_in !== undefined ? { lengthIn: decimalText(changes.length_in) } : {}),
    ...(changes.width_in !== undefined ? { widthIn: decimalText(changes.width_in) } : {}),
    ...(changes.height_in !== undefined ? { heightIn: decimalText(changes.height_in) } : {}),
    ...(changes.ground_only !== undefined ? { groundOnly: changes.ground_only } : {}),
    ...(changes.core_charge !== undefined ? { coreChargeCents: dollarsToCents(changes.core_charge) } : {}),
    ...(changes.cost !== undefined
      ? { costCents: changes.cost === null ? null : dollarsToCents(changes.cost) }
      : {}),
    ...(changes.low_stock_threshold !== undefined ? { lowStockThreshold: changes.low_stock_threshold } : {}),
    ...(changes.images?.[0] ? { image: changes.images[0].url } : {}),
  };
  await tx
    .update(products)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(products.id, id));
  if (changes.images !== undefined) await writeImages(tx, id, changes.images);
}

/** Replaces a product's pictures; the first one is also its spec `image`. */
export async function writeImages(tx: Tx, id: string, images: Array<{ url: string; alt: string }>) {
  await tx.delete(productImages).where(eq(productImages.productId, id));
  if (images.length === 0) return;
  await tx
    .insert(productImages)
    .values(images.map((image, position) => ({ productId: id, position, url: image.url, alt: image.alt })));
}
