import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { returnReasons } from '../../../contract/after-sale';
import { centsToDecimal } from '../../../contract/money';
import { orderNumber } from '../../../contract/orders';
import { ORDER_CSV_COLUMNS, type ReportQuery, type SalesReport } from '../../../contract/reports';
import type { Db } from '../../kernel/db';
import { orderLines, orders, returnFitClaims, returns, rowsOf } from '../../kernel/db';
import { csvDownload } from '../../kernel/http';
import { salesFigures } from '../../modules/books';

/**
 * The numbers (docs/decisions/041): read only. Sales figures come from the books (decision 091),
 * units, returns and wrong listings from the orders module's tables.
 */

const bounds = (q: ReportQuery) => ({
  start: `${q.from}T00:00:00Z`,
  // The day after `to`, so `to` is whole.
  end: new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString(),
});

const cents = (v: unknown) => Number(v ?? 0);

export async function salesReport(db: Db, q: ReportQuery): Promise<SalesReport> {
  const { start, end } = bounds(q);
  const inPeriod = (column: unknown) =>
    sql`${column} >= ${start}::timestamptz and ${column} < ${end}::timestamptz`;
  // The sales figures are the books' own (one definition, decision 091), without what only the
  // owner reads.
  const sales = await salesFigures(db, q);
  const units = rowsOf<{ product_id: string; name: string; sold: string; refunded: string }>(
    await db.execute(sql`
      select l.product_id, min(l.product_name) as name, sum(l.quantity)::text as sold, sum(l.refunded_quantity)::text as refunded
      from ${orderLines} l join ${orders} o on o.id = l.order_id
      where o.paid_at is not null and ${inPeriod(sql.raw('o.paid_at'))}
      group by l.product_id order by sum(l.quantity) desc, min(l.product_name)`),
  );
  const reasons = rowsOf<{ reason: string; units: string }>(
    await db.execute(sql`
      select line->>'reason' as reason, sum((line->>'quantity')::int)::text as units
      from ${returns} r, jsonb_array_elements(r.lines) as line
      where ${inPeriod(sql.raw('r.created_at'))} group by 1`),
  );
  // Wrong listings (decision 092): claims whose listing said the part fits the vehicle it did not
  // fit, on returns asked for in the period and not refused (a refused return was not the listing's
  // fault). Units are those of the claim's "does not fit" lines.
  const wrong = rowsOf<{ product_id: string; name: string; returns: string; units: string }>(
    await db.execute(sql`
      select c.product_id::text as product_id,
        min((select ol.product_name from ${orderLines} ol where ol.order_id = r.order_id and ol.product_id = c.product_id limit 1)) as name,
        count(*)::text as returns,
        sum((select coalesce(sum((x->>'quantity')::int), 0) from jsonb_array_elements(r.lines) as x
              where x->>'productId' = c.product_id::text and x->>'reason' = 'does_not_fit'))::text as units
      from ${returnFitClaims} c join ${returns} r on r.id = c.return_id
      where c.listed <> 'no' and r.status <> 'refused' and ${inPeriod(sql.raw('r.created_at'))}
      group by c.product_id order by count(*) desc, 4 desc, 2`),
  );
  return {
    from: q.from,
    to: q.to,
    orders: sales.ordersPaid,
    grossSalesCents: sales.grossSalesCents,
    discountsCents: sales.discountsCents,
    returnsCents: sales.returnsCents,
    netSalesCents: sales.netSalesCents,
    taxCollectedCents: sales.taxCollectedCents,
    shippingCollectedCents: sales.shippingCollectedCents,
    unitsByProduct: units.map((u) => ({
      productId: u.product_id,
      name: u.name,
      unitsSold: cents(u.sold),
      unitsRefunded: cents(u.refunded),
    })),
    returnsByReason: Object.fromEntries(
      returnReasons.map((r) => [r, cents(reasons.find((x) => x.reason === r)?.units)]),
    ) as SalesReport['returnsByReason'],
    wrongListings: wrong.map((w) => ({
      productId: w.product_id,
      name: w.name ?? w.product_id,
      returns: cents(w.returns),
      units: cents(w.units),
    })),
  };
}

/** A cents column as a plain decimal for the CSV ("1234.56": no "$", no separators, a spreadsheet reads it as a number). */
const dollars = (c: unknown) => centsToDecimal(Number(c));
const PAGE = 500;

/** Orders paid in the period with their lines, a page at a time (keyset on paid_at and id). */
async function* orderRows(db: Db, q: ReportQuery): AsyncGenerator<Record<string, string>> {
  const { start, end } = bounds(q);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const page = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select o.id, o.number, o.paid_at, to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
          o.status, o.user_email, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.tax_cents, o.total_cents, o.refunded_cents,
          l.product_id, l.product_name, l.quantity, l.unit_price_cents, l.shipped_quantity, l.refunded_quantity, l.returned_quantity
        from (select * from ${orders} o
              where paid_at is not null and paid_at >= ${start}::timestamptz and paid_at < ${end}::timestamptz
              ${after ? sql`and (paid_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
              order by paid_at, id limit ${PAGE}) o
        join ${orderLines} l on l.order_id = o.id
        order by o.paid_at, o.id, l.line_no`),
    );
    if (page.length === 0) return;
    for (const r of page) {
      yield {
        order_number: orderNumber(Number(r.number)),
        paid_at: String(r.at),
        status: String(r.status),
        customer_email: String(r.user_email),
        product_id: String(r.product_id),
        product: String(r.product_name),
        quantity: String(r.quantity),
        unit_price: dollars(r.unit_price_cents),
        line_total: dollars(Number(r.unit_price_cents) * Number(r.quantity)),
        shipped_quantity: String(r.shipped_quantity),
        refunded_quantity: String(r.refunded_quantity),
        returned_quantity: String(r.returned_quantity),
        order_subtotal: dollars(r.subtotal_cents),
        // subtotal - discount + shipping + tax = total, so the order's columns add up.
        order_discount: dollars(r.discount_cents),
        order_shipping: dollars(r.shipping_cents),
        order_tax: dollars(r.tax_cents),
        order_total: dollars(r.total_cents),
        order_refunded: dollars(r.refunded_cents),
      };
    }
    const last = page[page.length - 1] as Record<string, unknown>;
    after = { at: String(last.at), id: String(last.id) };
  }
}

/** GET /manage/reports/orders.csv: streamed, never held whole in memory; text a spreadsheet would run is quoted. */
export function exportOrders(db: Db, q: ReportQuery): Readable {
  return csvDownload(orderRows(db, q), ORDER_CSV_COLUMNS);
}
