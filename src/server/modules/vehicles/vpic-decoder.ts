import { type PickerData, readGzipJson } from './vehicle-data';
import { type CompiledKey, compileKey, ELEMENTS, engineLabel, FIRST_YEAR, LAST_YEAR } from './vpic-shape';

/**
 * VINs decoded offline the way vPIC decodes them: the WMI (characters 1-3, or 1-3 and 12-14 for a
 * small maker whose third character is 9) names the maker's VIN schemas for each model year; each
 * schema's patterns are tested against the descriptor (characters 4-8, '|', 10-17), and for each
 * element the most specific matching pattern gives its value. The patterns of the shipped
 * vehicle-data/ are read into memory at the first VIN (about a second), not at start.
 */
interface Pattern {
  key: CompiledKey;
  element: number;
  value: string;
}
interface Index {
  wmis: Map<string, { makes: number[]; schemas: Array<[number, number, number]> }>;
  schemas: Map<number, Pattern[]>;
  makes: Map<number, string>;
  models: Map<number, { makeId: number; name: string }>;
}

let index: Index | undefined;
function load(): Index {
  if (index) return index;
  const decoder = readGzipJson<{
    wmis: Record<string, { makes: number[]; type: number; schemas: Array<[number, number, number]> }>;
    schemas: Record<string, Array<[string, number, string]>>;
  }>('decoder.json.gz');
  const picker = readGzipJson<PickerData>('picker.json.gz');
  const compiled = new Map<string, CompiledKey>();
  const schemas = new Map<number, Pattern[]>();
  for (const [id, list] of Object.entries(decoder.schemas)) {
    schemas.set(
      Number(id),
      list.map(([keys, element, value]) => {
        let key = compiled.get(keys);
        if (!key) {
          key = compileKey(keys);
          compiled.set(keys, key);
        }
        return { key, element, value };
      }),
    );
  }
  index = {
    wmis: new Map(Object.entries(decoder.wmis)),
    schemas,
    makes: new Map(picker.makes),
    models: new Map(picker.models.map(([id, makeId, name]) => [id, { makeId, name }])),
  };
  return index;
}

export interface VpicDecoding {
  year: number;
  make: string;
  model?: string;
  trim?: string;
  series?: string;
  body?: string;
  engine?: string;
  drive?: string;
  fuel?: string;
}

const wmiOf = (vin: string) => (vin[2] === '9' ? vin.slice(0, 3) + vin.slice(11, 14) : vin.slice(0, 3));

/** The facts of one model year's schemas that match the VIN, most specific pattern first per element. */
function facts(idx: Index, wmi: { schemas: Array<[number, number, number]> }, vin: string, year: number) {
  const descriptor = `${vin.slice(3, 8)}|${vin.slice(9, 17)}`;
  const best = new Map<number, { value: string; specificity: number }>();
  let schemasFound = 0;
  for (const [schemaId, from, to] of wmi.schemas) {
    if (year < from || year > to) continue;
    schemasFound += 1;
    for (const p of idx.schemas.get(schemaId) ?? []) {
      if (!p.key.test(descriptor)) continue;
      const held = best.get(p.element);
      if (!held || p.key.specificity > held.specificity)
        best.set(p.element, { value: p.value, specificity: p.key.specificity });
    }
  }
  return { best, schemasFound };
}

/**
 * The model year, make, model and what else vPIC knows of a well-formed VIN whose check digit is
 * right; `undefined` when vPIC does not know its maker. The tenth character's code repeats every
 * 30 years: a letter in the seventh position means the later cycle (2010 on) for cars and light
 * trucks, a digit the earlier; when the maker has no schema for that year, the other cycle is tried.
 */
export function decodeWithVpic(vin: string, code: number): VpicDecoding | undefined {
  const idx = load();
  const wmi = idx.wmis.get(wmiOf(vin)) ?? idx.wmis.get(vin.slice(0, 3));
  if (!wmi) return undefined;
  const early = 1980 + code;
  const late = early + 30;
  const preferLate = /[A-Z]/.test(vin[6] ?? '');
  const candidates = (preferLate ? [late, early] : [early, late]).filter(
    (y) => y >= FIRST_YEAR && y <= LAST_YEAR,
  );
  let chosen: { year: number; best: Map<number, { value: string; specificity: number }> } | undefined;
  for (const year of candidates) {
    const found = facts(idx, wmi, vin, year);
    if (found.schemasFound > 0 && (found.best.has(ELEMENTS.model) || !chosen)) {
      chosen = { year, best: found.best };
      if (found.best.has(ELEMENTS.model)) break;
    }
  }
  const year = chosen?.year ?? candidates[0];
  if (year === undefined) return undefined;
  const value = (element: number) => {
    const v = chosen?.best.get(element)?.value.trim();
    return v && v !== 'Not Applicable' ? v : undefined;
  };
  const modelId = Number(value(ELEMENTS.model));
  const model = idx.models.get(modelId);
  const makeId =
    model?.makeId ?? Number(value(ELEMENTS.make) ?? (wmi.makes.length === 1 ? wmi.makes[0] : NaN));
  const make = idx.makes.get(makeId);
  if (!make) return undefined;
  const displacement = value(ELEMENTS.displacement);
  const engine = displacement
    ? engineLabel(displacement, value(ELEMENTS.cylinders), value(ELEMENTS.engineConfiguration))
    : undefined;
  const decoded: VpicDecoding = { year, make };
  const set = (field: keyof Omit<VpicDecoding, 'year' | 'make'>, v: string | undefined) => {
    if (v) decoded[field] = v;
  };
  set('model', model?.name);
  set('trim', value(ELEMENTS.trim));
  set('series', value(ELEMENTS.series));
  set('body', value(ELEMENTS.body));
  set('engine', engine);
  set('drive', value(ELEMENTS.drive));
  set('fuel', value(ELEMENTS.fuel));
  return decoded;
}
