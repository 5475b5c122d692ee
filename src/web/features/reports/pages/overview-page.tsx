import { formatPrice } from '@contract/money';
import { pages } from '@contract/pages';
import { PageLoading } from '@web/components/ui/page-loading';
import { QueryState } from '@web/components/ui/query-state';
import { formatNumber } from '@web/lib/format';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useLowStock, useStoreStats } from '../api/report-calls';

const SalesChart = lazy(() => import('../components/sales-chart'));

/** Live products at or under their own low-stock threshold, fewest left first; each opens its editor. */
function LowStock() {
  const low = useLowStock();
  return (
    <section aria-labelledby="low-stock-heading">
      <h3 id="low-stock-heading" className="mb-2 font-semibold">
        Low stock
      </h3>
      <QueryState
        query={low}
        isEmpty={(d) => d.products.length === 0}
        empty="Every product has enough stock."
      >
        {(data) => (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300" data-testid="low-stock">
            {data.products.map((product) => (
              <li key={product._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <Link className="link" to={pages.productEditor.path(product._id)}>
                  {product.name}
                </Link>
                <span className="badge badge-warning">
                  {formatNumber(product.available_quantity)} left (low at {formatNumber(product.low_stock_at)}
                  )
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** The admin's overview: sales of the last 30 days, orders by status, products running low. */
export function OverviewPage() {
  const stats = useStoreStats();
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">Overview</h2>
      <QueryState query={stats} empty={null}>
        {(data) => {
          const revenue = data.salesByDay.reduce((sum, d) => sum + d.revenue, 0);
          const paidOrders = data.salesByDay.reduce((sum, d) => sum + d.orders, 0);
          return (
            <>
              <dl className="stats stats-vertical w-full border border-base-300 sm:stats-horizontal">
                <div className="stat">
                  <dt className="stat-title">Revenue, last {data.days} days</dt>
                  <dd className="stat-value text-orange-700" data-testid="revenue-total">
                    ${formatPrice(revenue)}
                  </dd>
                </div>
                <div className="stat">
                  <dt className="stat-title">Paid orders</dt>
                  <dd className="stat-value">{formatNumber(paidOrders)}</dd>
                </div>
                {(['unpaid', 'pending', 'shipped'] as const).map((status) => (
                  <div key={status} className="stat">
                    <dt className="stat-title capitalize">{status}</dt>
                    <dd className="stat-value text-2xl" data-testid={`status-${status}`}>
                      {formatNumber(data.ordersByStatus[status])}
                    </dd>
                  </div>
                ))}
              </dl>
              <section aria-labelledby="sales-heading" className="card border border-base-300">
                <div className="card-body">
                  <h3 id="sales-heading" className="card-title text-base">
                    Sales per day
                  </h3>
                  <Suspense fallback={<PageLoading />}>
                    <SalesChart days={data.salesByDay} />
                  </Suspense>
                </div>
              </section>
              <LowStock />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
