import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { ProductLink } from '../../../contract/catalog';
import type { ProductChange, ProductRecord } from '../../../contract/catalog-admin';
import { centsToDollars } from '../../../contract/money';
import type { Db, Tx } from '../../kernel/db';
import { fitments, partNumbers, productChanges, productImages, products, user } from '../../kernel/db';
import { notFound } from '../../kernel/errors';
import { stockOfOne } from '../inventory';
import { effectiveLowStock } from './low-stock';

type ProductRow = typeof products.$inferSelect;

const decimal = (value: string | null) => (value === null ? null : Number(value));

/** A product as another's page names it. */
export const linkOf = (row: Pick<ProductRow, 'id' | 'name' | 'partNumber' | 'sku'>): ProductLink => ({
  _id: row.id,
  name: row.name,
  part_number: row.partNumber,
  sku: row.sku,
});

/** Fitment rows in the order pages show them, with the buyer's fields. */
export async function fitmentOf(db: Db | Tx, productId: string) {
  const rows = await db
    .select()
    .from(fitments)
    .where(eq(fitments.productId, productId))
    .orderBy(asc(fitments.make), asc(fitments.model), asc(fitments.yearFrom), asc(fitments.id));
  return rows.map((f) => ({
    make: f.make,
    model: f.model,
    year_from: f.yearFrom,
    year_to: f.yearTo,
    engine: f.engine,
    submodel: f.submodel,
    position: f.position,
    quantity: f.quantity,
    note: f.note,
  }));
}

export async function imagesOf(db: Db | Tx, productId: string) {
  const rows = await db
    .select({ url: productImages.url, alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
  return rows;
}

/** Everything the editor shows about one product, whatever its status (admin). */
export async function readProductRecord(
  db: Db | Tx,
  id: string,
  lowStockFactor: number,
): Promise<ProductRecord> {
  const { row, fields } = await readProductFields(db, id);
  return { ...fields, low_stock_at: effectiveLowStock(row, lowStockFactor) };
}

/** A product's fields as its history compares them: the record without what the store derives. */
export type ProductFields = Omit<ProductRecord, 'low_stock_at'>;

export async function readProductFields(
  db: Db | Tx,
  id: string,
): Promise<{ row: ProductRow; fields: ProductFields }> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound('Tool');
  const [numbers, fitment, images, replacedBy, replaces, stock] = await Promise.all([
    db
      .select({ number: partNumbers.number, kind: partNumbers.kind, brand: partNumbers.brand })
      .from(partNumbers)
      .where(eq(partNumbers.productId, id))
      .orderBy(asc(partNumbers.id)),
    fitmentOf(db, id),
    imagesOf(db, id),
    row.supersededById
      ? db.select().from(products).where(eq(products.id, row.supersededById))
      : Promise.resolve([]),
    db.select().from(products).where(eq(products.supersededById, id)).orderBy(asc(products.name)),
    stockOfOne(db, id),
  ]);
  const fields: ProductFields = {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    available_quantity: stock.available,
    minimum_order_quantity: row.minimumOrderQuantity,
    status: row.status,
    category: row.categorySlug,
    brand: row.brand,
    sku: row.sku,
    part_number: row.partNumber,
    upc: row.upc,
    cross_references: numbers
      .filter((n) => n.kind === 'oem' || n.kind === 'interchange')
      .map((n) => ({ number: n.number, kind: n.kind as 'oem' | 'interchange', brand: n.brand })),
    superseded_by: replacedBy[0] ? linkOf(replacedBy[0]) : null,
    replaces: replaces.map(linkOf),
    weight_lb: decimal(row.weightLb),
    length_in: decimal(row.lengthIn),
    width_in: decimal(row.widthIn),
    height_in: decimal(row.heightIn),
    ground_only: row.groundOnly,
    core_charge: centsToDollars(row.coreChargeCents),
    cost: row.costCents === null ? null : centsToDollars(row.costCents),
    low_stock_threshold: row.lowStockThreshold,
    universal_fit: row.universalFit,
    images,
    fitment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  return { row, fields };
}

/** The fields a history entry compares: what the owner edits (derived and bookkeeping fields left out). */
const NOT_COMPARED = new Set(['_id', 'createdAt', 'updatedAt', 'replaces']);

/** Each field that differs, before and after, under its wire name. */
export function differences(
  before: Partial<ProductFields>,
  after: ProductFields,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was0 = before as Record<string, unknown>;
  const now0 = after as Record<string, unknown>;
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(now0)) {
    if (NOT_COMPARED.has(key)) continue;
    const a = key === 'superseded_by' ? ((was0[key] as ProductLink | null)?._id ?? null) : was0[key];
    const b = key === 'superseded_by' ? ((now0[key] as ProductLink | null)?._id ?? null) : now0[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      was[key] = a ?? null;
      now[key] = b ?? null;
    }
  }
  return { before: was, after: now };
}

export interface ChangeActor {
  id: string | null;
  name: string | null;
}

export interface HistoryEntry {
  productId: string;
  source: ProductChange['source'];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  bulkChangeId?: string;
  importId?: string;
}

/** Appends history entries in the caller's transaction; an entry that changed nothing is left out. */
export async function recordChanges(tx: Tx, actor: ChangeActor, entries: HistoryEntry[]): Promise<void> {
  const kept = entries.filter((e) => Object.keys(e.after).length > 0 || Object.keys(e.before).length > 0);
  if (kept.length === 0) return;
  await tx.insert(productChanges).values(
    kept.map((e) => ({
      productId: e.productId,
      actorUserId: actor.id,
      actorName: actor.name,
      source: e.source,
      before: e.before,
      after: e.after,
      bulkChangeId: e.bulkChangeId ?? null,
      importId: e.importId ?? null,
    })),
  );
}

/** GET /catalog/products/:id/history: newest first. */
export async function productHistory(db: Db, productId: string, limit = 200): Promise<ProductChange[]> {
  const rows = await db
    .select()
    .from(productChanges)
    .where(eq(productChanges.productId, productId))
    .orderBy(desc(productChanges.id))
    .limit(limit);
  const recent = rows;
  const actors = [...new Set(recent.map((r) => r.actorUserId).filter((a): a is string => a !== null))];
  const names = new Map(
    actors.length === 0
      ? []
      : (await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, actors))).map(
          (u) => [u.id, u.name],
        ),
  );
  // A replacement is kept as its product's id: its name, as the product is called now.
  const linked = [
    ...new Set(
      recent
        .flatMap((r) => [r.before, r.after].map((side) => (side as Record<string, unknown>).superseded_by))
        .filter((v): v is string => typeof v === 'string'),
    ),
  ];
  const productNames = new Map(
    linked.length === 0
      ? []
      : (
          await db
            .select({ id: products.id, name: products.name })
            .from(products)
            .where(inArray(products.id, linked))
        ).map((p) => [p.id, p.name]),
  );
  return recent.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actorUserId
      ? { id: r.actorUserId, name: r.actorName ?? names.get(r.actorUserId) ?? '' }
      : r.actorName
        ? { id: '', name: r.actorName }
        : null,
    source: r.source as ProductChange['source'],
    before: r.before,
    after: r.after,
    ...namesOf(r, productNames),
  }));
}

function namesOf(
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
  known: Map<string, string>,
): { names?: Record<string, string> } {
  const names: Record<string, string> = {};
  for (const side of [change.before, change.after]) {
    const id = side.superseded_by;
    const name = typeof id === 'string' ? known.get(id) : undefined;
    if (typeof id === 'string' && name !== undefined) names[id] = name;
  }
  return Object.keys(names).length > 0 ? { names } : {};
}
