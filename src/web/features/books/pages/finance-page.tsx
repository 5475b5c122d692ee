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
import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import { QueryState } from '@web/components/ui/query-state';
import { TableScroll } from '@web/components/ui/table-scroll';
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
      <details className="rounded-box bg-base-200 p-3">
        <summary className="cursor-pointer font-medium">What each figure means, and its date</summary>
        <dl className="mt-2 space-y-2">
          {bookDefinitions.map((d) => (
            <div key={d.term}>
              <dt className="font-medium">{d.term}</dt>
              <dd className="text-sm">{d.means}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}

function Books({ data }: { data: BooksReport }) {
  const paid = { paidFrom: data.from, paidTo: data.to };
  const refunded = { refundedFrom: data.from, refundedTo: data.to };
  const s = data.summary;
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
    ['Net collected', s.netCollectedCents, null],
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
      <section aria-labelledby="reasons-title" className="space-y-2">
        <h3 id="reasons-title" className="text-lg font-semibold">
          Refunds by reason
        </h3>
        {data.refundReasons.length === 0 ? (
          <p className="text-base-content/70">No refunds in this period.</p>
        ) : (
          <TableScroll label="Refunds by reason">
            <table className="table table-cards">
              <thead>
                <tr>
                  <th scope="col">Reason</th>
                  <th scope="col">Refunds</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {data.refundReasons.map((r) => (
                  <tr key={`${r.kind}:${r.reason}`}>
                    <td data-label="Reason">{r.reason}</td>
                    <td data-label="Refunds" className="tabular-nums">
                      {formatNumber(r.count)}
                    </td>
                    <td data-label="Amount">
                      <Behind filter={refunded} label={`${r.reason} refunds`}>
                        {formatCents(r.amountCents)}
                      </Behind>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
      <section aria-labelledby="providers-title" className="space-y-2">
        <h3 id="providers-title" className="text-lg font-semibold">
          Payments by provider
        </h3>
        <TableScroll label="Payments by provider">
          <table className="table table-cards">
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Payments</th>
                <th scope="col">Received</th>
                <th scope="col">Refunded</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {data.providers.map((p) => (
                <tr key={p.provider}>
                  <td data-label="Provider">{p.provider || 'None'}</td>
                  <td data-label="Payments" className="tabular-nums">
                    {formatNumber(p.payments)}
                  </td>
                  <td data-label="Received">
                    <Behind filter={paid} label={`Received by ${p.provider}`}>
                      {formatCents(p.paymentsCents)}
                    </Behind>
                  </td>
                  <td data-label="Refunded">
                    <Behind filter={refunded} label={`Refunded by ${p.provider}`}>
                      {formatCents(p.refundsCents)}
                    </Behind>
                  </td>
                  <td data-label="Net" className="tabular-nums">
                    {formatCents(p.netCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </>
  );
}

/** Shipping, taxes and cores: charged, refunded, net. */
function Charged({ figures: s }: { figures: BookFigures }) {
  const rows: [string, number, number][] = [
    ['Shipping', s.shippingChargedCents, s.shippingRefundedCents],
    ['Taxes', s.taxChargedCents, s.taxRefundedCents],
    ['Core charges', s.coresChargedCents, s.coresRefundedCents],
  ];
  return (
    <TableScroll label="Shipping, taxes and core charges">
      <table className="table table-cards">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">Charged</th>
            <th scope="col">Refunded</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, charged, refunded]) => (
            <tr key={label}>
              <th scope="row" data-label="Figure">
                {label}
              </th>
              <td data-label="Charged" className="tabular-nums">
                {formatCents(charged)}
              </td>
              <td data-label="Refunded" className="tabular-nums">
                {formatCents(refunded)}
              </td>
              <td data-label="Net" className="tabular-nums">
                {formatCents(charged - refunded)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Series({ data }: { data: BooksReport }) {
  if (data.series.length <= 1) return null;
  return (
    <section aria-labelledby="series-title" className="space-y-2">
      <h3 id="series-title" className="text-lg font-semibold">
        {groupWords[data.group]}
      </h3>
      <TableScroll label={groupWords[data.group]}>
        <table className="table table-cards">
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Orders</th>
              <th scope="col">Net sales</th>
              <th scope="col">Taxes</th>
              <th scope="col">Total sales</th>
              <th scope="col">Payments</th>
              <th scope="col">Refunds</th>
              <th scope="col">Net collected</th>
            </tr>
          </thead>
          <tbody>
            {data.series.map((b) => {
              const end = bucketEnd(b.start, data.group, data.to);
              // The first bucket may start before the period (a week, a month): it is shown from the period's start.
              const from = b.start.localeCompare(data.from) < 0 ? data.from : b.start;
              return (
                <tr key={b.start}>
                  <th scope="row" data-label="From">
                    {from}
                  </th>
                  <td data-label="Orders">
                    <Behind
                      filter={{ paidFrom: from, paidTo: end }}
                      label={`Orders paid from ${from} to ${end}`}
                    >
                      {formatNumber(b.ordersPaid)}
                    </Behind>
                  </td>
                  <td data-label="Net sales" className="tabular-nums">
                    {formatCents(b.netSalesCents)}
                  </td>
                  <td data-label="Taxes" className="tabular-nums">
                    {formatCents(b.taxChargedCents - b.taxRefundedCents)}
                  </td>
                  <td data-label="Total sales" className="tabular-nums">
                    {formatCents(b.totalSalesCents)}
                  </td>
                  <td data-label="Payments" className="tabular-nums">
                    {formatCents(b.paymentsCents)}
                  </td>
                  <td data-label="Refunds">
                    <Behind
                      filter={{ refundedFrom: from, refundedTo: end }}
                      label={`Refunds from ${from} to ${end}`}
                    >
                      {formatCents(b.refundsCents)}
                    </Behind>
                  </td>
                  <td data-label="Net collected" className="tabular-nums">
                    {formatCents(b.netCollectedCents)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function Taxes({ data }: { data: BooksReport }) {
  const s = data.summary;
  return (
    <section aria-labelledby="taxes-title" className="space-y-2">
      <h3 id="taxes-title" className="text-lg font-semibold">
        Taxes by state
      </h3>
      {data.taxes.length === 0 ? (
        <p className="text-base-content/70">No tax charged or refunded in this period.</p>
      ) : (
        <TableScroll label="Taxes by state">
          <table className="table table-cards">
            <thead>
              <tr>
                <th scope="col">State</th>
                <th scope="col">Sales</th>
                <th scope="col">Tax charged</th>
                <th scope="col">Tax refunded</th>
                <th scope="col">Net tax</th>
              </tr>
            </thead>
            <tbody>
              {data.taxes.map((t) => {
                const place = t.region ? `${t.region}, ${t.country}` : t.country || 'No address';
                const where = { country: t.country, region: t.region };
                return (
                  <tr key={`${t.country}:${t.region}`}>
                    <th scope="row" data-label="State">
                      {place}
                    </th>
                    <td data-label="Sales" className="tabular-nums">
                      {formatCents(t.salesCents - t.salesRefundedCents)}
                    </td>
                    <td data-label="Tax charged">
                      <Behind
                        filter={{ paidFrom: data.from, paidTo: data.to, ...where }}
                        label={`Tax charged in ${place}`}
                      >
                        {formatCents(t.taxChargedCents)}
                      </Behind>
                    </td>
                    <td data-label="Tax refunded">
                      <Behind
                        filter={{ refundedFrom: data.from, refundedTo: data.to, ...where }}
                        label={`Tax refunded in ${place}`}
                      >
                        {formatCents(t.taxRefundedCents)}
                      </Behind>
                    </td>
                    <td data-label="Net tax" className="tabular-nums font-semibold">
                      {formatCents(t.taxNetCents)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">All states</th>
                <td />
                <td className="tabular-nums">{formatCents(s.taxChargedCents)}</td>
                <td className="tabular-nums">{formatCents(s.taxRefundedCents)}</td>
                <td className="tabular-nums font-semibold">
                  {formatCents(s.taxChargedCents - s.taxRefundedCents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** Sales of each category or brand: its products' sales added up. */
function Groups({ title, rows, none }: { title: string; rows: GroupSales[]; none: string }) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-lg font-semibold">{title}</h3>
      <TableScroll label={title}>
        <table className="table table-cards">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Sold</th>
              <th scope="col">Gross sales</th>
              <th scope="col">Net sales</th>
              <th scope="col">Margin</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((g) => (
              <tr key={g.name}>
                <th scope="row" data-label="Name">
                  {g.name || none}
                </th>
                <td data-label="Sold" className="tabular-nums">
                  {formatNumber(g.unitsSold)}
                </td>
                <td data-label="Gross sales" className="tabular-nums">
                  {formatCents(g.grossSalesCents)}
                </td>
                <td data-label="Net sales" className="tabular-nums">
                  {formatCents(g.netSalesCents)}
                </td>
                <td data-label="Margin" className="tabular-nums">
                  {formatCents(g.marginCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function Products({ data }: { data: BooksReport }) {
  return (
    <section aria-labelledby="products-title" className="space-y-2">
      <h3 id="products-title" className="text-lg font-semibold">
        Sales by product
      </h3>
      {data.products.length === 0 ? (
        <p className="text-base-content/70">Nothing sold or returned in this period.</p>
      ) : (
        <TableScroll label="Sales by product">
          <table className="table table-cards">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Sold</th>
                <th scope="col">Gross sales</th>
                <th scope="col">Discounts</th>
                <th scope="col">Returned</th>
                <th scope="col">Returns</th>
                <th scope="col">Net sales</th>
                <th scope="col">Cost</th>
                <th scope="col">Margin</th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((p) => (
                <tr key={p.toolId}>
                  <th scope="row" data-label="Product">
                    <Behind
                      filter={{ paidFrom: data.from, paidTo: data.to, toolId: p.toolId }}
                      label={`Orders of ${p.name}`}
                    >
                      {p.name}
                    </Behind>
                    {p.sku ? <div className="text-xs text-base-content/70">{p.sku}</div> : null}
                  </th>
                  <td data-label="Sold" className="tabular-nums">
                    {formatNumber(p.unitsSold)}
                  </td>
                  <td data-label="Gross sales" className="tabular-nums">
                    {formatCents(p.grossSalesCents)}
                  </td>
                  <td data-label="Discounts" className="tabular-nums">
                    {formatCents(p.discountsCents)}
                  </td>
                  <td data-label="Returned" className="tabular-nums">
                    {formatNumber(p.unitsRefunded)}
                  </td>
                  <td data-label="Returns" className="tabular-nums">
                    {formatCents(p.returnsCents)}
                  </td>
                  <td data-label="Net sales" className="tabular-nums">
                    {formatCents(p.netSalesCents)}
                  </td>
                  <td data-label="Cost" className="tabular-nums">
                    {formatCents(p.costOfGoodsCents)}
                  </td>
                  <td data-label="Margin" className="tabular-nums">
                    {formatCents(p.marginCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
