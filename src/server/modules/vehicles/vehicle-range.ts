import { matchName, readRangeYears, readVpicId, splitEngineAndTrim } from '../../../contract/vehicle-range';
import { type PickerData, readGzipJson } from './vehicle-data';

/**
 * Vehicle ranges as the fitment import and editor take them ('2012-2015 Honda Civic 1.8L I4',
 * '2012-2015 vpic:1863'), read against vPIC's makes and models as the store ships them.
 */
export interface ResolvedRange {
  year_from: number;
  year_to: number;
  make: string;
  model: string;
  engine?: string;
  submodel?: string;
}

let names:
  | { makes: string[]; models: Map<string, string[]>; byId: Map<number, { make: string; model: string }> }
  | undefined;
function vehicleNames() {
  if (names) return names;
  const data = readGzipJson<PickerData>('picker.json.gz');
  const makeName = new Map(data.makes);
  const models = new Map<string, string[]>();
  const byId = new Map<number, { make: string; model: string }>();
  for (const [id, makeId, model] of data.models) {
    const make = makeName.get(makeId);
    if (!make) continue;
    models.set(make, [...(models.get(make) ?? []), model]);
    byId.set(id, { make, model });
  }
  names = { makes: [...models.keys()], models, byId };
  return names;
}

/** vPIC's make and model of a model id, as the picker names them. */
export const vpicModelById = (id: number) => vehicleNames().byId.get(id);

/** The range a text names, or why it names none. */
export function resolveVehicleRange(text: string): ResolvedRange | { error: string } {
  const years = readRangeYears(text);
  if ('error' in years) return years;
  const base = { year_from: years.yearFrom, year_to: years.yearTo };
  const byId = readVpicId(years.rest);
  if (byId) {
    const vehicle = vpicModelById(byId.id);
    if (!vehicle) return { error: `vPIC has no model ${byId.id}` };
    return { ...base, ...vehicle, ...splitEngineAndTrim(byId.rest) };
  }
  const { makes, models } = vehicleNames();
  const make = matchName(years.rest, makes);
  if (!make) return { error: 'Name a make the vehicle picker lists, then the model' };
  const known = matchName(make.rest, models.get(make.name) ?? []);
  if (known) return { ...base, make: make.name, model: known.name, ...splitEngineAndTrim(known.rest) };
  // A model vPIC does not list by that name (the store's own, or a newer one): up to the engine.
  const split = /^(.*?)(?:[\s,]+(\d{1,2}\.\d\s?L\b.*))?$/i.exec(make.rest);
  const model = split?.[1]?.trim();
  if (!model) return { error: 'Name the model after the make' };
  return { ...base, make: make.name, model, ...splitEngineAndTrim(split?.[2] ?? '') };
}
