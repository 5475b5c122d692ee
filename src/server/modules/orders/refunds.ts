import { randomUUID } from 'node:crypto';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import {
  afterSaleMessages,
  type LineQuantityInput,
  type RefundInput,
  type RefundQuote,
  type RefundQuoteInput,
  returnMessages,
} from '../../../contract/after-sale';
import { isUuid } from '../../../contract/ids';
import { formatCents } from '../../../contract/money';
import { moneyMachine, refundEvent } from '../../../contract/money-transitions';
import { orderMachine } from '../../../contract/order-transitions';
import { type Order, type OrderActor, paidStatuses } from '../../../contract/orders';
import type { PaymentProviderName } from '../../../contract/payments';
import { storeCreditMessages } from '../../../contract/store-credit';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { orderLines, orders, type RefundLine, refunds } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { Outbox } from '../../kernel/outbox';
import { moveCredit } from '../credit';
import { moveStock, type StockMove } from '../inventory';
import { refundShares, unitsRefund } from '../pricing';
import { creditInvoice, invoiceOpenOf } from '../receivables';
import { balancePaymentIds, balancePaymentsOf, isOwnPayment } from './balance-due';
import { coresLeft, coresOnTheirWay } from './core-charges';
import { AfterSaleRefused, OrderNotFound } from './order-errors';
import { toOneOrder } from './order-read';
import {
  applyOrderEvent,
  chargeStatusOfRow,
  lockOrder,
  type OrderRow,
  orderLinesOf,
  recordEvent,
  unshippedOf,
} from './order-state';
import { returnUnits, unitsHeldByReturns } from './return-units';

export type RefundRow = typeof refunds.$inferSelect;

/** What the card provider answered about a refund (its reply, or its webhook's news). */
export interface RefundAnswer {
  /** The provider's id of the refund; empty when it refused before making one. */
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  failure?: string | null;
}

/**
 * Refunds (docs/decisions/039). A refund is claimed in the order's row lock (a `pending` row whose
 * amount counts against what may still be refunded, so two requests at once can never give back
 * more than was paid), then asked of the provider with an idempotency key, then settled: a success
 * moves the stock (units that never shipped leave the reservation; shipped ones go back on the
 * shelf when restocked) and the order's money and status, a failure gives its claim back.
 */

interface Claimed {
  goods: number;
  core: number;
  tax: number;
  shipping: number;
  total: number;
  /** The part of `total` that went (or is going) back to the order's first payment's card. */
  card: number;
  /** The part taken (or being taken) off the order's invoice on account (decision 102). */
  onAccount: number;
  /** The part taken off what the order owed for parts added after it was paid (decision 104). */
  balance: number;
}

/**
 * What the refunds of the order's own payments (its first, and the balance payments it took)
 * claimed, failed ones aside; late payments given back are not the order's.
 */
async function claimedOf(tx: Tx, order: OrderRow): Promise<Claimed> {
  const first = order.transactionId ?? '';
  const [row] = await tx
    .select({
      goods: sql<string>`coalesce(sum(${refunds.goodsCents}), 0)::text`,
      core: sql<string>`coalesce(sum(${refunds.coreCents}), 0)::text`,
      tax: sql<string>`coalesce(sum(${refunds.taxCents}), 0)::text`,
      shipping: sql<string>`coalesce(sum(${refunds.shippingCents}), 0)::text`,
      total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)::text`,
      card: sql<string>`coalesce(sum(${refunds.amountCents} - ${refunds.storeCreditCents} - ${refunds.onAccountCents} - ${refunds.balanceCents}) filter (where ${refunds.paymentIntentId} = ${first}), 0)::text`,
      onAccount: sql<string>`coalesce(sum(${refunds.onAccountCents}), 0)::text`,
      balance: sql<string>`coalesce(sum(${refunds.balanceCents}), 0)::text`,
    })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, order.id),
        sql`(${refunds.paymentIntentId} = ${first} or ${refunds.paymentIntentId} in (${balancePaymentIds(order.id)}))`,
        sql`${refunds.status} <> 'failed'`,
      ),
    );
  return {
    goods: Number(row?.goods ?? 0),
    core: Number(row?.core ?? 0),
    tax: Number(row?.tax ?? 0),
    shipping: Number(row?.shipping ?? 0),
    total: Number(row?.total ?? 0),
    card: Number(row?.card ?? 0),
    onAccount: Number(row?.onAccount ?? 0),
    balance: Number(row?.balance ?? 0),
  };
}

export interface RefundRequest extends RefundInput {
  /** The return this refund pays for, if any. */
  returnId?: string;
  /**
   * Old parts given back for their core charge (a core return), per product. Units refunded in
   * `lines` take their own core charge back with them, as far as it was not given back already.
   */
  cores?: LineQuantityInput[];
  /** A restocking fee kept from a return's refund. */
  feeCents?: number;
  /**
   * The payment this refund goes back to, when the caller chooses (a cancellation gives back each
   * of an order's payments in turn); otherwise the claim chooses. Nothing is then taken off a
   * balance still owed.
   */
  paymentIntentId?: string;
}

/** Writes the pending refund in the order's lock, after every check; a known key finds its refund. */
export function claimRefund(
  db: Db,
  orderId: string,
  input: RefundRequest,
  key: string,
  adminId: string | null,
  providerName: PaymentProviderName,
): Promise<RefundRow> {
  return db.transaction(async (tx) =>
    claimInLock(tx, await lockOrder(tx, orderId), input, key, adminId, providerName),
  );
}

/**
 * Whether a request sent again with a known key asks for what the key's refund was: the same
 * lines and quantities, shipping, free amount, restock and reason (and return). Anything else
 * under the same key is a different refund, refused rather than answered with the first one.
 */
function sameRequest(known: RefundRow, input: RefundRequest): boolean {
  const asked = (lines: { productId: string; quantity: number }[]) =>
    lines
      .filter((l) => l.quantity > 0)
      .map((l) => `${l.productId}:${l.quantity}`)
      .sort()
      .join(',');
  return (
    known.reason === input.reason &&
    known.returnId === (input.returnId ?? null) &&
    known.restock === input.restock &&
    known.shippingCents === (input.shippingCents ?? 0) &&
    known.otherCents === (input.amountCents ?? 0) - (input.feeCents ?? 0) &&
    asked(known.lines) === asked(input.lines ?? [])
  );
}

/** The claim itself, for a caller that holds the order's lock (a cancellation claims everything). */
export async function claimInLock(
  tx: Tx,
  order: OrderRow,
  input: RefundRequest,
  key: string,
  adminId: string | null,
  providerName: PaymentProviderName,
): Promise<RefundRow> {
  {
    const [known] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.key, key)));
    if (known) {
      if (!sameRequest(known, input)) throw new AppError('CONFLICT', afterSaleMessages.keyReused);
      return known;
    }
    if (!paidStatuses.includes(order.status) || !order.transactionId)
      throw new AfterSaleRefused('CONFLICT', afterSaleMessages.notPaid);
    const claimed = await claimedOf(tx, order);
    const lines = await orderLinesOf(tx, order.id);
    const refundLines: RefundLine[] = [];
    let goods = 0;
    let core = 0;
    // Old parts on their way back keep their core charges for the core return that brings them.
    const onTheirWay = input.lines?.length ? await coresOnTheirWay(tx, order.id) : new Map<string, number>();
    // Units a return holds are its refund's to pay (less its fee); another refund takes none of them.
    const held = input.lines?.length ? await returnUnits(tx, order.id, input.returnId) : undefined;
    for (const want of input.lines ?? []) {
      const line = lines.find((l) => l.productId === want.productId);
      if (!line) throw new AfterSaleRefused('VALIDATION_FAILED', afterSaleMessages.lineNotInOrder);
      const notRefunded = line.quantity - line.refundedQuantity;
      const inReturns = held ? unitsHeldByReturns(held, line.productId) : 0;
      if (want.quantity > notRefunded)
        throw new AfterSaleRefused(
          'CONFLICT',
          afterSaleMessages.tooManyToRefund(line.productName, Math.max(0, notRefunded - inReturns)),
        );
      if (want.quantity > notRefunded - inReturns)
        throw new AfterSaleRefused('CONFLICT', afterSaleMessages.inReturn(line.productName, inReturns));
      const amount = unitsRefund(line, line.refundedQuantity, want.quantity);
      // A unit refunded takes its core charge back with it, once.
      const cores = Math.max(
        0,
        Math.min(want.quantity, coresLeft(line) - (onTheirWay.get(line.productId) ?? 0)),
      );
      refundLines.push({
        productId: line.productId,
        quantity: want.quantity,
        amountCents: amount,
        taxCents: 0,
        ...(cores > 0 ? { cores, coreCents: cores * line.coreChargeCents } : {}),
      });
      goods += amount;
      core += cores * line.coreChargeCents;
    }
    for (const want of input.cores ?? []) {
      const line = lines.find((l) => l.productId === want.productId);
      if (!line) throw new AfterSaleRefused('VALIDATION_FAILED', afterSaleMessages.lineNotInOrder);
      if (line.coreChargeCents <= 0)
        throw new AfterSaleRefused('CONFLICT', returnMessages.noCoreCharge(line.productName));
      const entry = refundLines.find((l) => l.productId === line.productId);
      const left = coresLeft(line) - (entry?.cores ?? 0);
      if (want.quantity > left)
        throw new AfterSaleRefused('CONFLICT', returnMessages.tooManyCores(line.productName, left));
      const cents = want.quantity * line.coreChargeCents;
      if (entry) {
        entry.cores = (entry.cores ?? 0) + want.quantity;
        entry.coreCents = (entry.coreCents ?? 0) + cents;
      } else
        refundLines.push({
          productId: line.productId,
          quantity: 0,
          amountCents: 0,
          taxCents: 0,
          cores: want.quantity,
          coreCents: cents,
        });
      core += cents;
    }
    const shipping = input.shippingCents ?? 0;
    if (shipping > order.shippingCents - claimed.shipping)
      throw new AfterSaleRefused(
        'CONFLICT',
        afterSaleMessages.shippingTooMuch(formatCents(order.shippingCents - claimed.shipping)),
      );
    // Each line's share of tax, on its goods and its core charges alike (both were taxed), and
    // refunded shipping's share of the shipping's tax, so that refunding every unit, every core
    // and all shipping, in any steps, returns exactly the tax paid.
    const shares = refundShares(
      order,
      { goodsCents: claimed.goods + claimed.core, shippingCents: claimed.shipping },
      refundLines,
      shipping,
    );
    refundLines.forEach((line, index) => {
      line.taxCents = shares.lineTaxCents[index] ?? 0;
    });
    const tax = shares.taxCents;
    const other = (input.amountCents ?? 0) - (input.feeCents ?? 0);
    const amount = goods + core + tax + shipping + other;
    const left = order.totalCents - claimed.total;
    if (amount > left)
      throw new AfterSaleRefused('CONFLICT', afterSaleMessages.moreThanPaid(formatCents(left)));
    // An order on account is refunded off its invoice first, as far as the invoice still owes
    // (decision 102); then off what the order still owes for parts added (decision 104). The card
    // gets back at most what its payment paid; the rest, or all of it when asked, goes back as
    // store credit (decision 100).
    if (input.toStoreCredit && !order.userId)
      throw new AfterSaleRefused('CONFLICT', storeCreditMessages.guests);
    const onAccount =
      order.onAccountCents > 0 && !input.toStoreCredit
        ? Math.min(amount, order.onAccountCents - claimed.onAccount, await invoiceOpenOf(tx, order.id))
        : 0;
    const balance = input.paymentIntentId ? 0 : Math.min(amount - onAccount, order.balanceDueCents);
    const wanted = amount - onAccount - balance;
    const payment = input.toStoreCredit
      ? { id: order.transactionId, cardCents: 0 }
      : await paymentFor(tx, order, order.transactionId, claimed, wanted, input.paymentIntentId);
    const storeCredit = wanted - payment.cardCents;
    for (const line of refundLines) {
      await tx
        .update(orderLines)
        .set({
          refundedQuantity: sql`${orderLines.refundedQuantity} + ${line.quantity}`,
          coresRefunded: sql`${orderLines.coresRefunded} + ${line.cores ?? 0}`,
        })
        .where(and(eq(orderLines.orderId, order.id), eq(orderLines.productId, line.productId)));
    }
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        key,
        amountCents: amount,
        goodsCents: goods,
        coreCents: core,
        taxCents: tax,
        shippingCents: shipping,
        otherCents: other,
        storeCreditCents: storeCredit,
        onAccountCents: onAccount,
        balanceCents: balance,
        lines: refundLines,
        restock: input.restock,
        reason: input.reason,
        paymentIntentId: payment.id,
        provider: providerName,
        returnId: input.returnId ?? null,
        actorUserId: adminId,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    // What is no longer owed is no longer owed from now; a refund that fails owes it again.
    if (balance > 0)
      await tx
        .update(orders)
        .set({ balanceDueCents: sql`${orders.balanceDueCents} - ${balance}` })
        .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      action: 'refund.created',
      subjectType: 'refund',
      subjectId: row.id,
      before: { orderId: order.id, refundedCents: claimed.total, paidCents: order.totalCents },
      after: {
        orderId: order.id,
        amountCents: amount,
        storeCreditCents: storeCredit,
        onAccountCents: onAccount,
        balanceCents: balance,
        paymentIntentId: payment.id,
        lines: refundLines,
        shippingCents: shipping,
        restock: input.restock,
        reason: input.reason,
        returnId: input.returnId ?? null,
      },
    });
    return row;
  }
}

/**
 * The payment a refund's card part goes back to, and how much of it: one payment per refund (a
 * provider refunds one payment at a time). An order with balance payments (decision 104) gives
 * back the newest that can take all of it, else its first; a part no one payment can take is
 * refused, naming the most one refund can give back. An order with one payment gives its card
 * what it paid and the rest as store credit, as before.
 */
async function paymentFor(
  tx: Tx,
  order: OrderRow,
  first: string,
  claimed: Claimed,
  wanted: number,
  chosen: string | undefined,
): Promise<{ id: string; cardCents: number }> {
  const balances = await balancePaymentsOf(tx, order.id);
  const taken = balances.reduce((sum, p) => sum + p.amountCents, 0);
  // The first payment paid the total less store credit, the invoice, the balance payments, and
  // what was owed for added parts, whether still owed or taken off by refunds.
  const firstRoom =
    order.totalCents -
    order.storeCreditCents -
    order.onAccountCents -
    order.balanceDueCents -
    taken -
    claimed.balance -
    claimed.card;
  const rooms = [
    ...balances.map((p) => ({ id: p.id, room: p.amountCents - p.refundedCents })).reverse(),
    { id: first, room: Math.max(0, firstRoom) },
  ];
  if (chosen !== undefined) {
    const one = rooms.find((r) => r.id === chosen);
    if (!one) throw new AfterSaleRefused('CONFLICT', afterSaleMessages.notPaid);
    return { id: one.id, cardCents: Math.min(wanted, one.room) };
  }
  if (balances.length === 0) return { id: first, cardCents: Math.min(wanted, Math.max(0, firstRoom)) };
  const fits = rooms.find((r) => r.room >= wanted);
  if (fits) return { id: fits.id, cardCents: wanted };
  throw new AfterSaleRefused(
    'CONFLICT',
    afterSaleMessages.paidInParts(rooms.length, formatCents(Math.max(...rooms.map((r) => r.room)))),
  );
}

/** Everything still refundable, as lines and shipping (so tax is split right) or, after free amounts, as an amount. */
export async function everythingLeft(
  tx: Tx,
  order: OrderRow,
): Promise<Pick<RefundInput, 'lines' | 'shippingCents' | 'amountCents'>> {
  const claimed = await claimedOf(tx, order);
  if (claimed.total > 0) return { amountCents: order.totalCents - claimed.total };
  const lines = (await orderLinesOf(tx, order.id)).map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
  }));
  return { lines, ...(order.shippingCents > 0 ? { shippingCents: order.shippingCents } : {}) };
}

/**
 * The provider's answer about a refund, from its reply or its webhook; a second answer about a
 * settled refund changes nothing.
 */
export async function settleRefund(
  db: Db,
  outbox: Outbox,
  refundId: string,
  answer: RefundAnswer,
  actor: OrderActor,
): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const [first] = await tx
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(eq(refunds.id, refundId));
    if (!first) throw new AppError('NOT_FOUND', 'Refund was not found');
    const order = await lockOrder(tx, first.orderId);
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) throw new AppError('NOT_FOUND', 'Refund was not found');
    if (refund.status !== 'pending') return refund;
    const providerRefundId = answer.id || refund.providerRefundId;
    if (answer.status === 'pending') {
      const [kept] = await tx
        .update(refunds)
        .set({ providerRefundId, updatedAt: new Date() })
        .where(eq(refunds.id, refund.id))
        .returning();
      return kept ?? refund;
    }
    if (answer.status === 'failed') {
      for (const line of refund.lines) {
        await tx
          .update(orderLines)
          .set({
            refundedQuantity: sql`${orderLines.refundedQuantity} - ${line.quantity}`,
            coresRefunded: sql`${orderLines.coresRefunded} - ${line.cores ?? 0}`,
          })
          .where(and(eq(orderLines.orderId, order.id), eq(orderLines.productId, line.productId)));
      }
      if (refund.balanceCents > 0)
        await tx
          .update(orders)
          .set({ balanceDueCents: sql`${orders.balanceDueCents} + ${refund.balanceCents}` })
          .where(eq(orders.id, order.id));
      const [failed] = await tx
        .update(refunds)
        .set({
          status: 'failed',
          failure: answer.failure ?? 'failed',
          providerRefundId,
          updatedAt: new Date(),
        })
        .where(eq(refunds.id, refund.id))
        .returning();
      return failed ?? refund;
    }
    // Its invoice part comes off the invoice; what a payment recorded since left the invoice no
    // longer owing is given as store credit instead (decision 102).
    const notTaken =
      refund.onAccountCents > 0 ? await creditInvoice(tx, order.id, refund.id, refund.onAccountCents) : 0;
    const [done] = await tx
      .update(refunds)
      .set({
        status: 'succeeded',
        providerRefundId,
        updatedAt: new Date(),
        ...(notTaken > 0
          ? {
              onAccountCents: refund.onAccountCents - notTaken,
              storeCreditCents: refund.storeCreditCents + notTaken,
            }
          : {}),
      })
      .where(eq(refunds.id, refund.id))
      .returning();
    const creditCents = refund.storeCreditCents + notTaken;
    // Its store credit part is the customer's to spend from now on.
    if (creditCents > 0 && order.userId)
      await moveCredit(tx, {
        userId: order.userId,
        cents: creditCents,
        reason: 'refund',
        orderId: order.id,
        refundId: refund.id,
      });
    if (await isOwnPayment(tx, order, refund.paymentIntentId))
      await refundTakesEffect(tx, outbox, order, refund, actor);
    // A payment the order never took (it arrived too late): only its history and its mail.
    else
      await recordEvent(
        tx,
        order,
        'late_payment_refund',
        order.status,
        { outbox, actor, note: refund.reason, detailId: refund.id },
        new Date(),
      );
    return done ?? refund;
  });
}

/**
 * Gives a pending claim back before the provider was asked for it (a refund flow that failed
 * before its pivot): settled as failed, its units and amount free again. A settled refund is left.
 */
export const withdrawClaim = (db: Db, outbox: Outbox, refundId: string): Promise<RefundRow> =>
  settleRefund(db, outbox, refundId, { id: '', status: 'failed', failure: 'withdrawn' }, 'admin');

/** A refund of the order's own payment succeeded: its stock, the order's money and status. */
async function refundTakesEffect(
  tx: Tx,
  outbox: Outbox,
  order: OrderRow,
  refund: RefundRow,
  actor: OrderActor,
) {
  const context = { outbox, actor, actorUserId: refund.actorUserId, note: refund.reason };
  const refundedCents = order.refundedCents + refund.amountCents;
  // The money machine decides the charge status; the amounts decide only which refund this was.
  const chargeStatus = moneyMachine.next(
    chargeStatusOfRow(order),
    refundEvent(refundedCents, order.totalCents),
  );
  if (order.status === 'cancelled') {
    // A cancelled paid order released its stock when it was cancelled: only the money moves.
    const [updated] = await tx
      .update(orders)
      .set({ refundedCents, chargeStatus })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error('order vanished under its lock');
    await recordEvent(tx, updated, 'refund', order.status, { ...context, detailId: refund.id }, new Date());
    return;
  }
  const lines = await orderLinesOf(tx, order.id);
  const moves: StockMove[] = [];
  for (const want of refund.lines) {
    const line = lines.find((l) => l.productId === want.productId);
    if (!line) continue;
    // Units that never shipped are released first; the rest had shipped.
    const release = Math.min(want.quantity, unshippedOf(line));
    const back = refund.restock
      ? Math.min(want.quantity - release, line.shippedQuantity - line.returnedQuantity)
      : 0;
    if (release > 0)
      moves.push({ productId: line.productId, orderId: order.id, reserved: -release, reason: 'refund' });
    if (back > 0)
      moves.push({
        productId: line.productId,
        orderId: order.id,
        onHand: back,
        reason: 'return',
        note: refund.reason,
      });
    if (release > 0 || back > 0) {
      line.releasedQuantity += release;
      line.returnedQuantity += back;
      await tx
        .update(orderLines)
        .set({ releasedQuantity: line.releasedQuantity, returnedQuantity: line.returnedQuantity })
        .where(and(eq(orderLines.orderId, order.id), eq(orderLines.lineNo, line.lineNo)));
    }
  }
  // One product's release and return are one move each, in product order (moveStock sorts).
  await moveStock(tx, moves);
  const [updated] = await tx
    .update(orders)
    .set({ refundedCents, chargeStatus })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error('order vanished under its lock');
  if (chargeStatus === 'refunded') {
    await applyOrderEvent(tx, updated, { type: 'refund', refundId: refund.id }, context);
    return;
  }
  // Nothing left to ship once the rest was refunded: the order machine's partial_refund_rest
  // (a part-shipped order now reads shipped) where it allows it, its partial_refund otherwise.
  const rest =
    lines.every((l) => unshippedOf(l) === 0) &&
    lines.some((l) => l.shippedQuantity > 0) &&
    orderMachine.can(updated.status, 'partial_refund_rest');
  await applyOrderEvent(tx, updated, { type: 'partial_refund', refundId: refund.id, rest }, context);
}

/** Refunds left pending longer than `olderThanMs` (the provider unreachable, or not done yet), oldest first. */
export function pendingRefunds(db: Db, olderThanMs: number, now: SQL, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        sql`${refunds.updatedAt} < ${now} - ${`${olderThanMs} milliseconds`}::interval`,
      ),
    )
    .orderBy(asc(refunds.updatedAt))
    .limit(limit);
}

/** A pending refund asked for again goes to the back of the queue: its time is now. */
export async function putOffRefund(db: Db, refundId: string, now: SQL): Promise<void> {
  await db
    .update(refunds)
    .set({ updatedAt: sql`${now}` })
    .where(eq(refunds.id, refundId));
}

/** Said on the refund of a payment that arrived after its order was released. */
export const LATE_PAYMENT_REASON = 'The payment arrived after the order was released';

/**
 * The refund of a payment that arrived after its order was released, claimed once: the key is the
 * payment's, so a redelivered webhook finds the same refund. Undefined when there is nothing to refund.
 */
export async function claimLatePaymentRefund(
  db: Db,
  providerName: PaymentProviderName,
  intent: { id: string; orderId: string | undefined; amountCents: number },
): Promise<RefundRow | undefined> {
  if (!intent.orderId || intent.amountCents <= 0) return undefined;
  const key = `late-payment:${intent.id}`;
  await db
    .insert(refunds)
    .values({
      orderId: intent.orderId,
      key,
      amountCents: intent.amountCents,
      otherCents: intent.amountCents,
      lines: [],
      reason: LATE_PAYMENT_REASON,
      paymentIntentId: intent.id,
      provider: providerName,
    })
    .onConflictDoNothing();
  const [refund] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, intent.orderId), eq(refunds.key, key)));
  return refund;
}

/** The order as every screen shows it, read after a change committed. */
export async function orderNow(db: Db, orderId: string): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new OrderNotFound();
  return toOneOrder(db, row);
}

/** Ends a dry run: it carries the answer out while everything written is rolled back. */
class DryRunEnded<T> extends Error {
  constructor(readonly value: T) {
    super('dry run ended');
  }
}

/**
 * Runs `work` in a transaction that is always rolled back. A quote is then worked out by the very
 * code that would make the change (its checks, its rounding, under the order's lock) and writes
 * nothing, so what a dialog shows before the refund is what the refund gives back.
 */
export async function dryRun<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new DryRunEnded(await work(tx));
    });
  } catch (error) {
    if (error instanceof DryRunEnded) return error.value as T;
    throw error;
  }
  throw new Error('a dry run ended without its answer');
}

/** A refund's sums, as a quote shows them. */
export const quoteOf = (refund: RefundRow): RefundQuote => ({
  amountCents: refund.amountCents,
  goodsCents: refund.goodsCents,
  coreCents: refund.coreCents,
  taxCents: refund.taxCents,
  shippingCents: refund.shippingCents,
  otherCents: refund.otherCents,
  lines: refund.lines,
});

/**
 * POST /manage/:id/refunds/quote: what a refund of these lines, shipping and amount would give
 * back (with each part's tax), or why it would be refused; nothing is written.
 */
export async function quoteRefund(
  db: Db,
  orderId: string,
  input: RefundQuoteInput,
  providerName: PaymentProviderName,
): Promise<RefundQuote> {
  if (!isUuid(orderId)) throw new OrderNotFound();
  return dryRun(db, async (tx) =>
    quoteOf(
      await claimInLock(
        tx,
        await lockOrder(tx, orderId),
        { ...input, restock: false, reason: 'Quote' },
        `quote:${randomUUID()}`,
        null,
        providerName,
      ),
    ),
  );
}
