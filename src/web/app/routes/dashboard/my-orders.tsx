import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCents } from '../../../../contract/money';
import { offers } from '../../../../contract/order-transitions';
import type { Order } from '../../../../contract/orders';
import { pages } from '../../../../contract/pages';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { TableScroll } from '../../../components/ui/table-scroll';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useSession, useSignOut } from '../../../features/accounts/api/session';
import { useCancelOrder, useMyOrders } from '../../../features/orders/api/order-calls';
import { orderDate, statusBadge } from '../../../features/orders/components/order-parts';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';

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
          <TableScroll label="Your orders">
            <table className="table table-cards" data-testid="my-orders">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Tool</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Total</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payment</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((order, index) => (
                  <tr key={order._id} data-order-id={order._id}>
                    <th scope="row" data-label="#">
                      {index + 1}
                    </th>
                    <td data-label="Order">
                      <Link to={pages.order.path(order._id)} className="link font-medium whitespace-nowrap">
                        {order.number}
                      </Link>
                    </td>
                    <td data-label="Date" className="whitespace-nowrap">
                      <time dateTime={order.createdAt}>{orderDate(order.createdAt)}</time>
                    </td>
                    <td data-label="Tool" className="min-w-40">
                      {order.orderName}
                    </td>
                    <td data-label="Quantity">{formatNumber(order.orderQuantity)}</td>
                    <td data-label="Total" className="tabular-nums">
                      {formatCents(order.amounts.totalCents)}
                    </td>
                    <td data-label="Status">
                      {/* The spec's statuses read as the spec shows them; an order whose hold ran out reads "Expired". */}
                      <span className={`badge ${statusBadge[order.status]}`}>
                        {order.status === 'expired' ? 'Expired' : order.status}
                      </span>
                    </td>
                    <td data-label="Payment">
                      {order.paid ? (
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
                      )}
                    </td>
                    <td>
                      {!offers('delete', order.status) ? null : (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline btn-error"
                          onClick={() => deleting.ask(order)}
                          aria-label={`Delete the order for ${order.orderName}`}
                        >
                          Delete
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
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
