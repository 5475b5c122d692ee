import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  afterSaleMessages,
  type CoreReturnInput,
  coreReturnStatusWords,
  type FitClaim,
  fitClaimMessages,
  type ListingFit,
  type RefundQuote,
  type Return,
  type ReturnInput,
  type ReturnStatus,
  returnMessages,
  returnStatusWords,
  wrongListing,
} from '../../../contract/after-sale';
import type { Vehicle } from '../../../contract/catalog';
import { isUuid } from '../../../contract/ids';
import { sum } from '../../../contract/money';
import { orderNumber } from '../../../contract/orders';
import type { PaymentProviderName } from '../../../contract/payments';
import { returnMachine, returnOpensAs } from '../../../contract/return-transitions';
import type { Db, Tx } from '../../kernel/db';
import { orderLines, orders, type ReturnLine, returnFitClaims, returns, shipments } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { SessionUser } from '../../kernel/identity';
import type { Outbox } from '../../kernel/outbox';
import { listingFit, takeVehicleOutOfFitment } from '../catalog';
import { moveStock, type StockMove } from '../inventory';
import { restockingFee, unitsRefund } from '../pricing';
import { type ClaimedVehicle, resolveClaimVehicle } from '../vehicles';
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

const toReturn = (r: ReturnRow, number: number, fitClaims: FitClaim[] = []): Return => ({
  id: r.id,
  orderId: r.orderId,
  orderNumber: orderNumber(number),
  kind: r.kind,
  status: r.status,
  statusText: (r.kind === 'core' ? coreReturnStatusWords : returnStatusWords)[r.status],
  lines: r.lines,
  vehicle: r.vehicle ?? null,
  fitClaims,
  note: r.note,
  adminNote: r.adminNote,
  refundId: r.refundId,
  at: r.createdAt.toISOString(),
});

const notFound = () => new AppError('NOT_FOUND', returnMessages.notFound);

type ClaimRow = typeof returnFitClaims.$inferSelect;

/**
 * The fit claims of these returns, each with what its product's listing says of the return's
 * vehicle now (docs/decisions/092): one read of the claims and two of the listings, whatever the
 * number of returns.
 */
async function fitClaimsOf(db: Db | Tx, rows: ReturnRow[]): Promise<Map<string, FitClaim[]>> {
  const answer = new Map<string, FitClaim[]>();
  const ids = rows.filter((r) => r.kind === 'parts' && r.vehicle).map((r) => r.id);
  if (ids.length === 0) return answer;
  const claims = await db
    .select()
    .from(returnFitClaims)
    .where(inArray(returnFitClaims.returnId, ids))
    .orderBy(returnFitClaims.returnId, returnFitClaims.productId);
  const vehicleOf = new Map(rows.map((r) => [r.id, r.vehicle]));
  const checks = claims.flatMap((c) => {
    const vehicle = vehicleOf.get(c.returnId);
    return vehicle ? [{ productId: c.productId, vehicle }] : [];
  });
  const now = await listingFit(db, checks);
  claims.forEach((c, i) => {
    const list = answer.get(c.returnId) ?? [];
    list.push(claimOf(c, now[i] ?? 'no'));
    answer.set(c.returnId, list);
  });
  return answer;
}

const claimOf = (c: ClaimRow, listsNow: ListingFit): FitClaim => ({
  productId: c.productId,
  from: c.source,
  vin: c.vin,
  listed: c.listed,
  listsNow,
  correctedAt: c.correctedAt?.toISOString() ?? null,
});

/** One return as its pages show it, with its fit claims. */
async function shown(db: Db | Tx, r: ReturnRow, number: number): Promise<Return> {
  return toReturn(r, number, (await fitClaimsOf(db, [r])).get(r.id) ?? []);
}

/**
 * What each product's listing said about the claimed vehicle when the part was bought: what it
 * says now, or that it fitted when the desk has since taken that vehicle out of the product's
 * fitment for another return (a buyer who bought on the wrong listing is not charged for its
 * correction). Changes made in the editor are not told apart: the listing now answers for them.
 */
async function listedAtSale(
  tx: Tx,
  productIds: string[],
  vehicle: Vehicle,
  orderedAt: Date,
): Promise<ListingFit[]> {
  const now = await listingFit(
    tx,
    productIds.map((productId) => ({ productId, vehicle })),
  );
  const corrected = await tx
    .select({ productId: returnFitClaims.productId })
    .from(returnFitClaims)
    .innerJoin(returns, eq(returns.id, returnFitClaims.returnId))
    .where(
      and(
        inArray(returnFitClaims.productId, productIds),
        gt(returnFitClaims.correctedAt, orderedAt),
        sql`(${returns.vehicle}->>'year')::int = ${vehicle.year}`,
        sql`${returns.vehicle}->>'make' = ${vehicle.make}`,
        sql`${returns.vehicle}->>'model' = ${vehicle.model}`,
      ),
    );
  const since = new Set(corrected.map((c) => c.productId));
  return productIds.map((productId, i) =>
    now[i] === 'no' && since.has(productId) ? 'fits' : (now[i] ?? 'no'),
  );
}

/** A return's units per product (a product named on two lines of one return counts once, summed). */
const unitsByProduct = (lines: ReturnLine[]) => {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
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
  // The vehicle a part did not fit, as the store reads it (a VIN decoded here, a vehicle checked
  // against the vehicle data), before the order is locked: it reads no order.
  const claimed: ClaimedVehicle | null =
    input.vehicle && input.lines.some((l) => l.reason === 'does_not_fit')
      ? await resolveClaimVehicle(db, input.vehicle)
      : null;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, ownerId);
    const lines = await orderLinesOf(tx, order.id);
    const held = await returnUnits(tx, order.id);
    const parcels = await tx.select().from(shipments).where(eq(shipments.orderId, order.id));
    const wanted: ReturnLine[] = [];
    for (const want of input.lines) {
      const line = lines.find((l) => l.productId === want.productId);
      if (!line || line.shippedQuantity === 0)
        throw new AfterSaleRefused('CONFLICT', returnMessages.notShipped);
      const lastShipped = Math.max(
        ...parcels
          .filter((p) => p.lines.some((l) => l.productId === want.productId))
          .map((p) => p.createdAt.getTime()),
      );
      if (now.getTime() > lastShipped + windowDays * 86_400_000)
        throw new AfterSaleRefused('CONFLICT', returnMessages.windowClosed(windowDays));
      // Units refunded already (a refund that put them back on the shelf, or let the customer keep
      // them) cannot come back for their money a second time.
      // A product named twice in one request counts as one line of both quantities.
      const earlier = wanted
        .filter((w) => w.productId === want.productId)
        .reduce((n, w) => n + w.quantity, 0);
      const returnable = returnableUnits(line, held);
      const left = Math.max(0, returnable.left - earlier);
      const { byRefunds } = returnable;
      if (want.quantity > left)
        throw new AfterSaleRefused(
          'CONFLICT',
          (byRefunds ? returnMessages.refundedAlready : returnMessages.tooMany)(line.productName, left),
        );
      wanted.push({ productId: want.productId, quantity: want.quantity, reason: want.reason, outcome: null });
    }
    const [row] = await tx
      .insert(returns)
      .values({
        orderId: order.id,
        status: returnOpensAs.parts,
        lines: wanted,
        vehicle: claimed?.vehicle ?? null,
        note: input.note ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    // Each product that did not fit: what its listing said about the vehicle, kept as it is now.
    if (claimed) {
      const productIds = [
        ...new Set(wanted.filter((l) => l.reason === 'does_not_fit').map((l) => l.productId)),
      ];
      const listed = await listedAtSale(tx, productIds, claimed.vehicle, order.createdAt);
      await tx.insert(returnFitClaims).values(
        productIds.map((productId, i) => ({
          returnId: row.id,
          productId,
          source: claimed.from,
          vin: claimed.vin,
          listed: listed[i] ?? 'no',
        })),
      );
    }
    await event(tx, outbox, order, 'return_requested', row, 'customer', ownerId ?? null, input.note ?? null);
    return shown(tx, row, order.number);
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
      const line = lines.find((l) => l.productId === want.productId);
      if (!line) throw new AfterSaleRefused('CONFLICT', afterSaleMessages.lineNotInOrder);
      if (line.coreChargeCents <= 0)
        throw new AfterSaleRefused('CONFLICT', returnMessages.noCoreCharge(line.productName));
      if (line.shippedQuantity === 0) throw new AfterSaleRefused('CONFLICT', returnMessages.coreNotShipped);
      const left = Math.max(0, coresLeft(line) - (onTheirWay.get(line.productId) ?? 0));
      if (want.quantity > left)
        throw new AfterSaleRefused('CONFLICT', returnMessages.tooManyCores(line.productName, left));
      wanted.push({ productId: want.productId, quantity: want.quantity, reason: 'core', outcome: null });
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
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.productId, l.productId)));
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
      for (const [productId, units] of unitsByProduct(row.lines)) {
        const line = lines.find((o) => o.productId === productId);
        const left = line ? returnableUnits(line, held).left : 0;
        if (units > left)
          throw new AfterSaleRefused(
            'CONFLICT',
            returnMessages.refundedSince(line?.productName ?? productId, left),
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
    return shown(tx, updated, order.number);
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
  outcomes: { productId: string; outcome: 'restock' | 'damaged' }[] = [],
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
      outcome: outcomes.find((o) => o.productId === l.productId)?.outcome ?? 'restock',
    }));
    // Units a refund already put back on the shelf are counted once: only the rest of each line
    // moves stock now. Approval and refunds keep this from happening; a return approved before
    // they did still closes, and says what it found.
    const orderLinesNow = await orderLinesOf(tx, order.id);
    const room = new Map(
      orderLinesNow.map((o) => [o.productId, Math.max(0, o.shippedQuantity - o.returnedQuantity)]),
    );
    const counted = lines.map((l) => {
      const units = Math.min(l.quantity, room.get(l.productId) ?? 0);
      room.set(l.productId, (room.get(l.productId) ?? 0) - units);
      const name = orderLinesNow.find((o) => o.productId === l.productId)?.productName ?? l.productId;
      return { line: l, name, units };
    });
    const moves: StockMove[] = counted
      .filter((c) => c.units > 0)
      .map(({ line: l, units }) => ({
        productId: l.productId,
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
        .where(and(eq(orderLines.orderId, order.id), eq(orderLines.productId, l.productId)));
    }
    const already = counted
      .filter((c) => c.units < c.line.quantity)
      .map((c) => `${c.line.quantity - c.units} of ${c.name}`);
    const note = already.length ? `Already back with a refund: ${already.join(', ')}` : null;
    const updated = await setStatus(tx, row, received, { lines });
    await event(tx, outbox, order, 'return_received', updated, 'admin', adminId, note);
    return shown(tx, updated, order.number);
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
  toStoreCredit = false,
) => db.transaction((tx) => claimReturnRefund(tx, id, adminId, feePercent, providerName, toStoreCredit));

/** A return as its pages show it, read after a change committed. */
export async function returnNow(db: Db, id: string, orderId: string): Promise<Return> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
  if (!row || !order) throw notFound();
  return shown(db, row, order.number);
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
  /** Given as store credit rather than back to the card (decision 100). */
  toStoreCredit = false,
) {
  const { order, row } = await lockReturn(tx, id);
  const credit = toStoreCredit ? { toStoreCredit: true } : {};
  if (!returnMachine.can(row.status, 'refund'))
    throw new AfterSaleRefused('CONFLICT', returnMessages.notReceived);
  const refunded = returnMachine.next(row.status, 'refund');
  if (row.kind === 'core') {
    // The core charge of each old part, with the tax charged on it; no restocking fee.
    const refund = await claimInLock(
      tx,
      order,
      {
        cores: row.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        restock: false,
        reason: `Core return of ${row.lines.reduce((n, l) => n + l.quantity, 0)} old part(s)`,
        returnId: row.id,
        ...credit,
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
  const toRefund = [...unitsByProduct(row.lines)].flatMap(([productId, units]) => {
    const line = lines.find((o) => o.productId === productId);
    if (!line) return [];
    const left = line.quantity - line.refundedQuantity - unitsHeldByReturns(others, productId);
    const quantity = Math.min(units, Math.max(0, left));
    return quantity > 0 ? [{ line, productId, quantity }] : [];
  });
  if (toRefund.length === 0) throw new AfterSaleRefused('CONFLICT', returnMessages.refundedApart);
  // A part that did not fit a vehicle its listing said it fits came back through the store's
  // mistake: its units pay no restocking fee (decision 092). Decided from the claims kept when the
  // return was asked for, never from the request.
  const wrong = new Set(
    (await tx.select().from(returnFitClaims).where(eq(returnFitClaims.returnId, row.id)))
      .filter(wrongListing)
      .map((c) => c.productId),
  );
  const waived = (productId: string) =>
    row.lines
      .filter((l) => l.productId === productId && l.reason === 'does_not_fit' && wrong.has(productId))
      .reduce((n, l) => n + l.quantity, 0);
  // The fee is on what the parts that pay it sold for, after their share of any discount.
  const goods = sum(
    toRefund.map(({ line, productId, quantity }) => {
      const free = Math.min(quantity, waived(productId));
      return unitsRefund(line, line.refundedQuantity + free, quantity - free);
    }),
  );
  const feeCents = restockingFee(goods, feePercent);
  const refund = await claimInLock(
    tx,
    order,
    {
      lines: toRefund.map(({ productId, quantity }) => ({ productId, quantity })),
      restock: false,
      reason: `Return of ${toRefund.map(({ quantity }) => `${quantity} unit(s)`).join(', ')}`,
      returnId: row.id,
      feeCents,
      ...credit,
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
  const claims = await fitClaimsOf(
    db,
    rows.map(({ r }) => r),
  );
  return rows.map(({ r, number }) => toReturn(r, number, claims.get(r.id) ?? []));
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
  const claims = await fitClaimsOf(
    db,
    rows.map(({ r }) => r),
  );
  return rows.map(({ r, number }) => toReturn(r, number, claims.get(r.id) ?? []));
}

/**
 * POST /manage/returns/:id/fitment-correction: a wrong listing corrected from the returns desk
 * (decision 092). The return's vehicle (as the store read it, never the request's) is taken out
 * of the product's fitment by the catalog, which keeps it in the product's history and the audit
 * log; the claim records who corrected it and when. The claim's `listed` stays as it was: the fee
 * and the owner's numbers still count the listing that was wrong.
 */
export async function correctFitmentFromReturn(
  db: Db,
  id: string,
  productId: string,
  actor: { id: string; name: string | null },
): Promise<Return> {
  return db.transaction(async (tx) => {
    const { order, row } = await lockReturn(tx, id);
    const [claim] = isUuid(productId)
      ? await tx
          .select()
          .from(returnFitClaims)
          .where(and(eq(returnFitClaims.returnId, row.id), eq(returnFitClaims.productId, productId)))
          .for('update')
      : [];
    if (!claim || !row.vehicle) throw new AppError('NOT_FOUND', fitClaimMessages.noClaim);
    await takeVehicleOutOfFitment(tx, productId, row.vehicle, actor, {
      returnId: row.id,
      orderNumber: orderNumber(order.number),
    });
    await tx
      .update(returnFitClaims)
      .set({ correctedAt: new Date(), correctedBy: actor.id })
      .where(and(eq(returnFitClaims.returnId, row.id), eq(returnFitClaims.productId, productId)));
    return shown(tx, row, order.number);
  });
}
