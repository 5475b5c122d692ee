import {
  type ClaimVehicle,
  type Return,
  type ReturnInput,
  type ReturnReason,
  returnLineReasonWords,
  returnReasons,
  returnReasonWords,
  wrongListing,
} from '@contract/after-sale';
import { vehicleLabel } from '@contract/catalog.constants';
import { formatCents } from '@contract/money';
import { offers } from '@contract/order-transitions';
import type { Order } from '@contract/orders';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { TextAreaField } from '@web/components/ui/text-field';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { coresLeftOf } from '@web/shared/orders/after-sale';
import { orderDate } from '@web/shared/orders/order-parts';
import { lineName } from '@web/shared/orders/shipments-refunds';
import { useState } from 'react';
import {
  useOrderReturns,
  useRequestCancellation,
  useRequestCoreReturn,
  useRequestReturn,
} from '../api/after-sale-calls';
import { ClaimVehicleField } from './claim-vehicle-field';

/**
 * What a customer may ask after paying: to cancel an order that has not shipped, to return parts
 * that have (quantity and reason per line; a part that does not fit names the vehicle), to send
 * old parts back for their core charge, and where each return stands. The server holds the rules
 * (the return window, what is left to return).
 */
export function CustomerAfterSale({ order }: { order: Order }) {
  const [open, setOpen] = useState<'cancel' | 'return' | 'core' | null>(null);
  const returns = useOrderReturns(order._id, order.shipments.length > 0);
  const canAskCancel =
    offers('askToCancel', order.status) && order.shipments.length === 0 && !order.cancelRequestedAt;
  const canReturn = order.lines.some((l) => l.shippedQuantity - l.returnedQuantity > 0);
  const canReturnCores = order.lines.some((l) => coresLeftOf(l) > 0);
  return (
    <section aria-labelledby="after-sale-title" className="space-y-3 print:hidden">
      <h3 id="after-sale-title" className="text-lg font-semibold">
        Cancel or return
      </h3>
      {order.cancelRequestedAt ? (
        <p role="status">
          You asked to cancel this order on {orderDate(order.cancelRequestedAt)}. We will email you when it is
          decided.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canAskCancel ? (
          <button type="button" className="btn" onClick={() => setOpen('cancel')}>
            Ask to cancel
          </button>
        ) : null}
        {canReturn ? (
          <button type="button" className="btn" onClick={() => setOpen('return')}>
            Return parts
          </button>
        ) : null}
        {canReturnCores ? (
          <button type="button" className="btn" onClick={() => setOpen('core')}>
            Return old parts for the core charge
          </button>
        ) : null}
      </div>
      {!canAskCancel &&
      !canReturn &&
      !canReturnCores &&
      !order.cancelRequestedAt &&
      order.shipments.length === 0 ? (
        <p className="text-base-content/70">Nothing to cancel or return on this order.</p>
      ) : null}
      {order.shipments.length > 0 ? (
        <div className="space-y-2">
          <h4 className="font-semibold">Returns</h4>
          <QueryState query={returns} empty={<p className="text-base-content/70">No returns.</p>}>
            {(list) => <ReturnList order={order} returns={list} />}
          </QueryState>
        </div>
      ) : null}
      {open === 'cancel' ? <AskCancelDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'return' ? <CustomerReturnDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'core' ? <CoreReturnDialog order={order} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function AskCancelDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const ask = useRequestCancellation(order._id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await ask.mutateAsync(reason);
      toast.success('We got your request to cancel');
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The request could not be sent.');
    }
  };
  return (
    <ModalDialog open title={`Ask to cancel ${order.number}?`} onClose={onClose}>
      <form onSubmit={submit} className="space-y-2 py-2" noValidate>
        <p>The store decides; if it cancels, everything you paid goes back to your card.</p>
        <TextAreaField
          label="Why (optional)"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
        {error ? (
          <p className="text-error text-sm" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose} disabled={ask.isPending}>
            Keep my order
          </button>
          <button type="submit" className="btn btn-primary" disabled={ask.isPending}>
            Ask to cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

interface LineChoice {
  quantity: number;
  reason: ReturnReason | '';
}

/** Where each of an order's returns stands, oldest first. */
export function ReturnList({ order, returns }: { order: Order; returns: Return[] }) {
  if (returns.length === 0) return <p className="text-base-content/70">No returns.</p>;
  return (
    <ol className="space-y-2" data-testid="returns">
      {returns.map((r) => (
        <li key={r.id} className="rounded-box border border-base-300 p-3">
          <p className="font-medium">
            {r.statusText} · <time dateTime={r.at}>{orderDate(r.at)}</time>
          </p>
          <ul className="list-disc ps-5 text-sm">
            {r.lines.map((l) => (
              <li key={l.productId}>
                {formatNumber(l.quantity)} × {lineName(order, l.productId)}: {returnLineReasonWords[l.reason]}
              </li>
            ))}
          </ul>
          {r.vehicle && r.fitClaims.some(wrongListing) ? (
            <p className="text-sm">
              Our listing said it fits your {vehicleLabel(r.vehicle)}: no restocking fee on that part.
            </p>
          ) : null}
          {r.adminNote ? <p className="text-sm">From the store: {r.adminNote}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function CustomerReturnDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const send = useRequestReturn(order._id);
  return <ReturnDialog order={order} onClose={onClose} send={send.mutateAsync} signedIn />;
}

/**
 * Shipped parts to send back: quantity and reason per line, the vehicle a part did not fit (from My
 * Garage, its VIN or the store's lists; never typed). `send` asks the store (a customer's call, or
 * a guest's with the order's key, `signedIn` false: the garage is then this browser's); its refusal
 * is shown.
 */
export function ReturnDialog({
  order,
  onClose,
  send,
  signedIn = false,
}: {
  order: Order;
  onClose: () => void;
  send: (input: ReturnInput) => Promise<unknown>;
  signedIn?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [vehicle, setVehicle] = useState<ClaimVehicle | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const returnable = order.lines.filter((l) => l.shippedQuantity - l.returnedQuantity > 0);
  const chosen = Object.entries(choices).filter(([, c]) => c.quantity > 0);
  const needsVehicle = chosen.some(([, c]) => c.reason === 'does_not_fit');
  const update = (productId: string, change: Partial<LineChoice>) =>
    setChoices((all) => ({ ...all, [productId]: { quantity: 0, reason: '', ...all[productId], ...change } }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (chosen.length === 0) return setError('Choose at least one line');
    if (chosen.some(([, c]) => !c.reason)) return setError('Choose why it comes back');
    if (needsVehicle && !vehicle) return setError('Tell us which vehicle the part did not fit');
    setBusy(true);
    try {
      await send({
        lines: chosen.map(([productId, c]) => ({
          productId,
          quantity: c.quantity,
          reason: c.reason as ReturnReason,
        })),
        ...(needsVehicle && vehicle ? { vehicle } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      toast.success('Return requested');
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The return could not be requested.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog open title={`Return parts of ${order.number}`} onClose={onClose}>
      <form onSubmit={submit} className="space-y-3 py-2" noValidate>
        {returnable.map((line) => {
          const left = line.shippedQuantity - line.returnedQuantity;
          const c = choices[line.productId] ?? { quantity: 0, reason: '' };
          return (
            <fieldset key={line.productId} className="fieldset rounded-box border border-base-300 p-2">
              <legend className="fieldset-legend">
                {line.name} ({formatNumber(left)} shipped)
              </legend>
              <label className="flex items-center justify-between gap-2">
                Quantity to return
                <input
                  type="number"
                  className="input input-sm w-24"
                  min={0}
                  max={left}
                  step={1}
                  inputMode="numeric"
                  value={c.quantity}
                  onChange={(e) =>
                    update(line.productId, {
                      quantity: Math.min(left, Math.max(0, Math.trunc(Number(e.target.value) || 0))),
                    })
                  }
                />
              </label>
              <label className="flex flex-wrap items-center justify-between gap-2">
                Reason
                <select
                  className="select select-sm w-56"
                  value={c.reason}
                  onChange={(e) => update(line.productId, { reason: e.target.value as ReturnReason })}
                >
                  <option value="">Choose a reason</option>
                  {returnReasons.map((r) => (
                    <option key={r} value={r}>
                      {returnReasonWords[r]}
                    </option>
                  ))}
                </select>
              </label>
            </fieldset>
          );
        })}
        {needsVehicle ? (
          <ClaimVehicleField
            signedIn={signedIn}
            onChange={(chosen) => {
              setVehicle(chosen);
              // The question "which vehicle" is answered once one is chosen.
              if (chosen) setError(null);
            }}
          />
        ) : null}
        <TextAreaField
          label="Note (optional)"
          value={note}
          maxLength={1000}
          onChange={(e) => setNote(e.target.value)}
        />
        {error ? (
          <p className="text-error text-sm" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Ask to return
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Old parts sent back for their core charge: how many of each line that had one. */
function CoreReturnDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const send = useRequestCoreReturn(order._id);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const lines = order.lines.filter((l) => coresLeftOf(l) > 0);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const chosen = Object.entries(quantities).filter(([, q]) => q > 0);
    if (chosen.length === 0) return setError('Choose at least one old part');
    try {
      await send.mutateAsync({ lines: chosen.map(([productId, quantity]) => ({ productId, quantity })) });
      toast.success('Core return noted: send the old parts back');
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The core return could not be sent.');
    }
  };
  return (
    <ModalDialog open title={`Return old parts of ${order.number}`} onClose={onClose}>
      <form onSubmit={submit} className="space-y-3 py-2" noValidate>
        <p>
          Send the old parts back with your order number in the parcel. Each one brings back its core charge
          and the tax charged on it once it arrives.
        </p>
        {lines.map((line) => {
          const left = coresLeftOf(line);
          return (
            <label key={line.productId} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {line.name}{' '}
                <span className="text-base-content/70">
                  ({formatCents(line.coreChargeCents)} each, up to {formatNumber(left)})
                </span>
              </span>
              <input
                type="number"
                className="input input-sm w-24"
                min={0}
                max={left}
                step={1}
                inputMode="numeric"
                value={quantities[line.productId] ?? 0}
                aria-label={`Old parts of ${line.name}`}
                onChange={(e) =>
                  setQuantities((all) => ({
                    ...all,
                    [line.productId]: Math.min(left, Math.max(0, Math.trunc(Number(e.target.value) || 0))),
                  }))
                }
              />
            </label>
          );
        })}
        {error ? (
          <p className="text-error text-sm" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose} disabled={send.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            Send old parts back
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
