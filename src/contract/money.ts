/**
 * The store's money kernel (docs/decisions/086), for the server and the web app alike. Amounts
 * travel and are kept in integer cents (`Cents`); product prices on the owner's wire are dollars.
 * Everything that turns text or dollars into cents, rounds a share of an amount, splits a total
 * across lines or writes cents back out as text is here, once:
 *
 * - `parseMoney` / `readMoney`: money as people type it ("1,249.00", "$12.99", " 12.5 ").
 * - `dollarsToCents` / `centsToDollars`: the wire's dollars (a number) and cents.
 * - `times`: an amount for a whole number of units (a line's total).
 * - `percentOf`, `proportion`: a rate or a share of an amount, rounded half up to the cent.
 * - `allocate`: a total split across lines by largest remainder; the parts add up exactly.
 * - `formatCents` ("$1,234.56"), `centsToDecimal` ("1234.56", for exports), `formatPrice`.
 *
 * Nothing here multiplies money by a float: text is split into its digits, and shares are
 * computed in BigInt, so what is shown is exactly what is charged.
 */

declare const centsBrand: unique symbol;

/** A whole number of cents. Only `cents()` and the functions of this file make one. */
export type Cents = number & { readonly [centsBrand]: 'Cents' };

/** Money that is not money: a fraction of a cent, a float, text that cannot be read. */
export class MoneyError extends Error {
  override name = 'MoneyError';
}

/** A count of cents, refused unless it is a safe integer (a float or NaN here is a bug upstream). */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

export const ZERO = 0 as Cents;

/** The sum of amounts in cents (each checked to be whole). */
export function sum(values: Iterable<number>): Cents {
  let total = 0;
  for (const value of values) total += cents(value);
  return cents(total);
}

/** An amount for `count` whole units: a line's total from its unit price. */
export function times(amount: number, count: number): Cents {
  if (!Number.isSafeInteger(count)) throw new MoneyError(`Not a whole number of units: ${count}`);
  return cents(cents(amount) * count);
}

export interface MoneyTextOptions {
  /** Accept a leading minus ("-5.00"). Off by default: prices, refunds and minimums are never negative. */
  allowNegative?: boolean;
  /** The most whole dollars accepted (default 9,999,999, the largest amount any form takes). */
  maxDollars?: number;
}

// "1249", "1,249", "1,249.5", "$1,249.00", "-$3" (groups of three only), with at most two decimals.
const MONEY_TEXT = /^(-)?\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Money as a person writes it, to cents: "1249", "1,249.00", "$12.99", " 12.5 " (spaces around
 * are ignored). Refused, with a message saying how to write it: a comma used for cents ("12,99"),
 * thousands badly grouped ("1,24"), more than two decimals ("1.999"), a sign where none is allowed,
 * exponents, empty text, and amounts over `maxDollars`.
 */
export function parseMoney(text: string, options: MoneyTextOptions = {}): Cents {
  const t = text.trim();
  const match = MONEY_TEXT.exec(t);
  if (!match) {
    if (t === '') throw new MoneyError('Enter an amount in dollars, like 12.99');
    if (/^-?\$?\d+,\d{1,2}$/.test(t))
      throw new MoneyError(`Write cents after a point, not a comma: ${t.replace(',', '.')}`);
    if (/^-?\$?[\d,]*\.\d{3,}$/.test(t))
      throw new MoneyError('An amount has at most two decimals (whole cents), like 12.99');
    throw new MoneyError('Enter an amount in dollars, like 1,249.00 or 12.99');
  }
  const [, minus, whole = '0', fraction = ''] = match;
  if (minus && !options.allowNegative) throw new MoneyError('The amount cannot be negative');
  const dollars = Number(whole.replaceAll(',', ''));
  const max = options.maxDollars ?? 9_999_999;
  if (dollars > max) throw new MoneyError(`The amount can be at most ${formatCents(max * 100)}`);
  const value = dollars * 100 + Number(fraction.padEnd(2, '0'));
  return cents(minus && value !== 0 ? -value : value);
}

/** `parseMoney`, with undefined instead of an error (for forms that say in their own words what is wrong). */
export function readMoney(text: string, options: MoneyTextOptions = {}): Cents | undefined {
  try {
    return parseMoney(text, options);
  } catch (error) {
    if (error instanceof MoneyError) return undefined;
    throw error;
  }
}

/**
 * Dollars as a number (a wire price, 19.99) to cents. The one rounding rule: the number is read as
 * the decimal JavaScript writes it ("19.99", never 19.989999…), and a third decimal or more is
 * rounded half away from zero (1.005 -> 101, -1.005 -> -101). The wire's schemas allow two decimals,
 * so in practice nothing is rounded; no float is multiplied, so none loses a cent either.
 */
export function dollarsToCents(dollars: number): Cents {
  return cents(hundredths(dollars, 'dollars'));
}

/**
 * A percent as a number (12.5) to basis points (1250), by the same rule as `dollarsToCents`: a
 * bulk price change or a discount's percent is written with at most two decimals of percent.
 */
export const percentToBasisPoints = (percent: number): number => hundredths(percent, 'percent');

/** `n` x 100 from its written digits, a third decimal rounded half away from zero. */
function hundredths(n: number, what: string): number {
  if (!Number.isFinite(n)) throw new MoneyError(`Not an amount of ${what}: ${n}`);
  const written = String(Math.abs(n));
  // Tiny or huge numbers are written with an exponent; toFixed gives their plain digits.
  const plain = written.includes('e') ? Math.abs(n).toFixed(20) : written;
  const [whole = '0', fraction = ''] = plain.split('.');
  const digits = fraction.padEnd(3, '0');
  const up = Number(digits[2]) >= 5 ? 1 : 0;
  const value = Number(whole) * 100 + Number(digits.slice(0, 2)) + up;
  return n < 0 && value !== 0 ? -value : value;
}

/** Cents as the wire's dollars (1999 -> 19.99: an exact division, the nearest number to the decimal). */
export const centsToDollars = (amount: number): number => cents(amount) / 100;

/**
 * A rate in basis points (725 = 7.25 %) of an amount, rounded half away from zero to the cent; in
 * BigInt so a large order cannot lose a cent. Tax and percent discounts are this.
 */
export function percentOf(amount: number, basisPoints: number): Cents {
  return proportion(amount, basisPoints, 10_000);
}

/**
 * `part / whole` of `amount`, rounded half away from zero to the cent (0 when `whole` is 0). Taking
 * back part of an amount in steps uses running shares: step k gives `proportion(amount, upTo(k),
 * whole) - proportion(amount, upTo(k-1), whole)`, so all the steps together give back `amount`.
 */
export function proportion(amount: number, part: number, whole: number): Cents {
  cents(amount);
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole))
    throw new MoneyError(`A share is of whole numbers: ${part}/${whole}`);
  if (whole === 0) return ZERO;
  const n = BigInt(amount) * BigInt(part);
  const d = BigInt(whole);
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const rounded = Number((an * 2n + ad) / (2n * ad));
  return cents(negative && rounded !== 0 ? -rounded : rounded);
}

/**
 * `total` split across lines in proportion to `weights` by largest remainder: each line gets its
 * share rounded down, and the cents left go one each to the lines with the largest remainders
 * (ties to the earlier line). The parts add up to `total` exactly, none differs from its exact
 * share by a cent or more, and the same input always gives the same split. A negative total is
 * split as its opposite. Weights are whole, not negative; a non-zero total needs one above zero.
 */
export function allocate(total: number, weights: readonly number[]): Cents[] {
  cents(total);
  for (const w of weights)
    if (!Number.isSafeInteger(w) || w < 0)
      throw new MoneyError(`A weight is a whole number, not below 0: ${w}`);
  const whole = weights.reduce((s, w) => s + w, 0);
  if (total === 0) return weights.map(() => ZERO);
  if (whole === 0) throw new MoneyError('Cannot split an amount across lines that weigh nothing');
  if (total < 0) return allocate(-total, weights).map((part) => cents(part === 0 ? 0 : -part));
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const parts = exact.map((e) => Number(e / BigInt(whole)));
  let left = total - parts.reduce((s, p) => s + p, 0);
  const byRemainder = exact
    .map((e, index) => ({ index, remainder: e % BigInt(whole) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts.map(cents);
}

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** The digits of cents split into dollars and cents ("-", "1234", "56"), never divided. */
function split(amount: number): [sign: string, whole: string, fraction: string] {
  const digits = String(Math.abs(Math.trunc(amount))).padStart(3, '0');
  return [amount < 0 ? '-' : '', digits.slice(0, -2), digits.slice(-2)];
}

/**
 * Cents to "$1,234.56" without floating point: the digits are split, never divided, so what is
 * shown is exactly what is charged.
 */
export function formatCents(amount: number): string {
  const [sign, whole, fraction] = split(amount);
  return `${sign}$${whole.replace(THOUSANDS, ',')}.${fraction}`;
}

/**
 * Cents as a plain decimal for exports and spreadsheets: "1234.56", "-0.05", "0.00" (no "$", no
 * separators, always two decimals, never a float's long tail).
 */
export function centsToDecimal(amount: number): string {
  const [sign, whole, fraction] = split(cents(amount));
  return `${sign}${whole}.${fraction}`;
}

/** A wire price in dollars with two decimals and no sign or separators (89.9 -> "89.90"), as the owner's pages show it after "$". */
export const formatPrice = (dollars: number) => centsToDecimal(dollarsToCents(dollars));
