import { z } from 'zod';
import { productStatuses } from './catalog';
import { ProductFilter } from './catalog-admin';
import { STOCK_MAX } from './inventory';

/**
 * Bulk changes (admin): pick products by filter or by hand, preview what one change does to each,
 * apply it to all in one transaction, undo the last one. Prices are rounded half up to the cent.
 */

export const BULK_MAX_PRODUCTS = 10_000;
/** How many products a preview lists one by one (the count covers them all). */
export const BULK_PREVIEW_ROWS = 50;

/** Either the products a filter finds now, or these ids. */
export const BulkSelection = z.union([
  z.object({
    ids: z
      .array(z.string().uuid('Unknown product'))
      .min(1, 'Choose at least one product')
      .max(BULK_MAX_PRODUCTS, `At most ${BULK_MAX_PRODUCTS} products at once`),
  }),
  z.object({ filter: ProductFilter }),
]);
export type BulkSelection = z.infer<typeof BulkSelection>;

export const BulkChange = z.discriminatedUnion('kind', [
  /** `percent`: +5 raises 5 %, -10 lowers 10 %; `amount`: dollars added (negative: taken off). */
  z.object({
    kind: z.literal('price'),
    mode: z.enum(['percent', 'amount'], { error: 'Change the price by a percent or an amount' }),
    value: z
      .number({ error: 'Enter a number' })
      .min(-1_000_000)
      .max(1_000_000)
      .refine((v) => v !== 0, 'A change of 0 changes nothing')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals'),
  }),
  z.object({
    kind: z.literal('status'),
    status: z.enum(productStatuses, { error: 'Status must be draft, active or archived' }),
  }),
  /** null: filed in no category. */
  z.object({
    kind: z.literal('category'),
    category: z
      .string()
      .max(60)
      .regex(/^[a-z0-9-]+$/, 'Choose a category')
      .nullable(),
  }),
  /** `set`: the counted number on the shelf; `add`: units received (negative: written off). */
  z.object({
    kind: z.literal('stock'),
    mode: z.enum(['set', 'add'], { error: 'Set the count or add to it' }),
    value: z
      .number({ error: 'Enter a whole number' })
      .int('Enter a whole number')
      .min(-STOCK_MAX)
      .max(STOCK_MAX),
  }),
]);
export type BulkChange = z.infer<typeof BulkChange>;

/** POST /catalog/bulk/preview. */
export const BulkPreviewInput = z.object({ selection: BulkSelection, change: BulkChange });
export type BulkPreviewInput = z.infer<typeof BulkPreviewInput>;

/**
 * POST /catalog/bulk: `expectedCount` is the preview's count; when the selection finds another
 * number of products now, nothing changes and the answer is 409 (preview again).
 */
export const BulkApplyInput = BulkPreviewInput.extend({
  expectedCount: z.number().int().min(0),
});
export type BulkApplyInput = z.infer<typeof BulkApplyInput>;

/** One product in a preview: its value now and after the change (prices in dollars). */
export const BulkPreviewRow = z.object({
  _id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  before: z.union([z.number(), z.string(), z.null()]),
  after: z.union([z.number(), z.string(), z.null()]),
  /** Why this product cannot take the change (below $1, stock below 0); the change is then refused. */
  problem: z.string().nullable(),
});
export type BulkPreviewRow = z.infer<typeof BulkPreviewRow>;

export const BulkPreview = z.object({
  count: z.number().int(),
  /** How many of them the change would leave as they are (already that status...). */
  unchanged: z.number().int(),
  /** How many cannot take it; applying is refused while any cannot. */
  problems: z.number().int(),
  rows: z.array(BulkPreviewRow),
});
export type BulkPreview = z.infer<typeof BulkPreview>;

/** A bulk change as kept for its undo (GET /catalog/bulk/last, the answer of POST /catalog/bulk). */
export const BulkChangeRecord = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  change: BulkChange,
  count: z.number().int(),
  changed: z.number().int(),
  undoneAt: z.string().nullable(),
});
export type BulkChangeRecord = z.infer<typeof BulkChangeRecord>;

/**
 * POST /catalog/bulk/:id/undo: each product changed goes back to its value before, unless it was
 * changed again since (those are `kept`, and named).
 */
export const BulkUndoAnswer = z.object({
  restored: z.number().int(),
  kept: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type BulkUndoAnswer = z.infer<typeof BulkUndoAnswer>;

/** Said when the selection no longer finds what the preview counted. */
export const bulkSelectionMovedMessage = (now: number) =>
  `The selection now finds ${now} products: look at the preview again before applying`;
