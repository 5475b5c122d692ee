import { z } from 'zod';
import { ImportMapping } from './catalog-import';
import { defineMachine } from './state-machine';

/**
 * Buying stock from suppliers (decision 097): the suppliers the store orders from, what each sells
 * of the catalog (its part number, pack size and cost), and purchase orders that are drafted, sent
 * to the supplier by mail, received into stock line by line, and closed. Receiving moves stock
 * with a `received` movement and sets the product's cost to the weighted average of what was on
 * hand and what came in. Amounts are integer cents; the server prices nothing from the request but
 * what the owner types as a supplier's cost.
 */

const Cost = z
  .number({ error: 'Give a cost' })
  .int('Give a cost in whole cents')
  .min(0, 'A cost cannot be negative')
  .max(100_000_000, 'A cost can be at most $1,000,000.00');

const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null);

/** POST /suppliers, PUT /suppliers/:id: who the store buys from and how they take orders. */
export const SupplierInput = z.object({
  name: z.string().trim().min(1, 'Give the supplier a name').max(120, 'At most 120 characters'),
  contactName: OptionalText(120),
  /** Where purchase orders are mailed. */
  email: z.email({ error: 'Give the e-mail address orders go to' }).max(254),
  phone: OptionalText(40),
  /** Days from sending an order to the parts on the shelf. */
  leadTimeDays: z
    .number({ error: 'Give the lead time in days' })
    .int('Give whole days')
    .min(0, 'The lead time cannot be negative')
    .max(365, 'The lead time can be at most 365 days'),
  /** The smallest order the supplier takes, in cents (0: any). */
  minimumOrderCents: Cost,
  note: OptionalText(1_000),
});
export type SupplierInput = z.input<typeof SupplierInput>;

export const Supplier = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  leadTimeDays: z.number().int(),
  minimumOrderCents: z.number().int(),
  note: z.string().nullable(),
  /** The supplier's own file headers mapped to the store's columns (the catalog import reads them so). */
  importMapping: ImportMapping,
  /** How many of the catalog's products this supplier sells. */
  productCount: z.number().int(),
  /** Purchase orders sent and not yet received or closed. */
  openOrders: z.number().int(),
  createdAt: z.string(),
});
export type Supplier = z.infer<typeof Supplier>;

export const SupplierParams = z.object({ id: z.uuid({ error: 'Unknown supplier' }) });

/** PUT /suppliers/:id/products/:productId: what the supplier sells of one product. */
export const SupplierProductInput = z.object({
  supplierPartNumber: z.string().trim().min(1, "Give the supplier's part number").max(80),
  /** Units per pack: orders are for whole packs. */
  packSize: z
    .number({ error: 'Give the pack size' })
    .int('Give a whole number of units')
    .min(1, 'A pack holds at least one unit')
    .max(10_000, 'A pack can hold at most 10,000 units'),
  costCents: Cost,
});
export type SupplierProductInput = z.input<typeof SupplierProductInput>;

export const SupplierProductParams = z.object({
  id: z.uuid({ error: 'Unknown supplier' }),
  productId: z.uuid({ error: 'Unknown product' }),
});

export const SupplierProduct = z.object({
  supplierId: z.string(),
  productId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  supplierPartNumber: z.string(),
  packSize: z.number().int(),
  costCents: z.number().int(),
});
export type SupplierProduct = z.infer<typeof SupplierProduct>;

export const SupplierDetails = z.object({
  supplier: Supplier,
  products: z.array(SupplierProduct),
});
export type SupplierDetails = z.infer<typeof SupplierDetails>;

export const purchaseOrderStatuses = [
  'draft',
  'sent',
  'partly_received',
  'received',
  'closed',
  'cancelled',
] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number];

/** What each status is called on the pages. */
export const purchaseOrderStatusWords: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partly_received: 'Partly received',
  received: 'Received',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/**
 * A purchase order as a machine. A draft is edited, then sent (mailed to the supplier) or
 * cancelled. Receipts move a sent order to partly received, or to received once every line has
 * come in full; an order still waiting may be closed, giving up what is left.
 */
export const purchaseOrderMachine = defineMachine({
  name: 'purchase order',
  states: purchaseOrderStatuses,
  transitions: {
    edit: { draft: 'draft' },
    send: { draft: 'sent' },
    cancel: { draft: 'cancelled' },
    receive_part: { sent: 'partly_received', partly_received: 'partly_received' },
    receive_rest: { sent: 'received', partly_received: 'received' },
    close: { sent: 'closed', partly_received: 'closed' },
  },
  actions: {
    edit: { event: 'edit' },
    send: { event: 'send' },
    cancel: { event: 'cancel' },
    receive: { event: 'receive_part' },
    close: { event: 'close' },
  },
});
export type PurchaseOrderAction = ReturnType<typeof purchaseOrderMachine.offers>[number];

export const PurchaseOrderLineInput = z.object({
  productId: z.uuid({ error: 'Choose a product' }),
  quantity: z
    .number({ error: 'Give a quantity' })
    .int('Give whole units')
    .min(1, 'Order at least one unit')
    .max(100_000, 'At most 100,000 units a line'),
  /** What the supplier charges a unit; the supplier's cost for the product when left out. */
  unitCostCents: Cost.optional(),
});

/** POST /purchase-orders, PUT /purchase-orders/:id (a draft): the supplier and the lines. */
export const PurchaseOrderInput = z.object({
  supplierId: z.uuid({ error: 'Choose a supplier' }),
  lines: z
    .array(PurchaseOrderLineInput)
    .min(1, 'Add at least one product')
    .max(500, 'At most 500 lines an order')
    .refine(
      (lines) => new Set(lines.map((l) => l.productId)).size === lines.length,
      'Name each product once',
    ),
  note: OptionalText(1_000),
});
export type PurchaseOrderInput = z.input<typeof PurchaseOrderInput>;

export const PurchaseOrderParams = z.object({ id: z.uuid({ error: 'Unknown purchase order' }) });

/** POST /purchase-orders/:id/receipts: the units counted in, per line (0 for a line not in this delivery). */
export const ReceiptInput = z
  .object({
    lines: z
      .array(
        z.object({
          lineNo: z.number().int().min(1),
          quantity: z
            .number({ error: 'Give the units counted' })
            .int('Count whole units')
            .min(0, 'Units counted cannot be negative')
            .max(100_000, 'At most 100,000 units a line'),
        }),
      )
      .min(1, 'Count at least one line')
      .max(500),
    /** Required when a line comes in over what was ordered: why the extra units are kept. */
    note: OptionalText(1_000),
    /** The place the delivery is counted into (decision 099); without it, the first open place. */
    locationId: z.string().min(1).max(60).optional(),
  })
  .refine((r) => r.lines.some((l) => l.quantity > 0), { message: 'Count at least one unit', path: ['lines'] })
  .refine((r) => new Set(r.lines.map((l) => l.lineNo)).size === r.lines.length, {
    message: 'Count each line once',
    path: ['lines'],
  });
export type ReceiptInput = z.input<typeof ReceiptInput>;

export const PurchaseOrderLine = z.object({
  lineNo: z.number().int(),
  productId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  supplierPartNumber: z.string().nullable(),
  quantity: z.number().int(),
  receivedQuantity: z.number().int(),
  unitCostCents: z.number().int(),
  /** The unit cost times the quantity ordered, worked out once by the server. */
  lineTotalCents: z.number().int(),
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLine>;

export const Receipt = z.object({
  id: z.string(),
  receivedAt: z.string(),
  note: z.string().nullable(),
  /** The place it was counted into; null for a receipt from before places. */
  locationId: z.string().nullable(),
  receivedBy: z.string().nullable(),
  lines: z.array(z.object({ lineNo: z.number().int(), quantity: z.number().int() })),
});
export type Receipt = z.infer<typeof Receipt>;

export const PurchaseOrder = z.object({
  id: z.string(),
  /** Shown as PO-<number>. */
  number: z.string(),
  supplier: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  status: z.enum(purchaseOrderStatuses),
  lines: z.array(PurchaseOrderLine),
  totalCents: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  receipts: z.array(Receipt),
  /** What the pages may offer now, from the machine. */
  offers: z.array(z.enum(['edit', 'send', 'cancel', 'receive', 'close'])),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

export const PurchaseOrderSummary = PurchaseOrder.pick({
  id: true,
  number: true,
  supplier: true,
  status: true,
  totalCents: true,
  createdAt: true,
  sentAt: true,
}).extend({ lineCount: z.number().int(), unitsOrdered: z.number().int(), unitsReceived: z.number().int() });
export type PurchaseOrderSummary = z.infer<typeof PurchaseOrderSummary>;

export const PurchaseOrderListQuery = z.object({
  status: z.enum(purchaseOrderStatuses).optional(),
  supplierId: z.uuid({ error: 'Unknown supplier' }).optional(),
});

/** Where a receipt leaves a line: over what was ordered needs a note, so it is asked for first. */
export const overReceived = (
  line: Pick<PurchaseOrderLine, 'quantity' | 'receivedQuantity'>,
  counted: number,
) => line.receivedQuantity + counted > line.quantity;

export const purchaseOrderNumber = (n: number) => `PO-${n}`;

/**
 * GET /purchase-orders/suggestions: what to order, from whom. `days` is the window of sales a
 * product's daily rate is read from; `coverDays` how long an order should last once it is in.
 */
export const ReorderQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(7, 'Read at least 7 days of sales')
    .max(365, 'Read at most 365 days')
    .default(30),
  coverDays: z.coerce
    .number()
    .int()
    .min(1, 'Cover at least one day')
    .max(365, 'Cover at most 365 days')
    .default(30),
});
export type ReorderQuery = z.input<typeof ReorderQuery>;

export const ReorderLine = z.object({
  productId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  supplierPartNumber: z.string().nullable(),
  packSize: z.number().int(),
  unitCostCents: z.number().int().nullable(),
  available: z.number().int(),
  /** Units on purchase orders sent and not yet received. */
  onOrder: z.number().int(),
  /** Units sold (paid, less refunded) in the window. */
  sold: z.number().int(),
  /** Where the product should be reordered: what sells over the supplier's lead time, and its low-stock threshold. */
  reorderPoint: z.number().int(),
  /** Whole packs, enough to last the lead time and the cover after it. */
  suggestedQuantity: z.number().int(),
});
export type ReorderLine = z.infer<typeof ReorderLine>;

/** One suggested order per supplier (the cheapest that sells each product); `supplier` null: no supplier sells it. */
export const ReorderSuggestion = z.object({
  supplier: z
    .object({
      id: z.string(),
      name: z.string(),
      leadTimeDays: z.number().int(),
      minimumOrderCents: z.number().int(),
    })
    .nullable(),
  lines: z.array(ReorderLine),
  totalCents: z.number().int(),
  /** The order would be under the supplier's minimum. */
  underMinimum: z.boolean(),
});
export type ReorderSuggestion = z.infer<typeof ReorderSuggestion>;

export const ReorderAnswer = z.object({
  days: z.number().int(),
  coverDays: z.number().int(),
  suggestions: z.array(ReorderSuggestion),
});
export type ReorderAnswer = z.infer<typeof ReorderAnswer>;

/**
 * The rule, written once: a product is reordered when what is available and on order is at or
 * under its reorder point, the larger of its low-stock threshold and what it sells over the lead
 * time; the quantity brings it to what it sells over the lead time and the cover, in whole packs.
 */
export function reorderOf(figures: {
  sold: number;
  days: number;
  leadTimeDays: number;
  coverDays: number;
  lowStockAt: number;
  available: number;
  onOrder: number;
  packSize: number;
}): { reorderPoint: number; suggestedQuantity: number } {
  const perDay = figures.sold / figures.days;
  const reorderPoint = Math.max(figures.lowStockAt, Math.ceil(perDay * figures.leadTimeDays));
  const have = figures.available + figures.onOrder;
  if (have > reorderPoint) return { reorderPoint, suggestedQuantity: 0 };
  const target = Math.max(reorderPoint + 1, Math.ceil(perDay * (figures.leadTimeDays + figures.coverDays)));
  const packs = Math.ceil(Math.max(target - have, 1) / figures.packSize);
  return { reorderPoint, suggestedQuantity: packs * figures.packSize };
}
