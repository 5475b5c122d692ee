import type { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import { BOOK_FILE_COLUMNS, type BookFile, type BooksQuery } from '../../../contract/books';
import { centsToDecimal } from '../../../contract/money';
import { creditNoteNumberText, invoiceNumberText, orderNumber } from '../../../contract/orders';
import type { Db } from '../../kernel/db';
import { orderLines, products, rowsOf } from '../../kernel/db';
import { csvDownload } from '../../kernel/http';
import { lineTaxes } from '../pricing';
import { taxesByJurisdiction } from './books-report';
import {
  jurisdiction,
  latePaymentDate,
  latePayments,
  n,
  orderCores,
  type Period,
  paidOrders,
  periodBounds,
  refundDate,
  refundKind,
  saleDate,
  succeededRefunds,
} from './books-sql';

/**
 * The accountant's files (docs/books.md): each streamed a page at a time (keyset on its date and
 * id), never held whole in memory, with the same rows and dates as the finance page, so their
 * sums are the page's figures. Money is written as plain decimals ("55.99").
 */

const PAGE = 500;
const money = (c: unknown) => centsToDecimal(n(c));
const at = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
type Row = Record<string, string>;

/** Pages of `query(after)`, each ordered by its `at` and `id`, until one comes back empty. */
async function* pages(
  db: Db,
  query: (after: SQL) => SQL,
  dateColumn: SQL,
  idColumn: SQL,
): AsyncGenerator<Row[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL = after
      ? sql`and (${dateColumn}, ${idColumn}::text) > (${after.at}::timestamptz, ${after.id})`
      : sql``;
    const page = rowsOf<Row>(await db.execute(query(keyset)));
    if (page.length === 0) return;
    yield page;
    const last = page[page.length - 1] as Row;
    after = { at: String(last.at), id: String(last.id) };
  }
}

/** One row per order paid in the period: every component, and goods - discount + shipping + tax + cores = total. */
async function* orderRows(db: Db, p: Period): AsyncGenerator<Row> {
  for await (const page of pages(
    db,
    (keyset) => sql`
      select o.id, ${at(saleDate)} as at, o.number, o.invoice_number, o.status, o.user_email,
        ${jurisdiction.country} as country, ${jurisdiction.region} as region,
        o.subtotal_cents - ${orderCores} as goods, ${orderCores} as cores, o.discount_cents, o.shipping_cents,
        o.tax_cents, o.total_cents, o.store_credit_cents, o.refunded_cents, o.transaction_id, i.provider
      from ${paidOrders(p)} ${keyset}
      order by ${saleDate}, o.id::text limit ${PAGE}`,
    saleDate,
    sql`o.id`,
  ))
    for (const r of page)
      yield {
        order_number: orderNumber(n(r.number)),
        invoice_number: r.invoice_number === null ? '' : invoiceNumberText(n(r.invoice_number)),
        paid_at: String(r.at),
        status: String(r.status),
        customer_email: String(r.user_email),
        country: String(r.country),
        region: String(r.region),
        goods: money(r.goods),
        discount: money(r.discount_cents),
        shipping: money(r.shipping_cents),
        tax: money(r.tax_cents),
        cores: money(r.cores),
        total: money(r.total_cents),
        store_credit: money(r.store_credit_cents),
        refunded: money(r.refunded_cents),
        net: money(n(r.total_cents) - n(r.refunded_cents)),
        payment_id: r.transaction_id ?? '',
        provider: r.provider ?? (n(r.store_credit_cents) > 0 ? 'store_credit' : ''),
      };
}

interface LineJson {
  lineNo: number;
  productId: string;
  name: string;
  sku: string | null;
  partNumber: string | null;
  quantity: number;
  unitPrice: number;
  discount: number;
  core: number;
  refunded: number;
  cost: number | null;
}

/** The lines of the orders paid in the period, each with its share of the discount and of the tax. */
async function* lineRows(db: Db, p: Period): AsyncGenerator<Row> {
  for await (const page of pages(
    db,
    (keyset) => sql`
      select o.id, ${at(saleDate)} as at, o.number, o.tax_cents - o.shipping_tax_cents as goods_tax,
        (select json_agg(json_build_object('lineNo', l.line_no, 'productId', l.product_id, 'name', l.product_name,
            'sku', t.sku, 'partNumber', t.part_number, 'quantity', l.quantity, 'unitPrice', l.unit_price_cents,
            'discount', l.discount_cents, 'core', l.core_charge_cents, 'refunded', l.refunded_quantity,
            'cost', l.cost_cents)
            order by l.line_no)
          from ${orderLines} l left join ${products} t on t.id = l.product_id where l.order_id = o.id) as lines
      from ${paidOrders(p)} ${keyset}
      order by ${saleDate}, o.id::text limit ${PAGE}`,
    saleDate,
    sql`o.id`,
  ))
    for (const order of page) {
      const lines = (typeof order.lines === 'string' ? JSON.parse(order.lines) : order.lines) as LineJson[];
      const goods = lines.map((l) => n(l.unitPrice) * n(l.quantity));
      const cores = lines.map((l) => n(l.core) * n(l.quantity));
      // The goods' tax shared as the order's page shares it: over what each line sold for, then its core charges.
      const taxes = lineTaxes(n(order.goods_tax), [
        ...lines.map((l, i) => (goods[i] ?? 0) - n(l.discount)),
        ...cores,
      ]);
      for (const [i, l] of lines.entries()) {
        const tax = (taxes[i] ?? 0) + (taxes[lines.length + i] ?? 0);
        yield {
          order_number: orderNumber(n(order.number)),
          paid_at: String(order.at),
          line_no: String(l.lineNo),
          product_id: l.productId,
          sku: l.sku ?? '',
          part_number: l.partNumber ?? '',
          product: l.name,
          quantity: String(l.quantity),
          unit_price: money(l.unitPrice),
          goods: money(goods[i]),
          discount_share: money(l.discount),
          cores: money(cores[i]),
          tax_share: money(tax),
          net: money((goods[i] ?? 0) - n(l.discount) + (cores[i] ?? 0) + tax),
          // A cost not known is left empty, never written as zero.
          unit_cost: l.cost === null ? '' : money(l.cost),
          cost: l.cost === null ? '' : money(n(l.cost) * n(l.quantity)),
          margin: l.cost === null ? '' : money((goods[i] ?? 0) - n(l.discount) - n(l.cost) * n(l.quantity)),
          refunded_quantity: String(l.refunded),
        };
      }
    }
}

/** Every refund that succeeded in the period, with its parts: goods + cores + tax + shipping + other = amount. */
async function* refundRows(db: Db, p: Period): AsyncGenerator<Row> {
  for await (const page of pages(
    db,
    (keyset) => sql`
      select r.id, r.credit_note_number, ${at(refundDate)} as at, o.number, ${jurisdiction.country} as country,
        ${jurisdiction.region} as region, ${refundKind} as kind, r.reason, r.goods_cents, r.core_cents,
        r.tax_cents, r.shipping_cents, r.other_cents, r.amount_cents, r.store_credit_cents, r.payment_intent_id,
        r.provider, r.provider_refund_id
      from ${succeededRefunds(p)} ${keyset}
      order by ${refundDate}, r.id::text limit ${PAGE}`,
    refundDate,
    sql`r.id`,
  ))
    for (const r of page)
      yield {
        refund_id: String(r.id),
        credit_note_number:
          r.credit_note_number === null ? '' : creditNoteNumberText(n(r.credit_note_number)),
        refunded_at: String(r.at),
        order_number: orderNumber(n(r.number)),
        country: String(r.country),
        region: String(r.region),
        kind: String(r.kind),
        reason: String(r.reason),
        goods: money(r.goods_cents),
        cores: money(r.core_cents),
        tax: money(r.tax_cents),
        shipping: money(r.shipping_cents),
        other: money(r.other_cents),
        amount: money(r.amount_cents),
        store_credit: money(r.store_credit_cents),
        payment_id: String(r.payment_intent_id),
        provider: String(r.provider),
        provider_refund_id: r.provider_refund_id ?? '',
      };
}

/** Every payment of the period: the orders' own at their payment, late or second ones when they arrived. */
async function* paymentRows(db: Db, p: Period): AsyncGenerator<Row> {
  const received = sql`(
    select i.id, o.paid_at as received_at, o.number, 'order' as kind, i.provider, i.amount_cents,
      i.card_brand, i.card_last4
    from ${paidOrders(p)} and i.id is not null
    union all
    select i.id, ${latePaymentDate}, o.number, 'late', i.provider, i.amount_cents, i.card_brand, i.card_last4
    from ${latePayments(p)}) x`;
  for await (const page of pages(
    db,
    (keyset) => sql`
      select x.id, ${at(sql`x.received_at`)} as at, x.number, x.kind, x.provider, x.amount_cents,
        x.card_brand, x.card_last4
      from ${received} where true ${keyset}
      order by x.received_at, x.id limit ${PAGE}`,
    sql`x.received_at`,
    sql`x.id`,
  ))
    for (const r of page)
      yield {
        payment_id: String(r.id),
        received_at: String(r.at),
        order_number: orderNumber(n(r.number)),
        kind: String(r.kind),
        provider: String(r.provider),
        amount: money(r.amount_cents),
        card_brand: r.card_brand ?? '',
        card_last4: r.card_last4 ?? '',
      };
}

/** The tax report as a file: one row per country and state or region. */
async function* taxRows(db: Db, p: Period): AsyncGenerator<Row> {
  for (const t of await taxesByJurisdiction(db, p))
    yield {
      country: t.country,
      region: t.region,
      sales: money(t.salesCents),
      sales_refunded: money(t.salesRefundedCents),
      exempt_sales: money(t.exemptSalesCents),
      tax_charged: money(t.taxChargedCents),
      tax_refunded: money(t.taxRefundedCents),
      tax_net: money(t.taxNetCents),
    };
}

const ROWS: Record<BookFile, (db: Db, p: Period) => AsyncGenerator<Row>> = {
  orders: orderRows,
  lines: lineRows,
  refunds: refundRows,
  taxes: taxRows,
  payments: paymentRows,
};

/** GET /manage/books/:file.csv: the file, streamed. */
export function bookFile(db: Db, file: BookFile, q: Pick<BooksQuery, 'from' | 'to'>): Readable {
  return csvDownload(ROWS[file](db, periodBounds(q)), BOOK_FILE_COLUMNS[file]);
}
