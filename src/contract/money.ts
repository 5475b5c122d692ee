/**
 * Cents to "$1,234.56" without floating point: the digits are split, never divided, so what is
 * shown is exactly what is charged.
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(cents))).padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${digits.slice(-2)}`;
}
