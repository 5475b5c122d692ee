import { z } from 'zod';

/**
 * Why a product's stock moved: one ledger row per change (docs/architecture.md, "Stock").
 * - opening: the stock a product was created with
 * - order_placed / order_cancelled / order_expired: reserved by an order, returned when it ends unpaid
 * - payment_revived: a payment arrived for an order already released, and took its stock again
 * - admin_adjustment: an admin counted the shelf or received goods
 * - refund / return / import: declared for the refunds, returns and imports still to come
 */
export const stockMovementReasons = [
  'opening',
  'order_placed',
  'order_cancelled',
  'order_expired',
  'payment_revived',
  'admin_adjustment',
  'refund',
  'return',
  'import',
] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

export const STOCK_MAX = 1_000_000;

/**
 * PATCH /tool/:id/stock (admin): change the stock by `delta`, or `set` it to a counted number; the
 * difference is computed under the product's row lock, so an order placed meanwhile is never lost.
 */
export const StockAdjustmentInput = z
  .object({
    delta: z
      .number({ error: 'Enter a whole number' })
      .int('Enter a whole number')
      .min(-STOCK_MAX)
      .max(STOCK_MAX)
      .refine((n) => n !== 0, 'A change of 0 changes nothing')
      .optional(),
    set: z
      .number({ error: 'Enter a whole number' })
      .int('Enter a whole number')
      .min(0, 'Available quantity cannot be negative')
      .max(STOCK_MAX, `Available quantity must be ${STOCK_MAX} or less`)
      .optional(),
    note: z.string().trim().max(200, 'The note must be 200 characters or fewer').optional(),
  })
  .refine((input) => (input.delta === undefined) !== (input.set === undefined), {
    message: 'Give either a change (delta) or a new quantity (set)',
    path: ['delta'],
  });
export type StockAdjustmentInput = z.infer<typeof StockAdjustmentInput>;

/** One row of a product's stock ledger, newest first (GET /tool/:id/stock, admin). */
export const StockMovement = z.object({
  delta: z.number().int(),
  reason: z.enum(stockMovementReasons),
  orderId: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;

export const StockLedger = z.object({
  available_quantity: z.number().int(),
  movements: z.array(StockMovement),
});
export type StockLedger = z.infer<typeof StockLedger>;

/** Said when an order would take more than is left; `left` is what is left now. */
export const outOfStockMessage = (name: string, left: number) =>
  left > 0 ? `Only ${left} of ${name} left in stock.` : `Sorry, ${name} is out of stock.`;
