import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { receiptUrl, useOrderDetails, useOrderHistory } from '../../../features/orders/api/order-details';
import {
  AddressBlock,
  OrderAmounts,
  OrderHistory,
  OrderLines,
  orderDate,
  Shipment,
  StatusBadge,
  shippingMethodName,
} from '../../../features/orders/components/order-parts';
import { ApiError } from '../../../lib/api-client';

/**
 * A customer's order: number and date, lines, where it ships, how, the server's amounts, the card,
 * what happened so far; pay it while unpaid, print it or download the PDF receipt. Printed, only
 * the order shows (the navigation is hidden by the print styles).
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrderDetails(id);
  const history = useOrderHistory(id);

  if (order.error instanceof ApiError && order.error.code === 'NOT_FOUND') {
    return (
      <div className="space-y-3">
        <h2 className="text-xl font-semibold">Order not found</h2>
        <p role="alert">We could not find this order. It may have been deleted, or the link is wrong.</p>
        <Link to="/dashboard/myOrders" className="btn">
          Back to My Orders
        </Link>
      </div>
    );
  }

  return (
    <QueryState query={order} empty={null}>
      {(data) => (
        <article className="max-w-3xl space-y-6" aria-labelledby="order-title">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="order-title" className="text-2xl font-semibold">
                Order {data.number}
              </h2>
              <p className="text-base-content/70">
                Placed <time dateTime={data.createdAt}>{orderDate(data.createdAt)}</time>
              </p>
            </div>
            <StatusBadge status={data.status} />
          </div>

          <div className="flex flex-wrap gap-2 print:hidden">
            {data.status === 'unpaid' ? (
              <Link to={`/dashboard/payment/${data._id}`} className="btn btn-primary">
                Pay {data.number}
              </Link>
            ) : null}
            <button type="button" className="btn" onClick={() => window.print()}>
              Print receipt
            </button>
            <a className="btn" href={receiptUrl(data._id)} download={`receipt-${data.number}.pdf`}>
              Download PDF
            </a>
            <Link to="/dashboard/myOrders" className="btn btn-ghost">
              All my orders
            </Link>
          </div>

          <section aria-labelledby="lines-title" className="space-y-2">
            <h3 id="lines-title" className="text-lg font-semibold">
              Items
            </h3>
            <OrderLines order={data} />
          </section>

          <div className="grid gap-6 md:grid-cols-2">
            <section aria-labelledby="ship-title" className="space-y-2">
              <h3 id="ship-title" className="text-lg font-semibold">
                Shipping
              </h3>
              <AddressBlock address={data.shippingAddress} phone={data.phone} />
              {data.shippingMethod ? <p>{shippingMethodName[data.shippingMethod]}</p> : null}
              <Shipment order={data} />
            </section>
            <section aria-labelledby="amounts-title" className="space-y-2">
              <h3 id="amounts-title" className="text-lg font-semibold">
                Amounts
              </h3>
              <OrderAmounts order={data} />
              <p data-testid="payment-card">
                {data.paid
                  ? `Paid${data.cardBrand && data.cardLast4 ? ` with ${data.cardBrand} ending ${data.cardLast4}` : ''}`
                  : 'Not paid yet'}
              </p>
            </section>
          </div>

          <section aria-labelledby="history-title" className="space-y-2 print:hidden">
            <h3 id="history-title" className="text-lg font-semibold">
              History
            </h3>
            <QueryState query={history} empty={null}>
              {(events) => <OrderHistory events={events} />}
            </QueryState>
          </section>
        </article>
      )}
    </QueryState>
  );
}
