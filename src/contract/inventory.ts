import { z } from 'zod';

/**
 * Why a product's stock moved: one ledger row per change (docs/architecture.md, "Stock"). Each row
 * moves the units on hand (on the shelf), the units reserved (promised to live orders), or both;
 * what buyers can order is on hand less reserved (docs/decisions/037).
 * - opening: the stock a product was created with (on hand)
 * - order_placed: an order reserves its units; order_cancelled / order_expired release them
 * - payment_revived: a payment arrived for an order already released, and reserved its units again
 * - sale: a shipment took the units off the shelf and out of the reservation
 * - refund: a refund released units that were reserved and never shipped
 * - return: returned parts put back on the shelf (on hand)
 * - damaged: returned parts written off (moves nothing, kept for the record) or shelf stock found broken
 * - admin_adjustment: an admin counted the shelf or received goods (on hand)
 * - import: declared for imports
 */
export const stockMovementReasons = [
  'opening',
  'order_placed',
  'order_cancelled',
  'order_expired',
  'payment_revived',
  'admin_adjustment',
  'sale',
  'refund',
  'return',
  'damaged',
  'import',
  /** Units counted in from a supplier against a purchase order (decision 097). */
  'received',
  /** Units sent from one place to another leave the first (decision 099). */
  'transfer_out',
  /** ...and arrive at the second, or go back to the first when the transfer is cancelled. */
  'transfer_in',
  /** Parts added to a paid order before it ships (decision 103). */
  'order_edited',
] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

export const STOCK_MAX = 1_000_000;

/**
 * POST /tool/:id/stock (admin): change the units on hand by `delta`, or `set` them to a counted
 * number. Reserved units are not part of the count: setting on hand to 10 while 3 units wait to ship
 * leaves 7 to sell. A count below what is reserved is refused (those orders could not be shipped).
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
    /** The place counted or adjusted (decision 099); without it, the first place in pick order. */
    locationId: z.string().min(1).max(60).optional(),
  })
  .refine((input) => (input.delta === undefined) !== (input.set === undefined), {
    message: 'Give either a change (delta) or a new quantity (set)',
    path: ['delta'],
  });
export type StockAdjustmentInput = z.infer<typeof StockAdjustmentInput>;

/** One row of a product's stock ledger, newest first (GET /tool/:id/stock, admin). */
export const StockMovement = z.object({
  /** The change of what buyers can order (onHand - reserved). */
  delta: z.number().int(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  reason: z.enum(stockMovementReasons),
  orderId: z.string().nullable(),
  note: z.string().nullable(),
  /** The place the units moved at; null for a move from before places. */
  locationId: z.string().nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;

/** A product's stock at one place (GET /tool/:id/stock lists them). */
export const StockAtLocation = z.object({
  locationId: z.string(),
  locationName: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  bin: z.string().nullable(),
  /** Units sent here from another place, not yet received. */
  incoming: z.number().int(),
});
export type StockAtLocation = z.infer<typeof StockAtLocation>;

/** A product's stock: available = onHand - reserved; the spec's `available_quantity` is `available`. */
export const StockLedger = z.object({
  /** The product whose stock it is, as its page names it. */
  productName: z.string().optional(),
  sku: z.string().nullable().optional(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  /** The same figures at each place the product has been kept, in pick order (decision 099). */
  locations: z.array(StockAtLocation),
  movements: z.array(StockMovement),
});

/** Said when a count would leave fewer units on hand than live orders have reserved. */
export const countBelowReservedMessage = (reserved: number) =>
  `${reserved} units are reserved by orders waiting to ship; the count on hand cannot be lower.`;
export type StockLedger = z.infer<typeof StockLedger>;

/** Said when an order would take more than is left; `left` is what is left now. */
export const outOfStockMessage = (name: string, left: number) =>
  left > 0 ? `Only ${left} of ${name} left in stock.` : `Sorry, ${name} is out of stock.`;
