/**
 * Vehicle identification numbers, read offline (docs/decisions/018-vehicles-garage-and-vin.md):
 * the check digit of North American VINs (49 CFR 565) and the two facts a VIN carries without a
 * maker's database: the make, from the world manufacturer identifier (the first three
 * characters), and the model year, from the tenth character.
 */

/** The letters' values in the check-digit sum; I, O and Q never appear in a VIN. */
// biome-ignore format: the table reads better in rows
const VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Model-year letters in order from 1980 (A) and again from 2010; digits 1-9 are 2001-2009 / 2031-2039. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * World manufacturer identifiers of the makes the store's vehicles table holds. A make has several:
 * one per country of assembly and vehicle type.
 */
// biome-ignore format: one row per make
const WMI: Record<string, string> = {
  '1HG': 'Honda', '19X': 'Honda', '2HG': 'Honda', '2HK': 'Honda', '5FN': 'Honda', '5J6': 'Honda', JHM: 'Honda', SHH: 'Honda', '5KB': 'Honda',
  '4T1': 'Toyota', '4T3': 'Toyota', '4T4': 'Toyota', '5TD': 'Toyota', '5TF': 'Toyota', '5YF': 'Toyota', '2T1': 'Toyota', '2T3': 'Toyota', JTD: 'Toyota', JTE: 'Toyota', JTM: 'Toyota', JTN: 'Toyota', JTK: 'Toyota', '3TM': 'Toyota', '3TY': 'Toyota',
  '1FA': 'Ford', '1FB': 'Ford', '1FC': 'Ford', '1FD': 'Ford', '1FM': 'Ford', '1FT': 'Ford', '1FV': 'Ford', '2FM': 'Ford', '3FA': 'Ford', '3FM': 'Ford', '3FT': 'Ford', WF0: 'Ford',
  '1G1': 'Chevrolet', '1GC': 'Chevrolet', '1GN': 'Chevrolet', '2G1': 'Chevrolet', '2GN': 'Chevrolet', '3GC': 'Chevrolet', '3GN': 'Chevrolet', KL7: 'Chevrolet',
  '1GT': 'GMC', '3GT': 'GMC', '2GT': 'GMC',
  '1N4': 'Nissan', '1N6': 'Nissan', '3N1': 'Nissan', '5N1': 'Nissan', JN1: 'Nissan', JN8: 'Nissan', KNM: 'Nissan',
  '5NP': 'Hyundai', KMH: 'Hyundai', KM8: 'Hyundai',
  KNA: 'Kia', KND: 'Kia', '5XX': 'Kia', '5XY': 'Kia',
  '1J4': 'Jeep', '1J8': 'Jeep', '1C4': 'Jeep', '3C4': 'Jeep',
  '1C6': 'Ram', '3C6': 'Ram', '3D7': 'Ram', '1D7': 'Ram',
  '2C3': 'Dodge', '1B3': 'Dodge', '2B3': 'Dodge',
  '4S3': 'Subaru', '4S4': 'Subaru', JF1: 'Subaru', JF2: 'Subaru',
  '3VW': 'Volkswagen', WVW: 'Volkswagen', '1VW': 'Volkswagen', WVG: 'Volkswagen',
  JM1: 'Mazda', JM3: 'Mazda', '3MZ': 'Mazda',
  '5YJ': 'Tesla', '7SA': 'Tesla',
};

export const VIN_MESSAGES = {
  length: 'A VIN is 17 letters and digits',
  letters: 'A VIN has no I, O or Q, and only letters and digits',
  checkDigit: 'This VIN does not add up (its check digit, the 9th character, is wrong); check it for typos',
  year: 'The 10th character of this VIN is not a model year',
  make: 'This VIN is from a maker we do not list; choose the year, make and model instead',
} as const;

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
  | { ok: true; vin: string; make: string; year: number }
  | { ok: false; message: string };

/**
 * Reads a VIN: well-formed, its check digit right, then its make and model year. The year code
 * repeats every 30 years; a letter in the 7th position means the later cycle (2010 on) for cars
 * and light trucks built for North America, a digit the earlier one.
 */
export function readVin(input: string): VinReading {
  const vin = cleanVin(input);
  if (vin.length !== 17) return { ok: false, message: VIN_MESSAGES.length };
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return { ok: false, message: VIN_MESSAGES.letters };
  if (vinCheckDigit(vin) !== vin[8]) return { ok: false, message: VIN_MESSAGES.checkDigit };
  const code = YEAR_CODES.indexOf(vin[9] ?? '');
  if (code < 0) return { ok: false, message: VIN_MESSAGES.year };
  const laterCycle = /[A-Z]/.test(vin[6] ?? '');
  const year = (code < 21 ? 1980 + code : 2001 + (code - 21)) + (laterCycle ? 30 : 0);
  const make = WMI[vin.slice(0, 3)];
  if (!make) return { ok: false, message: VIN_MESSAGES.make };
  return { ok: true, vin, make, year };
}
