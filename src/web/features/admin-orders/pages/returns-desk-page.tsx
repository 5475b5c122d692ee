import {
  type Return,
  type ReturnStatus,
  returnLineReasonWords,
  returnStatuses,
  returnStatusWords,
  wrongListing,
} from '@contract/after-sale';
import { vehicleLabel } from '@contract/catalog.constants';
import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import { returnMachine } from '@contract/return-transitions';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { TextAreaField } from '@web/components/ui/text-field';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useOrderDetails } from '@web/shared/orders/order-details';
import { orderDate } from '@web/shared/orders/order-parts';
import { useMay } from '@web/shared/session/access';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  useDecideReturn,
  useManageReturns,
  useReceiveReturn,
  useRefundReturn,
  useReturnRefundQuote,
} from '../api/return-desk-calls';
import { FitClaimPanel } from '../components/fit-claim-panel';
import { RefundQuoteSummary } from '../components/refund-quote-summary';

/**
 * The returns desk: customers' returns, newest first, by status. A requested return is approved
 * or refused with a note the customer reads; an approved one is received line by line (back on
 * the shelf or written off); a received one is refunded through the card provider. A core return
 * (old parts for their core charge) is received without touching stock and refunded the same way.
 */
export function ManageReturnsPage() {
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const returns = useManageReturns(status);
  return (
    <div className="space-y-4">
      <h2 className="text-2xl font-semibold">Returns</h2>
      <div className="fieldset max-w-xs">
        <label htmlFor="return-status" className="fieldset-legend">
          Show
        </label>
        <select
          id="return-status"
          className="select w-full"
          value={status}
          onChange={(e) => setStatus(e.target.value as ReturnStatus | '')}
        >
          <option value="">Every return</option>
          {returnStatuses.map((s) => (
            <option key={s} value={s}>
              {returnStatusWords[s]}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={returns} empty="No returns here." isEmpty={(list) => list.length === 0}>
        {(list) => (
          <ol className="space-y-4" data-testid="returns-desk">
            {list.map((r) => (
              <ReturnCard key={r.id} item={r} />
            ))}
          </ol>
        )}
      </QueryState>
    </div>
  );
}

function ReturnCard({ item }: { item: Return }) {
  const order = useOrderDetails(item.orderId, true);
  const decide = useDecideReturn();
  const receive = useReceiveReturn();
  const refund = useRefundReturn();
  // Staff receive returns; deciding and refunding them is for managers and the owner.
  const mayDecide = useMay('returns.decide');
  const mayRefund = useMay('refunds.create');
  const [note, setNote] = useState('');
  const [outcomes, setOutcomes] = useState<Record<string, 'restock' | 'damaged'>>({});
  // What the dialog asks stays set while it closes, so its words do not change as it fades out.
  const [asking, setAsking] = useState<'approve' | 'refuse' | 'receive' | 'refund'>('approve');
  const [open, setOpen] = useState(false);
  // The refund given as store credit rather than to the card (decision 100).
  const [toCredit, setToCredit] = useState(false);
  // What the refund gives back, worked out by the store when its dialog opens; not asked again
  // once the refund is under way (the return is then no longer waiting for one).
  const quote = useReturnRefundQuote(
    item.id,
    open && asking === 'refund' && !refund.isPending && !refund.isSuccess,
  );
  const quoted = quote.isSuccess && quote.fetchStatus === 'idle' ? quote.data : undefined;
  const ask = (action: typeof asking) => {
    setAsking(action);
    setToCredit(false);
    setOpen(true);
  };
  const [error, setError] = useState<string | null>(null);
  const name = (productId: string) =>
    order.data?.lines.find((l) => l.productId === productId)?.name ?? 'Loading…';
  const busy = decide.isPending || receive.isPending || refund.isPending;
  const headingId = `return-${item.id}`;
  const core = item.kind === 'core';
  // The buttons are the return machine's actions from this status (the server applies the same table).
  const offered = returnMachine.offers(item.status);

  const run = async () => {
    setError(null);
    try {
      if (asking === 'approve' || asking === 'refuse') {
        await decide.mutateAsync({ id: item.id, approve: asking === 'approve', note });
        toast.success(asking === 'approve' ? 'Return approved' : 'Return refused');
      } else if (asking === 'receive') {
        await receive.mutateAsync({
          id: item.id,
          // Old parts are scrap, never stock: a core return names no outcome.
          lines: core
            ? undefined
            : item.lines.map((l) => ({
                productId: l.productId,
                outcome: outcomes[l.productId] ?? 'restock',
              })),
        });
        toast.success(core ? 'Old parts received' : 'Parts received');
      } else if (asking === 'refund') {
        await refund.mutateAsync({ id: item.id, toStoreCredit: toCredit });
        toast.success(toCredit ? 'Return refunded as store credit' : 'Return refunded');
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : 'That did not work.');
    }
    setOpen(false);
  };

  return (
    <li className="card bg-base-200" aria-labelledby={headingId}>
      <div className="card-body gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-lg font-semibold">
            {core ? 'Core return of' : 'Return of'}{' '}
            <Link className="link" to={pages.manageOrder.path(item.orderId)}>
              {item.orderNumber}
            </Link>
          </h3>
          <span className="badge h-auto">{item.statusText}</span>
        </div>
        <p className="text-sm text-base-content/70">
          Asked <time dateTime={item.at}>{orderDate(item.at)}</time>
        </p>
        <ul className="space-y-2">
          {item.lines.map((l) => (
            <li key={l.productId} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {formatNumber(l.quantity)} × {name(l.productId)}: {returnLineReasonWords[l.reason]}
                {l.outcome ? ` (${l.outcome === 'restock' ? 'back on the shelf' : 'written off'})` : ''}
              </span>
              {offered.includes('receive') && !core ? (
                <label className="flex items-center gap-2 text-sm">
                  On arrival
                  <select
                    className="select select-sm"
                    value={outcomes[l.productId] ?? 'restock'}
                    onChange={(e) =>
                      setOutcomes((o) => ({ ...o, [l.productId]: e.target.value as 'restock' | 'damaged' }))
                    }
                    aria-label={`What happens to ${name(l.productId)}`}
                  >
                    <option value="restock">Back on the shelf</option>
                    <option value="damaged">Write off (damaged)</option>
                  </select>
                </label>
              ) : null}
            </li>
          ))}
        </ul>
        {item.vehicle && item.fitClaims.length === 0 ? (
          <p className="text-sm">Vehicle: {vehicleLabel(item.vehicle)}</p>
        ) : null}
        <FitClaimPanel item={item} name={name} />
        {item.note ? <p className="text-sm">Customer's note: {item.note}</p> : null}
        {item.adminNote ? <p className="text-sm">Our note: {item.adminNote}</p> : null}
        {offered.includes('approve') || offered.includes('refuse') ? (
          <TextAreaField
            label="Note to the customer (optional)"
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
          />
        ) : null}
        {error ? (
          <p className="text-error text-sm" role="alert">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {offered.includes('approve') && mayDecide ? (
            <button type="button" className="btn btn-primary" onClick={() => ask('approve')}>
              Approve
            </button>
          ) : null}
          {offered.includes('refuse') && mayDecide ? (
            <button type="button" className="btn btn-error btn-outline" onClick={() => ask('refuse')}>
              Refuse
            </button>
          ) : null}
          {offered.includes('receive') ? (
            <button type="button" className="btn btn-primary" onClick={() => ask('receive')}>
              Mark received
            </button>
          ) : null}
          {offered.includes('refund') && mayRefund ? (
            <button type="button" className="btn btn-primary" onClick={() => ask('refund')}>
              Refund this return
            </button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={open}
        title={
          asking === 'approve'
            ? `Approve the return of ${item.orderNumber}?`
            : asking === 'refuse'
              ? `Refuse the return of ${item.orderNumber}?`
              : asking === 'receive'
                ? `Mark the return of ${item.orderNumber} received?`
                : `Refund the return of ${item.orderNumber}?`
        }
        confirmLabel={
          asking === 'approve'
            ? 'Approve return'
            : asking === 'refuse'
              ? 'Refuse return'
              : asking === 'receive'
                ? 'Mark received'
                : `Refund${quoted ? ` ${formatCents(quoted.amountCents)}` : ''} ${toCredit ? 'as store credit' : 'to card'}`
        }
        busy={busy}
        confirmDisabled={asking === 'refund' && !quoted}
        onConfirm={() => void run()}
        onCancel={() => setOpen(false)}
      >
        <p>
          {asking === 'receive'
            ? core
              ? 'The old parts are counted as back; they do not go into stock.'
              : 'Parts marked for the shelf go back into stock; written-off parts do not.'
            : asking === 'refund'
              ? core
                ? 'The core charge of each old part and the tax charged on it go back to the card. This cannot be undone.'
                : item.fitClaims.some(wrongListing)
                  ? 'The returned parts are refunded to the card. No restocking fee on a part whose listing said it fits; any other part pays it. This cannot be undone.'
                  : 'The returned parts are refunded to the card, less any restocking fee. This cannot be undone.'
              : 'The customer is told by email.'}
        </p>
        {asking === 'refund' && open ? (
          <label className="mt-3 flex cursor-pointer items-center gap-2 whitespace-normal">
            <input
              type="checkbox"
              className="checkbox"
              checked={toCredit}
              disabled={busy}
              onChange={(e) => setToCredit(e.target.checked)}
            />
            <span className="text-base-content">Give as store credit</span>
          </label>
        ) : null}
        {asking === 'refund' && open ? (
          <div className="mt-3">
            <RefundQuoteSummary
              quote={quoted}
              loading={!quoted && !quote.isError}
              error={quote.isError ? quote.error : null}
              toStoreCredit={toCredit}
            />
          </div>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}
