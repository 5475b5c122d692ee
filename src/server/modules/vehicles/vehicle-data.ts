import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db';
import { vehicleDataLoads, vpicMakes, vpicModels, vpicModelVariants, vpicModelYears } from '../../kernel/db';

/**
 * The vehicle data the store ships (vehicle-data/, written by `npm run vehicles:extract` from
 * vPIC) and its loading into the store's tables (docs/decisions/084-every-vehicle-from-vpic.md).
 */

/** The project's folder holds vehicle-data/ whether this runs from src/ (tsx, tests) or bundled into dist/. */
export const vehicleDataFolder = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'vehicle-data', 'SOURCE.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return path.join(process.cwd(), 'vehicle-data');
    dir = parent;
  }
  return path.join(dir, 'vehicle-data');
})();

export interface VehicleDataSource {
  source: string;
  vpicDate: string;
  extractedOn: string;
}
export interface PickerData {
  makes: Array<[number, string]>;
  models: Array<[number, number, string]>;
  /** [modelId, from, to, from, to...] */
  years: number[][];
  /** [modelId, 'e' | 't', name, from, to, from, to...] */
  variants: Array<Array<number | string>>;
}

export const readSource = (folder = vehicleDataFolder): VehicleDataSource =>
  JSON.parse(readFileSync(path.join(folder, 'SOURCE.json'), 'utf8'));
export const readGzipJson = <T>(name: string, folder = vehicleDataFolder): T =>
  JSON.parse(gunzipSync(readFileSync(path.join(folder, name))).toString('utf8'));

/** Rows sent per statement: one JSON parameter, well under any protocol limit. */
const CHUNK = 4000;

type Step = {
  name: string;
  rows: (data: PickerData) => object[];
  table: typeof vpicMakes | typeof vpicModels | typeof vpicModelYears | typeof vpicModelVariants;
  insert: (json: string) => SQL;
};
const spans = (list: Array<number | string>, from: number) => {
  const out: Array<[number, number]> = [];
  for (let i = from; i + 1 < list.length; i += 2) out.push([Number(list[i]), Number(list[i + 1])]);
  return out;
};
const STEPS: Step[] = [
  {
    name: 'makes',
    table: vpicMakes,
    rows: (d) => d.makes.map(([id, name]) => ({ id, name })),
    insert: (json) =>
      sql`insert into vpic_makes (id, name) select id, name from json_to_recordset(${json}::json) as r(id int, name text)`,
  },
  {
    name: 'models',
    table: vpicModels,
    rows: (d) => d.models.map(([id, make_id, name]) => ({ id, make_id, name })),
    insert: (json) =>
      sql`insert into vpic_models (id, make_id, name) select id, make_id, name from json_to_recordset(${json}::json) as r(id int, make_id int, name text)`,
  },
  {
    name: 'model years',
    table: vpicModelYears,
    rows: (d) => d.years.flatMap((list) => spans(list, 1).map(([f, t]) => ({ m: list[0], f, t }))),
    insert: (json) =>
      sql`insert into vpic_model_years (model_id, year_from, year_to) select m, f, t from json_to_recordset(${json}::json) as r(m int, f int, t int)`,
  },
  {
    name: 'engines and trims',
    table: vpicModelVariants,
    rows: (d) =>
      d.variants.flatMap((list) =>
        spans(list, 3).map(([f, t]) => ({
          m: list[0],
          k: list[1] === 'e' ? 'engine' : 'trim',
          n: list[2],
          f,
          t,
        })),
      ),
    insert: (json) =>
      sql`insert into vpic_model_variants (model_id, kind, name, year_from, year_to) select m, k, n, f, t from json_to_recordset(${json}::json) as r(m int, k text, n text, f int, t int) on conflict do nothing`,
  },
];

/** The release loaded in full (every step recorded), or null before the first load. */
export async function loadedVehicleData(
  db: Db,
): Promise<{ source: string; vpicDate: string; loadedAt: Date } | null> {
  const rows = await db
    .select({
      source: vehicleDataLoads.source,
      vpicDate: sql<string>`max(${vehicleDataLoads.vpicDate})`,
      loadedAt: sql<string>`max(${vehicleDataLoads.loadedAt})`,
      steps: sql<number>`count(*)::int`,
    })
    .from(vehicleDataLoads)
    .groupBy(vehicleDataLoads.source)
    .orderBy(sql`max(${vehicleDataLoads.loadedAt}) desc`);
  const done = rows.find((r) => Number(r.steps) === STEPS.length);
  return done ? { source: done.source, vpicDate: done.vpicDate, loadedAt: new Date(done.loadedAt) } : null;
}

/**
 * Loads the shipped release into the store's tables unless it is loaded already: each table in
 * one transaction that replaces its rows and records the step, so a load stopped half-way goes on
 * with the next step at the next start, and a newer release (a new SOURCE.json) replaces the older
 * one table by table. Several instances starting at once load it once: the others wait on the lock.
 */
export async function loadVehicleData(
  db: Db,
  options: { folder?: string; log?: (message: string) => void } = {},
): Promise<{ source: string; loaded: string[] }> {
  const folder = options.folder ?? vehicleDataFolder;
  const source = readSource(folder);
  const done = async () =>
    new Set(
      (
        await db
          .select({ step: vehicleDataLoads.step })
          .from(vehicleDataLoads)
          .where(eq(vehicleDataLoads.source, source.source))
      ).map((r) => r.step),
    );
  if ((await done()).size === STEPS.length) return { source: source.source, loaded: [] };
  let data: PickerData | undefined;
  const loaded: string[] = [];
  for (const step of STEPS) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vehicle data'), hashtext(${step.name}))`);
      const [already] = await tx
        .select({ step: vehicleDataLoads.step })
        .from(vehicleDataLoads)
        .where(and(eq(vehicleDataLoads.source, source.source), eq(vehicleDataLoads.step, step.name)));
      if (already) return;
      data ??= readGzipJson<PickerData>('picker.json.gz', folder);
      const rows = step.rows(data);
      await tx.delete(step.table);
      for (let i = 0; i < rows.length; i += CHUNK)
        await tx.execute(step.insert(JSON.stringify(rows.slice(i, i + CHUNK))));
      await tx
        .insert(vehicleDataLoads)
        .values({ source: source.source, step: step.name, vpicDate: source.vpicDate, rows: rows.length });
      loaded.push(step.name);
      options.log?.(`vehicle data ${source.source}: ${step.name}, ${rows.length} rows`);
    });
  }
  return { source: source.source, loaded };
}
