import { and, desc, eq, sql } from 'drizzle-orm';
import {
  afterSaleMessages,
  type CoreReturnInput,
  coreReturnStatusWords,
  type RefundQuote,
  type Return,
  type ReturnInput,
  type ReturnStatus,
  returnMessages,
  returnStatusWords,
} from '../../../contract/after-sale';
import { isUuid } from '../../../contract/ids';
import { sum } from '../../../contract/money';
import { orderNumber } from '../../../contract/orders';
import type { PaymentProviderName } from '../../../contract/payments';
import { returnMachine, returnOpensAs } from '../../../contract/return-transitions';
import type { Db, Tx } from '../../kernel/db';
import { orderLines, orders, type ReturnLine, returns, shipments } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { SessionUser } from '../../kernel/identity';
import type { Outbox } from '../../kernel/outbox';
import { moveStock, type StockMove } from '../inventory';
import { restockingFee, unitsRefund } from '../pricing';
import { coresLeft, coresOnTheirWay } from './core-charges';
import { AfterSaleRefused, OrderNotFound } from './order-errors';
import { lockOrder, type OrderRow, orderLinesOf, recordEvent } from './order-state';
import { claimInLock, dryRun, quoteOf } from './refunds';
import { returnableUnits, returnUnits, unitsHeldByReturns } from './return-units';

type ReturnRow = typeof returns.$inferSelect;

/**
 * Returns (docs/decisions/040): a customer asks to send back shipped units within the window; an
 * admin approves or refuses with a note, marks the parts received and decides per line (back on
 * the shelf, a `return` movement, or written off, a `damaged` one), then offers the refund of the
 * returned lines less the restocking fee. Each step is in the order's history and mails the
 * customer through the outbox. All of it under the order's row lock.
 *
 * Core returns (docs/decisions/061) bring back old parts for the core charge of lines that had
 * one: asked by the customer (approved at once: the store always takes its cores) or handed in
 * at the desk (received at once), received without any stock movement (an old part is scrap, not
 * stock), then refunded: the core charge of each old part and the tax charged on it, no fee.
 */

const toReturn = (r: ReturnRow, number: number): Return => ({
  id: r.id,
  orderId: r.orderId,
  orderNumber: orderNumber(number),
  kind: r.kind,
  status: r.status,
  statusText: (r.kind === 'core' ? coreReturnStatusWords : returnStatusWords)[r.status],
  lines: r.lines,
  vehicle: r.vehicle ?? null,
  note: r.note,
  adminNote: r.adminNote,
  refundId: r.refundId,
  at: r.createdAt.toISOString(),
});

const notFound = () => new AppError('NOT_FOUND', returnMessages.notFound);

/** A return's units per product (a product named on two lines of one return counts once, summed). */
const unitsByProduct = (lines: ReturnLine[]) => {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.toolId, (units.get(l.toolId) ?? 0) + l.quantity);
  return units;
};

async function event(
  tx: Tx,
  outbox: Outbox,
  order: OrderRow,
  name: Parameters<typeof recordEvent>[2],
  r: ReturnRow,
  actor: 'customer' | 'admin',
  who: string | null,
  note: string | null,
) {
  await recordEvent(
    tx,
    order,
    name,
    order.status,
    { outbox, actor, actorUserId: who, note, detailId: r.id },
    new Date(),
  );
}

/**
 * A customer asks to send back shipped units of their order; a guest's order is asked for by
 * whoever holds its signed link, which the caller checked (decision 059). The same rules either way.
 */
export async function requestReturn(
  db: Db,
  outbox: Outbox,
  me: Pick<SessionUser, 'id'> | { orderLink: true },
  orderId: string,
  input: ReturnInput,
  windowDays: number,
  now = new Date(),
): Promise<Return> {
  if (!isUuid(orderId)) throw new OrderNotFound();
  const ownerId = 'orderLink' in me ? undefined : me.id;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, ownerId);
    const lines = await orderLinesOf(tx, order.id);
    const held = await returnUnits(tx, order.id);
    const parcels = await tx.select().from(shipments).where(eq(shipments.orderId, order.id));
    const wanted: ReturnLine[] = [];
    for (const want of input.lines) {
      const line = lines.find((l) => l.toolId === want.toolId);
      if (!line || line.shippedQuantity === 0)
        throw new AfterSaleRefused('CONFLICT', returnMessages.notShipped);
      const lastShipped = Math.max(
        ...parcels
          .filter((p) => p.lines.some((l) => l.toolId === want.toolId))
          .map((p) => p.createdAt.getTime()),
      );
      if (now.getTime() > lastShipped + windowDays * 86_400_000)
        throw new AfterSaleRefused('CONFLICT', returnMessages.windowClosed(windowDays));
      // Units refunded already (a refund that put them back on the shelf, or let the customer keep
      // them) cannot come back for their money a second time.
      // A product named twice in one request counts as one line of both quantities.
      const earlier = wanted.filter((w) => w.toolId === want.toolId).reduce((n, w) => n + w.quantity, 0);
      const returnable = returnableUnits(line, held);
      const left = Math.max(0, returnable.left - earlier);
      const { byRefunds } = returnable;
      if (want.quantity > left)
        throw new AfterSaleRefused(
          'CONFLICT',
          (byRefunds ? returnMessages.refundedAlready : returnMessages.tooMany)(line.toolName, left),
        );
      wanted.push({ toolId: want.toolId, quantity: want.quantity, reason: want.reason, outcome: null });
    }
    const fits = wanted.some((l) => l.reason === 'does_not_fit');
    const [row] = await tx
      .insert(returns)
      .values({
        orderId: order.id,
        status: returnOpensAs.parts,
        lines: wanted,
        vehicle: fits ? (input.vehicle ?? null) : null,
        note: input.note ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await event(tx, outbox, order, 'return_requested', row, 'customer', ownerId ?? null, input.note ?? null);
    return toReturn(row, order.number);
  });
}

/** Who brings old parts back: the customer (by post) or staff taking them at the desk. */
export type CoreReturnBy = { customer: SessionUser } | { adminId: string };

/**
 * Old parts coming back for the core charge of lines that had one. Only lines that shipped (the
 * old part comes off the vehicle the new one went on), never more than the units bought less
 * those whose charge went back or is on its way back. A customer's opens approved, to be sent;
 * one taken at the desk is received there and then.
 */
export async function requestCoreReturn(
  db: Db,
  outbox: Outbox,
  by: CoreReturnBy,
  orderId: string,
  input: CoreReturnInput,
): Promise<Return> {
  if (!isUuid(orderId)) throw new OrderNotFound();
  const atDesk = 'adminId' in by;
  return db.transaction(async (tx) => {
    const order = atDesk ? await lockOrder(tx, orderId) : await lockOrder(tx, orderId, by.customer.id);
    const lines = await orderLinesOf(tx, order.id);
    const onTheirWay = await coresOnTheirWay(tx, order.id);
    const wanted: ReturnLine[] = [];
    for (const want of input.lines) {
      const line = lines.find((l) => l.toolId === want.toolId);
      if (!line) throw new AfterSaleRefused('CONFLICT', afterSaleMessages.lineNotInOrder);
      if (line.coreChargeCents <= 0)
        throw new AfterSaleRefused('CONFLICT', returnMessages.noCoreCharge(line.toolName));
      if (line.shippedQuantity === 0) throw new AfterSaleRefused('CONFLICT', returnMessages.coreNotShipped);
      const left = Math.max(0, coresLeft(line) - (onTheirWay.get(line.toolId) ?? 0));
      if (want.quantity > left)
        throw new AfterSaleRefused('CONFLICT', returnMessages.tooManyCores(line.toolName, left));
      wanted.push({ toolId: want.toolId, quantity: want.quantity, reason: 'core', outcome: null });
    }
    const [row] = await tx
      .insert(returns)
      .values({
        orderId: order.id,
        kind: 'core',
        status: atDesk ? returnOpensAs.coreAtDesk : returnOpensAs.coreByPost,
        lines: wanted,
        note: input.note ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    if (atDesk) {
      await countCoresBack(tx, order, wanted);
      await event(tx, outbox, order, 'core_return_received', row, 'admin', by.adminId, input.note ?? null);
    } else
      await event(
        tx,
        outbox,
        order,
        'core_return_requested',
        row,
        'customer',
        by.customer.id,
        input.note ?? null,
      );
    return toReturn(row, order.number);
  });
}

/** Old parts received: counted on their lines, and nothing else (they are scrap, not stock). */
async function countCoresBack(tx: Tx, order: OrderRow, lines: ReturnLine[]) {
  for (const l of lines) {
    await tx
      .update(orderLines)
      .set({ coresReturned: sql`${orderLines.coresReturned} + ${l.quantity}` })
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.toolId, l.toolId)));
  }
}

/** Locks a return's order, then the return. */
async function lockReturn(tx: Tx, id: string): Promise<{ order: OrderRow; row: ReturnRow }> {
  if (!isUuid(id)) throw notFound();
  const [first] = await tx.select({ orderId: returns.orderId }).from(returns).where(eq(returns.id, id));
  if (!first) throw notFound();
  const order = await lockOrder(tx, first.orderId);
  const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
  if (!row) throw notFound();
  return { order, row };
}

async function setStatus(tx: Tx, row: ReturnRow, status: ReturnStatus, changes: Partial<ReturnRow> = {}) {
  const [updated] = await tx
    .update(returns)
    .set({ ...changes, status, updatedAt: new Date() })
    .where(eq(returns.id, row.id))
    .returning();
  if (!updated) throw new Error('return vanished under its lock');
  return updated;
}

export async function decideReturn(
  db: Db,
  outbox: Outbox,
  id: string,
  adminId: string,
  decision: { approve: boolean; note?: string | undefined },
): Promise<Return> {
  return db.transaction(async (tx) => {
    const { order, row } = await lockReturn(tx, id);
    const decided = decision.approve ? 'approve' : 'refuse';
    if (!returnMachine.can(row.status, decided))
      throw new AfterSaleRefused('CONFLICT', returnMessages.notRequested);
    // A refund made since the return was asked for may have taken its units back: what is approved
    // must still be able to come back, or receiving it would count units twice.
    if (decision.approve && row.kind === 'parts') {
      const lines = await orderLinesOf(tx, order.id);
      const held = await returnUnits(tx, order.id, row.id);
      for (const [toolId, units] of unitsByProduct(row.lines)) {
        const line = lines.find((o) => o.toolId === toolId);
        const left = line ? returnableUnits(line, held).left : 0;
        if (units > left)
          throw new AfterSaleRefused(
            'CONFLICT',
            returnMessages.refundedSince(line?.toolName ?? toolId, left),
          );
      }
    }
    const updated = await setStatus(tx, row, returnMachine.next(row.status, decided), {
      adminNote: decision.note ?? null,
    });
    await event(
      tx,
      outbox,
      order,
      decision.approve ? 'return_approved' : 'return_refused',
      updated,
      'admin',
      adminId,
      decision.note ?? null,
    );
    return toReturn(updated, order.number);
  });
}

/**
 * The parts are back: each line on the shelf again (`return`) or written off (`damaged`). A core
 * return's old parts move no stock: they are counted on their lines, once (a second receipt finds
 * the return no longer approved).
 */
export async function receiveReturn(
  db: Db,
  outbox: Outbox,
  id: string,
  adminId: string,
  outcomes: { toolId: string; outcome: 'restock' | 'damaged' }[] = [],
): Promise<Return> {
  return db.transaction(async (tx) => {
    const { order, row } = await lockReturn(tx, id);
    if (!returnMachine.can(row.status, 'receive'))
      throw new AfterSaleRefused('CONFLICT', returnMessages.notApproved);
    const received = returnMachine.next(row.status, 'receive');
    if (row.kind === 'core') {
      await countCoresBack(tx, order, row.lines);
      const updated = await setStatus(tx, row, received);
      await event(tx, outbox, order, 'core_return_received', updated, 'admin', adminId, null);
      return toReturn(updated, order.number);
    }
    const lines: ReturnLine[] = row.lines.map((l) => ({
      ...l,
      outcome: outcomes.find((o) => o.toolId === l.toolId)?.outcome ?? 'restock',
    }));
    // Units a refund already put back on the shelf are counted once: only the rest of each line
    // moves stock now. Approval and refunds keep this from happening; a return approved before
    // they did still closes, and says what it found.
    const orderLinesNow = await orderLinesOf(tx, order.id);
    const room = new Map(
      orderLinesNow.map((o) => [o.toolId, Math.max(0, o.shippedQuantity - o.returnedQuantity)]),
    );
    const counted = lines.map((l) => {
      const units = Math.min(l.quantity, room.get(l.toolId) ?? 0);
      room.set(l.toolId, (room.get(l.toolId) ?? 0) - units);
      const name = orderLinesNow.find((o) => o.toolId === l.toolId)?.toolName ?? l.toolId;
      return { line: l, name, units };
    });
    const moves: StockMove[] = counted
      .filter((c) => c.units > 0)
      .map(({ line: l, units }) => ({
        toolId: l.toolId,
        orderId: order.id,
        onHand: l.outcome === 'restock' ? units : 0,
        reason: l.outcome === 'restock' ? 'return' : 'damaged',
        actorUserId: adminId,
        note: `${units} returned (${l.reason})`,
      }));
    await moveStock(tx, moves);
    for (const { line: l, units } of counted) {
      if (units === 0) continue;
      await tx
        .update(orderLines)
        .set({ returnedQuantity: sql`${orderLines.returnedQuantity} + ${units}` })
        .where(and(eq(orderLines.orderId, order.id), eq(orderLines.toolId, l.toolId)));
    }
    const already = counted
      .filter((c) => c.units < c.line.quantity)
      .map((c) => `${c.line.quantity - c.units} of ${c.name}`);
    const note = already.length ? `Already back with a refund: ${already.join(', ')}` : null;
    const updated = await setStatus(tx, row, received, { lines });
    await event(tx, outbox, order, 'return_received', updated, 'admin', adminId, note);
    return toReturn(updated, order.number);
  });
}

/**
 * Claims the refund a received return offers, in its order's lock: its lines (with their share
 * of tax) less the restocking fee, or a core return's charges. Restock is false: the parts were
 * already put back or written off when received. The caller sends it (flows/return-refund.ts).
 */
export const claimRefundOfReturn = (
  db: Db,
  id: string,
  adminId: string,
  feePercent: number,
  providerName: PaymentProviderName,
) => db.transaction((tx) => claimReturnRefund(tx, id, adminId, feePercent, providerName));

/** A return as its pages show it, read after a change committed. */
export async function returnNow(db: Db, id: string, orderId: string): Promise<Return> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
  if (!row || !order) throw notFound();
  return toReturn(row, order.number);
}

/** GET /manage/returns/:id/refund-quote: what refunding this received return would give back; nothing is written. */
export const quoteReturnRefund = (
  db: Db,
  id: string,
  feePercent: number,
  providerName: PaymentProviderName,
): Promise<RefundQuote> =>
  dryRun(db, async (tx) => quoteOf(await claimReturnRefund(tx, id, null, feePercent, providerName)));

/** The refund of a received return, claimed in its order's lock (the return reads refunded). */
async function claimReturnRefund(
  tx: Tx,
  id: string,
  adminId: string | null,
  feePercent: number,
  providerName: PaymentProviderName,
) {
  const { order, row } = await lockReturn(tx, id);
  if (!returnMachine.can(row.status, 'refund'))
    throw new AfterSaleRefused('CONFLICT', returnMessages.notReceived);
  const refunded = returnMachine.next(row.status, 'refund');
  if (row.kind === 'core') {
    // The core charge of each old part, with the tax charged on it; no restocking fee.
    const refund = await claimInLock(
      tx,
      order,
      {
        cores: row.lines.map((l) => ({ toolId: l.toolId, quantity: l.quantity })),
        restock: false,
        reason: `Core return of ${row.lines.reduce((n, l) => n + l.quantity, 0)} old part(s)`,
        returnId: row.id,
      },
      `return:${row.id}`,
      adminId,
      providerName,
    );
    await setStatus(tx, row, refunded, { refundId: refund.id });
    return refund;
  }
  const lines = await orderLinesOf(tx, order.id);
  // What the return pays for: its units, less any a refund apart from it paid for already (only
  // possible before such refunds were refused; decision 074). Nothing left is said plainly.
  const others = await returnUnits(tx, order.id, row.id);
  const toRefund = [...unitsByProduct(row.lines)].flatMap(([toolId, units]) => {
    const line = lines.find((o) => o.toolId === toolId);
    if (!line) return [];
    const left = line.quantity - line.refundedQuantity - unitsHeldByReturns(others, toolId);
    const quantity = Math.min(units, Math.max(0, left));
    return quantity > 0 ? [{ line, toolId, quantity }] : [];
  });
  if (toRefund.length === 0) throw new AfterSaleRefused('CONFLICT', returnMessages.refundedApart);
  // The fee is on what the parts sold for, after their share of any discount.
  const goods = sum(toRefund.map(({ line, quantity }) => unitsRefund(line, line.refundedQuantity, quantity)));
  const feeCents = restockingFee(goods, feePercent);
  const refund = await claimInLock(
    tx,
    order,
    {
      lines: toRefund.map(({ toolId, quantity }) => ({ toolId, quantity })),
      restock: false,
      reason: `Return of ${toRefund.map(({ quantity }) => `${quantity} unit(s)`).join(', ')}`,
      returnId: row.id,
      feeCents,
    },
    `return:${row.id}`,
    adminId,
    providerName,
  );
  await setStatus(tx, row, refunded, { refundId: refund.id });
  return refund;
}

/** GET /manage/returns: newest first, optionally of one status. */
export async function listReturns(db: Db, status?: ReturnStatus): Promise<Return[]> {
  const rows = await db
    .select({ r: returns, number: orders.number })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(status ? eq(returns.status, status) : undefined)
    .orderBy(desc(returns.createdAt))
    .limit(500);
  return rows.map(({ r, number }) => toReturn(r, number));
}

/** An order's returns, oldest first (the order page shows them); `ownerId` limits it to that customer's. */
export async function returnsOf(db: Db, orderId: string, ownerId?: string): Promise<Return[]> {
  if (!isUuid(orderId)) throw new OrderNotFound();
  const rows = await db
    .select({ r: returns, number: orders.number })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.orderId, orderId), ownerId ? eq(orders.userId, ownerId) : undefined))
    .orderBy(returns.createdAt);
  if (rows.length === 0) {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), ownerId ? eq(orders.userId, ownerId) : undefined));
    if (!order) throw new OrderNotFound();
  }
  return rows.map(({ r, number }) => toReturn(r, number));
}
