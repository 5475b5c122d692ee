import { returnReasons, returnReasonWords } from '@contract/after-sale';
import { bookDefinitions } from '@contract/books';
import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import type { SalesReport } from '@contract/reports';
import { useQuery } from '@tanstack/react-query';
import { FigureDefinitions, FigureTable, figureColumns } from '@web/components/ui/figure-table';
import { QueryState } from '@web/components/ui/query-state';
import { TextField } from '@web/components/ui/text-field';
import { apiGet } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { reportKeys } from '../api/keys';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (d: Date) => `${isoDay(d).slice(0, 8)}01`;

/**
 * The numbers for a period of whole UTC days: orders, gross sales, discounts, returns and net
 * sales as the books define them (the same words as the owner's finance page), tax and shipping
 * collected, units per product, returns by reason, wrong listings by product (each linked to its
 * editor); and the period's order lines as CSV.
 */
/** The sales figures' help, in the books' own words (docs/books.md), and the two figures of this page's own. */
const unitColumns = figureColumns<SalesReport['unitsByProduct'][number]>();
const listingColumns = figureColumns<SalesReport['wrongListings'][number]>();
const SALES_TERMS = ['Gross sales', 'Discounts', 'Returns', 'Net sales'];
const numbersDefinitions: { term: string; means: string }[] = [
  ...bookDefinitions.filter((d) => SALES_TERMS.includes(d.term)),
  {
    term: 'Tax collected',
    means:
      'Tax charged on the orders paid in the period, less the tax given back by refunds that succeeded in the period.',
  },
  {
    term: 'Shipping collected',
    means:
      'Shipping charged on the orders paid in the period, less the shipping given back by refunds that succeeded in the period.',
  },
];

export function NumbersPage() {
  const today = new Date();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(isoDay(today));
  const [period, setPeriod] = useState({ from: monthStart(today), to: isoDay(today) });
  const query = `from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}`;
  const report = useQuery({
    queryKey: reportKeys.period(period.from, period.to),
    queryFn: ({ signal }) => apiGet<SalesReport>(`/manage/reports?${query}`, signal),
    retry: false,
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setPeriod({ from, to });
  };

  return (
    <div className="max-w-4xl space-y-6">
      <h2 className="text-2xl font-semibold">Numbers</h2>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-x-4" aria-label="Period">
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
        <button type="submit" className="btn btn-primary mb-1">
          Show
        </button>
        <a className="btn mb-1" href={`/api/manage/reports/orders.csv?${query}`} download>
          Export orders (CSV)
        </a>
      </form>
      <QueryState query={report} empty={null}>
        {(data) => (
          <>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-3" data-testid="report-figures">
              {(
                [
                  ['Orders paid', formatNumber(data.orders)],
                  ['Gross sales', formatCents(data.grossSalesCents)],
                  ['Discounts', formatCents(data.discountsCents)],
                  ['Returns', formatCents(data.returnsCents)],
                  ['Net sales', formatCents(data.netSalesCents)],
                  ['Tax collected', formatCents(data.taxCollectedCents)],
                  ['Shipping collected', formatCents(data.shippingCollectedCents)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-box bg-base-200 p-3">
                  <dt className="text-sm text-base-content/70">{label}</dt>
                  <dd className="text-xl font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <FigureTable
              title="Units by product"
              empty="Nothing sold in this period."
              rows={data.unitsByProduct}
              rowKey={(p) => p.productId}
              columns={[
                { header: 'Product', cell: (p) => p.name },
                unitColumns.count('Sold', (p) => p.unitsSold),
                unitColumns.count('Refunded', (p) => p.unitsRefunded),
              ]}
            />
            <section aria-labelledby="returns-title" className="space-y-2">
              <h3 id="returns-title" className="text-lg font-semibold">
                Returned units by reason
              </h3>
              <ul className="space-y-1">
                {returnReasons.map((r) => (
                  <li key={r} className="flex max-w-sm justify-between">
                    <span>{returnReasonWords[r]}</span>
                    <span className="tabular-nums">{formatNumber(data.returnsByReason[r])}</span>
                  </li>
                ))}
              </ul>
            </section>
            <FigureTable
              title="Wrong listings"
              note="Parts returned as not fitting a vehicle their listing said they fit (refused returns left out)."
              empty="No wrong listings in this period."
              rows={data.wrongListings}
              rowKey={(p) => p.productId}
              columns={[
                {
                  header: 'Product',
                  cell: (p) => (
                    <Link className="link" to={pages.productEditor.path(p.productId)}>
                      {p.name}
                    </Link>
                  ),
                },
                listingColumns.count('Returns', (p) => p.returns),
                listingColumns.count('Units', (p) => p.units),
              ]}
            />
          </>
        )}
      </QueryState>
      <FigureDefinitions definitions={numbersDefinitions} />
    </div>
  );
}
