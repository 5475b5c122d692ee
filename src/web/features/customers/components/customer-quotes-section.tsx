import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@contract/staff-orders';
import { TableScroll } from '@web/components/ui/table-scroll';
import { orderDate } from '@web/shared/orders/order-parts';
import { useId } from 'react';
import { Link } from 'react-router';
import { useCustomerQuotes } from '../api/staff-order-calls';

const badge: Record<QuoteStatus, string> = {
  open: 'badge-info',
  accepted: 'badge-success',
  expired: 'badge-ghost',
};

/**
 * The quotes sent to a customer (decision 103), each priced as it would be ordered now: its
 * status, when it was sent and expires, its total, and the order it became once accepted.
 * `orderNumbers` names those orders by the numbers the customer's page already has.
 */
export function CustomerQuotesSection({
  customerId,
  orderNumbers,
}: {
  customerId: string;
  orderNumbers: ReadonlyMap<string, string>;
}) {
  const id = useId();
  const quotes = useCustomerQuotes(customerId);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Quotes
      </h3>
      {quotes.isPending ? (
        <p role="status">Loading quotes…</p>
      ) : quotes.isError ? (
        <p role="alert">The quotes could not be loaded. Reload the page to try again.</p>
      ) : quotes.data.quotes.length === 0 ? (
        <p role="status" className="text-base-content/70">
          No quotes sent yet.
        </p>
      ) : (
        <TableScroll label="Quotes sent to this customer">
          <table className="table table-cards">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Sent</th>
                <th scope="col">Expires</th>
                <th scope="col">Total</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {quotes.data.quotes.map((q) => (
                <tr key={q.id} data-testid="quote-row">
                  <td data-label="Status">
                    <span className={`badge ${badge[q.status]} h-auto`}>{QUOTE_STATUS_LABELS[q.status]}</span>
                  </td>
                  <td data-label="Sent">
                    <time dateTime={q.createdAt}>{orderDate(q.createdAt)}</time>
                  </td>
                  <td data-label="Expires">
                    <time dateTime={q.expiresAt}>{orderDate(q.expiresAt)}</time>
                  </td>
                  <td data-label="Total" className="tabular-nums">
                    {formatCents(q.priced.totals.totalCents)}
                  </td>
                  <td data-label="Order">
                    {q.orderId ? (
                      <Link className="link" to={pages.manageOrder.path(q.orderId)}>
                        {orderNumbers.get(q.orderId) ?? 'View order'}
                      </Link>
                    ) : (
                      '—'
                    )}
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
