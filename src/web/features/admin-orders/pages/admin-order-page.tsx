import { offers } from '@contract/order-transitions';
import { showsMoney } from '@contract/orders';
import { pages } from '@contract/pages';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { receiptUrl, useOrderDetails, useOrderHistory } from '@web/shared/orders/order-details';
import {
  AddressBlock,
  OrderAmounts,
  OrderHistory,
  OrderLines,
  orderDate,
  paidWith,
  Shipment,
  StatusBadge,
  shippingMethodName,
} from '@web/shared/orders/order-parts';
import { RefundList, ShipmentList } from '@web/shared/orders/shipments-refunds';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePackingSlip, useShipWithTracking } from '../api/admin-order-calls';
import type { Tracking } from '../api/tracking-body';
import { AddPartsPanel } from '../components/add-parts-panel';
import { AdminAfterSale } from '../components/admin-after-sale';
import { CardByPhonePanel } from '../components/card-by-phone-panel';
import { PackingSlipLines } from '../components/packing-slip-lines';
import {
  NO_TRACKING_YET,
  type TrackingErrors,
  TrackingFields,
  trackingErrors,
  trackingWords,
} from '../components/tracking-fields';

/**
 * An order as the admin ships it: lines, address and phone, payment, history; a packing slip to
 * print (the address and each line's SKU, part number and quantity, no prices) and Ship with the
 * carrier and tracking number (or "No tracking" said on purpose), which the customer then sees.
 * Staff read it without money (the server leaves it out): no prices, amounts, refunds, card or
 * receipt, only whether it was paid.
 */
export function AdminOrderPage() {
  const { id = '' } = useParams();
  const order = useOrderDetails(id, true);
  const history = useOrderHistory(id, true);
  const ship = useShipWithTracking();
  const slip = usePackingSlip(id);
  const [tracking, setTracking] = useState<Tracking>(NO_TRACKING_YET);
  const [fieldErrors, setFieldErrors] = useState<TrackingErrors>({});
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (order.error instanceof ApiError && order.error.code === 'NOT_FOUND') {
    return (
      <div className="space-y-3">
        <h2 className="text-xl font-semibold">Order not found</h2>
        <p role="alert">There is no such order.</p>
        <Link to={pages.manageOrders.path} className="btn">
          Back to all orders
        </Link>
      </div>
    );
  }

  const confirmShip = async () => {
    setError(null);
    try {
      await ship.mutateAsync({ id, tracking });
      toast.success('Order Shipped!!');
      setAsking(false);
    } catch (e) {
      setAsking(false);
      setError(e instanceof Error ? e.message : 'The order could not be shipped.');
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const missing = trackingErrors(tracking);
    setFieldErrors(missing);
    if (Object.keys(missing).length === 0) setAsking(true);
  };

  return (
    <QueryState query={order} empty={null}>
      {(data) => (
        <article className="max-w-3xl space-y-6" aria-labelledby="admin-order-title">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="admin-order-title" className="text-2xl font-semibold">
                <span className="print:hidden">Order </span>
                <span className="hidden print:inline">Packing slip </span>
                {data.number}
              </h2>
              <p className="text-base-content/70">
                Placed <time dateTime={data.createdAt}>{orderDate(data.createdAt)}</time> by {data.userName} (
                {data.userEmail})
              </p>
            </div>
            <span className="print:hidden">
              <StatusBadge status={data.status} text={data.statusText} />
            </span>
          </div>

          <div className="flex flex-wrap gap-2 print:hidden">
            <button type="button" className="btn" onClick={() => window.print()}>
              Print packing slip
            </button>
            {showsMoney(data) ? (
              <a className="btn" href={receiptUrl(data._id, true)} download={`receipt-${data.number}.pdf`}>
                Receipt PDF
              </a>
            ) : null}
            <Link to={pages.manageOrders.path} className="btn btn-ghost">
              All orders
            </Link>
          </div>

          <section aria-labelledby="admin-ship-to" className="space-y-2">
            <h3 id="admin-ship-to" className="text-lg font-semibold">
              Ship to
            </h3>
            <AddressBlock address={data.shippingAddress} phone={data.phone} />
            {data.shippingMethod ? <p className="font-medium">{shippingMethodName(data)}</p> : null}
            <Shipment order={data} />
          </section>

          <section aria-labelledby="admin-lines" className="space-y-2">
            <h3 id="admin-lines" className="text-lg font-semibold">
              Items ({data.itemCount})
            </h3>
            <div className="print:hidden">
              <OrderLines order={data} />
            </div>
            <div className="hidden print:block">
              <PackingSlipLines slip={slip.data} />
            </div>
          </section>

          {offers('ship', data.status) ? (
            <form
              onSubmit={onSubmit}
              className="card bg-base-200 print:hidden"
              aria-labelledby="ship-form-title"
            >
              <div className="card-body gap-2">
                <h3 id="ship-form-title" className="text-lg font-semibold">
                  Ship this order
                </h3>
                <TrackingFields value={tracking} onChange={setTracking} errors={fieldErrors} />
                {error ? (
                  <p className="text-error text-sm" role="alert">
                    {error}
                  </p>
                ) : null}
                <div>
                  <button type="submit" className="btn btn-primary" disabled={ship.isPending}>
                    Ship
                  </button>
                </div>
              </div>
            </form>
          ) : null}

          <AddPartsPanel order={data} />

          <CardByPhonePanel order={data} />

          <AdminAfterSale order={data} />

          {data.cancelReason ? (
            <p className="print:hidden">
              Cancelled by the store: <span className="italic">{data.cancelReason}</span>
            </p>
          ) : null}

          <div className="grid gap-6 md:grid-cols-2 print:hidden">
            <section aria-labelledby="admin-shipments" className="space-y-2">
              <h3 id="admin-shipments" className="text-lg font-semibold">
                Shipments
              </h3>
              <ShipmentList order={data} />
            </section>
            {showsMoney(data) ? (
              <section aria-labelledby="admin-refunds" className="space-y-2">
                <h3 id="admin-refunds" className="text-lg font-semibold">
                  Refunds
                </h3>
                <RefundList order={data} admin />
              </section>
            ) : null}
          </div>

          <div className="grid gap-6 md:grid-cols-2 print:hidden">
            <section aria-labelledby="admin-amounts" className="space-y-2">
              <h3 id="admin-amounts" className="text-lg font-semibold">
                Payment
              </h3>
              {showsMoney(data) ? (
                <>
                  <OrderAmounts order={data} />
                  <p>{paidWith(data, 'Not paid')}</p>
                  {data.transactionId ? (
                    <p className="text-xs break-all">
                      Transaction id: <span className="font-mono">{data.transactionId}</span>
                    </p>
                  ) : null}
                </>
              ) : (
                <p data-testid="paid-state">{data.paid ? 'Paid' : 'Not paid'}</p>
              )}
            </section>
            <section aria-labelledby="admin-history" className="space-y-2">
              <h3 id="admin-history" className="text-lg font-semibold">
                History
              </h3>
              <QueryState query={history} empty={null}>
                {(events) => <OrderHistory events={events} />}
              </QueryState>
            </section>
          </div>
          <ConfirmDialog
            open={asking}
            title={`Ship ${data.number}?`}
            confirmLabel="Ship order"
            busy={ship.isPending}
            onConfirm={() => void confirmShip()}
            onCancel={() => setAsking(false)}
          >
            <p>The customer is told it shipped {trackingWords(tracking)}.</p>
          </ConfirmDialog>
        </article>
      )}
    </QueryState>
  );
}
