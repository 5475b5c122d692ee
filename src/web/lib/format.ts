/** Prices as the store shows them: dollars with two decimals ($89.99). */
export const formatPrice = (dollars: number) => dollars.toFixed(2);

/** An order's total as docs/requirements.md §9 shows it: price x quantity in whole dollars with .00. */
export const formatTotal = (price: number, quantity: number) => `${Math.round(price * quantity)}.00`;

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Counts with thousands separators (4,200). Written out rather than `toLocaleString`, which builds
 * a locale formatter on every call: on a phone that was most of the time a page of tools took to
 * render (docs/performance.md).
 */
export const formatNumber = (value: number) => Math.trunc(value).toString().replace(THOUSANDS, ',');

/** Money the server sent in integer cents, as dollars: 123456 -> "$1,234.56". No float arithmetic. */
export const formatCents = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(cents));
  return `${sign}$${formatNumber(Math.trunc(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
};
