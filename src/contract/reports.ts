import { z } from 'zod';
import { returnReasons } from './after-sale';

/** A real calendar day, YYYY-MM-DD (2000-01-01 to 2999-12-31): "2026-02-30" is refused, not rolled over. */
export const reportDay = z
  .string()
  .regex(/^2\d{3}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD')
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
  }, 'Give a real date as YYYY-MM-DD');

/** GET /manage/reports and /manage/reports/orders.csv: a period of whole UTC days, both ends included. */
export const ReportQuery = z
  .object({ from: reportDay, to: reportDay })
  .refine((q) => q.from <= q.to, { message: 'The period must end on or after its start', path: ['to'] });
export type ReportQuery = z.infer<typeof ReportQuery>;

/**
 * The numbers for a period (the managers' Numbers page), by the books' definitions (docs/books.md,
 * decision 091): sales are the orders paid in the period; gross sales are their goods at list
 * price before discounts (no tax, shipping or core charges); returns are the goods given back by
 * refunds that succeeded in the period; net sales = gross sales - discounts - returns. Tax and
 * shipping collected are what the orders paid in the period charged, less what refunds of the
 * period gave back of them. Returned units count by reason, and wrong listings by product.
 */
export const SalesReport = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  grossSalesCents: z.number().int(),
  discountsCents: z.number().int(),
  returnsCents: z.number().int(),
  netSalesCents: z.number().int(),
  taxCollectedCents: z.number().int(),
  shippingCollectedCents: z.number().int(),
  unitsByProduct: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      unitsSold: z.number().int(),
      unitsRefunded: z.number().int(),
    }),
  ),
  returnsByReason: z.object(
    Object.fromEntries(returnReasons.map((r) => [r, z.number().int()])) as Record<
      (typeof returnReasons)[number],
      z.ZodNumber
    >,
  ),
  /**
   * Wrong listings: returns asked for in the period (refused ones left out) of a part that did not
   * fit a vehicle its listing said it fits, per product, the most first.
   */
  wrongListings: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      returns: z.number().int(),
      units: z.number().int(),
    }),
  ),
});
export type SalesReport = z.infer<typeof SalesReport>;

/** The CSV export's columns: one row per order line, its order's sums repeated. */
export const ORDER_CSV_COLUMNS = [
  'order_number',
  'paid_at',
  'status',
  'customer_email',
  'product_id',
  'product',
  'quantity',
  'unit_price',
  'line_total',
  'shipped_quantity',
  'refunded_quantity',
  'returned_quantity',
  'order_subtotal',
  'order_discount',
  'order_shipping',
  'order_tax',
  'order_total',
  'order_refunded',
] as const;
