import { formatCents } from '@contract/money';
import { fromWireStatus, orderStatusWords, type WireOrderStatus } from '@contract/orders';
import { asRecord, type ChangeLine, countText, NONE, yesNo } from '@contract/record-words';

/**
 * An order's step taken by staff (shipped, cancelled, refunded), a return's, and a refund, in the
 * order pages' words: "Status: Paid, being packed → Shipped", "Amount: $12.00".
 */

const statusText = (status: unknown) => {
  if (status === null || status === undefined) return NONE;
  try {
    return orderStatusWords[fromWireStatus(status as WireOrderStatus)] ?? String(status);
  } catch {
    return String(status);
  }
};

/** order.shipped, return.approved: the status before and after, the note given (the title names the order). */
export function orderStepLines(before: unknown, after: unknown): ChangeLine[] {
  const a = asRecord(before);
  const b = asRecord(after);
  const lines: ChangeLine[] = [];
  // A return's steps leave the order's status as it was: then the status is shown once.
  if (a.status === b.status) lines.push({ label: 'Status', after: statusText(b.status) });
  else lines.push({ label: 'Status', before: statusText(a.status), after: statusText(b.status) });
  if (b.note) lines.push({ label: 'Note', after: String(b.note) });
  return lines;
}

/** refund.created: how much went back and why; the amounts before it. */
export function refundLines(before: unknown, after: unknown): ChangeLine[] {
  const a = asRecord(before);
  const b = asRecord(after);
  const lines: ChangeLine[] = [{ label: 'Amount', after: formatCents(Number(b.amountCents ?? 0)) }];
  const units = (Array.isArray(b.lines) ? b.lines : []).reduce(
    (n, l) => n + Number(asRecord(l).quantity ?? 0),
    0,
  );
  if (units > 0) lines.push({ label: 'Units refunded', after: countText(units) });
  if (Number(b.shippingCents ?? 0) > 0)
    lines.push({ label: 'Shipping refunded', after: formatCents(Number(b.shippingCents)) });
  if ('restock' in b) lines.push({ label: 'Back on the shelf', after: yesNo(b.restock) });
  if (b.reason) lines.push({ label: 'Reason', after: String(b.reason) });
  if ('paidCents' in a)
    lines.push({
      label: 'Refunded before',
      after: `${formatCents(Number(a.refundedCents ?? 0))} of ${formatCents(Number(a.paidCents))} paid`,
    });
  return lines;
}
