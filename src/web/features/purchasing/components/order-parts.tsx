import { type PurchaseOrderStatus, purchaseOrderStatusWords } from '@contract/purchasing';

export const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const badge: Record<PurchaseOrderStatus, string> = {
  draft: 'badge-ghost',
  sent: 'badge-info',
  partly_received: 'badge-warning',
  received: 'badge-success',
  closed: 'badge-neutral',
  cancelled: 'badge-error badge-outline',
};

/** An order's status in the pages' words. */
export function PoStatus({ status }: { status: PurchaseOrderStatus }) {
  return (
    <span className={`badge ${badge[status]} whitespace-nowrap`}>{purchaseOrderStatusWords[status]}</span>
  );
}

/** "PO-1042", whether the number came as "1042" or already as "PO-1042". */
export const poName = (number: string) => (number.startsWith('PO-') ? number : `PO-${number}`);
