import { sql } from 'drizzle-orm';
import { tooManyReservedUnitsMessage, tooManyUnpaidOrdersMessage } from '../../../contract/orders';
import type { Tx } from '../../kernel/db';
import { orderLines, orders, preparedStatement, products, tableRow } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { SessionUser } from '../../kernel/identity';
import type { Outbox } from '../../kernel/outbox';
import type { OrderLimits } from '../../kernel/settings';
import { type GuestBuyer, isGuest } from './guest-buyer';
import { eventSteps, eventValues, type OrderLineRow, type OrderRow } from './order-state';

/**
 * A new order's own rows (the placing itself is flows/place-order.ts): the customer's caps on
 * unpaid orders, the hold, and the order, its lines, first history row and outbox message written
 * as one statement.
 */

/** How long this buyer's unpaid order holds its stock. */
export const holdOf = (me: SessionUser | GuestBuyer, limits: OrderLimits) =>
  isGuest(me) ? Math.min(limits.guestHoldMs, limits.holdMs) : limits.holdMs;

/**
 * When the order's mail goes: the waiting-for-payment mail is delivered after a short delay, and
 * only if the order is still unpaid then (edge/mail/subscribers/order-subscriber.ts), so a buyer who
 * pays at once gets the receipt alone. Never later than halfway through the hold, so an order
 * left unpaid always hears of it before its stock is released.
 */
export const waitingMailDelay = (holdMs: number, limits: OrderLimits) =>
  Math.max(0, Math.min(limits.waitingMailMs, Math.floor(holdMs / 2)));

/**
 * Nobody empties the shelves without paying: one customer's open unpaid orders, and the units they
 * hold, are capped. A per-customer transaction lock makes two orders sent at once count each other.
 */
export async function checkUnpaidCaps(tx: Tx, userId: string, quantity: number, limits: OrderLimits) {
  await lockCustomersOrders(tx, { key: `unpaid:${userId}` });
  const [held] = await unpaidHeld(tx, { userId });
  const n = Number(held?.n ?? 0);
  const units = Number(held?.units ?? 0);
  if (n >= limits.maxUnpaidOrders)
    throw new AppError('CONFLICT', tooManyUnpaidOrdersMessage(limits.maxUnpaidOrders));
  if (units + quantity > limits.maxReservedUnits)
    throw new AppError('CONFLICT', tooManyReservedUnitsMessage(limits.maxReservedUnits, units));
}

const lockCustomersOrders = preparedStatement<{ key: string }>(
  'lock customer orders',
  () => sql`select pg_advisory_xact_lock(hashtextextended(${sql.placeholder('key')}, 0))`,
);
// Read after the lock, in a statement of its own: it must see what the order before it committed.
const unpaidHeld = preparedStatement<{ userId: string }, { n: number; units: number }>(
  'unpaid orders held',
  () => sql`
    select count(*)::int as n, coalesce(sum(quantity), 0)::int as units
    from ${orders} where user_id = ${sql.placeholder('userId')} and status = 'unpaid'`,
);

/** The columns a new order is written with; the others take their defaults (its number among them). */
const NEW_ORDER_COLUMNS = [
  'id',
  'userId',
  'quantity',
  'subtotalCents',
  'discountId',
  'discountCode',
  'discountLabel',
  'discountCents',
  'shippingDiscountCents',
  'shippingCents',
  'taxCents',
  'totalCents',
  'shippingMethod',
  'shippingLabel',
  'shippingTaxCents',
  'taxRateBasisPoints',
  'taxExemptCertificate',
  'shippingAddress',
  'lineCount',
  'checkoutKey',
  'userName',
  'userEmail',
  'phone',
  'status',
  'createdAt',
  'expiresAt',
  'guestClient',
] as const satisfies (keyof typeof orders.$inferInsert)[];
export type NewOrderRow = {
  [K in (typeof NEW_ORDER_COLUMNS)[number]]-?: Exclude<(typeof orders.$inferInsert)[K], undefined>;
};
/** The lines as columns: one array per field, a line per index (the statement is the same for any number of lines). */
interface NewLines {
  lineNos: number[];
  lineProductIds: string[];
  lineNames: string[];
  linePrices: number[];
  lineQuantities: number[];
  lineDiscounts: number[];
  lineCores: number[];
}

/**
 * A new order, its lines, its first history row and its outbox message, as one statement. The
 * lines reference the order written in the same statement: the reference is checked at its end.
 */
const placedRow = tableRow(orders);
const insertOrderRows = preparedStatement<
  NewOrderRow & NewLines & ReturnType<typeof eventValues>,
  { row: OrderRow; lineCosts: Record<string, number | string | null> }
>(
  'place order',
  (db) => {
    const p = (name: keyof NewLines | 'id') => sql.placeholder(name);
    const insert = db
      .insert(orders)
      .values(
        Object.fromEntries(NEW_ORDER_COLUMNS.map((c) => [c, sql.placeholder(c)])) as unknown as NewOrderRow,
      )
      .returning();
    return sql`with placed as (${insert.getSQL()}),
      lines as (
        insert into ${orderLines} (order_id, line_no, product_id, product_name, unit_price_cents, quantity, discount_cents, core_charge_cents, cost_cents)
        select ${p('id')}::uuid, line.*, (select t.cost_cents from ${products} t where t.id = line.product_id)
        from unnest(${p('lineNos')}::int[], ${p('lineProductIds')}::uuid[],
          ${p('lineNames')}::text[], ${p('linePrices')}::bigint[], ${p('lineQuantities')}::int[],
          ${p('lineDiscounts')}::bigint[], ${p('lineCores')}::bigint[])
          as line(line_no, product_id, product_name, unit_price_cents, quantity, discount_cents, core_charge_cents)
        returning line_no, cost_cents
      ), ${eventSteps()}
      select placed.*, (select coalesce(json_object_agg(line_no, cost_cents), '{}') from lines) as line_costs
      from placed`;
  },
  (raw) => ({
    row: placedRow(raw),
    lineCosts: (typeof raw.line_costs === 'string' ? JSON.parse(raw.line_costs) : raw.line_costs) as Record<
      string,
      number | string | null
    >,
  }),
);

/**
 * Writes a new order, its lines, its `place` event and its outbox message in the caller's
 * transaction. Each line takes its product's cost as it is now, copied by the same statement
 * (docs/books.md: the cost at sale); `lines` get the cost written.
 */
export async function writeNewOrder(
  tx: Tx,
  values: NewOrderRow,
  lines: OrderLineRow[],
  event: { outbox: Outbox; actorUserId: string | null; mailDelayMs: number },
): Promise<OrderRow> {
  const [placed] = await insertOrderRows(tx, {
    ...values,
    lineNos: lines.map((l) => l.lineNo),
    lineProductIds: lines.map((l) => l.productId),
    lineNames: lines.map((l) => l.productName),
    linePrices: lines.map((l) => l.unitPriceCents),
    lineQuantities: lines.map((l) => l.quantity),
    lineDiscounts: lines.map((l) => l.discountCents),
    lineCores: lines.map((l) => l.coreChargeCents),
    ...eventValues(
      values,
      'place',
      null,
      { outbox: event.outbox, actor: 'customer', actorUserId: event.actorUserId },
      values.createdAt,
      { 'order-mail': event.mailDelayMs },
    ),
  });
  if (!placed) throw new Error('insert returned no row');
  for (const line of lines) {
    const cost = placed.lineCosts[String(line.lineNo)];
    line.costCents = cost === null || cost === undefined ? null : Number(cost);
  }
  return placed.row;
}
