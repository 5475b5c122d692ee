import { and, asc, eq, sql } from 'drizzle-orm';
import type { ImportMapping } from '../../../contract/catalog-import';
import type {
  Supplier,
  SupplierDetails,
  SupplierInput,
  SupplierProduct,
  SupplierProductInput,
} from '../../../contract/purchasing';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { isUniqueViolation, products, purchaseOrders, supplierProducts, suppliers } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import type { SupplierRowWriter } from '../catalog';

/** Suppliers and what each sells of the catalog (decision 097). */

type SupplierValues = Omit<SupplierInput, 'contactName' | 'phone' | 'note'> & {
  contactName: string | null;
  phone: string | null;
  note: string | null;
};

const nameTaken = (name: string) =>
  new AppError('CONFLICT', `There is already a supplier named ${name}`, [
    { path: 'name', message: 'Another supplier has this name' },
  ]);

const supplierColumns = {
  id: suppliers.id,
  name: suppliers.name,
  contactName: suppliers.contactName,
  email: suppliers.email,
  phone: suppliers.phone,
  leadTimeDays: suppliers.leadTimeDays,
  minimumOrderCents: suppliers.minimumOrderCents,
  note: suppliers.note,
  importMapping: suppliers.importMapping,
  createdAt: suppliers.createdAt,
  productCount: sql<number>`(select count(*) from ${supplierProducts} sp where sp.supplier_id = ${suppliers.id})::int`,
  openOrders: sql<number>`(select count(*) from ${purchaseOrders} po
    where po.supplier_id = ${suppliers.id} and po.status in ('sent', 'partly_received'))::int`,
};

type SupplierRow = { createdAt: Date } & Omit<Supplier, 'createdAt'>;
const toSupplier = (row: SupplierRow): Supplier => ({
  ...row,
  productCount: Number(row.productCount),
  openOrders: Number(row.openOrders),
  createdAt: row.createdAt.toISOString(),
});

export async function listSuppliers(db: Db): Promise<Supplier[]> {
  const rows = await db
    .select(supplierColumns)
    .from(suppliers)
    .orderBy(asc(sql`lower(${suppliers.name})`));
  return rows.map(toSupplier);
}

async function supplierById(db: Db | Tx, id: string): Promise<Supplier> {
  const [row] = await db.select(supplierColumns).from(suppliers).where(eq(suppliers.id, id));
  if (!row) throw notFound('Supplier');
  return toSupplier(row);
}

export async function getSupplier(db: Db, id: string): Promise<SupplierDetails> {
  const supplier = await supplierById(db, id);
  const sold = await db
    .select({
      supplierId: supplierProducts.supplierId,
      productId: supplierProducts.productId,
      productName: products.name,
      sku: products.sku,
      supplierPartNumber: supplierProducts.supplierPartNumber,
      packSize: supplierProducts.packSize,
      costCents: supplierProducts.costCents,
    })
    .from(supplierProducts)
    .innerJoin(products, eq(products.id, supplierProducts.productId))
    .where(eq(supplierProducts.supplierId, id))
    .orderBy(asc(sql`lower(${products.name})`));
  return { supplier, products: sold };
}

export async function createSupplier(db: Db, input: SupplierValues): Promise<Supplier> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(suppliers).values(input).returning({ id: suppliers.id });
      const id = (row as { id: string }).id;
      await recordAudit(tx, {
        action: 'supplier.created',
        subjectType: 'supplier',
        subjectId: id,
        after: input,
      });
      return supplierById(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

export async function updateSupplier(db: Db, id: string, input: SupplierValues): Promise<Supplier> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for('update');
      if (!before) throw notFound('Supplier');
      await tx.update(suppliers).set(input).where(eq(suppliers.id, id));
      await recordAudit(tx, {
        action: 'supplier.updated',
        subjectType: 'supplier',
        subjectId: id,
        before,
        after: input,
      });
      return supplierById(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/** What the supplier sells of one product: its part number, pack and cost (a new one or a change). */
export async function setSupplierProduct(
  db: Db,
  supplierId: string,
  productId: string,
  input: SupplierProductInput,
): Promise<SupplierProduct> {
  return db.transaction(async (tx) => {
    await supplierById(tx, supplierId);
    const [product] = await tx
      .select({ name: products.name, sku: products.sku })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw notFound('Product');
    const values = {
      supplierPartNumber: input.supplierPartNumber,
      packSize: input.packSize,
      costCents: input.costCents,
    };
    await tx
      .insert(supplierProducts)
      .values({ supplierId, productId, ...values })
      .onConflictDoUpdate({ target: [supplierProducts.supplierId, supplierProducts.productId], set: values });
    await recordAudit(tx, {
      action: 'supplier.product_set',
      subjectType: 'supplier',
      subjectId: supplierId,
      after: { productId, ...values },
    });
    return { supplierId, productId, productName: product.name, sku: product.sku, ...values };
  });
}

export async function removeSupplierProduct(db: Db, supplierId: string, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(supplierProducts)
      .where(and(eq(supplierProducts.supplierId, supplierId), eq(supplierProducts.productId, productId)))
      .returning({ productId: supplierProducts.productId });
    if (removed.length === 0) throw notFound('Product of this supplier');
    await recordAudit(tx, {
      action: 'supplier.product_removed',
      subjectType: 'supplier',
      subjectId: supplierId,
      before: { productId },
    });
  });
}

/** The owner's mapping of this supplier's file headers, kept for its next file (PUT /suppliers/:id/import-mapping). */
export async function setSupplierImportMapping(
  db: Db,
  supplierId: string,
  mapping: ImportMapping,
): Promise<Supplier> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ mapping: suppliers.importMapping })
      .from(suppliers)
      .where(eq(suppliers.id, supplierId))
      .for('update');
    if (!before) throw notFound('Supplier');
    await tx.update(suppliers).set({ importMapping: mapping }).where(eq(suppliers.id, supplierId));
    await recordAudit(tx, {
      action: 'supplier.mapping_set',
      subjectType: 'supplier',
      subjectId: supplierId,
      before: before.mapping,
      after: mapping,
    });
    return supplierById(tx, supplierId);
  });
}

/** The supplier a file is checked for: its id and the mapping its headers are read through. */
export async function supplierForImport(
  db: Db,
  supplierId: string,
): Promise<{ id: string; name: string; mapping: ImportMapping }> {
  const [found] = await db
    .select({ id: suppliers.id, name: suppliers.name, mapping: suppliers.importMapping })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!found) throw notFound('Supplier');
  return found;
}

/**
 * What a supplier sells of a product, from a row of its file, in the import's own transaction: a
 * new offer (a pack of one unless the file says), or the part number, pack and cost changed in
 * place. Answers whether anything changed. The catalog's import job calls it through the app.
 */
export const writeSupplierFileRow: SupplierRowWriter = async (tx, row) => {
  const changed = await tx
    .insert(supplierProducts)
    .values({
      supplierId: row.supplierId,
      productId: row.productId,
      supplierPartNumber: row.supplierPartNumber,
      packSize: row.packSize ?? 1,
      costCents: row.costCents,
    })
    .onConflictDoUpdate({
      target: [supplierProducts.supplierId, supplierProducts.productId],
      set: {
        supplierPartNumber: row.supplierPartNumber,
        packSize: row.packSize ?? sql`${supplierProducts.packSize}`,
        costCents: row.costCents,
      },
      // A row that says what is already kept writes nothing and counts as unchanged.
      setWhere: sql`(${supplierProducts.supplierPartNumber}, ${supplierProducts.packSize}, ${supplierProducts.costCents})
        is distinct from (excluded.supplier_part_number, ${row.packSize ?? sql`${supplierProducts.packSize}`}, excluded.cost_cents)`,
    })
    .returning({ productId: supplierProducts.productId });
  return changed.length > 0;
};
