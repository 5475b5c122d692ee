import {
  type BookFigures,
  type BookGrouping,
  type BooksReport,
  bookDefinitions,
  bookFiles,
  bookGroupings,
  type GroupSales,
  type OrdersBehindFigure,
  ordersBehindQuery,
} from '@contract/books';
import { formatCents, sum } from '@contract/money';
import { pages } from '@contract/pages';
import { DataTable } from '@web/components/ui/data-table';
import { FigureDefinitions, FigureTable, figureColumns } from '@web/components/ui/figure-table';
import { QueryState } from '@web/components/ui/query-state';
import { TextField } from '@web/components/ui/text-field';
import { formatNumber } from '@web/lib/format';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type BooksPeriod, periodQuery, useBooks } from '../api/books-calls';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (d: Date) => `${isoDay(d).slice(0, 8)}01`;
const DAY_MS = 86_400_000;

const groupWords: Record<BookGrouping, string> = { day: 'By day', week: 'By week', month: 'By month' };
const fileWords: Record<(typeof bookFiles)[number], string> = {
  orders: 'Orders',
  lines: 'Order lines',
  refunds: 'Refunds',
  taxes: 'Taxes by state',
  payments: 'Payments',
};

/** The last day of the day, week or month that starts on `start`, within the period. */
function bucketEnd(start: string, group: BookGrouping, periodEnd: string): string {
  const t = Date.parse(`${start}T00:00:00Z`);
  let end: string;
  if (group === 'day') end = start;
  else if (group === 'week') end = isoDay(new Date(t + 6 * DAY_MS));
  else {
    const d = new Date(t);
    end = isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
  }
  return end.localeCompare(periodEnd) < 0 ? end : periodEnd;
}

/** A figure that opens the orders behind it in the order desk. */
function Behind({
  filter,
  label,
  children,
}: {
  filter: OrdersBehindFigure;
  label: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={`${pages.manageOrders.path}?${ordersBehindQuery(filter)}`}
      className="link link-hover tabular-nums"
      aria-label={`${label}: open the orders behind it`}
    >
      {children}
    </Link>
  );
}

/**
 * The books (the owner's): a period's sales, refunds, taxes and payments by day, week or month,
 * with taxes by state for filing, sales by product, refunds by reason and payments by provider.
 * Every figure opens the orders behind it; the accountant's files download for the same period.
 * docs/books.md defines each figure and its date; the page's help says the same.
 */
export function FinancePage() {
  const today = new Date();
  const [search, setSearch] = useSearchParams();
  const group = (bookGroupings as readonly string[]).includes(search.get('group') ?? '')
    ? (search.get('group') as BookGrouping)
    : 'month';
  const period: BooksPeriod = {
    from: search.get('from') ?? monthStart(today),
    to: search.get('to') ?? isoDay(today),
    group,
  };
  const [draft, setDraft] = useState(period);
  const books = useBooks(period);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ from: draft.from, to: draft.to, group: draft.group });
  };

  return (
    <div className="max-w-5xl space-y-6">
      <h2 className="text-2xl font-semibold">Finance</h2>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-x-4" aria-label="Period">
        <TextField
          label="From"
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          required
        />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          required
        />
        <div className="fieldset">
          <label htmlFor="books-group" className="fieldset-legend">
            Group
          </label>
          <select
            id="books-group"
            className="select"
            value={draft.group}
            onChange={(e) => setDraft({ ...draft, group: e.target.value as BookGrouping })}
          >
            {bookGroupings.map((g) => (
              <option key={g} value={g}>
                {groupWords[g]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary mb-1">
          Show
        </button>
      </form>
      <nav aria-label="Files for the accountant" className="flex flex-wrap gap-2">
        {bookFiles.map((f) => (
          <a
            key={f}
            className="btn btn-sm"
            href={`/api/manage/books/${f}.csv?${periodQuery(period)}`}
            download
          >
            {fileWords[f]} (CSV)
          </a>
        ))}
      </nav>
      <QueryState
        query={books}
        isEmpty={(d) =>
          d.summary.ordersPaid === 0 && d.summary.refundsCount === 0 && d.summary.paymentsCents === 0
        }
        empty={<p className="text-base-content/70">Nothing was paid or refunded in this period.</p>}
      >
        {(data) => <Books data={data} />}
      </QueryState>
      <FigureDefinitions definitions={bookDefinitions} />
    </div>
  );
}

function Books({ data }: { data: BooksReport }) {
  const paid = { paidFrom: data.from, paidTo: data.to };
  const refunded = { refundedFrom: data.from, refundedTo: data.to };
  const s = data.summary;
  const reasonColumns = figureColumns<BooksReport['refundReasons'][number]>();
  const providerColumns = figureColumns<BooksReport['providers'][number]>();
  const figures: [string, number, OrdersBehindFigure | null][] = [
    ['Gross sales', s.grossSalesCents, paid],
    ['Discounts', -s.discountsCents, paid],
    ['Returns', -s.returnsCents, refunded],
    ['Net sales', s.netSalesCents, null],
    ['Cost of goods', -s.costOfGoodsCents, null],
    ['Margin', s.marginCents, null],
    ['Shipping', s.shippingChargedCents - s.shippingRefundedCents, null],
    ['Taxes', s.taxChargedCents - s.taxRefundedCents, null],
    ['Core charges held', s.coresChargedCents - s.coresRefundedCents, null],
    ['Restocking fees', s.restockingFeesCents, refunded],
    ['Other refunds', -s.otherRefundsCents, refunded],
    ['Total sales', s.totalSalesCents, null],
    ['Late or second payments', s.latePaymentsCents - s.latePaymentsRefundedCents, null],
    ['Payments received', s.paymentsCents, paid],
    ['Refunds paid', -s.refundsCents, refunded],
    ['Store credit issued', s.storeCreditIssuedCents, refunded],
    ['Net collected', s.netCollectedCents, null],
    ['Store credit used', s.storeCreditUsedCents, paid],
    ['Charged on account', s.onAccountChargedCents, paid],
    ['Credited on account', s.onAccountCreditedCents, refunded],
    ['Payments on account', s.accountPaymentsCents, null],
    ['Owed for parts added', s.balanceDueCents, null],
    ['Taken off parts owed', s.balanceTakenOffCents, refunded],
  ];
  return (
    <>
      <section aria-labelledby="summary-title" className="space-y-2">
        <h3 id="summary-title" className="text-lg font-semibold">
          Summary, {data.from} to {data.to}
        </h3>
        <p className="text-sm text-base-content/70">
          {formatNumber(s.ordersPaid)} orders paid, {formatNumber(s.refundsCount)} refunds.
        </p>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="books-summary">
          {figures.map(([label, value, filter]) => (
            <div key={label} className="rounded-box bg-base-200 p-3">
              <dt className="text-sm text-base-content/70">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">
                {filter ? (
                  <Behind filter={filter} label={label}>
                    {formatCents(value)}
                  </Behind>
                ) : (
                  formatCents(value)
                )}
              </dd>
            </div>
          ))}
        </dl>
        {s.unitsWithoutCost > 0 ? (
          <p className="text-sm text-warning-content" role="note">
            {formatNumber(s.unitsWithoutCost)} units sold or refunded had no cost when they were sold: the
            margin counts no cost for them. Set each product’s cost in its editor.
          </p>
        ) : null}
        <Charged figures={s} />
      </section>
      <Series data={data} />
      <Taxes data={data} />
      <Products data={data} />
      <Groups title="Sales by category" rows={data.categories} none="No category" />
      <Groups title="Sales by brand" rows={data.brands} none="No brand" />
      <FigureTable
        title="Refunds by reason"
        empty="No refunds in this period."
        rows={data.refundReasons}
        rowKey={(r) => `${r.kind}:${r.reason}`}
        columns={[
          { header: 'Reason', cell: (r) => r.reason },
          reasonColumns.count('Refunds', (r) => r.count),
          {
            header: 'Amount',
            cell: (r) => (
              <Behind filter={refunded} label={`${r.reason} refunds`}>
                {formatCents(r.amountCents)}
              </Behind>
            ),
          },
        ]}
      />
      <FigureTable
        title="Payments by provider"
        empty="No payments in this period."
        rows={data.providers}
        rowKey={(p) => p.provider}
        columns={[
          { header: 'Provider', cell: (p) => p.provider || 'None' },
          providerColumns.count('Payments', (p) => p.payments),
          {
            header: 'Received',
            cell: (p) => (
              <Behind filter={paid} label={`Received by ${p.provider}`}>
                {formatCents(p.paymentsCents)}
              </Behind>
            ),
          },
          {
            header: 'Refunded',
            cell: (p) => (
              <Behind filter={refunded} label={`Refunded by ${p.provider}`}>
                {formatCents(p.refundsCents)}
              </Behind>
            ),
          },
          providerColumns.cents('Net', (p) => p.netCents),
        ]}
      />
    </>
  );
}

/** Shipping, taxes and cores: charged, refunded, net. */
function Charged({ figures: s }: { figures: BookFigures }) {
  const col = figureColumns<[string, number, number]>();
  const rows: [string, number, number][] = [
    ['Shipping', s.shippingChargedCents, s.shippingRefundedCents],
    ['Taxes', s.taxChargedCents, s.taxRefundedCents],
    ['Core charges', s.coresChargedCents, s.coresRefundedCents],
  ];
  return (
    <DataTable
      label="Shipping, taxes and core charges"
      rows={rows}
      rowKey={([label]) => label}
      columns={[
        { header: 'Figure', rowHeader: true, cell: ([label]) => label },
        col.cents('Charged', ([, charged]) => charged),
        col.cents('Refunded', ([, , refunded]) => refunded),
        col.cents('Net', ([, charged, refunded]) => charged - refunded),
      ]}
    />
  );
}

function Series({ data }: { data: BooksReport }) {
  const col = figureColumns<BooksReport['series'][number] & { from: string; end: string }>();
  if (data.series.length <= 1) return null;
  // The first bucket may start before the period (a week, a month): it is shown from the period's start.
  const rows = data.series.map((b) => ({
    ...b,
    from: b.start.localeCompare(data.from) < 0 ? data.from : b.start,
    end: bucketEnd(b.start, data.group, data.to),
  }));
  return (
    <FigureTable
      title={groupWords[data.group]}
      rows={rows}
      rowKey={(b) => b.start}
      columns={[
        { header: 'From', rowHeader: true, cell: (b) => b.from },
        {
          header: 'Orders',
          cell: (b) => (
            <Behind
              filter={{ paidFrom: b.from, paidTo: b.end }}
              label={`Orders paid from ${b.from} to ${b.end}`}
            >
              {formatNumber(b.ordersPaid)}
            </Behind>
          ),
        },
        col.cents('Net sales', (b) => b.netSalesCents),
        col.cents('Taxes', (b) => b.taxChargedCents - b.taxRefundedCents),
        col.cents('Total sales', (b) => b.totalSalesCents),
        col.cents('Payments', (b) => b.paymentsCents),
        {
          header: 'Refunds',
          cell: (b) => (
            <Behind
              filter={{ refundedFrom: b.from, refundedTo: b.end }}
              label={`Refunds from ${b.from} to ${b.end}`}
            >
              {formatCents(b.refundsCents)}
            </Behind>
          ),
        },
        col.cents('Net collected', (b) => b.netCollectedCents),
      ]}
    />
  );
}

function Taxes({ data }: { data: BooksReport }) {
  const col = figureColumns<BooksReport['taxes'][number]>();
  const s = data.summary;
  const placeOf = (t: { country: string; region: string | null }) =>
    t.region ? `${t.region}, ${t.country}` : t.country || 'No address';
  return (
    <FigureTable
      title="Taxes by state"
      empty="No tax charged or refunded in this period."
      rows={data.taxes}
      rowKey={(t) => `${t.country}:${t.region}`}
      columns={[
        { header: 'State', rowHeader: true, cell: placeOf },
        col.cents('Sales', (t) => t.salesCents - t.salesRefundedCents),
        col.cents('Exempt for resale', (t) => t.exemptSalesCents),
        {
          header: 'Tax charged',
          cell: (t) => (
            <Behind
              filter={{ paidFrom: data.from, paidTo: data.to, country: t.country, region: t.region }}
              label={`Tax charged in ${placeOf(t)}`}
            >
              {formatCents(t.taxChargedCents)}
            </Behind>
          ),
        },
        {
          header: 'Tax refunded',
          cell: (t) => (
            <Behind
              filter={{ refundedFrom: data.from, refundedTo: data.to, country: t.country, region: t.region }}
              label={`Tax refunded in ${placeOf(t)}`}
            >
              {formatCents(t.taxRefundedCents)}
            </Behind>
          ),
        },
        { ...col.cents('Net tax', (t) => t.taxNetCents), className: 'tabular-nums font-semibold' },
      ]}
      footer={
        <tr>
          <th scope="row">All states</th>
          <td />
          <td className="tabular-nums">{formatCents(sum(data.taxes.map((t) => t.exemptSalesCents)))}</td>
          <td className="tabular-nums">{formatCents(s.taxChargedCents)}</td>
          <td className="tabular-nums">{formatCents(s.taxRefundedCents)}</td>
          <td className="tabular-nums font-semibold">
            {formatCents(s.taxChargedCents - s.taxRefundedCents)}
          </td>
        </tr>
      }
    />
  );
}

/** Sales of each category or brand: its products' sales added up. */
function Groups({ title, rows, none }: { title: string; rows: GroupSales[]; none: string }) {
  const col = figureColumns<GroupSales>();
  return (
    <FigureTable
      title={title}
      rows={rows}
      rowKey={(g) => g.name}
      columns={[
        { header: 'Name', rowHeader: true, cell: (g) => g.name || none },
        col.count('Sold', (g) => g.unitsSold),
        col.cents('Gross sales', (g) => g.grossSalesCents),
        col.cents('Net sales', (g) => g.netSalesCents),
        col.cents('Margin', (g) => g.marginCents),
      ]}
    />
  );
}

function Products({ data }: { data: BooksReport }) {
  const col = figureColumns<BooksReport['products'][number]>();
  return (
    <FigureTable
      title="Sales by product"
      empty="Nothing sold or returned in this period."
      rows={data.products}
      rowKey={(p) => p.productId}
      columns={[
        {
          header: 'Product',
          rowHeader: true,
          cell: (p) => (
            <>
              <Behind
                filter={{ paidFrom: data.from, paidTo: data.to, productId: p.productId }}
                label={`Orders of ${p.name}`}
              >
                {p.name}
              </Behind>
              {p.sku ? <div className="text-xs text-base-content/70">{p.sku}</div> : null}
            </>
          ),
        },
        col.count('Sold', (p) => p.unitsSold),
        col.cents('Gross sales', (p) => p.grossSalesCents),
        col.cents('Discounts', (p) => p.discountsCents),
        col.count('Returned', (p) => p.unitsRefunded),
        col.cents('Returns', (p) => p.returnsCents),
        col.cents('Net sales', (p) => p.netSalesCents),
        col.cents('Cost', (p) => p.costOfGoodsCents),
        col.cents('Margin', (p) => p.marginCents),
      ]}
    />
  );
}
