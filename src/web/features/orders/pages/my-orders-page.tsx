import { formatCents } from '@contract/money';
import { offers } from '@contract/order-transitions';
import type { Order } from '@contract/orders';
import { pages } from '@contract/pages';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { DataTable } from '@web/components/ui/data-table';
import { QueryState } from '@web/components/ui/query-state';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { ApiError } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { orderDate, StatusBadge } from '@web/shared/orders/order-parts';
import { useSession, useSignOut } from '@web/shared/session/session';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCancelOrder, useMyOrders } from '../api/order-calls';

export function MyOrdersPage() {
  const { user } = useSession();
  const orders = useMyOrders(user?.email ?? '');
  const cancel = useCancelOrder();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const deleting = useConfirmedAction(async (order: Order) => {
    await cancel.mutateAsync(order._id);
    return `Order for ${order.orderName} is deleted`;
  }, 'The order could not be deleted.');

  // A 401 or 403 on the own-orders call signs the user out and goes home.
  const refused =
    orders.error instanceof ApiError && (orders.error.status === 401 || orders.error.status === 403);
  useEffect(() => {
    if (refused) void signOut().finally(() => navigate(pages.home.path, { replace: true }));
  }, [refused, signOut, navigate]);

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">My Orders</h2>
      <QueryState
        query={orders}
        isEmpty={(data) => data.length === 0}
        empty={
          <>
            You have no orders yet.{' '}
            <Link to={pages.tools.path} className="link text-orange-700">
              Browse the tools
            </Link>
          </>
        }
      >
        {(data) => (
          <DataTable
            label="Your orders"
            testId="my-orders"
            rows={data}
            rowKey={(order) => order._id}
            rowProps={(order) => ({ 'data-order-id': order._id })}
            columns={[
              { header: '#', rowHeader: true, cell: (_, index) => index + 1 },
              {
                header: 'Order',
                cell: (order) => (
                  <Link to={pages.order.path(order._id)} className="link font-medium whitespace-nowrap">
                    {order.number}
                  </Link>
                ),
              },
              {
                header: 'Date',
                className: 'whitespace-nowrap',
                cell: (order) => <time dateTime={order.createdAt}>{orderDate(order.createdAt)}</time>,
              },
              { header: 'Tool', className: 'min-w-40', cell: (order) => order.orderName },
              { header: 'Quantity', cell: (order) => formatNumber(order.orderQuantity) },
              {
                header: 'Total',
                className: 'tabular-nums',
                cell: (order) => formatCents(order.amounts.totalCents),
              },
              {
                header: 'Status',
                // In words ("Paid, being packed"), as the order's own page says it.
                cell: (order) => <StatusBadge status={order.status} text={order.statusText} />,
              },
              {
                header: 'Payment',
                cell: (order) =>
                  order.paid ? (
                    <div className="space-y-1">
                      <span className="badge badge-success">Paid</span>
                      <p className="text-xs break-all">
                        Transaction id: <span className="font-mono">{order.transactionId}</span>
                      </p>
                    </div>
                  ) : !offers('pay', order.status) ? null : (
                    <Link to={pages.payment.path(order._id)} className="btn btn-sm btn-primary">
                      Pay
                    </Link>
                  ),
              },
              {
                cell: (order) =>
                  !offers('delete', order.status) ? null : (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      onClick={() => deleting.ask(order)}
                      aria-label={`Delete the order for ${order.orderName}`}
                    >
                      Delete
                    </button>
                  ),
              },
            ]}
          />
        )}
      </QueryState>
      <ConfirmDialog {...deleting.dialog} title="Delete this order?" confirmLabel="Delete order">
        <p>
          The unpaid order for <strong>{deleting.item?.orderName}</strong> will be cancelled and its items put
          back in stock.
        </p>
      </ConfirmDialog>
    </div>
  );
}
