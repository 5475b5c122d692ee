import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import { QueryState } from '@web/components/ui/query-state';
import { TableScroll } from '@web/components/ui/table-scroll';
import { ApiError } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { AddressBlock, orderDate, StatusBadge } from '@web/shared/orders/order-parts';
import { Link, useParams } from 'react-router';
import { useCustomer } from '../api/customer-calls';
import { AccountInvoicesSection } from '../components/account-invoices-section';
import { CustomerQuotesSection } from '../components/customer-quotes-section';
import { PhoneOrderPanel } from '../components/phone-order-panel';
import { RoleBadge } from '../components/role-badge';
import { TradeAccountPanel } from '../components/trade-account-panel';

/** One customer: what they bought (paid orders, spent net of refunds), every order, their addresses. */
export function CustomerPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);

  if (customer.error instanceof ApiError && customer.error.code === 'NOT_FOUND') {
    return (
      <div className="space-y-3">
        <h2 className="text-xl font-semibold">Customer not found</h2>
        <p role="alert">There is no such account.</p>
        <Link to={pages.users.path} className="btn">
          Back to customers
        </Link>
      </div>
    );
  }

  return (
    <QueryState query={customer} empty={null}>
      {({ customer: c, orders, addresses }) => (
        <article className="max-w-4xl space-y-6" aria-labelledby="customer-title">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="customer-title" className="text-2xl font-semibold break-all">
                {c.displayName}
              </h2>
              <p className="break-all text-base-content/70">{c.email}</p>
              <p className="text-sm text-base-content/70">
                Joined <time dateTime={c.joinedAt}>{orderDate(c.joinedAt)}</time>
              </p>
            </div>
            <RoleBadge role={c.role} />
          </div>
          <dl className="stats stats-vertical w-full border border-base-300 sm:stats-horizontal">
            <div className="stat">
              <dt className="stat-title">Orders</dt>
              <dd className="stat-value text-2xl" data-testid="customer-orders-count">
                {formatNumber(c.ordersCount)}
              </dd>
            </div>
            <div className="stat">
              <dt className="stat-title">Spent</dt>
              <dd className="stat-value text-2xl" data-testid="customer-spent">
                {formatCents(c.spentCents)}
              </dd>
            </div>
          </dl>

          {c.role === 'customer' ? <TradeAccountPanel customerId={id} /> : null}
          {c.role === 'customer' ? <AccountInvoicesSection customerId={id} /> : null}
          {c.role === 'customer' ? <PhoneOrderPanel customerId={id} addresses={addresses} /> : null}
          {c.role === 'customer' ? (
            <CustomerQuotesSection
              customerId={id}
              orderNumbers={new Map(orders.map((o) => [o._id, o.number]))}
            />
          ) : null}

          <section aria-labelledby="customer-orders" className="space-y-2">
            <h3 id="customer-orders" className="text-lg font-semibold">
              Orders
            </h3>
            {orders.length === 0 ? (
              <p role="status" className="text-base-content/70">
                No orders yet.
              </p>
            ) : (
              <TableScroll label="Orders of this customer">
                <table className="table table-cards">
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Placed</th>
                      <th scope="col">Status</th>
                      <th scope="col">Total</th>
                      <th scope="col">Refunded</th>
                    </tr>
                  </thead>
                  <tbody>
                    {orders.map((o) => (
                      <tr key={o._id}>
                        <th scope="row" data-label="Order">
                          <Link className="link" to={pages.manageOrder.path(o._id)}>
                            {o.number}
                          </Link>
                        </th>
                        <td data-label="Placed">
                          <time dateTime={o.createdAt}>{orderDate(o.createdAt)}</time>
                        </td>
                        <td data-label="Status">
                          <StatusBadge status={o.status} />
                        </td>
                        <td data-label="Total">{formatCents(o.totalCents)}</td>
                        <td data-label="Refunded">{o.refundedCents ? formatCents(o.refundedCents) : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>

          <section aria-labelledby="customer-addresses" className="space-y-2">
            <h3 id="customer-addresses" className="text-lg font-semibold">
              Addresses
            </h3>
            {addresses.length === 0 ? (
              <p role="status" className="text-base-content/70">
                No saved addresses.
              </p>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2">
                {addresses.map((a) => (
                  <li key={a.id} className="rounded-box border border-base-300 p-3">
                    {a.isDefault ? <span className="badge badge-outline mb-1">Default</span> : null}
                    <AddressBlock address={a} phone={a.phone} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Link to={pages.users.path} className="btn btn-ghost">
            All customers
          </Link>
        </article>
      )}
    </QueryState>
  );
}
