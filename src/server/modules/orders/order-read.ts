import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Refund, Shipment } from '../../../contract/after-sale';
import { centsToDollars } from '../../../contract/money';
import {
  creditNoteNumberText,
  invoiceNumberText,
  type Order,
  orderNumber,
  orderStatusText,
  paidStatuses,
  toWireStatus,
} from '../../../contract/orders';
import type { Db, Tx } from '../../kernel/db';
import { orderLines, orders, preparedStatement, refunds, shipments, tableRow } from '../../kernel/db';

import { lineTaxes } from '../pricing';
import type { OrderLineRow, OrderRow } from './order-state';

/** Orders placed before the method's name was kept knew only standard and express. */
const legacyShippingLabel = (method: string | null) =>
  method === 'standard' ? 'Standard shipping' : method === 'express' ? 'Express shipping' : method;

type ShipmentRow = typeof shipments.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** What an order is made of besides its row: the only record of what was sold, and what happened since. */
export interface OrderParts {
  lines: OrderLineRow[];
  shipments: ShipmentRow[];
  refunds: RefundRow[];
}

export const toShipment = (s: ShipmentRow): Shipment => ({
  id: s.id,
  carrier: s.carrier,
  trackingNumber: s.trackingNumber,
  lines: s.lines,
  locationId: s.locationId,
  at: s.createdAt.toISOString(),
});

export const toRefund = (r: RefundRow): Refund => ({
  id: r.id,
  status: r.status,
  amountCents: r.amountCents,
  goodsCents: r.goodsCents,
  coreCents: r.coreCents,
  taxCents: r.taxCents,
  shippingCents: r.shippingCents,
  otherCents: r.otherCents,
  storeCreditCents: r.storeCreditCents,
  ...(r.onAccountCents > 0 ? { onAccountCents: r.onAccountCents } : {}),
  ...(r.balanceCents > 0 ? { balanceCents: r.balanceCents } : {}),
  lines: r.lines,
  restock: r.restock,
  reason: r.reason,
  failure: r.failure,
  creditNoteNumber: r.creditNoteNumber === null ? null : creditNoteNumberText(r.creditNoteNumber),
  at: r.createdAt.toISOString(),
});

/** Money claimed by refunds that have not failed: it may not be refunded again. */
export const claimedCents = (rows: RefundRow[], orderTransaction: string | null) =>
  rows
    .filter((r) => r.status !== 'failed' && r.paymentIntentId === orderTransaction)
    .reduce((sum, r) => sum + r.amountCents, 0);

/**
 * Database rows to the wire, in the spec's names and words (`orderId` for the product, `pending`
 * for an order awaiting shipment). The lines are the only record of what was sold; the spec's
 * fields are derived from them here: a one-line order's product, `orderName`, `price` (unit price) and
 * `orderQuantity` are its line's; a longer order's are its first product, "Name and N more", its
 * subtotal and its units (the `Order` contract says so).
 */
export function toOrder(row: OrderRow, parts: OrderParts): Order {
  // Every order has a line (drizzle/0015 gave each order from before lines its one).
  const [first] = parts.lines;
  if (!first) throw new Error(`order ${row.id} has no lines`);
  const single = parts.lines.length === 1;
  const units = parts.lines.reduce((sum, l) => sum + l.quantity, 0);
  const paid = paidStatuses.includes(row.status);
  const refundState =
    row.refundedCents === 0 ? 'none' : row.refundedCents >= row.totalCents ? 'full' : 'partial';
  const awaitingAddress =
    row.shippingAddress === null && ['awaiting_shipment', 'partially_shipped'].includes(row.status);
  // Tax was charged on what each line sold for, after its share of the discount, and on each
  // line's core charges: the goods' tax is shared over both, the core charges after every line.
  const taxes = lineTaxes(row.taxCents - row.shippingTaxCents, [
    ...parts.lines.map((l) => l.unitPriceCents * l.quantity - l.discountCents),
    ...parts.lines.map((l) => l.coreChargeCents * l.quantity),
  ]);
  const coreTaxes = taxes.slice(parts.lines.length);
  return {
    _id: row.id,
    // The spec calls the ordered product `orderId`; this is the one place an order takes that name.
    orderId: first.productId,
    orderName: single ? first.productName : `${first.productName} and ${parts.lines.length - 1} more`,
    price: centsToDollars(single ? first.unitPriceCents : row.subtotalCents),
    orderQuantity: units,
    total: centsToDollars(row.totalCents),
    userName: row.userName,
    userEmail: row.userEmail,
    phone: row.phone,
    paid,
    status: toWireStatus(row.status),
    transactionId: row.transactionId,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.status === 'unpaid' && row.expiresAt ? row.expiresAt.toISOString() : null,
    number: orderNumber(row.number),
    invoiceNumber: row.invoiceNumber === null ? null : invoiceNumberText(row.invoiceNumber),
    lines: parts.lines.map((l, index) => ({
      productId: l.productId,
      name: l.productName,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      lineTotalCents: l.unitPriceCents * l.quantity,
      discountCents: l.discountCents,
      taxCents: taxes[index] ?? 0,
      shippedQuantity: l.shippedQuantity,
      refundedQuantity: l.refundedQuantity,
      returnedQuantity: l.returnedQuantity,
      coreChargeCents: l.coreChargeCents,
      coreTotalCents: l.coreChargeCents * l.quantity,
      coreTaxCents: coreTaxes[index] ?? 0,
      coresRefunded: l.coresRefunded,
      coresReturned: l.coresReturned,
    })),
    itemCount: units,
    amounts: {
      subtotalCents: row.subtotalCents,
      coreChargeCents: parts.lines.reduce((sum, l) => sum + l.coreChargeCents * l.quantity, 0),
      discountCents: row.discountCents,
      shippingCents: row.shippingCents,
      taxCents: row.taxCents,
      totalCents: row.totalCents,
      ...(row.storeCreditCents > 0 ? { storeCreditCents: row.storeCreditCents } : {}),
      ...(row.onAccountCents > 0 ? { onAccountCents: row.onAccountCents } : {}),
      ...(row.balanceDueCents > 0 ? { balanceDueCents: row.balanceDueCents } : {}),
      shippingTaxCents: row.shippingTaxCents,
      taxRateBasisPoints: row.taxRateBasisPoints,
      // Only on an order a resale certificate made tax exempt (decision 095).
      ...(row.taxExemptCertificate ? { taxExemptCertificate: row.taxExemptCertificate } : {}),
    },
    discount:
      row.discountLabel === null
        ? null
        : {
            code: row.discountCode,
            label: row.discountLabel,
            goodsCents: row.discountCents,
            shippingCents: row.shippingDiscountCents,
          },
    shippingMethod: row.shippingMethod,
    shippingLabel: row.shippingLabel ?? legacyShippingLabel(row.shippingMethod),
    shippingAddress: row.shippingAddress ?? null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    statusText: orderStatusText({
      status: row.status,
      refundState,
      awaitingAddress,
      refundedCents: row.refundedCents,
    }),
    awaitingAddress,
    shipments: parts.shipments.map(toShipment),
    // A refund of a payment that arrived too late is shown too; only the order's own payment counts below.
    refunds: parts.refunds.map(toRefund),
    refundedCents: row.refundedCents,
    refundableCents: paid ? Math.max(0, row.totalCents - claimedCents(parts.refunds, row.transactionId)) : 0,
    refundState,
    cancelReason: row.cancelReason,
    cancelRequestedAt: row.cancelRequestedAt?.toISOString() ?? null,
  };
}

/** A date as it comes out of `to_jsonb` (ISO text), or null. */
const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)));

type Json = Record<string, unknown>;

const lineOf = (j: Json): OrderLineRow => ({
  orderId: String(j.order_id),
  lineNo: Number(j.line_no),
  productId: String(j.product_id),
  productName: String(j.product_name),
  unitPriceCents: Number(j.unit_price_cents),
  quantity: Number(j.quantity),
  shippedQuantity: Number(j.shipped_quantity),
  releasedQuantity: Number(j.released_quantity),
  refundedQuantity: Number(j.refunded_quantity),
  returnedQuantity: Number(j.returned_quantity),
  costCents: j.cost_cents === null || j.cost_cents === undefined ? null : Number(j.cost_cents),
  discountCents: Number(j.discount_cents ?? 0),
  coreChargeCents: Number(j.core_charge_cents ?? 0),
  coresRefunded: Number(j.cores_refunded ?? 0),
  coresReturned: Number(j.cores_returned ?? 0),
});

const shipmentOf = (j: Json): ShipmentRow => ({
  id: String(j.id),
  orderId: String(j.order_id),
  carrier: (j.carrier as string | null) ?? null,
  trackingNumber: (j.tracking_number as string | null) ?? null,
  lines: j.lines as ShipmentRow['lines'],
  locationId: (j.location_id as string | null) ?? null,
  actorUserId: (j.actor_user_id as string | null) ?? null,
  createdAt: dateOf(j.created_at) as Date,
});

const refundOf = (j: Json): RefundRow => ({
  id: String(j.id),
  orderId: String(j.order_id),
  key: String(j.key),
  status: j.status as RefundRow['status'],
  amountCents: Number(j.amount_cents),
  goodsCents: Number(j.goods_cents),
  coreCents: Number(j.core_cents ?? 0),
  taxCents: Number(j.tax_cents),
  shippingCents: Number(j.shipping_cents),
  otherCents: Number(j.other_cents),
  storeCreditCents: Number(j.store_credit_cents ?? 0),
  onAccountCents: Number(j.on_account_cents ?? 0),
  balanceCents: Number(j.balance_cents ?? 0),
  lines: j.lines as RefundRow['lines'],
  restock: Boolean(j.restock),
  reason: String(j.reason),
  paymentIntentId: String(j.payment_intent_id),
  provider: j.provider as RefundRow['provider'],
  providerRefundId: (j.provider_refund_id as string | null) ?? null,
  failure: (j.failure as string | null) ?? null,
  returnId: (j.return_id as string | null) ?? null,
  creditNoteNumber:
    j.credit_note_number === null || j.credit_note_number === undefined ? null : Number(j.credit_note_number),
  actorUserId: (j.actor_user_id as string | null) ?? null,
  createdAt: dateOf(j.created_at) as Date,
  updatedAt: dateOf(j.updated_at) as Date,
});

const partsOf = preparedStatement<{ ids: string[] }, { kind: 'l' | 's' | 'r'; row: Json }>(
  'order parts',
  () => {
    const ids = sql`any(${sql.placeholder('ids')}::uuid[])`;
    return sql`
    select 'l' as kind, to_jsonb(l) as row, l.order_id, l.line_no as n, null::timestamptz as at from ${orderLines} l where l.order_id = ${ids}
    union all
    select 's', to_jsonb(s), s.order_id, 0, s.created_at from ${shipments} s where s.order_id = ${ids}
    union all
    select 'r', to_jsonb(r), r.order_id, 0, r.created_at from ${refunds} r where r.order_id = ${ids}
    order by 3, 1, 4, 5`;
  },
);

/**
 * Rows to the wire with their lines, shipments and refunds, read in one statement whatever their
 * number (each as a JSON row, so the three tables fit one result).
 */
export async function toOrders(db: Db | Tx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const parts = await partsOf(db, { ids: rows.map((r) => r.id) });
  const byOrder = new Map<string, OrderParts>();
  for (const row of rows) byOrder.set(row.id, { lines: [], shipments: [], refunds: [] });
  for (const part of parts) {
    const json = typeof part.row === 'string' ? (JSON.parse(part.row) as Json) : part.row;
    const into = byOrder.get(String(json.order_id));
    if (!into) continue;
    if (part.kind === 'l') into.lines.push(lineOf(json));
    else if (part.kind === 's') into.shipments.push(shipmentOf(json));
    else into.refunds.push(refundOf(json));
  }
  return rows.map((row) => toOrder(row, byOrder.get(row.id) as OrderParts));
}

export const toOneOrder = async (db: Db | Tx, row: OrderRow) => (await toOrders(db, [row]))[0] as Order;

/**
 * An order's parts as one statement returns them beside the order's row (`partsColumns`): three
 * JSON arrays, in the order `toOrders` reads them. `orderId` names the outer row's id with its
 * table (drizzle writes a lone column unqualified, which inside these subqueries would be theirs).
 */
const partsColumns = (orderId: SQL) => ({
  partLines: sql<Json[]>`(select coalesce(jsonb_agg(to_jsonb(l) order by l.line_no), '[]'::jsonb)
    from ${orderLines} l where l.order_id = ${orderId})`.as('part_lines'),
  partShipments: sql<Json[]>`(select coalesce(jsonb_agg(to_jsonb(s) order by s.created_at), '[]'::jsonb)
    from ${shipments} s where s.order_id = ${orderId})`.as('part_shipments'),
  partRefunds: sql<Json[]>`(select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]'::jsonb)
    from ${refunds} r where r.order_id = ${orderId})`.as('part_refunds'),
});

/** The parts `partsColumns` read, as rows. */
function partsFrom(raw: Record<string, unknown>): OrderParts {
  const list = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Json[];
  return {
    lines: list(raw.part_lines).map(lineOf),
    shipments: list(raw.part_shipments).map(shipmentOf),
    refunds: list(raw.part_refunds).map(refundOf),
  };
}

const orderRow = tableRow(orders);
/**
 * Orders matching `where` with their parts, each as its row and as the wire has it, in one
 * prepared statement (`where` names its values with placeholders).
 */
export const orderViews = <Values extends object>(label: string, where: SQL | undefined) =>
  preparedStatement<Values, { row: OrderRow; order: Order }>(
    label,
    (db) =>
      db
        .select({ ...getTableColumns(orders), ...partsColumns(sql`${orders}.id`) })
        .from(orders)
        .where(where),
    (raw) => {
      const row = orderRow(raw);
      return { row, order: toOrder(row, partsFrom(raw)) };
    },
  );

const orderById = orderViews<{ id: string }>('order view', eq(orders.id, sql.placeholder('id')));
/** An order by its id, its row and as the wire has it, in one read; undefined when there is none. */
export async function readOrderView(db: Db | Tx, id: string) {
  return (await orderById(db, { id }))[0];
}
