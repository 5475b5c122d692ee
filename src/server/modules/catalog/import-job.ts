import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { partNumberKey, type ToolChanges } from '../../../contract/catalog';
import { type ImportVerdict, SUPPLIER_CSV_COLUMNS } from '../../../contract/catalog-import';
import { dollarsToCents } from '../../../contract/money';
import { NO_PHOTO_IMAGE } from '../../../contract/uploads.constants';
import { auditActorOf, recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { catalogImportRows, catalogImports, products, rowsOf } from '../../kernel/db';
import { countStockIn, openPlace, setBinIn } from '../inventory';

import { type ProductCsvRow, readRow } from './import-rows';
import { writePartsData } from './parts-data';
import { statusColumns, writeEditorFields } from './product-editor';
import { type ChangeActor, differences, readProductFields, recordChanges } from './product-record';

/**
 * The job that applies a checked import (a recurring job of the job runner, docs/decisions/048).
 * Any instance may run it: it takes an import with a lease, applies it a chunk at a time, each chunk
 * one transaction that also moves the import's progress on, so a restart resumes after the last
 * chunk that committed. An import whose workers stop holding it three times is failed, with what
 * was applied so far kept and counted. Every row applies whole or not at all (a savepoint each when
 * a chunk meets trouble); a row may still be refused here when the catalog changed since the dry run.
 */

const CHUNK = 1000;
const LEASE_MS = 60_000;
/** Interruptions (a worker that stopped holding it) before an import is failed rather than resumed. */
export const IMPORT_MAX_INTERRUPTIONS = 3;

/** Fetches an image address into the store, answering the store's own address for it. */
export type ImageFetcher = (url: string) => Promise<string>;

/**
 * Writes what a supplier sells of a product from a row of its file, inside the row's transaction;
 * answers whether anything changed. The purchasing module's, handed in by the app: the catalog
 * stands below it and does not import it.
 */
export type SupplierRowWriter = (
  tx: Tx,
  row: {
    supplierId: string;
    productId: string;
    supplierPartNumber: string;
    packSize?: number;
    costCents: number;
  },
) => Promise<boolean>;

interface Appliers {
  fetchImage?: ImageFetcher;
  writeSupplierRow?: SupplierRowWriter;
}

interface Outcome {
  line: number;
  outcome: ImportVerdict;
  reason: string | null;
}

type RowRecord = typeof catalogImportRows.$inferSelect;
type ImportRecord = typeof catalogImports.$inferSelect;

/** Takes the oldest waiting import, or one whose worker's lease ran out; null when none waits. */
async function claim(db: Db): Promise<ImportRecord | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${catalogImports} set
        -- A lease left to run out means its worker stopped mid-way; one handed back (null) does not.
        interruptions = interruptions + (case when status = 'running' and lease_until is not null then 1 else 0 end),
        status = 'running',
        started_at = coalesce(started_at, now()),
        lease_until = now() + ${`${LEASE_MS} milliseconds`}::interval
      where id = (
        select id from ${catalogImports}
        where status = 'queued' or (status = 'running' and (lease_until is null or lease_until < now()))
        order by created_at limit 1
        for update skip locked
      )
      returning id::text as id`),
  );
  const id = rows[0]?.id;
  if (!id) return null;
  const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, id));
  return row ?? null;
}

/**
 * One run of the job: works on waiting imports until `budgetMs` has passed (the next run goes on
 * where this one stopped). Answers how many rows it applied.
 */
export async function runImports(
  db: Db,
  options: { budgetMs: number; now?: () => number } & Appliers,
): Promise<number> {
  const now = options.now ?? Date.now;
  const until = now() + options.budgetMs;
  let applied = 0;
  while (now() < until) {
    const job = await claim(db);
    if (!job) break;
    if (job.interruptions >= IMPORT_MAX_INTERRUPTIONS) {
      await fail(
        db,
        job.id,
        `Stopped after ${job.interruptions} interruptions; rows up to line ${job.doneLine} were applied and stay`,
      );
      continue;
    }
    let doneLine = job.doneLine;
    try {
      let step: Awaited<ReturnType<typeof applyChunk>> | undefined;
      while (now() < until) {
        step = await applyChunk(db, job, doneLine, options);
        if (step === 'lost' || step === 'finished') break;
        doneLine = step.doneLine;
        applied += step.rows;
      }
      if (step !== 'lost' && step !== 'finished') {
        // Out of time, not stopped: handed back, so the next run (here or elsewhere) goes on at once.
        await db
          .update(catalogImports)
          .set({ leaseUntil: null })
          .where(and(eq(catalogImports.id, job.id), eq(catalogImports.doneLine, doneLine)));
      }
    } catch (error) {
      // Not a row's problem (the database went away, a bug): kept for the owner to read.
      await fail(
        db,
        job.id,
        `Stopped at line ${doneLine}: ${String((error as Error).message ?? error).slice(0, 300)}`,
      );
    }
  }
  return applied;
}

/** Ends an import as failed; what it applied stays, counted. */
async function fail(db: Db, id: string, error: string) {
  await db
    .update(catalogImports)
    .set({ status: 'failed', finishedAt: new Date(), leaseUntil: null, error })
    .where(eq(catalogImports.id, id));
}

/** Applies the next chunk after `doneLine`; 'lost' when another worker has taken the import over. */
async function applyChunk(
  db: Db,
  job: ImportRecord,
  doneLine: number,
  appliers: Appliers,
): Promise<{ doneLine: number; rows: number } | 'finished' | 'lost'> {
  const rows = await db
    .select()
    .from(catalogImportRows)
    .where(and(eq(catalogImportRows.importId, job.id), gt(catalogImportRows.line, doneLine)))
    .orderBy(asc(catalogImportRows.line))
    .limit(CHUNK);
  const images =
    job.kind === 'products'
      ? await fetchImages(rows, appliers.fetchImage)
      : new Map<string, string | Error>();
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ status: catalogImports.status, doneLine: catalogImports.doneLine })
      .from(catalogImports)
      .where(eq(catalogImports.id, job.id))
      .for('update');
    if (held?.status !== 'running' || held.doneLine !== doneLine) return 'lost' as const;
    if (rows.length === 0) {
      await tx
        .update(catalogImports)
        .set({ status: 'done', finishedAt: new Date(), leaseUntil: null })
        .where(eq(catalogImports.id, job.id));
      return 'finished' as const;
    }
    const actor: ChangeActor = { id: job.createdBy, name: null };
    const outcomes =
      job.kind === 'fitment'
        ? await applyFitment(tx, job.id, rows, actor)
        : await applyProducts(tx, job, rows, actor, images, appliers.writeSupplierRow);
    await tx.execute(sql`
      update ${catalogImportRows} r set outcome = o.outcome, reason = coalesce(o.reason, r.reason)
      from unnest(${sql.param(outcomes.map((o) => o.line))}::int[], ${sql.param(outcomes.map((o) => o.outcome))}::text[],
        ${sql.param(outcomes.map((o) => o.reason))}::text[]) as o(line, outcome, reason)
      where r.import_id = ${job.id} and r.line = o.line`);
    const tally = (v: ImportVerdict) => outcomes.filter((o) => o.outcome === v).length;
    const last = rows[rows.length - 1]?.line ?? doneLine;
    await tx
      .update(catalogImports)
      .set({
        doneLine: last,
        done: sql`${catalogImports.done} + ${rows.length}`,
        appliedCreate: sql`${catalogImports.appliedCreate} + ${tally('create')}`,
        appliedUpdate: sql`${catalogImports.appliedUpdate} + ${tally('update')}`,
        appliedUnchanged: sql`${catalogImports.appliedUnchanged} + ${tally('unchanged')}`,
        appliedRefuse: sql`${catalogImports.appliedRefuse} + ${tally('refuse')}`,
        leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
      })
      .where(eq(catalogImports.id, job.id));
    // The job acts for whoever started the import; one row per chunk, with what it did.
    await recordAudit(tx, {
      action: 'import.applied',
      subjectType: 'import',
      subjectId: job.id,
      after: {
        kind: job.kind,
        lines: [rows[0]?.line ?? last, last],
        created: tally('create'),
        updated: tally('update'),
        unchanged: tally('unchanged'),
        refused: tally('refuse'),
      },
      actor: await auditActorOf(tx, job.createdBy),
      ip: null,
    });
    return { doneLine: last, rows: rows.length };
  });
}

/** Runs `apply` in a savepoint: a row that fails leaves nothing behind and is refused with the reason. */
async function inSavepoint(tx: Tx, line: number, apply: (sp: Tx) => Promise<Outcome>): Promise<Outcome> {
  try {
    return await tx.transaction(apply);
  } catch (error) {
    const message = (error as { message?: string }).message ?? String(error);
    return { line, outcome: 'refuse', reason: message.slice(0, 300) };
  }
}

/**
 * Fitment rows, a chunk in one statement: each resolved to its product, upserted on the row's
 * identity (a changed quantity or note updates it, the same row changes nothing). When the statement
 * fails, the chunk's rows go one by one, each in its own savepoint.
 */
async function applyFitment(
  tx: Tx,
  importId: string,
  rows: RowRecord[],
  actor: ChangeActor,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const candidates = rows.filter((r) => {
    if (r.verdict === 'refuse') outcomes.push({ line: r.line, outcome: 'refuse', reason: r.reason });
    return r.verdict !== 'refuse';
  });
  const keys = [...new Set(candidates.map((r) => partNumberKey(r.key)))];
  const owners = rowsOf<{ key: string; product_ids: string[] }>(
    await tx.execute(sql`
      select p.key, array_agg(distinct p.product_id::text) as product_ids from part_numbers p
      where p.key = any(${sql.param(keys)}::text[]) and p.kind in ('sku', 'maker') group by p.key`),
  );
  const productOf = new Map(
    owners.filter((o) => o.product_ids.length === 1).map((o) => [o.key, o.product_ids[0] as string]),
  );
  const ready: Array<{ line: number; productId: string; values: Record<string, unknown>; identity: string }> =
    [];
  const seen = new Map<string, number>();
  for (const r of candidates) {
    const productId = productOf.get(partNumberKey(r.key));
    const read = readRow('fitment', r.data);
    if (!productId || !read.ok || !read.fitment) {
      outcomes.push({
        line: r.line,
        outcome: 'refuse',
        reason: `No one product has the part number ${r.key} now`,
      });
      continue;
    }
    const f = read.fitment;
    const values = {
      product_id: productId,
      make: f.make,
      model: f.model,
      year_from: f.year_from,
      year_to: f.year_to,
      engine: f.engine || null,
      submodel: f.submodel ?? null,
      position: f.position ?? null,
      quantity: f.quantity ?? null,
      note: f.note ?? null,
    };
    const identity = JSON.stringify([
      productId,
      f.make,
      f.model,
      f.year_from,
      f.year_to,
      values.engine,
      values.submodel,
      values.position,
    ]);
    const earlier = seen.get(identity);
    if (earlier !== undefined) {
      outcomes.push({ line: r.line, outcome: 'refuse', reason: `The same vehicle range as line ${earlier}` });
      continue;
    }
    seen.set(identity, r.line);
    ready.push({ line: r.line, productId, values, identity });
  }
  let applied: Outcome[];
  try {
    applied = await tx.transaction((sp) => upsertFitment(sp, ready));
  } catch {
    applied = [];
    for (const row of ready)
      applied.push(
        await inSavepoint(tx, row.line, async (sp) => (await upsertFitment(sp, [row]))[0] as Outcome),
      );
  }
  outcomes.push(...applied);
  // One history entry per product: how many of its rows the import added and changed.
  const byProduct = new Map<string, { added: number; changed: number }>();
  const lineProduct = new Map(ready.map((r) => [r.line, r.productId]));
  for (const o of applied) {
    const productId = lineProduct.get(o.line);
    if (!productId || (o.outcome !== 'create' && o.outcome !== 'update')) continue;
    const tally = byProduct.get(productId) ?? { added: 0, changed: 0 };
    if (o.outcome === 'create') tally.added += 1;
    else tally.changed += 1;
    byProduct.set(productId, tally);
  }
  await recordChanges(
    tx,
    actor,
    [...byProduct].map(([productId, t]) => ({
      productId,
      source: 'import' as const,
      importId,
      before: {},
      after: { fitment_rows_added: t.added, fitment_rows_updated: t.changed },
    })),
  );
  return outcomes;
}

async function upsertFitment(
  tx: Tx,
  rows: Array<{ line: number; values: Record<string, unknown>; identity: string }>,
): Promise<Outcome[]> {
  if (rows.length === 0) return [];
  const written = rowsOf<{ identity: string; inserted: boolean }>(
    await tx.execute(sql`
      insert into fitments (product_id, make, model, year_from, year_to, engine, submodel, position, quantity, note)
      select product_id, make, model, year_from, year_to, engine, submodel, position, quantity, note
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => r.values))}::jsonb)
        as v(product_id uuid, make text, model text, year_from int, year_to int, engine text, submodel text,
          position text, quantity int, note text)
      on conflict on constraint fitments_row_unique do update
        set quantity = excluded.quantity, note = excluded.note
        where (fitments.quantity, fitments.note) is distinct from (excluded.quantity, excluded.note)
      returning json_build_array(product_id, make, model, year_from, year_to, engine, submodel, position)::text as identity,
        (xmax = 0) as inserted`),
  );
  const byIdentity = new Map(written.map((w) => [JSON.stringify(JSON.parse(w.identity)), w.inserted]));
  return rows.map((r) => {
    const inserted = byIdentity.get(r.identity);
    return {
      line: r.line,
      outcome: inserted === undefined ? 'unchanged' : inserted ? 'create' : 'update',
      reason: null,
    };
  });
}

/** Columns of a products row that are not the product's own fields: its key, its count, its supplier's. */
const NOT_PRODUCT_FIELDS = new Set(['sku', 'on_hand', 'location', 'bin', ...SUPPLIER_CSV_COLUMNS]);
const namesProductFields = (p: ProductCsvRow) =>
  Object.entries(p).some(([column, value]) => value !== undefined && !NOT_PRODUCT_FIELDS.has(column));

/** The shelf as counted in the file: moved by the difference, in the ledger with the file's line. */
async function countedIn(tx: Tx, job: ImportRecord, productId: string, p: ProductCsvRow, line: number) {
  if (p.on_hand === undefined && p.bin === undefined) return 0;
  // The place the row's count and bin are at: named by key or name, else the first open place.
  const locationId = p.location === undefined ? undefined : await openPlace(tx, p.location);
  if (p.bin !== undefined)
    await setBinIn(tx, productId, locationId ?? (await openPlace(tx, undefined)), p.bin);
  if (p.on_hand === undefined) return 1;
  return countStockIn(tx, productId, p.on_hand, {
    note: `Counted in the import of ${job.fileName}, line ${line}`,
    actorUserId: job.createdBy,
    ...(locationId ? { locationId } : {}),
  });
}

/** What the supplier whose file it is sells of the row's product; whether anything changed. */
async function writeSupplierColumns(
  tx: Tx,
  job: ImportRecord,
  productId: string,
  p: ProductCsvRow,
  writeSupplierRow: SupplierRowWriter | undefined,
): Promise<boolean> {
  if (!job.supplierId || p.supplier_part_number === undefined || p.supplier_cost == null) return false;
  if (!writeSupplierRow) throw new Error("A supplier's columns cannot be applied here");
  return writeSupplierRow(tx, {
    supplierId: job.supplierId,
    productId,
    supplierPartNumber: p.supplier_part_number,
    packSize: p.pack_size,
    costCents: dollarsToCents(p.supplier_cost),
  });
}

/** Fetches every http(s) image address of the chunk once, before its transaction (no network inside it). */
async function fetchImages(rows: RowRecord[], fetchImage: ImageFetcher | undefined) {
  const found = new Map<string, string | Error>();
  for (const r of rows) {
    if (r.verdict === 'refuse') continue;
    for (const address of (r.data.images ?? '').split('|').map((a) => a.trim())) {
      if (!/^https?:\/\//i.test(address) || found.has(address)) continue;
      try {
        if (!fetchImage) throw new Error('images by address cannot be fetched here');
        found.set(address, await fetchImage(address));
      } catch (error) {
        found.set(address, error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
  return found;
}

/** Product rows one by one, each in a savepoint through the editor's own writers, with its history. */
async function applyProducts(
  tx: Tx,
  job: ImportRecord,
  rows: RowRecord[],
  actor: ChangeActor,
  images: Map<string, string | Error>,
  writeSupplierRow: SupplierRowWriter | undefined,
): Promise<Outcome[]> {
  const importId = job.id;
  const categories = rowsOf<{ slug: string; name: string }>(
    await tx.execute(sql`select slug, name from categories`),
  );
  const outcomes: Outcome[] = [];
  for (const r of rows) {
    if (r.verdict === 'refuse') {
      outcomes.push({ line: r.line, outcome: 'refuse', reason: r.reason });
      continue;
    }
    outcomes.push(
      await inSavepoint(tx, r.line, async (sp) => {
        const read = readRow('products', r.data);
        if (!read.ok || !read.product) throw new Error(read.ok ? 'Not readable' : read.reason);
        const p = read.product;
        const category =
          p.category === undefined
            ? undefined
            : categories.find(
                (c) =>
                  c.slug === p.category?.toLowerCase() || c.name.toLowerCase() === p.category?.toLowerCase(),
              )?.slug;
        if (p.category !== undefined && !category)
          throw new Error(`category: the store has no category ${p.category}`);
        const pictures = p.images?.map((address) => {
          const stored = /^https?:\/\//i.test(address) ? images.get(address) : address;
          if (stored instanceof Error || stored === undefined) {
            throw new Error(
              `images: ${address} could not be fetched (${stored instanceof Error ? stored.message : 'no answer'})`,
            );
          }
          return { url: stored, alt: p.name ?? '' };
        });
        let replacement: string | null | undefined;
        if (p.superseded_by !== undefined) {
          const [target] = await sp
            .select({ id: products.id })
            .from(products)
            .where(eq(products.sku, p.superseded_by));
          if (!target) throw new Error(`superseded_by: no product has the SKU ${p.superseded_by}`);
          replacement = target.id;
        }
        const [current] = await sp
          .select({ id: products.id })
          .from(products)
          .where(eq(products.sku, p.sku))
          .for('no key update');
        // A price-and-stock row (the SKU, a count, the supplier's columns) names no field of the
        // product: its count and offer are written without reading and rewriting the product.
        if (current && !namesProductFields(p)) {
          const counted = await countedIn(sp, job, current.id, p, r.line);
          const supplied = await writeSupplierColumns(sp, job, current.id, p, writeSupplierRow);
          return { line: r.line, outcome: counted !== 0 || supplied ? 'update' : 'unchanged', reason: null };
        }
        let id = current?.id;
        const before = id ? (await readProductFields(sp, id)).fields : {};
        if (!id) {
          if (!p.name || p.price === undefined || !p.description)
            throw new Error('A new product needs name, price, description');
          const [made] = await sp
            .insert(products)
            .values({
              name: p.name,
              image: pictures?.[0]?.url ?? NO_PHOTO_IMAGE,
              priceCents: dollarsToCents(p.price),
              description: p.description,
              availableQuantity: 0,
              minimumOrderQuantity: p.minimum_order_quantity ?? 1,
              ...statusColumns(p.status ?? 'draft', true),
            })
            .returning({ id: products.id });
          if (!made) throw new Error('insert returned no row');
          id = made.id;
        }
        const changes: ToolChanges = {
          name: p.name,
          description: p.description,
          price: p.price,
          minimum_order_quantity: p.minimum_order_quantity,
          status: p.status,
          superseded_by: replacement,
          weight_lb: p.weight_lb,
          length_in: p.length_in,
          width_in: p.width_in,
          height_in: p.height_in,
          ground_only: p.ground_only,
          core_charge: p.core_charge,
          cost: p.cost,
          low_stock_threshold: p.low_stock_threshold,
          images: pictures?.length
            ? pictures
            : current
              ? undefined
              : [{ url: NO_PHOTO_IMAGE, alt: p.name ?? '' }],
        };
        const crossReferences =
          p.oem_numbers !== undefined || p.interchange_numbers !== undefined
            ? [...(p.oem_numbers ?? []), ...(p.interchange_numbers ?? [])]
            : undefined;
        await writePartsData(sp, id, {
          sku: p.sku,
          category,
          brand: p.brand,
          part_number: p.part_number,
          upc: p.upc,
          universal_fit: p.universal_fit,
          cross_references: crossReferences,
        });
        await writeEditorFields(sp, id, changes);
        const after = (await readProductFields(sp, id)).fields;
        const diff = differences(before, after);
        await recordChanges(sp, actor, [
          { productId: id, source: current ? 'import' : 'created', importId, ...diff },
        ]);
        const counted = await countedIn(sp, job, id, p, r.line);
        const supplied = await writeSupplierColumns(sp, job, id, p, writeSupplierRow);
        const outcome: ImportVerdict = !current
          ? 'create'
          : Object.keys(diff.after).length > 0 || counted !== 0 || supplied
            ? 'update'
            : 'unchanged';
        return { line: r.line, outcome, reason: null };
      }),
    );
  }
  return outcomes;
}
