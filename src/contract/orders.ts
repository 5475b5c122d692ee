import { z } from 'zod';
import { Address } from './addresses';
import { Refund, Shipment } from './after-sale';
import { OrdersBehindFigure } from './books';
import { AppliedDiscount } from './discounts';
import { phoneField } from './fields';
import { formatCents } from './money';

/**
 * The life of an order (docs/architecture.md has the diagram): `unpaid` until paid, then
 * `awaiting_shipment`, `partially_shipped` while some units are out, then `shipped`. An unpaid
 * order is `cancelled` by its customer or an admin, or `expired` when its hold runs out; an admin
 * may cancel a paid order nothing of which shipped (with a full refund). `refunded`: all the money
 * went back. A partial refund leaves the status as it was (the order still ships); the order's
 * `refundState` and `statusText` say it. `partially_refunded` is kept for the record only.
 *
 * These are the names the code uses. The spec calls a paid order waiting to ship `pending`, and
 * that word is what the API sends and what `orders.status` stores: `orderStatusOnWire` below is
 * the one map between the two (docs/decisions/067).
 */
export const orderStatuses = [
  'unpaid',
  'awaiting_shipment',
  'partially_shipped',
  'shipped',
  'cancelled',
  'expired',
  'refunded',
  'partially_refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Each status as the spec names it: on the wire, in stored rows and in what the outbox sends. */
export const orderStatusOnWire = {
  unpaid: 'unpaid',
  awaiting_shipment: 'pending',
  partially_shipped: 'partially_shipped',
  shipped: 'shipped',
  cancelled: 'cancelled',
  expired: 'expired',
  refunded: 'refunded',
  partially_refunded: 'partially_refunded',
} as const satisfies Record<OrderStatus, string>;
export type WireOrderStatus = (typeof orderStatusOnWire)[OrderStatus];
export const wireOrderStatuses = orderStatuses.map(
  (s) => orderStatusOnWire[s],
) as readonly WireOrderStatus[] as [WireOrderStatus, ...WireOrderStatus[]];
const orderStatusFromWireMap = Object.fromEntries(
  orderStatuses.map((s) => [orderStatusOnWire[s], s]),
) as Record<WireOrderStatus, OrderStatus>;
export const toWireStatus = (status: OrderStatus): WireOrderStatus => orderStatusOnWire[status];
export const fromWireStatus = (status: WireOrderStatus): OrderStatus => orderStatusFromWireMap[status];
/** A status as a request names it (the spec's word), read into the code's name. */
export const WireOrderStatusInput = z
  .enum(wireOrderStatuses, { error: `Status must be one of ${wireOrderStatuses.join(', ')}` })
  .transform(fromWireStatus);

/** Statuses that mean the money was received. */
export const paidStatuses: readonly OrderStatus[] = [
  'awaiting_shipment',
  'partially_shipped',
  'shipped',
  'refunded',
  'partially_refunded',
];
/** Statuses of unpaid orders that ended (the spec's delete, or the hold ran out). */
export const closedUnpaidStatuses: readonly OrderStatus[] = ['cancelled', 'expired'];

/** What customers read instead of a raw status. */
export const orderStatusWords: Record<OrderStatus, string> = {
  unpaid: 'Waiting for payment',
  awaiting_shipment: 'Paid, being packed',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  expired: 'Expired (not paid in time)',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};
export const AWAITING_ADDRESS_WORDS = 'Paid, waiting for your shipping address';

export const refundStates = ['none', 'partial', 'full'] as const;

/**
 * An order's status in words: its status, what is missing, and how much money went back when
 * some did ("Shipped, partly refunded ($49.21)"). Web pages, receipts and mails all print this.
 */
export function orderStatusText(order: {
  status: OrderStatus;
  refundState: (typeof refundStates)[number];
  awaitingAddress: boolean;
  /** Refunds that succeeded; null for a reader who sees no money (staff), who reads no amount. */
  refundedCents: number | null;
}): string {
  const base = order.awaitingAddress ? AWAITING_ADDRESS_WORDS : orderStatusWords[order.status];
  if (order.refundState !== 'partial' || order.status === 'refunded') return base;
  return order.refundedCents === null
    ? `${base}, partly refunded`
    : `${base}, partly refunded (${formatCents(order.refundedCents)})`;
}

/** One line of an order: the product, and its name and unit price as sold. */
export const OrderLine = z.object({
  productId: z.string(),
  name: z.string(),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  lineTotalCents: z.number().int(),
  /** The line's share of the order's discount: it sold for lineTotalCents less this. */
  discountCents: z.number().int(),
  /** The line's share of the order's tax on goods; the lines' shares add up to it exactly. */
  taxCents: z.number().int(),
  shippedQuantity: z.number().int(),
  /** Units refunded (pending or done). */
  refundedQuantity: z.number().int(),
  /** Units received back from returns. */
  returnedQuantity: z.number().int(),
  /** The core charge per unit as sold (0: none): its own priced line, quantity x this. */
  coreChargeCents: z.number().int(),
  coreTotalCents: z.number().int(),
  /** The line's share of the goods' tax that was charged on its core charges (not in `taxCents`). */
  coreTaxCents: z.number().int(),
  /** Units whose core charge has been given back (pending or done). */
  coresRefunded: z.number().int(),
  /** Old parts received back by core returns. */
  coresReturned: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** The store's short order number, as customers and admins read it. */
export const orderNumber = (n: number) => `TW-${n}`;

/**
 * An invoice's and a credit note's numbers, given by the database in one sequence each, without
 * gaps (decision 091): "INV-000001", "CN-000001".
 */
export const invoiceNumberText = (n: number) => `INV-${String(n).padStart(6, '0')}`;
export const creditNoteNumberText = (n: number) => `CN-${String(n).padStart(6, '0')}`;

/**
 * An order on the wire, in the spec's names, plus its lines and amounts. Note `orderId` is the
 * TOOL's id, as the spec's client has it (the server writes its `productId` there, in
 * src/server/modules/orders/order-read.ts, the one place an order is put into these names); the order's own id is `_id`.
 *
 * A one-line order (every order the spec's POST /order makes) fills the spec's fields as the spec
 * means them: `orderId`, `orderName`, `price` (the unit price in dollars) and `orderQuantity` are
 * its line's. An order of several lines fills them with its first line's product id, a name that
 * says how many more products it holds ("Brake pad set and 2 more"), the subtotal of all lines as
 * `price` and the number of units as `orderQuantity`. In both, `total` (dollars) and
 * `amounts.totalCents` are what is charged: subtotal less discount, plus shipping and tax.
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
  /** The spec's word (`pending`, not `awaiting_shipment`): the server writes it with `toWireStatus`. */
  status: z.enum(wireOrderStatuses),
  transactionId: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
  /** When an unpaid order is released if not paid. */
  expiresAt: z.string().nullable(),
  /** "TW-10042". */
  number: z.string(),
  /** "INV-000042", given when the order is first paid; null before. */
  invoiceNumber: z.string().nullable().optional(),
  lines: z.array(OrderLine),
  /** Units over all lines. */
  itemCount: z.number().int(),
  amounts: z.object({
    /** The lines' totals and their core charges. */
    subtotalCents: z.number().int(),
    /** The part of the subtotal that is core charges. */
    coreChargeCents: z.number().int(),
    /** Taken off the goods by the order's discount. */
    discountCents: z.number().int(),
    /** Charged for shipping, after any free-shipping discount. */
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    /** The part of `taxCents` charged on shipping. */
    shippingTaxCents: z.number().int(),
    /** The rate charged, in basis points; null on orders from before it was kept. */
    taxRateBasisPoints: z.number().int().nullable(),
    /** Present only when the order carried no tax under this resale certificate (decision 095). */
    taxExemptCertificate: z.string().optional(),
    /**
     * Present only when the customer's store credit paid part or all of it (decision 100): the
     * card pays the total less this.
     */
    storeCreditCents: z.number().int().optional(),
    /** Present only when it was charged to the trade account's invoice (decision 102): no card. */
    onAccountCents: z.number().int().optional(),
    /**
     * Present only while parts added after a card payment are owed (decision 104): the order's
     * payment page takes it, and the order ships once it is paid.
     */
    balanceDueCents: z.number().int().optional(),
  }),
  /** The discount the order took (its code and name as they were then). */
  discount: AppliedDiscount.nullable(),
  /** The method's code ("standard", "express", or a shipping zone's own). */
  shippingMethod: z.string().nullable(),
  /** The method's name as the buyer chose it ("Express shipping"). */
  shippingLabel: z.string().nullable(),
  /** The address as it was when ordered; null for an order placed through the spec's order modal. */
  shippingAddress: Address.nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** The status in the words customers read ("Paid, being packed"). */
  statusText: z.string(),
  /** Paid without a shipping address: nobody can ship it until the customer gives one. */
  awaitingAddress: z.boolean(),
  shipments: z.array(Shipment),
  refunds: z.array(Refund),
  /** Money returned by refunds that succeeded. */
  refundedCents: z.number().int(),
  /** What may still be refunded: paid less refunds pending or done. */
  refundableCents: z.number().int(),
  refundState: z.enum(refundStates),
  /** Why an admin cancelled this paid order. */
  cancelReason: z.string().nullable(),
  /** When the customer asked to cancel it, if they did. */
  cancelRequestedAt: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

/**
 * A line as staff read it: what was bought, shipped, refunded and returned, in units; no price,
 * tax or charge. `hasCoreCharge`: old parts of it may be handed in at the desk.
 */
export const StaffOrderLine = OrderLine.pick({
  productId: true,
  name: true,
  quantity: true,
  shippedQuantity: true,
  refundedQuantity: true,
  returnedQuantity: true,
  coresRefunded: true,
  coresReturned: true,
}).extend({ hasCoreCharge: z.boolean() });
export type StaffOrderLine = z.infer<typeof StaffOrderLine>;

/**
 * An order as staff read it on the order desk (decision 079): everything they need to ship it and
 * take parts back, and no money: no prices, totals, amounts, discount, refunds, payment
 * (transaction id, card brand and last four). Managers and the owner (`orders.money`) get `Order`.
 */
export const StaffOrder = Order.omit({
  price: true,
  total: true,
  transactionId: true,
  cardBrand: true,
  cardLast4: true,
  amounts: true,
  discount: true,
  refunds: true,
  refundedCents: true,
  refundableCents: true,
  lines: true,
}).extend({ lines: z.array(StaffOrderLine), moneyHidden: z.literal(true) });
export type StaffOrder = z.infer<typeof StaffOrder>;

/** What the order desk answers: the whole order, or the staff's view of it. */
export const DeskOrder = z.union([Order, StaffOrder]);
export type DeskOrder = Order | StaffOrder;

/** Whether this answer carries the order's money (a manager's or the owner's). */
export const showsMoney = (order: DeskOrder): order is Order => !('moneyHidden' in order);

/** The staff's view of an order: its money left out, not blanked. */
export function withoutMoney(order: Order): StaffOrder {
  const {
    price: _price,
    total: _total,
    transactionId: _transactionId,
    cardBrand: _cardBrand,
    cardLast4: _cardLast4,
    amounts: _amounts,
    discount: _discount,
    refunds: _refunds,
    refundedCents: _refundedCents,
    refundableCents: _refundableCents,
    lines,
    ...rest
  } = order;
  return {
    ...rest,
    // The status in words names a partial refund's amount; staff read that it happened, not how much.
    statusText: orderStatusText({
      status: fromWireStatus(order.status),
      refundState: order.refundState,
      awaitingAddress: order.awaitingAddress,
      refundedCents: null,
    }),
    lines: lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      quantity: l.quantity,
      shippedQuantity: l.shippedQuantity,
      refundedQuantity: l.refundedQuantity,
      returnedQuantity: l.returnedQuantity,
      coresRefunded: l.coresRefunded,
      coresReturned: l.coresReturned,
      hasCoreCharge: l.coreChargeCents > 0,
    })),
    moneyHidden: true,
  };
}

export const QUANTITY_REQUIRED = 'How many product you want?';
export const minimumQuantityMessage = (min: number) => `Minimum order quantity must be ${min} or up.`;
export const maximumQuantityMessage = (max: number) => `Maximum order quantity must be ${max} or below.`;

/**
 * An empty box, a missing field or text that is not a number all get the spec's question. Text is
 * read as plain decimal digits only: `Number()` would also take "0x10", "1e3" or " 12 ".
 */
const toQuantity = (value: unknown) =>
  value === '' || value === null || value === undefined
    ? undefined
    : typeof value === 'string'
      ? /^\d{1,9}$/.test(value)
        ? Number(value)
        : Number.NaN
      : value;

const quantityNumber = () =>
  z
    .number({ error: QUANTITY_REQUIRED })
    .int('Quantity must be a whole number')
    .max(1_000_000, QUANTITY_REQUIRED);

const quantityField = z.preprocess(toQuantity, quantityNumber());

/**
 * POST /order as the spec's client sends it. Only the tool, the quantity and the phone are read:
 * name, email, price and total come from the session and the database, never from the body.
 * The spec names the product `orderId`; read, it is `productId` (and `orderInputOnWire` writes it
 * back for the web app), so the wire name stops here.
 */
export const OrderInput = z
  .object({
    orderId: z.string({ error: 'Choose a tool to order' }).min(1, 'Choose a tool to order').max(100),
    orderQuantity: quantityField,
    phone: phoneField,
  })
  .transform(({ orderId, ...rest }) => ({ productId: orderId, ...rest }));
export type OrderInput = z.output<typeof OrderInput>;
/** The body of POST /order, as the spec names its fields. */
export const orderInputOnWire = ({ productId, ...rest }: OrderInput) => ({ orderId: productId, ...rest });

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
export const ManageOrdersQuery = z
  .object({
    status: WireOrderStatusInput.optional(),
  })
  .extend(OrdersBehindFigure.shape);

/** The admin overview (GET /manage/stats). */
export const StoreStats = z.object({
  days: z.number().int(),
  salesByDay: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  ordersByStatus: z.object(
    Object.fromEntries(wireOrderStatuses.map((s) => [s, z.number().int()])) as Record<
      WireOrderStatus,
      z.ZodNumber
    >,
  ),
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

/** Who moved an order: its customer, an admin, the card provider's confirmation, or the store itself (expiry). */
export const orderActors = ['customer', 'admin', 'provider', 'system'] as const;
export type OrderActor = (typeof orderActors)[number];

/** One line of an order's history (GET /order/:id/history, GET /manage/:id/history). */
export const OrderEvent = z.object({
  event: z.string(),
  from: z.enum(wireOrderStatuses).nullable(),
  to: z.enum(wireOrderStatuses),
  actor: z.enum(orderActors),
  note: z.string().nullable(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/** What a customer is told when the caps on unpaid orders stop a new one. */
export const tooManyUnpaidOrdersMessage = (max: number) =>
  `You already have ${max} unpaid orders. Pay or cancel one of them in My Orders before placing another.`;
export const tooManyReservedUnitsMessage = (max: number, held: number) =>
  `Unpaid orders may hold at most ${max} units at a time and yours hold ${held}. Pay or cancel an open order in My Orders, or order at most ${Math.max(0, max - held)}.`;
