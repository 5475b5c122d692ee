/**
 * What the store keeps of NHTSA's vPIC data and how it reads it, shared by the extract script
 * (src/server/cli/vehicles-extract.ts), the loader and the VIN decoder.
 */

/** Model years the store offers: 1981 (the 17-character VIN) to next year's models. */
export const FIRST_YEAR = 1981;
export const LAST_YEAR = 2027;

/** vPIC's element ids of the facts the store keeps. */
export const ELEMENTS = {
  body: 5,
  cylinders: 9,
  displacement: 13,
  drive: 15,
  engineModel: 18,
  fuel: 24,
  make: 26,
  model: 28,
  series: 34,
  trim: 38,
  engineConfiguration: 64,
} as const;

/** vPIC spells makes in capitals; the store writes them as their makers do. */
const MAKE_SPELLINGS: Record<string, string> = {
  BMW: 'BMW',
  GMC: 'GMC',
  MINI: 'MINI',
  AMC: 'AMC',
  SRT: 'SRT',
  RAM: 'Ram',
  MCLAREN: 'McLaren',
  DELOREAN: 'DeLorean',
  'MERCEDES-BENZ': 'Mercedes-Benz',
  'MERCEDES-AMG': 'Mercedes-AMG',
  SMART: 'smart',
};
export function displayMake(name: string): string {
  const upper = name.trim().toUpperCase();
  const known = MAKE_SPELLINGS[upper];
  if (known) return known;
  return upper
    .toLowerCase()
    .replace(/(^|[\s\-/(])([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase());
}

/** '2.4L I4', '3.5L V6', '2.5L H4' (boxer); '1.8L' when the layout or cylinders are unknown. */
export function engineLabel(
  displacement: string,
  cylinders?: string,
  configuration?: string,
): string | undefined {
  const litres = Number(displacement);
  if (!Number.isFinite(litres) || litres <= 0 || litres > 20) return undefined;
  const size = `${litres.toFixed(1)}L`;
  const count = Number(cylinders);
  if (!Number.isInteger(count) || count <= 0) return size;
  const layout = configuration?.startsWith('V')
    ? 'V'
    : configuration?.startsWith('In-Line')
      ? 'I'
      : configuration?.startsWith('Horizontally')
        ? 'H'
        : configuration?.startsWith('W')
          ? 'W'
          : undefined;
  return layout ? `${size} ${layout}${count}` : `${size} ${count} cyl`;
}

/** A pattern key's positions: each the characters it allows (undefined: any). */
function positions(keys: string): Array<string | undefined> {
  const out: Array<string | undefined> = [];
  for (let i = 0; i < keys.length; i += 1) {
    const c = keys[i] ?? '';
    if (c === '*') out.push(undefined);
    else if (c === '[') {
      const end = keys.indexOf(']', i);
      const inside = keys.slice(i + 1, end < 0 ? keys.length : end);
      let set = '';
      for (let j = 0; j < inside.length; j += 1) {
        if (inside[j + 1] === '-' && j + 2 < inside.length) {
          for (let code = inside.charCodeAt(j); code <= inside.charCodeAt(j + 2); code += 1)
            set += String.fromCharCode(code);
          j += 2;
        } else set += inside[j];
      }
      out.push(set);
      i = end < 0 ? keys.length : end;
    } else out.push(c);
  }
  return out;
}

/**
 * A key as a test of the VIN's descriptor (characters 4-8, '|', characters 10-17): vPIC's keys
 * are prefixes in which '*' is any character and [A-D] a class, as in SQL Server's LIKE.
 */
export interface CompiledKey {
  test(descriptor: string): boolean;
  /** Positions the key fixes (a letter or a class): the more, the more specific. */
  specificity: number;
}
export function compileKey(keys: string): CompiledKey {
  const pos = positions(keys);
  const specificity = pos.reduce(
    (n, p) => n + (p === undefined || p === '|' ? 0 : p.length === 1 ? 2 : 1),
    0,
  );
  return {
    specificity,
    test(descriptor) {
      if (descriptor.length < pos.length) return false;
      for (let i = 0; i < pos.length; i += 1) {
        const allowed = pos[i];
        if (allowed !== undefined && !allowed.includes(descriptor[i] ?? '')) return false;
      }
      return true;
    },
  };
}

/** Whether some VIN could match both keys (each position's allowed characters meet). */
export function keysOverlap(a: string, b: string): boolean {
  const pa = positions(a);
  const pb = positions(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i += 1) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined || y === undefined) continue;
    if (![...x].some((c) => y.includes(c))) return false;
  }
  return true;
}
