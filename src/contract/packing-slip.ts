import { z } from 'zod';

/**
 * GET /manage/:id/packing-slip: what goes into an order's parcels, as the person packing reads it:
 * each line's product with the numbers found on the shelf (the store's SKU and the part number,
 * as the catalog has them now), how many were ordered and how many are still to ship.
 */
export const PackingSlip = z.object({
  number: z.string(),
  lines: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      sku: z.string().nullable(),
      partNumber: z.string().nullable(),
      quantity: z.number().int(),
      /** Ordered, less shipped, refunded before shipping or released. */
      toShip: z.number().int(),
    }),
  ),
  /**
   * The pick list (decision 099): what is still to ship, grouped by the place it is held at (in
   * the owner's pick order) and sorted by bin, so the picker walks each place once.
   */
  picks: z.array(
    z.object({
      locationId: z.string(),
      locationName: z.string(),
      lines: z.array(
        z.object({
          productId: z.string(),
          name: z.string(),
          sku: z.string().nullable(),
          partNumber: z.string().nullable(),
          bin: z.string().nullable(),
          quantity: z.number().int(),
        }),
      ),
    }),
  ),
});
export type PackingSlip = z.infer<typeof PackingSlip>;
