import { and, eq, inArray, ne } from 'drizzle-orm';
import { type CatalogFields, partNumberKey } from '../../../contract/catalog';
import type { Db, Tx } from '../../kernel/db';
import { categories, fitments, partNumbers, products } from '../../kernel/db';
import { AppError } from '../../kernel/errors';

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);

/**
 * Writes a product's parts-catalog fields inside the caller's transaction: the columns on the
 * products row, then the part numbers (SKU, maker's number and cross-references, one searchable row
 * each) and the fitment rows, each list replaced whole when given. Fields left out stay as they were.
 */
export async function writePartsData(
  tx: Db | Tx,
  productId: string,
  fields: CatalogFields & { upc?: string },
): Promise<void> {
  if (fields.category) {
    const [known] = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.slug, fields.category));
    if (!known) throw invalid('category', 'Choose a category from the list');
  }
  const sku = fields.sku === undefined ? undefined : fields.sku.trim() || null;
  if (sku) {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sku, sku), ne(products.id, productId)));
    if (taken)
      throw new AppError('CONFLICT', `Another product already has the SKU ${sku}`, [
        { path: 'sku', message: `Another product already has the SKU ${sku}` },
      ]);
  }
  const columns = {
    ...(fields.upc !== undefined ? { upc: fields.upc || null } : {}),
    ...(fields.category !== undefined ? { categorySlug: fields.category } : {}),
    ...(fields.brand !== undefined ? { brand: fields.brand.trim() } : {}),
    ...(sku !== undefined ? { sku } : {}),
    ...(fields.part_number !== undefined ? { partNumber: fields.part_number.trim() || null } : {}),
    ...(fields.universal_fit !== undefined ? { universalFit: fields.universal_fit } : {}),
  };
  if (Object.keys(columns).length > 0)
    await tx.update(products).set(columns).where(eq(products.id, productId));

  if (
    fields.sku !== undefined ||
    fields.part_number !== undefined ||
    fields.cross_references !== undefined ||
    fields.upc !== undefined
  ) {
    const [row] = await tx
      .select({
        sku: products.sku,
        partNumber: products.partNumber,
        brand: products.brand,
        upc: products.upc,
      })
      .from(products)
      .where(eq(products.id, productId));
    const crossReferences =
      fields.cross_references ??
      (
        await tx
          .select({ number: partNumbers.number, kind: partNumbers.kind, brand: partNumbers.brand })
          .from(partNumbers)
          .where(and(eq(partNumbers.productId, productId), inArray(partNumbers.kind, ['oem', 'interchange'])))
      ).map((r) => ({ number: r.number, kind: r.kind as 'oem' | 'interchange', brand: r.brand }));
    const rows = [
      ...(row?.sku ? [{ number: row.sku, kind: 'sku' as const, brand: row.brand }] : []),
      ...(row?.partNumber ? [{ number: row.partNumber, kind: 'maker' as const, brand: row.brand }] : []),
      ...(row?.upc ? [{ number: row.upc, kind: 'upc' as const, brand: row.brand }] : []),
      ...crossReferences,
    ];
    await tx.delete(partNumbers).where(eq(partNumbers.productId, productId));
    if (rows.length > 0) {
      await tx.insert(partNumbers).values(
        rows.map((r) => ({
          productId,
          number: r.number.trim(),
          key: partNumberKey(r.number),
          kind: r.kind,
          brand: r.brand,
        })),
      );
    }
  }

  if (fields.fitment !== undefined) {
    await tx.delete(fitments).where(eq(fitments.productId, productId));
    if (fields.fitment.length > 0) {
      await tx
        .insert(fitments)
        .values(
          fields.fitment.map((f) => ({
            productId,
            make: f.make,
            model: f.model,
            yearFrom: f.year_from,
            yearTo: f.year_to,
            engine: f.engine || null,
            submodel: f.submodel ?? null,
            position: f.position ?? null,
            quantity: f.quantity ?? null,
            note: f.note ?? null,
          })),
        )
        // The same vehicle, years and position twice in one list is one row.
        .onConflictDoNothing();
    }
  }
}
