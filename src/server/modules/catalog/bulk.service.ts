import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BULK_MAX_PRODUCTS,
  BULK_PREVIEW_ROWS,
  type BulkApplyInput,
  type BulkChange,
  type BulkChangeRecord,
  type BulkPreview,
  type BulkPreviewInput,
  type BulkPreviewRow,
  type BulkSelection,
  type BulkUndoAnswer,
  bulkSelectionMovedMessage,
} from '../../../contract/catalog-bulk';
import { STOCK_MAX } from '../../../contract/inventory';
import { centsToDollars, dollarsToCents, formatCents, percentToBasisPoints } from '../../../contract/money';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { bulkChanges, categories, productChanges, rowsOf } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { adjustStock, availableOf, OutOfStock } from '../inventory';
import { productFilterCondition } from './product-filter';
import type { ChangeActor } from './product-record';
import { lockInOrder } from './taxonomy.service';

/**
 * Bulk changes (admin, docs/decisions/047): one change to every selected product, previewed, then
 * applied in one transaction with a history entry per product, and undone as a whole.
 */

/** One product as the change would leave it: values in the wire's units (dollars for prices). */
interface Planned {
  id: string;
  name: string;
  sku: string | null;
  before: number | string | null;
  after: number | string | null;
  problem: string | null;
}

const PRICE_MIN_CENTS = 100;
const PRICE_MAX_CENTS = 100_000_000;

/** The change's new value for `t` in SQL, and its old one: one expression for the preview and the change. */
function expressions(change: BulkChange): { before: ReturnType<typeof sql>; after: ReturnType<typeof sql> } {
  switch (change.kind) {
    case 'price': {
      const after =
        change.mode === 'percent'
          ? // Basis points keep two decimals of percent exact; numeric rounds half away from zero.
            sql`round(t.price_cents * (10000 + ${percentToBasisPoints(change.value)})::numeric / 10000)::bigint`
          : sql`(t.price_cents + ${dollarsToCents(change.value)})::bigint`;
      return { before: sql`t.price_cents::bigint`, after };
    }
    case 'status':
      return { before: sql`t.status`, after: sql`${change.status}::text` };
    case 'category':
      return { before: sql`t.category_slug`, after: sql`${change.category}::text` };
    case 'stock': {
      // Only products on sale are counted: the inventory's count refuses drafts and archived ones,
      // which keep their stock as it is. What is left is the inventory's, read per product selected.
      const left = availableOf(sql`t.id`);
      return {
        before: sql`${left}::bigint`,
        after: sql`(case when t.retired_at is not null then ${left} else ${
          change.mode === 'set' ? sql`${change.value}` : sql`${left} + ${change.value}`
        } end)::bigint`,
      };
    }
  }
}

function problemOf(change: BulkChange, after: number | string | null): string | null {
  if (change.kind === 'price') {
    const cents = Number(after);
    if (cents < PRICE_MIN_CENTS) return `Would cost ${formatCents(cents)}, below the $1.00 minimum`;
    if (cents > PRICE_MAX_CENTS) return 'Would cost more than $1,000,000';
  }
  if (change.kind === 'stock') {
    const level = Number(after);
    if (level < 0) return 'Would leave less than none in stock';
    if (level > STOCK_MAX) return `Would hold more than ${STOCK_MAX} in stock`;
  }
  return null;
}

/** Wire units: prices in dollars, the rest as they are. */
const shown = (change: BulkChange, value: number | string | null) =>
  value === null
    ? null
    : change.kind === 'price'
      ? centsToDollars(Number(value))
      : change.kind === 'stock'
        ? Number(value)
        : value;

async function selectionCondition(db: Db, selection: BulkSelection, lowStockFactor: number) {
  return 'ids' in selection
    ? sql`t.id = any(${sql.param(selection.ids)}::uuid[])`
    : productFilterCondition(db, selection.filter, lowStockFactor);
}

/** Every selected product, before and after, in name order. */
async function planChange(
  db: Db | Tx,
  where: ReturnType<typeof sql>,
  change: BulkChange,
): Promise<Planned[]> {
  const { before, after } = expressions(change);
  const rows = rowsOf<{ id: string; name: string; sku: string | null; before: unknown; after: unknown }>(
    await db.execute(sql`
      select t.id::text as id, t.name, t.sku, ${before} as before, ${after} as after
      from products t where ${where}
      order by lower(t.name), t.id
      limit ${BULK_MAX_PRODUCTS + 1}`),
  );
  if (rows.length > BULK_MAX_PRODUCTS) {
    throw new AppError(
      'VALIDATION_FAILED',
      `At most ${BULK_MAX_PRODUCTS} products at once: narrow the selection`,
    );
  }
  return rows.map((r) => {
    const was =
      r.before === null
        ? null
        : typeof r.before === 'string' && change.kind !== 'price' && change.kind !== 'stock'
          ? r.before
          : Number(r.before as string);
    const now =
      r.after === null
        ? null
        : typeof r.after === 'string' && change.kind !== 'price' && change.kind !== 'stock'
          ? r.after
          : Number(r.after as string);
    return { id: r.id, name: r.name, sku: r.sku, before: was, after: now, problem: problemOf(change, now) };
  });
}

async function assertCategoryKnown(db: Db | Tx, change: BulkChange) {
  if (change.kind !== 'category' || change.category === null) return;
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.slug, change.category));
  if (!row) {
    throw new AppError('VALIDATION_FAILED', 'Choose a category from the list', [
      { path: 'change.category', message: 'Choose a category from the list' },
    ]);
  }
}

const toRow = (change: BulkChange, p: Planned): BulkPreviewRow => ({
  _id: p.id,
  name: p.name,
  sku: p.sku,
  before: shown(change, p.before),
  after: shown(change, p.after),
  problem: p.problem,
});

/** POST /catalog/bulk/preview: how many, and each one's value before and after (the first rows). */
export async function previewBulkChange(
  db: Db,
  input: BulkPreviewInput,
  lowStockFactor: number,
): Promise<BulkPreview> {
  await assertCategoryKnown(db, input.change);
  const planned = await planChange(
    db,
    await selectionCondition(db, input.selection, lowStockFactor),
    input.change,
  );
  return {
    count: planned.length,
    unchanged: planned.filter((p) => p.before === p.after).length,
    problems: planned.filter((p) => p.problem).length,
    // Products that cannot take the change first, so the owner sees why it is refused.
    rows: [...planned]
      .sort((a, b) => Number(Boolean(b.problem)) - Number(Boolean(a.problem)))
      .slice(0, BULK_PREVIEW_ROWS)
      .map((p) => toRow(input.change, p)),
  };
}

/** The history's name for what a bulk change changes. */
const FIELD: Record<BulkChange['kind'], string> = {
  price: 'price',
  status: 'status',
  category: 'category',
  stock: 'available_quantity',
};

/**
 * POST /catalog/bulk: the change to every selected product in one transaction, products locked in
 * id order. Refused whole when the selection no longer counts what the preview showed or any product
 * cannot take it. Stock goes through the inventory module's count, one product at a time.
 */
export async function applyBulkChange(
  db: Db,
  input: BulkApplyInput,
  actor: ChangeActor & { id: string },
  lowStockFactor: number,
): Promise<BulkChangeRecord> {
  await assertCategoryKnown(db, input.change);
  const where = await selectionCondition(db, input.selection, lowStockFactor);
  const id = await db.transaction(async (tx) => {
    const selected = rowsOf<{ id: string }>(
      await tx.execute(sql`select t.id::text as id from products t where ${where}`),
    );
    if (selected.length !== input.expectedCount) {
      throw new AppError('CONFLICT', bulkSelectionMovedMessage(selected.length));
    }
    await lockInOrder(
      tx,
      selected.map((s) => s.id),
    );
    const planned = await planChange(tx, where, input.change);
    const refused = planned.filter((p) => p.problem);
    if (refused.length > 0) {
      const message = `${refused.length} of the products cannot take this change (${refused[0]?.name}: ${refused[0]?.problem})`;
      throw new AppError('VALIDATION_FAILED', message, [{ path: 'change', message }]);
    }
    const changing = planned.filter((p) => p.before !== p.after);
    const [record] = await tx
      .insert(bulkChanges)
      .values({
        actorUserId: actor.id,
        actorName: actor.name ?? '',
        change: input.change,
        selection: input.selection,
        count: planned.length,
        changed: changing.length,
      })
      .returning({ id: bulkChanges.id });
    if (!record) throw new Error('insert returned no row');
    await writeValues(tx, input.change.kind, changing, actor.id, 'bulk change');
    const field = FIELD[input.change.kind];
    if (changing.length > 0) {
      await tx.insert(productChanges).values(
        changing.map((p) => ({
          productId: p.id,
          actorUserId: actor.id,
          actorName: actor.name,
          source: 'bulk',
          bulkChangeId: record.id,
          before: { [field]: shown(input.change, p.before) },
          after: { [field]: shown(input.change, p.after) },
        })),
      );
    }
    // One row for the change; each product's before and after are its history's (product_changes).
    await recordAudit(tx, {
      action: 'product.bulk_changed',
      subjectType: 'product',
      subjectId: record.id,
      before: null,
      after: {
        change: input.change,
        selection: input.selection,
        count: planned.length,
        changed: changing.length,
      },
    });
    return record.id;
  });
  return bulkRecord(db, id);
}

/** Writes each product's new value (the wire's units in `value`: cents for prices, counts for stock). */
async function writeValues(
  tx: Tx,
  kind: BulkChange['kind'],
  items: Array<{ id: string; after: number | string | null }>,
  actorId: string,
  note: string,
) {
  if (items.length === 0) return;
  const ids = sql.param(items.map((i) => i.id));
  const values = sql.param(items.map((i) => (i.after === null ? null : String(i.after))));
  if (kind === 'stock') {
    // The inventory's own count (a savepoint each), so every unit moved is a ledger row of its own.
    for (const item of items) {
      await adjustStock(tx as unknown as Db, item.id, { setAvailable: Number(item.after), note }, actorId);
    }
    return;
  }
  const column =
    kind === 'price'
      ? sql`price_cents = v.value::int`
      : kind === 'category'
        ? sql`category_slug = v.value`
        : sql`status = v.value, retired_at = case when v.value = 'active' then null else coalesce(t.retired_at, now()) end`;
  await tx.execute(sql`
    update products t set ${column}, updated_at = now()
    from unnest(${ids}::uuid[], ${values}::text[]) as v(id, value) where t.id = v.id`);
}

async function bulkRecord(db: Db, id: string): Promise<BulkChangeRecord> {
  const [row] = await db.select().from(bulkChanges).where(eq(bulkChanges.id, id));
  if (!row) throw notFound('Bulk change');
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actorUserId ? { id: row.actorUserId, name: row.actorName } : null,
    change: row.change,
    count: row.count,
    changed: row.changed,
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

/** GET /catalog/bulk/last: the latest bulk change, whether undone or not; null when there was none. */
export async function lastBulkChange(db: Db): Promise<BulkChangeRecord | null> {
  const [row] = await db
    .select({ id: bulkChanges.id })
    .from(bulkChanges)
    .orderBy(desc(bulkChanges.createdAt))
    .limit(1);
  return row ? bulkRecord(db, row.id) : null;
}

/**
 * POST /catalog/bulk/:id/undo: only the latest bulk change, once. Each product goes back to its value
 * before, unless it changed since (kept, and named); stock moves back by what the change moved, where
 * that leaves it at zero or more.
 */
export async function undoBulkChange(
  db: Db,
  id: string,
  actor: ChangeActor & { id: string },
): Promise<BulkUndoAnswer> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('catalog:bulk-undo', 0))`);
    const [latest] = await tx.select().from(bulkChanges).orderBy(desc(bulkChanges.createdAt)).limit(1);
    if (!latest || latest.id !== id) {
      const [exists] = await tx
        .select({ id: bulkChanges.id })
        .from(bulkChanges)
        .where(eq(bulkChanges.id, id));
      if (!exists) throw notFound('Bulk change');
      throw new AppError('CONFLICT', 'Only the latest bulk change can be undone');
    }
    if (latest.undoneAt) throw new AppError('CONFLICT', 'This bulk change was already undone');
    const change = latest.change;
    const field = FIELD[change.kind];
    const entries = await tx
      .select({
        productId: productChanges.productId,
        before: productChanges.before,
        after: productChanges.after,
      })
      .from(productChanges)
      .where(and(eq(productChanges.bulkChangeId, id), eq(productChanges.source, 'bulk')));
    await lockInOrder(
      tx,
      entries.map((e) => e.productId),
    );
    const { before: currentExpr } = expressions(change);
    const current = new Map(
      rowsOf<{ id: string; name: string; value: unknown }>(
        await tx.execute(sql`
          select t.id::text as id, t.name, ${currentExpr} as value from products t
          where t.id = any(${sql.param(entries.map((e) => e.productId))}::uuid[])`),
      ).map((r) => [r.id, r]),
    );
    const kept: BulkUndoAnswer['kept'] = [];
    const restore: Array<{ id: string; after: number | string | null; was: unknown; now: unknown }> = [];
    for (const entry of entries) {
      const row = current.get(entry.productId);
      if (!row) continue;
      const was = entry.before[field] ?? null;
      const now = entry.after[field] ?? null;
      const value = shown(change, row.value === null ? null : (row.value as string | number));
      if (change.kind === 'stock') {
        const back = Number(value) - (Number(now) - Number(was));
        if (back < 0) {
          kept.push({ _id: row.id, name: row.name });
          continue;
        }
        restore.push({ id: row.id, after: back, was: value, now: back });
        continue;
      }
      if (JSON.stringify(value) !== JSON.stringify(now)) {
        kept.push({ _id: row.id, name: row.name });
        continue;
      }
      const stored = change.kind === 'price' ? dollarsToCents(Number(was)) : (was as string | null);
      restore.push({ id: row.id, after: stored, was: now, now: was });
    }
    try {
      await writeValues(tx, change.kind, restore, actor.id, 'bulk change undone');
    } catch (error) {
      // Stock sold between the read above and the count: the undo is refused, nothing changes.
      if (error instanceof OutOfStock)
        throw new AppError('CONFLICT', 'Stock moved meanwhile: try the undo again');
      throw error;
    }
    if (restore.length > 0) {
      await tx.insert(productChanges).values(
        restore.map((r) => ({
          productId: r.id,
          actorUserId: actor.id,
          actorName: actor.name,
          source: 'bulk_undo',
          bulkChangeId: id,
          before: { [field]: r.was },
          after: { [field]: r.now },
        })),
      );
    }
    await tx.update(bulkChanges).set({ undoneAt: new Date() }).where(eq(bulkChanges.id, id));
    await recordAudit(tx, {
      action: 'product.bulk_undone',
      subjectType: 'product',
      subjectId: id,
      before: { change },
      after: { restored: restore.length, kept: kept.length },
    });
    return { restored: restore.length, kept };
  });
}
