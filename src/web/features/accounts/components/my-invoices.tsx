import {
  ACCOUNT_PAYMENT_METHOD_LABELS,
  type AccountInvoices,
  INVOICE_STATUS_LABELS,
} from '@contract/invoices';
import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import { TableScroll } from '@web/components/ui/table-scroll';
import { orderDate } from '@web/shared/orders/order-parts';
import {
  lastMonth,
  statementUrl,
  useAccountInvoices,
  useTradeAccount,
} from '@web/shared/payment/on-account-calls';
import { useId, useState } from 'react';
import { Link } from 'react-router';

/** A day as the store keeps it (YYYY-MM-DD) in words, the same day wherever the reader is: "Dec 15, 2026". */
export const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A trade account's invoices on account on My Profile (decision 102): its terms and where it
 * stands (limit, balance, what is available, what is overdue and, while it may not order on
 * account, why), each invoice with its order, the payments recorded against them, and a month's
 * statement as a PDF. Read only for a trade account; shown when it has terms or any invoice.
 * Nothing while it loads or when it cannot be read, as the store credit beside it.
 */
export function MyInvoices() {
  const trade = useTradeAccount();
  const invoices = useAccountInvoices(Boolean(trade.data?.trade));
  const data = invoices.data;
  if (!trade.data?.trade || !data) return null;
  if (!data.standing.terms && data.invoices.length === 0 && data.payments.length === 0) return null;
  return (
    <section aria-labelledby="my-invoices-title" className="card bg-base-200" data-testid="my-invoices">
      <div className="card-body min-w-0 gap-4">
        <h3 id="my-invoices-title" className="text-lg font-semibold">
          Invoices on account
        </h3>
        <Standing standing={data.standing} />
        <InvoiceTable invoices={data.invoices} />
        <PaymentList payments={data.payments} />
        <Statement />
      </div>
    </section>
  );
}

function Standing({ standing }: { standing: AccountInvoices['standing'] }) {
  const { terms } = standing;
  const rows: { label: string; value: string; testId: string }[] = [
    { label: 'Terms', value: terms ? `Net ${terms.termsDays} days` : 'None', testId: 'terms' },
    ...(terms
      ? [{ label: 'Credit limit', value: formatCents(terms.creditLimitCents), testId: 'credit-limit' }]
      : []),
    { label: 'Balance', value: formatCents(standing.balanceCents), testId: 'balance' },
    { label: 'Available', value: formatCents(standing.availableCents), testId: 'available' },
    { label: 'Overdue', value: formatCents(standing.overdueCents), testId: 'overdue' },
  ];
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:max-w-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt>{row.label}</dt>
            <dd
              className={`text-end tabular-nums font-medium${
                row.testId === 'overdue' && standing.overdueCents > 0 ? ' text-error' : ''
              }`}
              data-testid={`standing-${row.testId}`}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {standing.stoppedBecause ? (
        <p className="alert alert-warning text-sm" data-testid="standing-stopped">
          {standing.stoppedBecause}
        </p>
      ) : null}
    </>
  );
}

function InvoiceTable({ invoices }: { invoices: AccountInvoices['invoices'] }) {
  if (invoices.length === 0) return <p>No invoices yet.</p>;
  return (
    <TableScroll label="Invoices">
      <table className="table table-sm table-cards">
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Order</th>
            <th scope="col">Issued</th>
            <th scope="col">Due</th>
            <th scope="col">Status</th>
            <th scope="col" className="text-end">
              Amount
            </th>
            <th scope="col" className="text-end">
              Paid
            </th>
            <th scope="col" className="text-end">
              Owed
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((i) => (
            <tr key={i.id} data-testid="invoice-row">
              <th scope="row" className="whitespace-nowrap font-medium" data-label="Invoice">
                {i.invoiceNumber}
              </th>
              <td className="whitespace-nowrap" data-label="Order">
                <Link to={pages.order.path(i.orderId)} className="link">
                  {i.orderNumber}
                </Link>
              </td>
              <td className="whitespace-nowrap" data-label="Issued">
                <time dateTime={i.issuedAt}>{orderDate(i.issuedAt)}</time>
              </td>
              <td className="whitespace-nowrap" data-label="Due">
                <time dateTime={i.dueOn}>{dayText(i.dueOn)}</time>
              </td>
              <td data-label="Status">
                <span
                  className={`badge badge-sm whitespace-nowrap ${
                    i.status === 'overdue'
                      ? 'badge-error'
                      : i.status === 'paid'
                        ? 'badge-success'
                        : 'badge-ghost'
                  }`}
                >
                  {INVOICE_STATUS_LABELS[i.status]}
                </span>
              </td>
              <td className="text-end tabular-nums" data-label="Amount">
                {formatCents(i.amountCents)}
                {i.creditedCents > 0 ? (
                  <span className="block text-xs text-base-content/70">
                    less {formatCents(i.creditedCents)} refunded
                  </span>
                ) : null}
              </td>
              <td className="text-end tabular-nums" data-label="Paid">
                {formatCents(i.paidCents)}
              </td>
              <td className="text-end tabular-nums font-medium" data-label="Owed">
                {formatCents(i.openCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function PaymentList({ payments }: { payments: AccountInvoices['payments'] }) {
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">Payments received</h4>
      {payments.length === 0 ? (
        <p>No payments recorded yet.</p>
      ) : (
        <ul className="divide-y divide-base-300 text-sm" aria-label="Payments received">
          {payments.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2"
              data-testid="account-payment"
            >
              <time dateTime={p.receivedOn} className="text-base-content/70">
                {dayText(p.receivedOn)}
              </time>
              <span className="min-w-0 flex-1 break-words">
                {ACCOUNT_PAYMENT_METHOD_LABELS[p.method]}
                {p.reference ? `, reference ${p.reference}` : ''}
                {p.lines.length > 0 ? (
                  <span className="block text-base-content/70">
                    Paid {p.lines.map((l) => `${l.invoiceNumber} ${formatCents(l.amountCents)}`).join(', ')}
                  </span>
                ) : null}
              </span>
              <span className="tabular-nums font-medium">{formatCents(p.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A month's statement: last month unless another is chosen. */
function Statement() {
  const inputId = useId();
  const [month, setMonth] = useState(() => lastMonth());
  const valid = MONTH.test(month);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          Statement month
        </label>
        <input
          id={inputId}
          type="month"
          className="input input-sm w-44"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
        />
      </div>
      {valid ? (
        <a className="btn btn-sm btn-outline" href={statementUrl(month)} download={`statement-${month}.pdf`}>
          Download statement (PDF)
        </a>
      ) : (
        <p className="text-sm">Choose a month to download its statement.</p>
      )}
    </div>
  );
}
