import { OrdersBehindFigure, ordersBehindQuery } from '@contract/books';
import { formatCents } from '@contract/money';
import { offers } from '@contract/order-transitions';
import { type DeskOrder, showsMoney, type WireOrderStatus, wireOrderStatuses } from '@contract/orders';
import { pages } from '@contract/pages';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { type Column, DataTable } from '@web/components/ui/data-table';
import { QueryState } from '@web/components/ui/query-state';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { orderDate, statusWords } from '@web/shared/orders/order-parts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAllOrders, useCancelAnyOrder, useShipOrder } from '../api/admin-order-calls';

/**
 * Manage All Orders (admin): every order, a status filter, Ship for paid ones, cancel for unpaid
 * ones. Staff's orders come without money: no Total column for them.
 */
export function ManageOrdersPage() {
  const [status, setStatus] = useState<WireOrderStatus | undefined>(undefined);
  // The finance page opens the orders behind a figure with its filters in the address.
  const [search] = useSearchParams();
  const behind = OrdersBehindFigure.safeParse(Object.fromEntries(search));
  const filter = behind.success ? behind.data : {};
  const behindQuery = ordersBehindQuery(filter);
  const orders = useAllOrders(status, behindQuery);
  const ship = useShipOrder();
  const cancel = useCancelAnyOrder();
  const deleting = useConfirmedAction(async (order: DeskOrder) => {
    await cancel.mutateAsync(order._id);
    return `Order for ${order.orderName} is deleted`;
  }, 'The order could not be deleted.');

  const onShip = async (order: DeskOrder) => {
    try {
      await ship.mutateAsync(order._id);
      toast.success('Order Shipped!!');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The order could not be shipped.');
    }
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold">Manage All Orders</h2>
        <label className="flex items-center gap-2 text-sm">
          Status
          <select
            className="select select-sm"
            value={status ?? ''}
            onChange={(e) => setStatus((e.target.value || undefined) as WireOrderStatus | undefined)}
          >
            <option value="">All open orders</option>
            {wireOrderStatuses.map((s) => (
              <option key={s} value={s}>
                {statusWords(s)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {behindQuery ? (
        <p className="alert" role="status">
          <span>
            Orders behind a figure of the books: {behindWords(filter)}.{' '}
            <Link to={pages.manageOrders.path} className="link">
              Show all open orders
            </Link>
          </span>
        </p>
      ) : null}
      <QueryState query={orders} isEmpty={(d) => d.length === 0} empty="No orders here.">
        {(data) => (
          <DataTable
            label="All orders"
            testId="manage-orders"
            rows={data}
            rowKey={(order) => order._id}
            rowProps={(order) => ({ 'data-order-id': order._id })}
            columns={[
              {
                header: 'Order',
                cell: (order) => (
                  <Link
                    to={pages.manageOrder.path(order._id)}
                    className="link font-medium whitespace-nowrap"
                    aria-label={`Open order ${order.number}`}
                  >
                    {order.number}
                  </Link>
                ),
              },
              {
                header: 'Date',
                className: 'whitespace-nowrap',
                cell: (order) => <time dateTime={order.createdAt}>{orderDate(order.createdAt)}</time>,
              },
              {
                header: 'Customer',
                cell: (order) => (
                  <div>
                    <div className="font-medium">{order.userName}</div>
                    <div className="text-xs text-base-content/70 break-all">{order.userEmail}</div>
                  </div>
                ),
              },
              { header: 'Tool', className: 'min-w-40', cell: (order) => order.orderName },
              { header: 'Items', cell: (order) => formatNumber(order.itemCount) },
              ...totalColumn(data),
              {
                header: 'Paid',
                cell: (order) =>
                  order.paid ? (
                    <span className="badge badge-success">Paid</span>
                  ) : (
                    <span className="badge badge-ghost">No</span>
                  ),
              },
              { header: 'Status', cell: (order) => order.status || 'unpaid' },
              {
                className: 'whitespace-nowrap',
                cell: (order) =>
                  offers('ship', order.status) ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      disabled={ship.isPending}
                      onClick={() => void onShip(order)}
                      aria-label={`Ship the order of ${order.userEmail} for ${order.orderName}`}
                    >
                      Ship
                    </button>
                  ) : order.status === 'shipped' ? (
                    <button type="button" className="btn btn-sm btn-success" disabled>
                      Shipped
                    </button>
                  ) : offers('delete', order.status) ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      onClick={() => deleting.ask(order)}
                      aria-label={`Delete the order of ${order.userEmail} for ${order.orderName}`}
                    >
                      Delete
                    </button>
                  ) : null,
              },
            ]}
          />
        )}
      </QueryState>
      <ConfirmDialog {...deleting.dialog} title="Delete this unpaid order?" confirmLabel="Delete order">
        <p>
          The order of <strong>{deleting.item?.userEmail}</strong> for {deleting.item?.orderName} will be
          cancelled and its items put back in stock.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** The Total column, for whoever reads orders with their money (managers and the owner). */
function totalColumn(orders: DeskOrder[]): Array<Column<DeskOrder>> {
  if (!orders.some(showsMoney)) return [];
  return [
    {
      header: 'Total',
      className: 'tabular-nums',
      cell: (order) => (showsMoney(order) ? formatCents(order.amounts.totalCents) : null),
    },
  ];
}

/** The filters of the orders behind a figure, in words. */
function behindWords(f: OrdersBehindFigure): string {
  const span = (from?: string, to?: string) =>
    from === to ? `on ${from}` : `from ${from ?? 'the start'} to ${to ?? 'today'}`;
  return [
    f.paidFrom || f.paidTo ? `paid ${span(f.paidFrom, f.paidTo)}` : '',
    f.refundedFrom || f.refundedTo ? `refunded ${span(f.refundedFrom, f.refundedTo)}` : '',
    f.country !== undefined || f.region !== undefined
      ? `shipped to ${[f.region || 'no state', f.country].filter(Boolean).join(', ')}`
      : '',
    f.productId ? 'with a line of the product' : '',
  ]
    .filter(Boolean)
    .join(', ');
}
