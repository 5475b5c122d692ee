import {
  ACCOUNT_PAYMENT_METHOD_LABELS,
  type AccountInvoice,
  type AccountInvoices,
  type AccountPayment,
  type AccountPaymentInput,
  type AccountPaymentMethod,
  accountPaymentMethods,
} from '@contract/invoices';
import { formatCents, readMoney, sum } from '@contract/money';
import { pages } from '@contract/pages';
import { type Column, DataTable } from '@web/components/ui/data-table';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { toast } from '@web/lib/toast';
import { useMay } from '@web/shared/session/access';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { statementHref, useCustomerInvoices, useRecordPayment } from '../api/invoice-calls';
import { InvoiceStatusBadge } from './invoice-status-badge';

const pad = (n: number) => String(n).padStart(2, '0');
/** Today on this device's calendar, as YYYY-MM-DD. */
export const todayOn = (now: Date) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
/** The month before this one on this device's calendar, as YYYY-MM. */
export const lastMonthOf = (now: Date) =>
  now.getMonth() === 0 ? `${now.getFullYear() - 1}-12` : `${now.getFullYear()}-${pad(now.getMonth())}`;

const invoiceColumns: Column<AccountInvoice>[] = [
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
  { header: 'Issued', className: 'whitespace-nowrap', cell: (i) => i.issuedAt.slice(0, 10) },
  { header: 'Due', className: 'whitespace-nowrap', cell: (i) => i.dueOn },
  { header: 'Status', cell: (i) => <InvoiceStatusBadge status={i.status} /> },
  { header: 'Amount', className: 'tabular-nums', cell: (i) => formatCents(i.amountCents) },
  {
    header: 'Credited',
    className: 'tabular-nums',
    cell: (i) => (i.creditedCents ? formatCents(i.creditedCents) : '—'),
  },
  { header: 'Paid', className: 'tabular-nums', cell: (i) => (i.paidCents ? formatCents(i.paidCents) : '—') },
  { header: 'Owed', className: 'tabular-nums', cell: (i) => formatCents(i.openCents) },
];

const paymentColumns: Column<AccountPayment>[] = [
  { header: 'Received', rowHeader: true, className: 'whitespace-nowrap', cell: (p) => p.receivedOn },
  { header: 'Method', cell: (p) => ACCOUNT_PAYMENT_METHOD_LABELS[p.method] },
  { header: 'Amount', className: 'tabular-nums', cell: (p) => formatCents(p.amountCents) },
  { header: 'Reference', className: 'break-words', cell: (p) => p.reference ?? '—' },
  {
    header: 'Paid on',
    cell: (p) => (
      <ul>
        {p.lines.map((l) => (
          <li key={l.invoiceId} className="whitespace-nowrap">
            {l.invoiceNumber}: {formatCents(l.amountCents)}
          </li>
        ))}
      </ul>
    ),
  },
];

/** Where the account stands: its terms, what it owes, what it may still order, and why not. */
function Standing({ standing }: { standing: AccountInvoices['standing'] }) {
  const figures: [string, string][] = [
    ['Credit limit', standing.terms ? formatCents(standing.terms.creditLimitCents) : 'No terms'],
    ['Terms', standing.terms ? `Net ${standing.terms.termsDays}` : '—'],
    ['Balance', formatCents(standing.balanceCents)],
    ['Available', formatCents(standing.availableCents)],
    ['Overdue', formatCents(standing.overdueCents)],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="account-standing">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-box bg-base-200 p-3">
            <dt className="text-sm text-base-content/70">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {standing.stoppedBecause ? (
        <p role="note" className="alert alert-warning text-sm">
          Orders on account are stopped: {standing.stoppedBecause}
        </p>
      ) : null}
    </>
  );
}

/** A month's statement of the account, as a PDF: last month unless another is chosen. */
function Statement({ customerId }: { customerId: string }) {
  const [month, setMonth] = useState(() => lastMonthOf(new Date()));
  const id = useId();
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="statement">
      <div className="fieldset">
        <label htmlFor={`${id}-month`} className="fieldset-legend">
          Statement month
        </label>
        <input
          id={`${id}-month`}
          type="month"
          className="input"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
        />
      </div>
      {valid ? (
        <a className="btn btn-sm mb-1" href={statementHref(customerId, month)} download>
          Download the statement of {month}
        </a>
      ) : null}
    </div>
  );
}

/**
 * A payment received (card by phone, check, bank transfer): it pays the oldest open invoices first,
 * or the amounts given on each. The store checks the sums and refuses too much, in words.
 */
function RecordPayment({ customerId, open }: { customerId: string; open: AccountInvoice[] }) {
  const record = useRecordPayment(customerId);
  const [method, setMethod] = useState<AccountPaymentMethod>('check');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => todayOn(new Date()));
  const [perInvoice, setPerInvoice] = useState(false);
  const [lines, setLines] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const inputOf = (): AccountPaymentInput | string => {
    const amountCents = readMoney(amount);
    if (amountCents === undefined || amountCents < 1)
      return 'Enter the amount received in dollars, like 250.00.';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(receivedOn)) return 'Give the day it was received.';
    const input: AccountPaymentInput = { method, amountCents, receivedOn };
    if (reference.trim()) input.reference = reference.trim();
    if (perInvoice) {
      const paid = [];
      for (const invoice of open) {
        const text = lines[invoice.id]?.trim() ?? '';
        if (!text) continue;
        const cents = readMoney(text);
        if (cents === undefined)
          return `Enter the amount paid on ${invoice.invoiceNumber} in dollars, like 120.00.`;
        if (cents > 0) paid.push({ invoiceId: invoice.id, amountCents: cents });
      }
      if (paid.length === 0) return 'Give the amount paid on at least one invoice.';
      if (sum(paid.map((l) => l.amountCents)) !== amountCents)
        return `The invoices paid must add up to the payment (${formatCents(amountCents)}).`;
      input.lines = paid;
    }
    return input;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf();
    if (typeof input === 'string') {
      setProblem(input);
      return;
    }
    setProblem(null);
    try {
      await record.mutateAsync(input);
      toast.success(`Payment of ${formatCents(input.amountCents)} recorded`);
      setAmount('');
      setReference('');
      setLines({});
      setPerInvoice(false);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The payment could not be recorded.');
    }
  };

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-box border border-base-300 p-3"
      onSubmit={onSubmit}
      noValidate
    >
      <h4 id={`${id}-title`} className="font-semibold">
        Record payment
      </h4>
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="fieldset">
          <label htmlFor={`${id}-method`} className="fieldset-legend">
            Method
          </label>
          <select
            id={`${id}-method`}
            className="select w-full"
            value={method}
            onChange={(e) => setMethod(e.target.value as AccountPaymentMethod)}
          >
            {accountPaymentMethods.map((m) => (
              <option key={m} value={m}>
                {ACCOUNT_PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <div className="fieldset">
          <label htmlFor={`${id}-amount`} className="fieldset-legend">
            Amount ($)
          </label>
          <input
            id={`${id}-amount`}
            className="input w-full"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="fieldset">
          <label htmlFor={`${id}-reference`} className="fieldset-legend">
            Reference (optional)
          </label>
          <input
            id={`${id}-reference`}
            className="input w-full"
            maxLength={80}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
        <div className="fieldset">
          <label htmlFor={`${id}-received`} className="fieldset-legend">
            Received on
          </label>
          <input
            id={`${id}-received`}
            type="date"
            className="input w-full"
            value={receivedOn}
            onChange={(e) => setReceivedOn(e.target.value)}
          />
        </div>
      </div>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox"
          checked={perInvoice}
          onChange={(e) => setPerInvoice(e.target.checked)}
        />
        <span>Choose the amount paid on each invoice (otherwise the oldest are paid first)</span>
      </label>
      {perInvoice ? (
        <fieldset className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="font-medium">Paid on each invoice</legend>
          {open.map((invoice) => (
            <div key={invoice.id} className="fieldset">
              <label htmlFor={`${id}-line-${invoice.id}`} className="fieldset-legend">
                Paid on {invoice.invoiceNumber} ($)
              </label>
              <input
                id={`${id}-line-${invoice.id}`}
                className="input w-full"
                inputMode="decimal"
                value={lines[invoice.id] ?? ''}
                onChange={(e) => setLines((l) => ({ ...l, [invoice.id]: e.target.value }))}
              />
              <p className="text-sm text-base-content/70">Owes {formatCents(invoice.openCents)}</p>
            </div>
          ))}
        </fieldset>
      ) : null}
      <FormError message={problem} />
      <SubmitButton busy={record.isPending}>Record payment</SubmitButton>
    </form>
  );
}

/**
 * A trade account's invoices on account on its customer's page (decision 102): where it stands,
 * its invoices and the payments against them, its monthly statement, and (for those who record
 * payments) a form to record one. Shown only to an account with terms or invoices.
 */
export function AccountInvoicesSection({ customerId }: { customerId: string }) {
  const invoices = useCustomerInvoices(customerId);
  const mayRecord = useMay('invoices.write');
  const id = useId();
  if (invoices.isError)
    return <p role="alert">The invoices on account could not be loaded. Reload the page to try again.</p>;
  const data = invoices.data;
  if (!data) return null;
  if (data.standing.terms === null && data.invoices.length === 0 && data.payments.length === 0) return null;
  const open = data.invoices.filter((i) => i.openCents > 0);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-testid="account-invoices">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Invoices on account
      </h3>
      <Standing standing={data.standing} />
      {data.invoices.length === 0 ? (
        <p role="status" className="text-base-content/70">
          No invoices yet.
        </p>
      ) : (
        <DataTable
          label="Invoices on account"
          testId="account-invoice-list"
          columns={invoiceColumns}
          rows={data.invoices}
          rowKey={(i) => i.id}
        />
      )}
      <h4 className="font-semibold">Payments</h4>
      {data.payments.length === 0 ? (
        <p role="status" className="text-base-content/70">
          No payments recorded.
        </p>
      ) : (
        <DataTable
          label="Payments on account"
          testId="account-payment-list"
          columns={paymentColumns}
          rows={data.payments}
          rowKey={(p) => p.id}
        />
      )}
      <Statement customerId={customerId} />
      {mayRecord && open.length > 0 ? <RecordPayment customerId={customerId} open={open} /> : null}
    </section>
  );
}
