/** Prices as the store shows them: dollars with two decimals ($89.99). */
export const formatPrice = (dollars: number) => dollars.toFixed(2);

/** The spec's total: price x quantity in whole dollars with .00 (SPEC.md section 9). */
export const formatTotal = (price: number, quantity: number) => `${Math.round(price * quantity)}.00`;

export const formatNumber = (value: number) => value.toLocaleString('en-US');
