import type { OpenInvoice } from '@contract/invoices';
import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import { type Column, DataTable } from '@web/components/ui/data-table';
import { QueryState } from '@web/components/ui/query-state';
import { formatNumber } from '@web/lib/format';
import { Link } from 'react-router';
import { useOpenInvoices } from '../api/invoice-calls';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';

const columns: Column<OpenInvoice>[] = [
  { header: 'Invoice', rowHeader: true, className: 'whitespace-nowrap', cell: (i) => i.invoiceNumber },
  {
    header: 'Order',
    className: 'whitespace-nowrap',
    cell: (i) => (
      <Link className="link" to={pages.manageOrder.path(i.orderId)}>
        {i.orderNumber}
      </Link>
    ),
  },
  {
    header: 'Customer',
    cell: (i) => (
      <div className="min-w-0">
        <Link className="link break-words" to={pages.customer.path(i.userId)}>
          {i.customerName}
        </Link>
        <p className="break-all text-sm text-base-content/70">{i.customerEmail}</p>
      </div>
    ),
  },
  { header: 'Issued', className: 'whitespace-nowrap', cell: (i) => i.issuedAt.slice(0, 10) },
  { header: 'Due', className: 'whitespace-nowrap', cell: (i) => i.dueOn },
  { header: 'Status', cell: (i) => <InvoiceStatusBadge status={i.status} /> },
  { header: 'Owed', className: 'tabular-nums', cell: (i) => formatCents(i.openCents) },
];

/**
 * The store's open invoices on account (decision 102), the most overdue first: what trade
 * accounts owe, each opening its order and its customer, where payments are recorded.
 */
export function InvoicesPage() {
  const invoices = useOpenInvoices();
  return (
    <div className="max-w-6xl space-y-4">
      <h2 className="text-xl font-semibold">Open invoices</h2>
      <QueryState
        query={invoices}
        isEmpty={(d) => d.invoices.length === 0}
        empty="No open invoices: every account is paid up."
      >
        {(data) => (
          <>
            <dl className="flex flex-wrap gap-x-6 gap-y-1" data-testid="open-invoices-total">
              <div>
                <dt className="text-sm text-base-content/70">Total open</dt>
                <dd className="text-2xl font-semibold tabular-nums">{formatCents(data.totalOpenCents)}</dd>
              </div>
              <div>
                <dt className="text-sm text-base-content/70">Invoices</dt>
                <dd className="text-2xl font-semibold tabular-nums">{formatNumber(data.invoices.length)}</dd>
              </div>
            </dl>
            <DataTable
              label="Open invoices"
              testId="open-invoices"
              columns={columns}
              rows={data.invoices}
              rowKey={(i) => i.id}
              rowProps={(i) => ({ 'data-invoice-id': i.id })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
