/** Money is written by `formatCents` and `formatPrice` in the contract's money module, shared with the server. */

/** An order's total as docs/requirements.md §9 shows it: price x quantity in whole dollars with .00. */
export const formatTotal = (price: number, quantity: number) => `${Math.round(price * quantity)}.00`;

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Counts with thousands separators (4,200). Written out rather than `toLocaleString`, which builds
 * a locale formatter on every call: on a phone that was most of the time a page of tools took to
 * render (docs/performance.md).
 */
export const formatNumber = (value: number) => Math.trunc(value).toString().replace(THOUSANDS, ',');
