import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import {
  type PurchaseOrderStatus,
  purchaseOrderStatuses,
  purchaseOrderStatusWords,
} from '@contract/purchasing';
import { QueryState } from '@web/components/ui/query-state';
import { TableScroll } from '@web/components/ui/table-scroll';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  useCreatePurchaseOrder,
  useCreateSupplier,
  usePurchaseOrders,
  useSuppliers,
} from '../api/purchasing-calls';
import { NewOrderForm } from '../components/new-order-form';
import { day, PoStatus, poName } from '../components/order-parts';
import { ReorderSection } from '../components/reorder-section';
import { blankSupplier, SupplierForm } from '../components/supplier-form';

/**
 * Purchasing (managers and the owner): the suppliers the store buys from, and its purchase orders,
 * filtered by status; a supplier is added and an order drafted here, then each opens on its page.
 */
export function PurchasingPage() {
  const navigate = useNavigate();
  const suppliers = useSuppliers();
  const [status, setStatus] = useState<PurchaseOrderStatus | ''>('');
  const orders = usePurchaseOrders(status);
  const createSupplier = useCreateSupplier();
  const createOrder = useCreatePurchaseOrder();
  const [addingSupplier, setAddingSupplier] = useState(false);
  const [ordering, setOrdering] = useState(false);

  return (
    <div className="max-w-5xl space-y-8">
      <h2 className="text-2xl font-semibold">Purchasing</h2>

      <section aria-labelledby="suppliers-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="suppliers-heading" className="text-xl font-semibold">
            Suppliers
          </h3>
          {addingSupplier ? null : (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setAddingSupplier(true)}>
              Add supplier
            </button>
          )}
        </div>
        {addingSupplier ? (
          <section aria-labelledby="new-supplier-heading" className="card border border-base-300">
            <div className="card-body">
              <h4 id="new-supplier-heading" className="font-semibold">
                New supplier
              </h4>
              <SupplierForm
                label="Add supplier"
                initial={blankSupplier}
                onCancel={() => setAddingSupplier(false)}
                onSave={async (input) => {
                  const made = await createSupplier.mutateAsync(input);
                  toast.success(`${made.name} is added`);
                  setAddingSupplier(false);
                }}
              />
            </div>
          </section>
        ) : null}
        <QueryState query={suppliers} isEmpty={(d) => d.length === 0} empty="No suppliers yet.">
          {(list) => (
            <TableScroll label="Suppliers">
              <table className="table" data-testid="suppliers">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Lead time</th>
                    <th scope="col">Products</th>
                    <th scope="col">Open orders</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((s) => (
                    <tr key={s.id}>
                      <td>
                        <Link className="link font-medium" to={pages.supplier.path(s.id)}>
                          {s.name}
                        </Link>
                      </td>
                      <td className="whitespace-nowrap">{s.email}</td>
                      <td className="whitespace-nowrap">
                        {s.leadTimeDays} {s.leadTimeDays === 1 ? 'day' : 'days'}
                      </td>
                      <td className="tabular-nums">{formatNumber(s.productCount)}</td>
                      <td className="tabular-nums">{formatNumber(s.openOrders)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </QueryState>
      </section>

      <ReorderSection />

      <section aria-labelledby="orders-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h3 id="orders-heading" className="text-xl font-semibold">
            Purchase orders
          </h3>
          <div className="flex flex-wrap items-end gap-2">
            <div className="fieldset">
              <label htmlFor="po-status" className="fieldset-legend">
                Status
              </label>
              <select
                id="po-status"
                className="select select-sm"
                value={status}
                onChange={(e) => setStatus(e.target.value as PurchaseOrderStatus | '')}
              >
                <option value="">All</option>
                {purchaseOrderStatuses.map((s) => (
                  <option key={s} value={s}>
                    {purchaseOrderStatusWords[s]}
                  </option>
                ))}
              </select>
            </div>
            {ordering ? null : (
              <button type="button" className="btn btn-primary btn-sm mb-1" onClick={() => setOrdering(true)}>
                New purchase order
              </button>
            )}
          </div>
        </div>
        {ordering ? (
          <section aria-labelledby="new-order-heading" className="card border border-base-300">
            <div className="card-body">
              <h4 id="new-order-heading" className="font-semibold">
                New purchase order
              </h4>
              <NewOrderForm
                suppliers={suppliers.data ?? []}
                onCancel={() => setOrdering(false)}
                onCreate={async (input) => {
                  const made = await createOrder.mutateAsync(input);
                  toast.success(`${poName(made.number)} is drafted`);
                  await navigate(pages.purchaseOrder.path(made.id));
                }}
              />
            </div>
          </section>
        ) : null}
        <QueryState
          query={orders}
          isEmpty={(d) => d.length === 0}
          empty={
            status
              ? `No ${purchaseOrderStatusWords[status].toLowerCase()} purchase orders.`
              : 'No purchase orders yet.'
          }
        >
          {(list) => (
            <TableScroll label="Purchase orders">
              <table className="table" data-testid="purchase-orders">
                <thead>
                  <tr>
                    <th scope="col">PO</th>
                    <th scope="col">Supplier</th>
                    <th scope="col">Status</th>
                    <th scope="col">Lines</th>
                    <th scope="col">Received</th>
                    <th scope="col">Total</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((o) => (
                    <tr key={o.id}>
                      <td className="whitespace-nowrap">
                        <Link className="link font-mono" to={pages.purchaseOrder.path(o.id)}>
                          {poName(o.number)}
                        </Link>
                      </td>
                      <td>{o.supplier.name}</td>
                      <td>
                        <PoStatus status={o.status} />
                      </td>
                      <td className="tabular-nums">{formatNumber(o.lineCount)}</td>
                      <td className="tabular-nums whitespace-nowrap">
                        {formatNumber(o.unitsReceived)} of {formatNumber(o.unitsOrdered)}
                      </td>
                      <td className="tabular-nums">{formatCents(o.totalCents)}</td>
                      <td className="whitespace-nowrap">{day(o.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </QueryState>
      </section>
    </div>
  );
}
