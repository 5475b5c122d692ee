import { type SQL, sql } from 'drizzle-orm';
import type { BookGrouping, OrdersBehindFigure } from '../../../contract/books';
import { isUuid } from '../../../contract/ids';
import {
  accountPayments,
  orderBalancePayments,
  orderLines,
  orders,
  paymentIntents,
  refunds,
  returns,
} from '../../kernel/db';

/**
 * The pieces every figure of the books is built from, written once (docs/books.md): which rows
 * count, and the date each belongs to. The summary, the tax report, the files and the tests all
 * read these, so they cannot disagree on a definition.
 */

/** A period of whole UTC days, `to` included. */
export function periodBounds(q: { from: string; to: string }) {
  return {
    start: `${q.from}T00:00:00Z`,
    // The day after `to`, so `to` is whole.
    end: new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString(),
  };
}

export type Period = ReturnType<typeof periodBounds>;

export const within = (column: SQL, p: Period) =>
  sql`${column} >= ${p.start}::timestamptz and ${column} < ${p.end}::timestamptz`;

/** The first day (UTC) of the day, week (from Monday) or month a moment falls in, as YYYY-MM-DD. */
export function bucketOf(column: SQL, group: BookGrouping): SQL {
  // The grouping is one of three words the contract checked; it is written into the statement as such.
  const unit = sql.raw(`'${group}'`);
  return sql`to_char(date_trunc(${unit}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
}

/**
 * A sale is dated by its order's payment (`orders.paid_at`): the money arrived then, so sales and
 * payments fall in the same period and reconcile. Orders never paid are not sales; an order paid
 * and cancelled later stays a sale, and its refund is a refund of the day it succeeded.
 */
export const saleDate = sql`o.paid_at`;

/**
 * A refund is dated by the moment the card provider confirmed it: a succeeded refund's row is
 * last changed by that confirmation (`refunds.updated_at`). Pending and failed refunds gave
 * nothing back and count nowhere.
 */
export const refundDate = sql`r.updated_at`;

/**
 * A payment that is not its order's own (the order was released, or already paid with another)
 * is dated when it succeeded (`payment_intents.updated_at`); the order's own payment by the order's.
 */
export const latePaymentDate = sql`i.updated_at`;

/** The goods' core charges of an order: kept per line, charged on their own line of the receipt. */
export const orderCores = sql`(select coalesce(sum(l.core_charge_cents * l.quantity), 0)
  from ${orderLines} l where l.order_id = o.id)`;

/** The cost at sale of an order's units, and how many of them had no cost known. */
export const orderCost = sql`(select coalesce(sum(l.cost_cents * l.quantity), 0)
  from ${orderLines} l where l.order_id = o.id)`;
export const orderUnitsWithoutCost = sql`(select coalesce(sum(l.quantity), 0)
  from ${orderLines} l where l.order_id = o.id and l.cost_cents is null)`;

/**
 * The cost at sale of the units a refund gave back (`r`'s lines), and how many had no cost: each
 * refund line names its product, and an order has one line per product.
 */
export const refundCost = sql`(select coalesce(sum(l.cost_cents * (x->>'quantity')::int), 0)
  from jsonb_array_elements(r.lines) x join ${orderLines} l on l.order_id = r.order_id and l.product_id = (x->>'productId')::uuid)`;
export const refundUnitsWithoutCost = sql`(select coalesce(sum((x->>'quantity')::int), 0)
  from jsonb_array_elements(r.lines) x join ${orderLines} l on l.order_id = r.order_id and l.product_id = (x->>'productId')::uuid
  where l.cost_cents is null)`;

/** The country and the state or region an order went to, as its address was when ordered. */
export const jurisdiction = {
  country: sql`coalesce(o.shipping_address->>'country', '')`,
  region: sql`upper(btrim(coalesce(o.shipping_address->>'region', '')))`,
};

/**
 * The balance payments an order took for parts added after it was paid (decision 104): the
 * order's own payments beside its first, counted with its sale.
 */
export const balancePaid = sql`(select coalesce(sum(b.amount_cents), 0) from ${orderBalancePayments} b
  where b.order_id = o.id)`;
const isBalancePayment = (intentId: SQL) =>
  sql`exists (select 1 from ${orderBalancePayments} b where b.payment_intent_id = ${intentId})`;

/** What a refund was: a late or second payment given back, a core return, a return, or a plain refund. */
export const refundKind = sql`case
  when r.payment_intent_id is distinct from o.transaction_id and not ${isBalancePayment(sql`r.payment_intent_id`)} then 'late-payment'
  when rt.kind = 'core' then 'core'
  when r.return_id is not null then 'return'
  else 'refund' end`;

/** The refunds that count in a period: succeeded, with their order and, for a return's, the return. */
export const succeededRefunds = (p: Period) => sql`${refunds} r
  join ${orders} o on o.id = r.order_id
  left join ${returns} rt on rt.id = r.return_id
  where r.status = 'succeeded' and ${within(refundDate, p)}`;

/** The orders whose payment is in the period, each with its own payment's row. */
export const paidOrders = (p: Period) => sql`${orders} o
  left join ${paymentIntents} i on i.id = o.transaction_id and i.status = 'succeeded'
  where o.paid_at is not null and ${within(saleDate, p)}`;

/** Payments that succeeded in the period but are not their order's own (its first, or a balance it took). */
export const latePayments = (p: Period) => sql`${paymentIntents} i
  join ${orders} o on o.id = i.order_id
  where i.status = 'succeeded' and i.id is distinct from o.transaction_id
    and not ${isBalancePayment(sql`i.id`)} and ${within(latePaymentDate, p)}`;

/** A payment from a trade account against its invoices (decision 102) is dated the day it was received. */
export const accountPaymentDate = sql`(ap.received_on::timestamp at time zone 'UTC')`;

/** Payments from trade accounts received in the period. */
export const accountPaymentsIn = (p: Period) => sql`${accountPayments} ap
  where ${within(accountPaymentDate, p)}`;

/** A sum of bigint cents arrives as numeric text, read without rounding. */
export const n = (v: unknown): number => Number(v ?? 0);

/**
 * The orders behind a figure, as a condition on `orders` (the order desk's list): each filter
 * reads the same definition as the figure it opens, so the orders listed are those summed.
 */
export function ordersBehind(filter: OrdersBehindFigure): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.paidFrom || filter.paidTo) {
    const p = periodBounds({ from: filter.paidFrom ?? '2000-01-01', to: filter.paidTo ?? '2999-12-31' });
    conditions.push(sql`o.paid_at is not null and ${within(saleDate, p)}`);
  }
  if (filter.refundedFrom || filter.refundedTo) {
    const p = periodBounds({
      from: filter.refundedFrom ?? '2000-01-01',
      to: filter.refundedTo ?? '2999-12-31',
    });
    // The refunds fragment names its own `o`: the refund is matched to the listed order by its id.
    conditions.push(sql`exists (select 1 from ${succeededRefunds(p)} and r.order_id = ${orders.id})`);
  }
  if (filter.country !== undefined) conditions.push(sql`${jurisdiction.country} = ${filter.country}`);
  if (filter.region !== undefined)
    conditions.push(sql`${jurisdiction.region} = upper(btrim(${filter.region}))`);
  if (filter.productId !== undefined)
    conditions.push(
      isUuid(filter.productId)
        ? sql`exists (select 1 from ${orderLines} l where l.order_id = o.id and l.product_id = ${filter.productId}::uuid)`
        : sql`false`,
    );
  if (conditions.length === 0) return undefined;
  return sql`exists (select 1 from ${orders} o where o.id = ${orders.id} and ${sql.join(conditions, sql` and `)})`;
}
