import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { centsToDecimal, sum, times } from '../../../contract/money';
import {
  type PurchaseOrder,
  type PurchaseOrderInput,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
  purchaseOrderMachine,
  purchaseOrderNumber,
  purchaseOrderStatusWords,
} from '../../../contract/purchasing';
import { TransitionRefused } from '../../../contract/state-machine';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import {
  products,
  purchaseOrderLines,
  purchaseOrders,
  purchaseReceiptLines,
  purchaseReceipts,
  supplierProducts,
  suppliers,
  user,
} from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { type Outbox, publish } from '../../kernel/outbox';

/** Purchase orders (decision 097): drafts, sending, cancelling and closing; receiving is receiving.ts. */

type Event = (typeof purchaseOrderMachine.events)[number];

/** The order's row locked for a change, and where `event` takes it; refused in words when it may not. */
export async function lockForEvent(tx: Tx, id: string, event: Event) {
  const [row] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update');
  if (!row) throw notFound('Purchase order');
  try {
    return { row, next: purchaseOrderMachine.next(row.status, event) };
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
    const what = purchaseOrderNumber(row.number);
    throw new AppError(
      'CONFLICT',
      `${what} is ${purchaseOrderStatusWords[row.status].toLowerCase()}: it cannot be ${pastOf[event]} now`,
    );
  }
}

const pastOf: Record<Event, string> = {
  edit: 'changed',
  send: 'sent',
  cancel: 'cancelled',
  receive_part: 'received',
  receive_rest: 'received',
  close: 'closed',
};

type Line = { productId: string; quantity: number; unitCostCents?: number | undefined };

/** The lines as they are written: each product's supplier number and, unless given, the supplier's cost. */
async function linesFor(tx: Tx, supplierId: string, lines: Line[]) {
  const ids = lines.map((l) => l.productId);
  const known = await tx
    .select({
      id: products.id,
      name: products.name,
      partNumber: supplierProducts.supplierPartNumber,
      costCents: supplierProducts.costCents,
    })
    .from(products)
    .leftJoin(
      supplierProducts,
      and(eq(supplierProducts.productId, products.id), eq(supplierProducts.supplierId, supplierId)),
    )
    .where(inArray(products.id, ids));
  const byId = new Map(known.map((k) => [k.id, k]));
  return lines.map((line, i) => {
    const product = byId.get(line.productId);
    if (!product)
      throw new AppError('VALIDATION_FAILED', 'A product on the order is not in the catalog', [
        { path: `lines.${i}.productId`, message: 'Unknown product' },
      ]);
    const unitCostCents = line.unitCostCents ?? product.costCents;
    if (unitCostCents === null || unitCostCents === undefined)
      throw new AppError(
        'VALIDATION_FAILED',
        `Give the unit cost of ${product.name}: this supplier has none for it`,
        [{ path: `lines.${i}.unitCostCents`, message: 'Give the unit cost' }],
      );
    return {
      lineNo: i + 1,
      productId: line.productId,
      supplierPartNumber: product.partNumber,
      quantity: line.quantity,
      unitCostCents,
    };
  });
}

async function assertSupplier(tx: Tx, supplierId: string) {
  const [found] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId));
  if (!found)
    throw new AppError('VALIDATION_FAILED', 'Choose a supplier', [
      { path: 'supplierId', message: 'Unknown supplier' },
    ]);
}

type DraftValues = Omit<PurchaseOrderInput, 'note'> & { note: string | null };

export async function createPurchaseOrder(
  db: Db,
  input: DraftValues,
  actorId: string | null,
): Promise<PurchaseOrder> {
  const id = await db.transaction(async (tx) => {
    await assertSupplier(tx, input.supplierId);
    const [row] = await tx
      .insert(purchaseOrders)
      .values({ supplierId: input.supplierId, note: input.note, createdBy: actorId })
      .returning({ id: purchaseOrders.id, number: purchaseOrders.number });
    const { id: orderId, number } = row as { id: string; number: number };
    const lines = await linesFor(tx, input.supplierId, input.lines);
    await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, purchaseOrderId: orderId })));
    await recordAudit(tx, {
      action: 'purchase_order.created',
      subjectType: 'purchase_order',
      subjectId: orderId,
      after: { number: purchaseOrderNumber(number), supplierId: input.supplierId, lines },
    });
    return orderId;
  });
  return getPurchaseOrder(db, id);
}

/** A draft's supplier, lines and note, replaced whole. */
export async function updatePurchaseOrder(db: Db, id: string, input: DraftValues): Promise<PurchaseOrder> {
  await db.transaction(async (tx) => {
    await lockForEvent(tx, id, 'edit');
    await assertSupplier(tx, input.supplierId);
    const lines = await linesFor(tx, input.supplierId, input.lines);
    await tx
      .update(purchaseOrders)
      .set({ supplierId: input.supplierId, note: input.note })
      .where(eq(purchaseOrders.id, id));
    await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, id));
    await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, purchaseOrderId: id })));
    await recordAudit(tx, {
      action: 'purchase_order.updated',
      subjectType: 'purchase_order',
      subjectId: id,
      after: { supplierId: input.supplierId, lines },
    });
  });
  return getPurchaseOrder(db, id);
}

/** Sends a draft: it is mailed to the supplier's ordering address through the outbox. */
export async function sendPurchaseOrder(db: Db, outbox: Outbox, id: string): Promise<PurchaseOrder> {
  await db.transaction(async (tx) => {
    const { row, next } = await lockForEvent(tx, id, 'send');
    await tx
      .update(purchaseOrders)
      .set({ status: next, sentAt: new Date() })
      .where(eq(purchaseOrders.id, id));
    await publish(tx, outbox, 'purchase_order.sent', `purchase-order-sent:${id}`, { purchaseOrderId: id });
    await recordAudit(tx, {
      action: 'purchase_order.sent',
      subjectType: 'purchase_order',
      subjectId: id,
      before: { status: row.status },
      after: { status: next },
    });
  });
  return getPurchaseOrder(db, id);
}

/** A draft cancelled, or a sent order closed: what has not come in is no longer expected. */
export async function endPurchaseOrder(
  db: Db,
  id: string,
  event: 'cancel' | 'close',
): Promise<PurchaseOrder> {
  await db.transaction(async (tx) => {
    const { row, next } = await lockForEvent(tx, id, event);
    await tx
      .update(purchaseOrders)
      .set({ status: next, closedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
    await recordAudit(tx, {
      action: event === 'cancel' ? 'purchase_order.cancelled' : 'purchase_order.closed',
      subjectType: 'purchase_order',
      subjectId: id,
      before: { status: row.status },
      after: { status: next },
    });
  });
  return getPurchaseOrder(db, id);
}

export async function getPurchaseOrder(db: Db | Tx, id: string): Promise<PurchaseOrder> {
  const [order] = await db
    .select({
      row: purchaseOrders,
      supplier: { id: suppliers.id, name: suppliers.name, email: suppliers.email },
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(eq(purchaseOrders.id, id));
  if (!order) throw notFound('Purchase order');
  const rows = await db
    .select({
      lineNo: purchaseOrderLines.lineNo,
      productId: purchaseOrderLines.productId,
      productName: products.name,
      sku: products.sku,
      supplierPartNumber: purchaseOrderLines.supplierPartNumber,
      quantity: purchaseOrderLines.quantity,
      receivedQuantity: purchaseOrderLines.receivedQuantity,
      unitCostCents: purchaseOrderLines.unitCostCents,
    })
    .from(purchaseOrderLines)
    .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
    .where(eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderLines.lineNo));
  const lines = rows.map((l) => ({ ...l, lineTotalCents: times(l.unitCostCents, l.quantity) }));
  const receipts = await db
    .select({
      id: purchaseReceipts.id,
      receivedAt: purchaseReceipts.receivedAt,
      note: purchaseReceipts.note,
      locationId: purchaseReceipts.locationId,
      receivedBy: user.name,
    })
    .from(purchaseReceipts)
    .leftJoin(user, eq(user.id, purchaseReceipts.actorUserId))
    .where(eq(purchaseReceipts.purchaseOrderId, id))
    .orderBy(asc(purchaseReceipts.receivedAt));
  const receiptLines = receipts.length
    ? await db
        .select()
        .from(purchaseReceiptLines)
        .where(
          inArray(
            purchaseReceiptLines.receiptId,
            receipts.map((r) => r.id),
          ),
        )
        .orderBy(asc(purchaseReceiptLines.lineNo))
    : [];
  const { row } = order;
  return {
    id: row.id,
    number: purchaseOrderNumber(row.number),
    supplier: order.supplier,
    status: row.status,
    lines,
    totalCents: sum(lines.map((l) => l.lineTotalCents)),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    receipts: receipts.map((r) => ({
      id: r.id,
      receivedAt: r.receivedAt.toISOString(),
      note: r.note,
      locationId: r.locationId,
      receivedBy: r.receivedBy,
      lines: receiptLines
        .filter((l) => l.receiptId === r.id)
        .map((l) => ({ lineNo: l.lineNo, quantity: l.quantity })),
    })),
    offers: purchaseOrderMachine.offers(row.status),
  };
}

export async function listPurchaseOrders(
  db: Db,
  filter: { status?: PurchaseOrderStatus | undefined; supplierId?: string | undefined },
): Promise<PurchaseOrderSummary[]> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(purchaseOrders.status, filter.status));
  if (filter.supplierId) where.push(eq(purchaseOrders.supplierId, filter.supplierId));
  const rows = await db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      status: purchaseOrders.status,
      createdAt: purchaseOrders.createdAt,
      sentAt: purchaseOrders.sentAt,
      supplier: { id: suppliers.id, name: suppliers.name, email: suppliers.email },
      lineCount: sql<number>`(select count(*) from ${purchaseOrderLines} l where l.purchase_order_id = ${purchaseOrders.id})::int`,
      unitsOrdered: sql<number>`(select coalesce(sum(l.quantity), 0) from ${purchaseOrderLines} l where l.purchase_order_id = ${purchaseOrders.id})::int`,
      unitsReceived: sql<number>`(select coalesce(sum(l.received_quantity), 0) from ${purchaseOrderLines} l where l.purchase_order_id = ${purchaseOrders.id})::int`,
      totalCents: sql<string>`(select coalesce(sum(l.quantity * l.unit_cost_cents), 0) from ${purchaseOrderLines} l where l.purchase_order_id = ${purchaseOrders.id})::text`,
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.number))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    number: purchaseOrderNumber(r.number),
    status: r.status,
    supplier: r.supplier,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    lineCount: Number(r.lineCount),
    unitsOrdered: Number(r.unitsOrdered),
    unitsReceived: Number(r.unitsReceived),
    totalCents: Number(r.totalCents),
  }));
}

/** The columns of a purchase order's file, in order. */
export const PURCHASE_ORDER_COLUMNS = [
  'po_number',
  'line',
  'supplier_part_number',
  'sku',
  'product',
  'quantity',
  'unit_cost',
  'line_total',
] as const;

/** The order as rows of a file for the supplier's system: one per line, money as plain decimals. */
export async function* purchaseOrderRows(order: PurchaseOrder) {
  for (const l of order.lines)
    yield {
      po_number: order.number,
      line: l.lineNo,
      supplier_part_number: l.supplierPartNumber,
      sku: l.sku,
      product: l.productName,
      quantity: l.quantity,
      unit_cost: centsToDecimal(l.unitCostCents),
      line_total: centsToDecimal(l.lineTotalCents),
    };
}
