/**
 * The store's one way of writing money, for the web app, the mails, the receipts and the pages the
 * server writes. Amounts travel in integer cents; product prices on the owner's wire are dollars.
 */

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Cents to "$1,234.56" without floating point: the digits are split, never divided, so what is
 * shown is exactly what is charged.
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(cents))).padStart(3, '0');
  const whole = digits.slice(0, -2).replace(THOUSANDS, ',');
  return `${sign}$${whole}.${digits.slice(-2)}`;
}

/** A wire price in dollars with two decimals and no sign or separators (89.9 -> "89.90"), as the owner's pages show it after "$". */
export const formatPrice = (dollars: number) => dollars.toFixed(2);
