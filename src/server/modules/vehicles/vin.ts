/**
 * Vehicle identification numbers, read offline (docs/decisions/018-vehicles-garage-and-vin.md,
 * 084-every-vehicle-from-vpic.md): the check digit of North American VINs (49 CFR 565), with the
 * likely typo named where one character explains it, then vPIC's patterns for the model year,
 * make, model, trim, body, engine, drive and fuel (vpic-decoder.ts).
 */
import { decodeWithVpic, type VpicDecoding } from './vpic-decoder';

/** The letters' values in the check-digit sum; I, O and Q never appear in a VIN. */
// biome-ignore format: the table reads better in rows
const VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Model-year codes in order from 1980 (A) to 2000 (Y); the cycle repeats from 2010 (A). Digits 1-9 are 2001-2009 (and 2031-2039). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export const VIN_MESSAGES = {
  length: 'A VIN is 17 letters and digits',
  letters: 'A VIN has no I, O or Q, and only letters and digits',
  checkDigit: 'This VIN does not add up (its check digit, the 9th character, is wrong); check it for typos',
  year: 'The 10th character of this VIN is not a model year',
  make: 'This VIN is from a maker we do not list; choose the year, make and model instead',
} as const;

const ORDINALS = ['1st', '2nd', '3rd'];
const ordinal = (position: number) => ORDINALS[position - 1] ?? `${position}th`;

/**
 * Characters people read for one another on a worn plate or a photocopied title (I, O and Q never
 * stand in a VIN: they are refused with their position before the check digit is tried).
 */
const LOOKALIKES: Record<string, string> = {
  S: '5',
  '5': 'S',
  B: '8',
  '8': 'B',
  Z: '2',
  '2': 'Z',
  G: '6',
  '6': 'G',
};

/** Where one letter I, O or Q stands in a VIN: 'the 5th character is an O (a VIN uses 0)'. */
function forbiddenLetterHint(vin: string): string | undefined {
  const at = [...vin].findIndex((c) => 'IOQ'.includes(c));
  if (at < 0) return undefined;
  const c = vin[at] ?? '';
  return `the ${ordinal(at + 1)} character is ${c === 'I' ? 'an I (a VIN uses 1)' : `an ${c === 'O' ? 'O' : 'Q'} (a VIN uses 0)`}`;
}

/** The one position where a look-alike character would make the check digit right, if only one does. */
function likelyTypo(vin: string): string | undefined {
  const fixes: string[] = [];
  for (let i = 0; i < 17; i += 1) {
    if (i === 8) continue;
    for (const c of LOOKALIKES[vin[i] ?? ''] ?? '') {
      const candidate = vin.slice(0, i) + c + vin.slice(i + 1);
      if (/^[A-HJ-NPR-Z0-9]{17}$/.test(candidate) && vinCheckDigit(candidate) === candidate[8])
        fixes.push(`the ${ordinal(i + 1)} character may be ${c} rather than ${vin[i]}`);
    }
  }
  return fixes.length === 1 ? fixes[0] : undefined;
}

/** The VIN in capitals without spaces or dashes, as people copy it from a windscreen or a title. */
export const cleanVin = (vin: string) => vin.toUpperCase().replace(/[\s-]/g, '');

/** The check digit a VIN's other 16 characters call for: '0'-'9' or 'X' (for 10). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const c = vin[i] ?? '';
    const value = /\d/.test(c) ? Number(c) : (VALUES[c] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

export type VinReading =
  | ({ ok: true; vin: string } & VpicDecoding)
  | { ok: false; message: string; year?: number };

/**
 * Reads a VIN: well-formed, its check digit right (else the likely typo is named), then what vPIC
 * knows of it. A VIN whose maker vPIC does not know is refused with its model year, so the buyer
 * goes on with the picker.
 */
export function readVin(input: string): VinReading {
  const vin = cleanVin(input);
  if (vin.length !== 17) return { ok: false, message: VIN_MESSAGES.length };
  if (!/^[A-Z0-9]{17}$/.test(vin)) return { ok: false, message: VIN_MESSAGES.letters };
  const forbidden = forbiddenLetterHint(vin);
  if (forbidden) return { ok: false, message: `${VIN_MESSAGES.letters}: ${forbidden}` };
  if (vinCheckDigit(vin) !== vin[8]) {
    const typo = likelyTypo(vin);
    return { ok: false, message: typo ? `${VIN_MESSAGES.checkDigit}: ${typo}` : VIN_MESSAGES.checkDigit };
  }
  const code = YEAR_CODES.indexOf(vin[9] ?? '');
  if (code < 0) return { ok: false, message: VIN_MESSAGES.year };
  const decoded = decodeWithVpic(vin, code);
  if (!decoded) return { ok: false, message: VIN_MESSAGES.make };
  return { ok: true, vin, ...decoded };
}
