import { sql } from 'drizzle-orm';
import {
  type BookFigures,
  type BooksQuery,
  type BooksReport,
  type GroupSales,
  type ProductSales,
  type ProviderPayments,
  type RefundKind,
  type RefundReason,
  refundKindWords,
  type TaxJurisdiction,
} from '../../../contract/books';
import { cents, sum } from '../../../contract/money';
import type { Db } from '../../kernel/db';
import { categories, orderLines, products, rowsOf } from '../../kernel/db';
import {
  accountPaymentDate,
  accountPaymentsIn,
  balancePaid,
  bucketOf,
  jurisdiction,
  latePaymentDate,
  latePayments,
  n,
  orderCores,
  orderCost,
  orderUnitsWithoutCost,
  type Period,
  paidOrders,
  periodBounds,
  refundCost,
  refundDate,
  refundKind,
  refundUnitsWithoutCost,
  saleDate,
  succeededRefunds,
} from './books-sql';

/** The figures of a period before they are added up: what sales, refunds and late payments gave. */
interface Parts {
  ordersPaid: number;
  grossSalesCents: number;
  discountsCents: number;
  shippingChargedCents: number;
  taxChargedCents: number;
  coresChargedCents: number;
  orderPaymentsCents: number;
  returnsCents: number;
  shippingRefundedCents: number;
  taxRefundedCents: number;
  coresRefundedCents: number;
  restockingFeesCents: number;
  otherRefundsCents: number;
  latePaymentsRefundedCents: number;
  storeCreditUsedCents: number;
  storeCreditIssuedCents: number;
  onAccountChargedCents: number;
  onAccountCreditedCents: number;
  accountPaymentsCents: number;
  balanceDueCents: number;
  balanceTakenOffCents: number;
  refundsCount: number;
  refundsCents: number;
  latePaymentsCents: number;
  costSoldCents: number;
  costRefundedCents: number;
  unitsWithoutCost: number;
}

const NO_PARTS: Parts = {
  ordersPaid: 0,
  grossSalesCents: 0,
  discountsCents: 0,
  shippingChargedCents: 0,
  taxChargedCents: 0,
  coresChargedCents: 0,
  orderPaymentsCents: 0,
  returnsCents: 0,
  shippingRefundedCents: 0,
  taxRefundedCents: 0,
  coresRefundedCents: 0,
  restockingFeesCents: 0,
  otherRefundsCents: 0,
  latePaymentsRefundedCents: 0,
  storeCreditUsedCents: 0,
  storeCreditIssuedCents: 0,
  onAccountChargedCents: 0,
  onAccountCreditedCents: 0,
  accountPaymentsCents: 0,
  balanceDueCents: 0,
  balanceTakenOffCents: 0,
  refundsCount: 0,
  refundsCents: 0,
  latePaymentsCents: 0,
  costSoldCents: 0,
  costRefundedCents: 0,
  unitsWithoutCost: 0,
};

/**
 * The figures from their parts, by the definitions of docs/books.md. Total sales is built from
 * its components; payments and refunds are the providers' own rows, so `netCollected` (money in,
 * less money back to cards) less payments on account, plus store credit used less store credit
 * issued, plus invoices charged less invoices credited, equals `totalSales + latePayments -
 * latePaymentsRefunded` only if the books reconcile (the tests say so).
 */
export function figuresOf(p: Parts): BookFigures {
  const netSalesCents = cents(p.grossSalesCents - p.discountsCents - p.returnsCents);
  const totalSalesCents = sum([
    netSalesCents,
    p.shippingChargedCents,
    -p.shippingRefundedCents,
    p.taxChargedCents,
    -p.taxRefundedCents,
    p.coresChargedCents,
    -p.coresRefundedCents,
    p.restockingFeesCents,
    -p.otherRefundsCents,
  ]);
  const paymentsCents = sum([p.orderPaymentsCents, p.latePaymentsCents]);
  const costOfGoodsCents = cents(p.costSoldCents - p.costRefundedCents);
  return {
    ordersPaid: p.ordersPaid,
    grossSalesCents: p.grossSalesCents,
    discountsCents: p.discountsCents,
    returnsCents: p.returnsCents,
    netSalesCents,
    shippingChargedCents: p.shippingChargedCents,
    shippingRefundedCents: p.shippingRefundedCents,
    taxChargedCents: p.taxChargedCents,
    taxRefundedCents: p.taxRefundedCents,
    coresChargedCents: p.coresChargedCents,
    coresRefundedCents: p.coresRefundedCents,
    restockingFeesCents: p.restockingFeesCents,
    otherRefundsCents: p.otherRefundsCents,
    totalSalesCents,
    latePaymentsCents: p.latePaymentsCents,
    latePaymentsRefundedCents: p.latePaymentsRefundedCents,
    paymentsCents,
    refundsCount: p.refundsCount,
    refundsCents: p.refundsCents,
    storeCreditUsedCents: p.storeCreditUsedCents,
    storeCreditIssuedCents: p.storeCreditIssuedCents,
    onAccountChargedCents: p.onAccountChargedCents,
    onAccountCreditedCents: p.onAccountCreditedCents,
    accountPaymentsCents: p.accountPaymentsCents,
    balanceDueCents: p.balanceDueCents,
    balanceTakenOffCents: p.balanceTakenOffCents,
    netCollectedCents: cents(
      paymentsCents +
        p.accountPaymentsCents -
        (p.refundsCents - p.storeCreditIssuedCents - p.onAccountCreditedCents - p.balanceTakenOffCents),
    ),
    costOfGoodsCents,
    marginCents: cents(netSalesCents - costOfGoodsCents),
    unitsWithoutCost: p.unitsWithoutCost,
  };
}

const add = (a: Parts, b: Partial<Parts>): Parts =>
  Object.fromEntries(
    Object.entries(a).map(([k, v]) => [k, v + (b[k as keyof Parts] ?? 0)]),
  ) as unknown as Parts;

/** The parts of a period, by bucket (the day, week or month each figure's date falls in). */
async function partsByBucket(db: Db, p: Period, group: BooksQuery['group']): Promise<Map<string, Parts>> {
  const sales = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select ${bucketOf(saleDate, group)} as bucket, count(*)::text as orders,
        sum(o.subtotal_cents - ${orderCores})::text as gross, sum(o.discount_cents)::text as discounts,
        sum(o.shipping_cents)::text as shipping, sum(o.tax_cents)::text as tax,
        sum(${orderCores})::text as cores, sum(${orderCost})::text as cost,
        sum(${orderUnitsWithoutCost})::text as no_cost,
        coalesce(sum(i.amount_cents), 0)::text as paid, sum(${balancePaid})::text as balance_paid,
        sum(o.store_credit_cents)::text as credit, sum(o.on_account_cents)::text as on_account,
        sum(o.balance_due_cents)::text as balance_due
      from ${paidOrders(p)} group by 1`),
  );
  const given = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select bucket, count(*)::text as n, sum(amount_cents)::text as amount,
        sum(goods_cents)::text as goods, sum(core_cents)::text as cores, sum(tax_cents)::text as tax,
        sum(shipping_cents)::text as shipping,
        sum(case when kind <> 'late-payment' and other_cents > 0 then other_cents else 0 end)::text as other,
        sum(case when other_cents < 0 then -other_cents else 0 end)::text as fees,
        sum(case when kind = 'late-payment' then other_cents else 0 end)::text as late,
        sum(cost)::text as cost, sum(no_cost)::text as no_cost, sum(store_credit_cents)::text as credit,
        sum(on_account_cents)::text as on_account, sum(balance_cents)::text as balance
      from (select ${bucketOf(refundDate, group)} as bucket, ${refundKind} as kind, ${refundCost} as cost,
              ${refundUnitsWithoutCost} as no_cost, r.*
            from ${succeededRefunds(p)}) x
      group by 1`),
  );
  const late = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select ${bucketOf(latePaymentDate, group)} as bucket, sum(i.amount_cents)::text as amount
      from ${latePayments(p)} group by 1`),
  );
  const fromAccounts = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select ${bucketOf(accountPaymentDate, group)} as bucket, sum(ap.amount_cents)::text as amount
      from ${accountPaymentsIn(p)} group by 1`),
  );
  const buckets = new Map<string, Parts>();
  const put = (bucket: string, parts: Partial<Parts>) =>
    buckets.set(bucket, add(buckets.get(bucket) ?? NO_PARTS, parts));
  for (const s of sales)
    put(s.bucket as string, {
      ordersPaid: n(s.orders),
      grossSalesCents: n(s.gross),
      discountsCents: n(s.discounts),
      shippingChargedCents: n(s.shipping),
      taxChargedCents: n(s.tax),
      coresChargedCents: n(s.cores),
      orderPaymentsCents: n(s.paid) + n(s.balance_paid),
      storeCreditUsedCents: n(s.credit),
      onAccountChargedCents: n(s.on_account),
      balanceDueCents: n(s.balance_due),
      costSoldCents: n(s.cost),
      unitsWithoutCost: n(s.no_cost),
    });
  for (const r of given)
    put(r.bucket as string, {
      refundsCount: n(r.n),
      refundsCents: n(r.amount),
      returnsCents: n(r.goods),
      coresRefundedCents: n(r.cores),
      taxRefundedCents: n(r.tax),
      shippingRefundedCents: n(r.shipping),
      otherRefundsCents: n(r.other),
      restockingFeesCents: n(r.fees),
      latePaymentsRefundedCents: n(r.late),
      costRefundedCents: n(r.cost),
      unitsWithoutCost: n(r.no_cost),
      storeCreditIssuedCents: n(r.credit),
      onAccountCreditedCents: n(r.on_account),
      balanceTakenOffCents: n(r.balance),
    });
  for (const l of late) put(l.bucket as string, { latePaymentsCents: n(l.amount) });
  for (const a of fromAccounts) put(a.bucket as string, { accountPaymentsCents: n(a.amount) });
  return buckets;
}

/** Taxes by country and state or region: charged on the orders paid, refunded by the refunds of the period. */
export async function taxesByJurisdiction(db: Db, p: Period): Promise<TaxJurisdiction[]> {
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select country, region, sum(sales)::text as sales, sum(sales_refunded)::text as sales_refunded,
        sum(exempt)::text as exempt, sum(tax)::text as tax, sum(tax_refunded)::text as tax_refunded
      from (
        select ${jurisdiction.country} as country, ${jurisdiction.region} as region,
          o.total_cents - o.tax_cents as sales, 0 as sales_refunded,
          case when o.tax_exempt_certificate is not null then o.total_cents - o.tax_cents else 0 end as exempt,
          o.tax_cents as tax, 0 as tax_refunded
        from ${paidOrders(p)}
        union all
        select ${jurisdiction.country}, ${jurisdiction.region}, 0,
          r.goods_cents + r.core_cents + r.shipping_cents,
          case when o.tax_exempt_certificate is not null then -(r.goods_cents + r.core_cents + r.shipping_cents) else 0 end,
          0, r.tax_cents
        from ${succeededRefunds(p)}
      ) x group by 1, 2 order by 1, 2`),
  );
  return rows.map((r) => ({
    country: r.country ?? '',
    region: r.region ?? '',
    salesCents: n(r.sales),
    salesRefundedCents: n(r.sales_refunded),
    exemptSalesCents: n(r.exempt),
    taxChargedCents: n(r.tax),
    taxRefundedCents: n(r.tax_refunded),
    taxNetCents: n(r.tax) - n(r.tax_refunded),
  }));
}

/** Goods sold (at payment) and given back (at the refund) per product. */
async function salesByProduct(db: Db, p: Period): Promise<ProductSales[]> {
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`
      with sold as (
        select l.product_id, min(l.product_name) as name, sum(l.quantity) as units,
          sum(l.unit_price_cents * l.quantity) as gross, sum(l.discount_cents) as discounts,
          coalesce(sum(l.cost_cents * l.quantity), 0) as cost
        from ${orderLines} l join (select o.id from ${paidOrders(p)}) o on o.id = l.order_id
        group by l.product_id
      ), given as (
        select (line->>'productId')::uuid as product_id, sum((line->>'quantity')::int) as units,
          sum((line->>'amountCents')::bigint) as goods,
          coalesce(sum(l.cost_cents * (line->>'quantity')::int), 0) as cost
        from (select r.order_id, r.lines from ${succeededRefunds(p)}) r
          cross join jsonb_array_elements(r.lines) as line
          join ${orderLines} l on l.order_id = r.order_id and l.product_id = (line->>'productId')::uuid
        group by 1
      )
      select coalesce(s.product_id, g.product_id) as product_id, coalesce(t.name, s.name) as name, t.sku,
        coalesce(c.name, '') as category, coalesce(t.brand, '') as brand,
        coalesce(s.units, 0)::text as units, coalesce(s.gross, 0)::text as gross,
        coalesce(s.discounts, 0)::text as discounts, coalesce(g.units, 0)::text as units_refunded,
        coalesce(g.goods, 0)::text as returned, (coalesce(s.cost, 0) - coalesce(g.cost, 0))::text as cost
      from sold s full join given g on g.product_id = s.product_id
      left join ${products} t on t.id = coalesce(s.product_id, g.product_id)
      left join ${categories} c on c.slug = t.category_slug
      order by coalesce(s.gross, 0) desc, 2`),
  );
  return rows.map((r) => ({
    productId: r.product_id as string,
    name: r.name ?? '',
    sku: r.sku ?? null,
    category: r.category ?? '',
    brand: r.brand ?? '',
    unitsSold: n(r.units),
    grossSalesCents: n(r.gross),
    discountsCents: n(r.discounts),
    unitsRefunded: n(r.units_refunded),
    returnsCents: n(r.returned),
    netSalesCents: n(r.gross) - n(r.discounts) - n(r.returned),
    costOfGoodsCents: n(r.cost),
    marginCents: n(r.gross) - n(r.discounts) - n(r.returned) - n(r.cost),
  }));
}

/** Sales by category or brand: the sums of the products' rows, largest gross sales first. */
export function salesBy(products: ProductSales[], key: 'category' | 'brand'): GroupSales[] {
  const groups = new Map<string, GroupSales>();
  for (const p of products) {
    const name = p[key];
    const g = groups.get(name) ?? {
      name,
      unitsSold: 0,
      grossSalesCents: 0,
      discountsCents: 0,
      returnsCents: 0,
      netSalesCents: 0,
      costOfGoodsCents: 0,
      marginCents: 0,
    };
    groups.set(name, {
      name,
      unitsSold: g.unitsSold + p.unitsSold,
      grossSalesCents: sum([g.grossSalesCents, p.grossSalesCents]),
      discountsCents: sum([g.discountsCents, p.discountsCents]),
      returnsCents: sum([g.returnsCents, p.returnsCents]),
      netSalesCents: sum([g.netSalesCents, p.netSalesCents]),
      costOfGoodsCents: sum([g.costOfGoodsCents, p.costOfGoodsCents]),
      marginCents: sum([g.marginCents, p.marginCents]),
    });
  }
  return [...groups.values()].sort(
    (a, b) => b.grossSalesCents - a.grossSalesCents || a.name.localeCompare(b.name),
  );
}

/** Refunds of the period by what they were, a plain refund by the words the admin gave. */
async function refundsByReason(db: Db, p: Period): Promise<RefundReason[]> {
  const rows = rowsOf<{ kind: RefundKind; reason: string; n: string; amount: string }>(
    await db.execute(sql`
      select kind, reason, count(*)::text as n, sum(amount_cents)::text as amount
      from (select ${refundKind} as kind,
              case when ${refundKind} = 'refund' then r.reason else '' end as reason, r.amount_cents
            from ${succeededRefunds(p)}) x
      group by 1, 2 order by sum(amount_cents) desc, 1, 2`),
  );
  return rows.map((r) => ({
    kind: r.kind,
    reason: r.reason || refundKindWords[r.kind],
    count: n(r.n),
    amountCents: n(r.amount),
  }));
}

/** How store credit is named among the providers. */
const STORE_CREDIT = 'store_credit';

/** Payments received and refunds given back, per card provider, and store credit spent and given. */
async function paymentsByProvider(db: Db, p: Period): Promise<ProviderPayments[]> {
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select provider, sum(payments)::text as payments, sum(paid)::text as paid,
        sum(refunds)::text as refunds, sum(refunded)::text as refunded
      from (
        select coalesce(i.provider, '') as provider, 1 as payments, coalesce(i.amount_cents, 0) as paid,
          0 as refunds, 0 as refunded
        from ${paidOrders(p)} and i.id is not null
        union all
        select i.provider, 1, i.amount_cents, 0, 0 from ${latePayments(p)}
        union all
        select r.provider, 0, 0, 1, r.amount_cents - r.store_credit_cents from ${succeededRefunds(p)}
          and r.amount_cents > r.store_credit_cents
        union all
        -- Store credit is a way of paying of its own (decision 100): spent on orders, given by refunds.
        select ${STORE_CREDIT}, 1, o.store_credit_cents, 0, 0 from ${paidOrders(p)} and o.store_credit_cents > 0
        union all
        select ${STORE_CREDIT}, 0, 0, 1, r.store_credit_cents from ${succeededRefunds(p)} and r.store_credit_cents > 0
      ) x group by 1 order by 1`),
  );
  return rows.map((r) => ({
    provider: r.provider ?? '',
    payments: n(r.payments),
    paymentsCents: n(r.paid),
    refunds: n(r.refunds),
    refundsCents: n(r.refunded),
    netCents: n(r.paid) - n(r.refunded),
  }));
}

/** GET /manage/books: the period's summary, its series, taxes, products, refunds and payments. */
export async function booksReport(db: Db, q: BooksQuery): Promise<BooksReport> {
  const p = periodBounds(q);
  const buckets = await partsByBucket(db, p, q.group);
  const starts = [...buckets.keys()].sort();
  const products = await salesByProduct(db, p);
  const total = starts.reduce((all, start) => add(all, buckets.get(start) ?? NO_PARTS), NO_PARTS);
  return {
    from: q.from,
    to: q.to,
    group: q.group,
    summary: figuresOf(total),
    series: starts.map((start) => ({ start, ...figuresOf(buckets.get(start) ?? NO_PARTS) })),
    taxes: await taxesByJurisdiction(db, p),
    products,
    categories: salesBy(products, 'category'),
    brands: salesBy(products, 'brand'),
    refundReasons: await refundsByReason(db, p),
    providers: await paymentsByProvider(db, p),
  };
}

/**
 * The sales side of a period's books, by the same definitions and the same statements as the
 * finance page (gross sales, discounts, returns, net sales; tax and shipping charged less
 * refunded), for the managers' numbers page. It leaves out what only the owner reads (payments,
 * refunds paid, cores, cost and margin: `books.read`), so a manager's page and the owner's books
 * say the same gross and net without one exposing the other.
 */
export async function salesFigures(db: Db, q: { from: string; to: string }) {
  const buckets = await partsByBucket(db, periodBounds(q), 'month');
  const f = figuresOf([...buckets.values()].reduce((all, parts) => add(all, parts), NO_PARTS));
  return {
    ordersPaid: f.ordersPaid,
    grossSalesCents: f.grossSalesCents,
    discountsCents: f.discountsCents,
    returnsCents: f.returnsCents,
    netSalesCents: f.netSalesCents,
    taxCollectedCents: cents(f.taxChargedCents - f.taxRefundedCents),
    shippingCollectedCents: cents(f.shippingChargedCents - f.shippingRefundedCents),
  };
}
