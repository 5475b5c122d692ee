import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { partNumberKey } from '../../../contract/catalog';
import {
  columnName,
  FITMENT_CSV_COLUMNS,
  FITMENT_CSV_VEHICLE_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportKind,
  type ImportMapping,
  type ImportRows,
  type ImportSummary,
  type ImportVerdict,
  type MappedColumn,
  missingColumns,
  normalizedMapping,
  PRODUCT_CSV_COLUMNS,
  SUPPLIER_CSV_COLUMNS,
} from '../../../contract/catalog-import';
import { dollarsToCents } from '../../../contract/money';
import { recordAudit } from '../../kernel/audit';
import type { Db } from '../../kernel/db';
import { catalogImportRows, catalogImports, rowsOf } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { cellFromSpreadsheet, loopTurns, readCsvUpload } from '../../kernel/http';

import { type ReadRow, readRow, rowIdentity } from './import-rows';
import { SupersessionForest } from './supersession-forest';

/**
 * The dry run of a catalog import (docs/decisions/048): the file is read as a stream, every row
 * gets its verdict (create, update, unchanged, refuse) and reason, and the rows are kept with the
 * import for the job to apply later. Nothing in the catalog is written. Every check takes time in
 * proportion to the rows (maps by key, the supersession forest), and the work hands the event loop
 * back as it goes, so the instance keeps answering while a 250,000-row file is checked
 * (docs/decisions/072).
 */

const BATCH = 1000;

/** How many of a file's header cells an import keeps, with what each was read as. */
const IMPORT_COLUMNS_KEPT = 300;

const badFile = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: 'file', message }]);

/**
 * How a header reads: each cell as a column name, then through the supplier's mapping (a cell the
 * owner said to ignore is left out without a warning). Unknown cells are left out and named; a
 * column of the layout read from two cells is named too, since one of them would be lost.
 */
function readHeader(
  header: string[],
  layout: readonly string[],
  mapping: Record<string, MappedColumn | 'ignore'>,
) {
  const unknown: string[] = [];
  const seen = new Set<string>();
  const twice = new Set<string>();
  const columns = header.map((cell): ImportColumn => {
    const name = columnName(cell);
    const mapped = mapping[name];
    const target = mapped === 'ignore' ? '' : (mapped ?? name);
    if (target && !layout.includes(target)) {
      unknown.push(name);
      return { header: cell, column: null, mapped: false };
    }
    if (target && seen.has(target)) twice.add(target);
    if (target) seen.add(target);
    return { header: cell, column: target || null, mapped: mapped !== undefined };
  });
  return { columns, unknown: unknown.filter(Boolean), twice: [...twice] };
}

/** A header's unknown cells as the refusal names them: a file of anything but CSV has thousands. */
const namedFew = (names: string[]) =>
  names
    .slice(0, 10)
    .map((n) => (n.length > 40 ? `${n.slice(0, 40)}…` : n))
    .join(', ') + (names.length > 10 ? ` and ${names.length - 10} more` : '');

interface Checked {
  line: number;
  key: string;
  cells: Record<string, string>;
  verdict: ImportVerdict;
  reason: string | null;
}

/** What the catalog holds for a batch of rows, read in one or two statements. */
interface Lookup {
  verdictOf(row: ReadRow & { ok: true }): { verdict: ImportVerdict; reason: string | null };
}

async function productLookup(db: Db, rows: Array<ReadRow & { ok: true }>): Promise<Lookup> {
  const skus = rows.map((r) => r.key);
  const existing = rowsOf<{
    sku: string;
    name: string;
    price_cents: number;
    minimum_order_quantity: number;
    status: string;
    category_slug: string | null;
    brand: string;
    part_number: string | null;
    upc: string | null;
  }>(
    await db.execute(sql`
      select sku, name, price_cents, minimum_order_quantity, status, category_slug, brand, part_number, upc
      from products where sku = any(${sql.param(skus)}::text[])`),
  );
  const bySku = new Map(existing.map((e) => [e.sku, e]));
  const categories = rowsOf<{ slug: string; name: string }>(
    await db.execute(sql`select slug, name from categories`),
  );
  const categoryOf = (named: string) =>
    categories.find((c) => c.slug === named.toLowerCase() || c.name.toLowerCase() === named.toLowerCase());
  return {
    verdictOf(row) {
      const p = row.product;
      if (!p) return { verdict: 'refuse', reason: 'Not readable' };
      if (p.category && !categoryOf(p.category)) {
        return { verdict: 'refuse', reason: `category: the store has no category ${p.category}` };
      }
      const current = bySku.get(row.key);
      if (!current) {
        const missing = (['name', 'price', 'description'] as const).filter((f) => p[f] === undefined);
        if (missing.length > 0) {
          return { verdict: 'refuse', reason: `A new product needs ${missing.join(', ')}` };
        }
        return { verdict: 'create', reason: null };
      }
      // Fields the row gives that differ from the product's: anything else given counts as a change too.
      const same =
        (p.name === undefined || p.name === current.name) &&
        (p.price === undefined || dollarsToCents(p.price) === Number(current.price_cents)) &&
        (p.minimum_order_quantity === undefined ||
          p.minimum_order_quantity === Number(current.minimum_order_quantity)) &&
        (p.status === undefined || p.status === current.status) &&
        (p.category === undefined || categoryOf(p.category)?.slug === current.category_slug) &&
        (p.brand === undefined || p.brand === current.brand) &&
        (p.part_number === undefined || p.part_number === current.part_number) &&
        (p.upc === undefined || (p.upc || null) === current.upc) &&
        Object.keys(p).every((f) =>
          [
            'sku',
            'name',
            'price',
            'minimum_order_quantity',
            'status',
            'category',
            'brand',
            'part_number',
            'upc',
          ].includes(f),
        );
      return { verdict: same ? 'unchanged' : 'update', reason: null };
    },
  };
}

async function fitmentLookup(db: Db, rows: Array<ReadRow & { ok: true }>): Promise<Lookup> {
  const keys = [...new Set(rows.map((r) => partNumberKey(r.key)))];
  const owners = rowsOf<{ key: string; product_ids: string[] }>(
    await db.execute(sql`
      select p.key, array_agg(distinct p.product_id::text) as product_ids from part_numbers p
      where p.key = any(${sql.param(keys)}::text[]) and p.kind in ('sku', 'maker')
      group by p.key`),
  );
  const productsOf = new Map(owners.map((o) => [o.key, o.product_ids]));
  const resolved = rows
    .map((r) => ({ r, ids: productsOf.get(partNumberKey(r.key)) ?? [] }))
    .filter((x) => x.ids.length === 1 && x.r.fitment);
  const found = resolved.length
    ? rowsOf<{ n: number; quantity: number | null; note: string | null }>(
        await db.execute(sql`
          select v.n::int as n, f.quantity, f.note
          from jsonb_to_recordset(${JSON.stringify(
            resolved.map((x, n) => ({
              n,
              product_id: x.ids[0],
              make: x.r.fitment?.make,
              model: x.r.fitment?.model,
              year_from: x.r.fitment?.year_from,
              year_to: x.r.fitment?.year_to,
              engine: x.r.fitment?.engine || null,
              submodel: x.r.fitment?.submodel ?? null,
              position: x.r.fitment?.position ?? null,
            })),
          )}::jsonb) as v(n int, product_id uuid, make text, model text, year_from int, year_to int,
            engine text, submodel text, position text)
          join fitments f on f.product_id = v.product_id and f.make = v.make and f.model = v.model
            and f.year_from = v.year_from and f.year_to = v.year_to and f.engine is not distinct from v.engine
            and f.submodel is not distinct from v.submodel and f.position is not distinct from v.position`),
      )
    : [];
  const existing = new Map<ReadRow, { quantity: number | null; note: string | null }>();
  for (const f of found) {
    const x = resolved[Number(f.n)];
    if (x) existing.set(x.r, { quantity: f.quantity, note: f.note });
  }
  return {
    verdictOf(row) {
      const ids = productsOf.get(partNumberKey(row.key)) ?? [];
      if (ids.length === 0) return { verdict: 'refuse', reason: `No product has the part number ${row.key}` };
      if (ids.length > 1) {
        return {
          verdict: 'refuse',
          reason: `${ids.length} products have the part number ${row.key}: use the SKU`,
        };
      }
      const had = existing.get(row);
      if (!had) return { verdict: 'create', reason: null };
      const f = row.fitment;
      const same = (f?.quantity ?? null) === had.quantity && (f?.note ?? null) === had.note;
      return { verdict: same ? 'unchanged' : 'update', reason: null };
    },
  };
}

/**
 * Supersession in a products file: the replacement must exist (in the store, or earlier in the
 * file), and no row may close a loop with the store's links or the file's earlier ones. The links
 * are a forest that answers where a chain ends in O(log n), so a file of one long chain, in any
 * order, is checked in time near its length; a loop of any length is found.
 */
async function checkSupersession(db: Db, rows: Checked[]): Promise<void> {
  const linking = rows.filter((r) => r.verdict !== 'refuse' && r.cells.superseded_by?.trim());
  if (linking.length === 0) return;
  const turn = loopTurns();
  const stored = rowsOf<{ sku: string; replacement: string | null }>(
    await db.execute(sql`
      select t.sku, r.sku as replacement from products t left join products r on r.id = t.superseded_by_id
      where t.sku is not null`),
  );
  const known = new Set<string>();
  const links = new SupersessionForest();
  for (const s of stored) {
    known.add(s.sku);
    // A link the store holds; one that would loop (kept from before loops were refused) is left out.
    if (s.replacement !== null) links.tryLink(s.sku, s.replacement);
    await turn();
  }
  const seenAt = new Map<string, number>();
  for (const r of rows) if (r.verdict !== 'refuse' && !seenAt.has(r.key)) seenAt.set(r.key, r.line);
  for (const row of linking) {
    await turn();
    const target = row.cells.superseded_by?.trim() ?? '';
    if (target === row.key) {
      Object.assign(row, { verdict: 'refuse', reason: 'superseded_by: a product cannot replace itself' });
      continue;
    }
    const at = seenAt.get(target);
    if (!known.has(target) && (at === undefined || at > row.line)) {
      Object.assign(row, {
        verdict: 'refuse',
        reason: `superseded_by: no product has the SKU ${target}${at ? ' before this line' : ''}`,
      });
      continue;
    }
    // The chain as it will be once this row and the file's earlier rows are applied.
    if (!links.tryLink(row.key, target)) {
      Object.assign(row, {
        verdict: 'refuse',
        reason: `superseded_by: ${target} is itself replaced by ${row.key}, which would make a loop`,
      });
    }
  }
}

/**
 * POST /catalog/imports: reads the file, checks every row, keeps them with a new import (status
 * `checked`) and answers its summary. A file that cannot be read as the layout is refused whole,
 * and leaves no import behind.
 */
export async function checkImport(
  db: Db,
  kind: ImportKind,
  fileName: string,
  file: Readable,
  createdBy: string,
  /** The supplier whose file it is: its mapping reads the header, and its own columns are taken. */
  supplier?: { id: string; name: string; mapping: ImportMapping },
): Promise<ImportSummary> {
  if (supplier && kind !== 'products')
    throw badFile("A supplier's file is read as products: choose the products layout");
  const layout: readonly string[] =
    kind === 'products'
      ? [...PRODUCT_CSV_COLUMNS, ...(supplier ? SUPPLIER_CSV_COLUMNS : [])]
      : [...FITMENT_CSV_COLUMNS, ...FITMENT_CSV_VEHICLE_COLUMNS];
  const mapping = supplier ? normalizedMapping(supplier.mapping) : {};
  let headerProblem: string | undefined;
  const warnings: string[] = [];
  let columns: ImportColumn[] = [];
  const rows = readCsvUpload(file, {
    maxBytes: IMPORT_MAX_BYTES,
    columns: (header: string[]) => {
      const read = readHeader(header, layout, mapping);
      // Kept for the page to show; a header of thousands of cells is cut to the first few hundred.
      columns = read.columns.slice(0, IMPORT_COLUMNS_KEPT);
      const names = read.columns.map((c) => c.column ?? '');
      const unknown = read.unknown;
      const missing = missingColumns(kind, names);
      // A supplier's file holds columns the store has no use for: they are left out, and said so;
      // only a file without the layout's own columns is refused whole.
      if (missing.length > 0)
        headerProblem = `The file needs the columns ${missing.join(', ')}${
          unknown.length > 0 ? ` (not the ${kind} layout's: ${namedFew(unknown)})` : ''
        }${supplier ? ': map its own headers to them' : ''}`;
      else if (read.twice.length > 0)
        headerProblem = `Two columns of the file are read as ${read.twice.join(', ')}: map one of them to another column or ignore it`;
      else if (unknown.length > 0)
        warnings.push(`Ignored columns: ${namedFew(unknown)}. The ${kind} layout has: ${layout.join(', ')}`);
      // An ignored column's cells are read under no name and left out of every row.
      return names;
    },
  });
  const turn = loopTurns();
  const firstLine = new Map<string, number>();
  const all: Checked[] = [];
  let pending: Array<{ line: number; row: ReadRow }> = [];

  const flush = async () => {
    const readable = pending.filter((p): p is { line: number; row: ReadRow & { ok: true } } => p.row.ok);
    const lookup =
      readable.length === 0
        ? undefined
        : kind === 'products'
          ? await productLookup(
              db,
              readable.map((p) => p.row),
            )
          : await fitmentLookup(
              db,
              readable.map((p) => p.row),
            );
    for (const { line, row } of pending) {
      await turn();
      const identity = rowIdentity(kind, row);
      const duplicateOf = row.ok ? firstLine.get(identity) : undefined;
      let checked: Checked;
      if (!row.ok) checked = { line, key: row.key, cells: row.cells, verdict: 'refuse', reason: row.reason };
      else if (duplicateOf !== undefined) {
        checked = {
          line,
          key: row.key,
          cells: row.cells,
          verdict: 'refuse',
          reason: `The same as line ${duplicateOf}`,
        };
      } else {
        firstLine.set(identity, line);
        checked = {
          line,
          key: row.key,
          cells: row.cells,
          ...(lookup?.verdictOf(row) ?? { verdict: 'refuse', reason: null }),
        };
      }
      all.push(checked);
    }
    pending = [];
  };

  for await (const { record, line } of rows) {
    if (headerProblem) throw badFile(headerProblem);
    if (all.length + pending.length >= IMPORT_MAX_ROWS) {
      throw badFile(`A file may hold at most ${IMPORT_MAX_ROWS} rows: split it`);
    }
    const cells: Record<string, string> = {};
    // A cell the export quoted so a spreadsheet would not run it reads as it was written.
    for (const [k, v] of Object.entries(record)) if (k !== '') cells[k] = cellFromSpreadsheet(v);
    pending.push({ line, row: readRow(kind, cells) });
    if (pending.length >= BATCH) await flush();
    else await turn();
  }
  if (headerProblem) throw badFile(headerProblem);
  await flush();
  if (all.length === 0) throw badFile('The file has no rows under its header');
  if (kind === 'products') await checkSupersession(db, all);

  // Read and checked whole: only now is the import made, so a refused file leaves nothing behind.
  const [created] = await db
    .insert(catalogImports)
    .values({
      kind,
      fileName,
      createdBy,
      status: 'checked',
      warnings,
      columns,
      supplierId: supplier?.id,
      supplierName: supplier?.name,
    })
    .returning({ id: catalogImports.id });
  if (!created) throw new Error('insert returned no row');
  const importId = created.id;
  try {
    for (let at = 0; at < all.length; at += BATCH) {
      // The batch as one JSON value: building a statement of 6,000 parameters held the event loop
      // for tens of milliseconds, JSON.stringify takes one or two.
      const batch = all.slice(at, at + BATCH).map((r) => ({
        line: r.line,
        key: r.key,
        data: r.cells,
        verdict: r.verdict,
        reason: r.reason,
      }));
      await db.execute(sql`
        insert into ${catalogImportRows} (import_id, line, key, data, verdict, reason)
        select ${importId}::uuid, r.line, r.key, r.data, r.verdict, r.reason
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          as r(line int, key text, data jsonb, verdict text, reason text)`);
      await turn();
    }
    const tally = { create: 0, update: 0, unchanged: 0, refuse: 0 } satisfies Record<ImportVerdict, number>;
    for (const r of all) tally[r.verdict] += 1;
    await db
      .update(catalogImports)
      .set({
        total: all.length,
        checkedCreate: tally.create,
        checkedUpdate: tally.update,
        checkedUnchanged: tally.unchanged,
        checkedRefuse: tally.refuse,
      })
      .where(eq(catalogImports.id, importId));
  } catch (error) {
    await db.delete(catalogImports).where(eq(catalogImports.id, importId));
    throw error;
  }
  return importSummary(db, importId);
}

type ImportRowRecord = typeof catalogImports.$inferSelect;

function toSummary(row: ImportRowRecord): ImportSummary {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    total: row.total,
    warnings: row.warnings,
    supplier: row.supplierId && row.supplierName ? { id: row.supplierId, name: row.supplierName } : null,
    columns: row.columns,
    checked: {
      create: row.checkedCreate,
      update: row.checkedUpdate,
      unchanged: row.checkedUnchanged,
      refuse: row.checkedRefuse,
    },
    done: row.done,
    applied: {
      create: row.appliedCreate,
      update: row.appliedUpdate,
      unchanged: row.appliedUnchanged,
      refuse: row.appliedRefuse,
    },
    error: row.error,
  };
}

export async function importSummary(db: Db, id: string): Promise<ImportSummary> {
  const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, id));
  if (!row) throw notFound('Import');
  return toSummary(row);
}

export async function listImports(db: Db): Promise<ImportSummary[]> {
  const rows = await db.select().from(catalogImports).orderBy(desc(catalogImports.createdAt)).limit(50);
  return rows.map(toSummary);
}

/** GET /catalog/imports/:id/rows: a page of the rows in file order, all or one verdict. */
export async function importRows(
  db: Db,
  id: string,
  query: { verdict?: ImportVerdict; page?: number; limit?: number },
): Promise<ImportRows> {
  await importSummary(db, id);
  const limit = query.limit ?? 100;
  const where = and(
    eq(catalogImportRows.importId, id),
    query.verdict ? eq(catalogImportRows.verdict, query.verdict) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(catalogImportRows).where(where),
    db
      .select()
      .from(catalogImportRows)
      .where(where)
      .orderBy(asc(catalogImportRows.line))
      .limit(limit)
      .offset(((query.page ?? 1) - 1) * limit),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      line: r.line,
      key: r.key,
      verdict: r.verdict,
      outcome: r.outcome,
      reason: r.reason,
    })),
  };
}

/** POST /catalog/imports/:id/start: a checked import is queued for the job (once). */
export async function startImport(db: Db, id: string): Promise<ImportSummary> {
  const moved = await db.transaction(async (tx) => {
    const queued = await tx
      .update(catalogImports)
      .set({ status: 'queued' })
      .where(and(eq(catalogImports.id, id), eq(catalogImports.status, 'checked')))
      .returning({ id: catalogImports.id, kind: catalogImports.kind, fileName: catalogImports.fileName });
    for (const started of queued)
      await recordAudit(tx, {
        action: 'import.started',
        subjectType: 'import',
        subjectId: id,
        before: { status: 'checked' },
        after: { status: 'queued', kind: started.kind, fileName: started.fileName },
      });
    return queued;
  });
  if (moved.length === 0) {
    const summary = await importSummary(db, id);
    throw new AppError('CONFLICT', `This import is ${summary.status}: only a checked import can be started`);
  }
  return importSummary(db, id);
}

/** POST /catalog/imports/:id/cancel: before the job takes it up (checked or queued). */
export async function cancelImport(db: Db, id: string): Promise<ImportSummary> {
  const moved = await db.transaction(async (tx) => {
    const cancelled = await tx
      .update(catalogImports)
      .set({ status: 'cancelled', finishedAt: new Date() })
      .where(and(eq(catalogImports.id, id), sql`${catalogImports.status} in ('checked', 'queued')`))
      .returning({ id: catalogImports.id });
    if (cancelled.length > 0)
      await recordAudit(tx, {
        action: 'import.cancelled',
        subjectType: 'import',
        subjectId: id,
        after: { status: 'cancelled' },
      });
    return cancelled;
  });
  if (moved.length === 0) {
    const summary = await importSummary(db, id);
    throw new AppError('CONFLICT', `This import is ${summary.status}: it can no longer be cancelled`);
  }
  return importSummary(db, id);
}
