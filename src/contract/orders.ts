import { z } from 'zod';
import { phoneField } from './fields';

/** The life of an order (DESIGN.md section 5). `cancelled` orders are kept for the record, never listed. */
export const orderStatuses = ['unpaid', 'pending', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * An order on the wire, in the spec's names. Note `orderId` is the TOOL's id (SPEC.md section 3);
 * the order's own id is `_id`. `price` is the unit price in dollars; `total` is price x quantity.
 */
export const Order = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderName: z.string(),
  price: z.number(),
  orderQuantity: z.number().int(),
  total: z.number(),
  userName: z.string(),
  userEmail: z.string(),
  phone: z.string(),
  paid: z.boolean(),
  status: z.enum(orderStatuses),
  transactionId: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
  /** When an unpaid order is released if not paid. */
  expiresAt: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const QUANTITY_REQUIRED = 'How many product you want?';
export const minimumQuantityMessage = (min: number) => `Minimum order quantity must be ${min} or up.`;
export const maximumQuantityMessage = (max: number) => `Maximum order quantity must be ${max} or below.`;

/** An empty box, a missing field or text that is not a number all get the spec's question. */
const toQuantity = (value: unknown) =>
  value === '' || value === null || value === undefined
    ? undefined
    : typeof value === 'string'
      ? Number(value)
      : value;

const quantityNumber = () =>
  z
    .number({ error: QUANTITY_REQUIRED })
    .int('Quantity must be a whole number')
    .max(1_000_000, QUANTITY_REQUIRED);

const quantityField = z.preprocess(toQuantity, quantityNumber());

/**
 * POST /order as the spec's client sends it. Only the tool, the quantity and the phone are read:
 * name, email, price and total come from the session and the database (DESIGN.md section 4).
 */
export const OrderInput = z.object({
  orderId: z.string({ error: 'Choose a tool to order' }).min(1, 'Choose a tool to order').max(100),
  orderQuantity: quantityField,
  phone: phoneField,
});
export type OrderInput = z.infer<typeof OrderInput>;

/** The order modal's rules for one tool; the server applies the same bounds to the tool it loads. */
export function orderQuantityRule(tool: { minimum_order_quantity: number; available_quantity: number }) {
  return z.preprocess(
    toQuantity,
    quantityNumber()
      .min(tool.minimum_order_quantity, minimumQuantityMessage(tool.minimum_order_quantity))
      .max(tool.available_quantity, maximumQuantityMessage(tool.available_quantity)),
  );
}

export function orderFormSchema(tool: { minimum_order_quantity: number; available_quantity: number }) {
  return z.object({ phone: phoneField, orderQuantity: orderQuantityRule(tool) });
}

export const OrderListQuery = z.object({ userEmail: z.string().min(1).max(254) });
export const DeletedCount = z.object({ deletedCount: z.number().int() });

export const ORDER_NOT_FOUND = 'Order was not found';

/** GET /manage: every order, optionally of one status. Cancelled orders are only listed when asked for. */
export const ManageOrdersQuery = z.object({
  status: z.enum(orderStatuses, { error: `Status must be one of ${orderStatuses.join(', ')}` }).optional(),
});

/** The admin overview (GET /manage/stats). */
export const StoreStats = z.object({
  days: z.number().int(),
  salesByDay: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  ordersByStatus: z.object({
    unpaid: z.number().int(),
    pending: z.number().int(),
    shipped: z.number().int(),
    cancelled: z.number().int(),
  }),
  lowStock: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      available_quantity: z.number().int(),
      minimum_order_quantity: z.number().int(),
    }),
  ),
});
export type StoreStats = z.infer<typeof StoreStats>;
export const STATS_DAYS = 30;
