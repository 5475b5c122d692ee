import { TRANSFER_STATUS_LABELS, type Transfer, type TransferStatus } from '@contract/locations';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { DataTable } from '@web/components/ui/data-table';
import { QueryState } from '@web/components/ui/query-state';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useCancelTransfer, useReceiveTransfer, useTransfers } from '@web/shared/locations/location-calls';
import { useId, useState } from 'react';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

const STATUS_BADGE: Record<TransferStatus, string> = {
  in_transit: 'badge-warning',
  received: 'badge-success',
  cancelled: 'badge-ghost',
};

/**
 * Units on their way between places, or every transfer; those with stock.write mark one received
 * or call it off (the units go back where they left). The store decides each step.
 */
export function TransfersSection({ mayMove }: { mayMove: boolean }) {
  const [status, setStatus] = useState<'in_transit' | ''>('in_transit');
  const transfers = useTransfers(status);
  const receive = useReceiveTransfer();
  const cancel = useCancelTransfer();
  const filterId = useId();
  const [receiving, setReceiving] = useState<string | null>(null);
  const cancelling = useConfirmedAction(async (t: Transfer) => {
    await cancel.mutateAsync(t.id);
    return `${t.number} is cancelled: the units are back at ${t.fromLocationName}`;
  }, 'Could not cancel the transfer.');

  const onReceive = async (t: Transfer) => {
    setReceiving(t.id);
    try {
      await receive.mutateAsync(t.id);
      toast.success(`${t.number} is received at ${t.toLocationName}`);
    } catch (error) {
      toast.error(
        error instanceof Error && error.message ? error.message : 'Could not receive the transfer.',
      );
    } finally {
      setReceiving(null);
    }
  };

  return (
    <section aria-labelledby="transfers-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id="transfers-heading" className="text-xl font-semibold">
          Transfers
        </h3>
        <div className="fieldset">
          <label htmlFor={filterId} className="fieldset-legend">
            Show transfers
          </label>
          <select
            id={filterId}
            className="select select-sm"
            value={status}
            onChange={(e) => setStatus(e.target.value as 'in_transit' | '')}
          >
            <option value="in_transit">In transit</option>
            <option value="">All</option>
          </select>
        </div>
      </div>
      <QueryState
        query={transfers}
        isEmpty={(d) => d.length === 0}
        empty={status ? 'No transfers in transit.' : 'No transfers yet.'}
      >
        {(list) => (
          <DataTable
            label="Transfers"
            testId="transfers"
            rows={list}
            rowKey={(t) => t.id}
            columns={[
              { header: 'Transfer', className: 'font-mono whitespace-nowrap', cell: (t) => t.number },
              {
                header: 'Product',
                cell: (t) => (
                  <>
                    {t.productName}
                    {t.sku ? <span className="block font-mono text-xs">{t.sku}</span> : null}
                  </>
                ),
              },
              {
                header: 'From → to',
                cell: (t) => (
                  <>
                    {t.fromLocationName} <span aria-hidden="true">→</span>
                    <span className="sr-only">to</span> {t.toLocationName}
                  </>
                ),
              },
              { header: 'Units', className: 'tabular-nums', cell: (t) => formatNumber(t.quantity) },
              {
                header: 'Status',
                cell: (t) => (
                  <span className={`badge badge-sm whitespace-nowrap ${STATUS_BADGE[t.status]}`}>
                    {TRANSFER_STATUS_LABELS[t.status]}
                  </span>
                ),
              },
              { header: 'Sent', className: 'whitespace-nowrap', cell: (t) => day(t.createdAt) },
              ...(mayMove
                ? [
                    {
                      srHeader: 'Actions',
                      cell: (t: Transfer) =>
                        t.status === 'in_transit' ? (
                          <div className="flex flex-wrap justify-end gap-1">
                            <button
                              type="button"
                              className="btn btn-xs btn-primary"
                              aria-label={`Mark received ${t.number}`}
                              disabled={receiving === t.id}
                              onClick={() => void onReceive(t)}
                            >
                              Mark received
                            </button>
                            <button
                              type="button"
                              className="btn btn-xs btn-outline btn-error"
                              aria-label={`Cancel transfer ${t.number}`}
                              onClick={() => cancelling.ask(t)}
                            >
                              Cancel transfer
                            </button>
                          </div>
                        ) : null,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </QueryState>
      <ConfirmDialog
        {...cancelling.dialog}
        title={`Cancel ${cancelling.item?.number ?? 'this transfer'}?`}
        confirmLabel="Cancel transfer"
      >
        <p>
          The units go back to {cancelling.item?.fromLocationName}. {cancelling.item?.toLocationName} will not
          receive them.
        </p>
      </ConfirmDialog>
    </section>
  );
}
