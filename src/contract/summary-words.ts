/**
 * Words of an order's summary (the cart, checkout, the order and its receipt), kept apart from the
 * zod schemas of discounts.ts, pricing.ts and after-sale.ts, which re-export them, so the cart
 * and checkout pages need not load the validation library to draw their totals
 * (docs/performance.md).
 */

/** The discount's row on every document: "Discount BRAKES10 (10% off brake parts)". */
export const discountRowLabel = (d: { code?: string | null; label: string }) =>
  d.code ? `Discount ${d.code} (${d.label})` : `Discount (${d.label})`;

/** Said beside shipping that a discount made free: "free with BRAKES10". */
export const freeShippingNote = (d: { code?: string | null; label: string }) =>
  `free with ${d.code ?? d.label}`;

/** A rate in basis points as buyers read it: 725 -> "7.25%", 650 -> "6.5%", 600 -> "6%". */
export function taxRateWords(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const hundredths = basisPoints % 100;
  if (hundredths === 0) return `${whole}%`;
  return `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}%`;
}

/** The priced line a core charge is, in the cart, on the order and on the receipt. */
export const CORE_CHARGE_LABEL = 'Core charge (refundable)';
