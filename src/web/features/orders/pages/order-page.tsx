import { formatCents } from '@contract/money';
import { offers } from '@contract/order-transitions';
import type { Order } from '@contract/orders';
import { pages } from '@contract/pages';
import { QueryState } from '@web/components/ui/query-state';
import { ApiError } from '@web/lib/api-client';
import { receiptUrl, useOrderDetails, useOrderHistory } from '@web/shared/orders/order-details';
import {
  AddressBlock,
  OrderHistory,
  OrderLines,
  orderDate,
  Shipment,
  StatusBadge,
  shippingMethodName,
} from '@web/shared/orders/order-parts';
import { RefundList, ShipmentList } from '@web/shared/orders/shipments-refunds';
import { CustomerOrderAmounts, customerPaidWith } from '@web/shared/payment/on-account-amounts';
import { Link, useParams } from 'react-router';
import { BuyAgain } from '../components/buy-again';
import { CustomerAfterSale } from '../components/customer-after-sale';
import { OrderAddressForm } from '../components/order-address-form';

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
        <Link to={pages.myOrders.path} className="btn">
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
            <StatusBadge status={data.status} text={data.statusText} />
          </div>

          <div className="flex flex-wrap gap-2 print:hidden">
            {offers('pay', data.status) ? (
              <Link to={pages.payment.path(data._id)} className="btn btn-primary">
                Pay {data.number}
              </Link>
            ) : null}
            <button type="button" className="btn" onClick={() => window.print()}>
              Print receipt
            </button>
            <a className="btn" href={receiptUrl(data._id)} download={`receipt-${data.number}.pdf`}>
              Download PDF
            </a>
            <Link to={pages.myOrders.path} className="btn btn-ghost">
              All my orders
            </Link>
          </div>
          <BalanceDue order={data} />
          <BuyAgain orderId={data._id} />

          {data.awaitingAddress ? (
            <section aria-labelledby="give-address-title" className="card bg-warning/10 print:hidden">
              <div className="card-body gap-2">
                <h3 id="give-address-title" className="text-lg font-semibold">
                  Where should we ship it?
                </h3>
                <p>Your order is paid. Give us a shipping address and we will pack it.</p>
                <OrderAddressForm orderId={data._id} submitLabel="Ship to this address" />
              </div>
            </section>
          ) : null}

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
              {data.shippingMethod ? <p>{shippingMethodName(data)}</p> : null}
              <Shipment order={data} />
            </section>
            <section aria-labelledby="amounts-title" className="space-y-2">
              <h3 id="amounts-title" className="text-lg font-semibold">
                Amounts
              </h3>
              <CustomerOrderAmounts order={data} />
              <p data-testid="payment-card">{customerPaidWith(data, 'Not paid yet')}</p>
            </section>
          </div>

          {data.paid || data.refunds.length > 0 ? (
            <div className="grid gap-6 md:grid-cols-2">
              <section aria-labelledby="shipments-title" className="space-y-2">
                <h3 id="shipments-title" className="text-lg font-semibold">
                  Shipments
                </h3>
                <ShipmentList order={data} />
              </section>
              <section aria-labelledby="refunds-title" className="space-y-2">
                <h3 id="refunds-title" className="text-lg font-semibold">
                  Refunds
                </h3>
                <RefundList order={data} admin={false} />
              </section>
            </div>
          ) : null}

          {data.cancelReason ? (
            <p role="status" className="alert">
              Cancelled by the store: {data.cancelReason}
            </p>
          ) : null}

          {data.paid ? <CustomerAfterSale order={data} /> : null}

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

/**
 * Parts added after the card payment (decision 104): the order waits to ship until their cost is
 * paid on its payment page. Said as news, not as an error.
 */
function BalanceDue({ order }: { order: Order }) {
  const owed = order.paid ? (order.amounts.balanceDueCents ?? 0) : 0;
  if (owed <= 0) return null;
  return (
    <div role="status" className="alert alert-warning flex flex-wrap print:hidden" data-testid="balance-due">
      <span>{formatCents(owed)} left to pay for parts added; we ship once it is paid.</span>
      <Link to={pages.payment.path(order._id)} className="btn btn-primary btn-sm">
        Pay {formatCents(owed)}
      </Link>
    </div>
  );
}
