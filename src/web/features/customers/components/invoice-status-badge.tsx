import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@contract/invoices';

const tone: Record<InvoiceStatus, string> = {
  open: 'badge-info',
  overdue: 'badge-error',
  paid: 'badge-success',
};

/** An invoice's status in words, coloured (the words carry it; the colour only helps). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${tone[status]}`}>
      {INVOICE_STATUS_LABELS[status]}
    </span>
  );
}
