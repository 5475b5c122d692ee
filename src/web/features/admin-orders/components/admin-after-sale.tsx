import { formatCents, readMoney } from '@contract/money';
import { chargeStatusOf, moneyMachine } from '@contract/money-transitions';
import { offers } from '@contract/order-transitions';
import { type DeskOrder, type Order, type StaffOrderLine, showsMoney } from '@contract/orders';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { TextAreaField, TextField } from '@web/components/ui/text-field';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { openPlaces, useLocations } from '@web/shared/locations/location-calls';
import { chosenLines, coresLeftOf, newIdempotencyKey } from '@web/shared/orders/after-sale';
import { useMay } from '@web/shared/session/access';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  useCancelPaidOrder,
  useCreateShipment,
  useDeskCoreReturn,
  useRefundOrder,
  useRefundQuote,
} from '../api/after-sale-calls';
import type { Tracking } from '../api/tracking-body';
import { trackingBody } from '../api/tracking-body';
import { RefundQuoteSummary } from './refund-quote-summary';
import { NO_TRACKING_YET, type TrackingErrors, TrackingFields, trackingErrors } from './tracking-fields';

/**
 * The admin's after-sale actions on one order: ship some lines as a parcel, cancel a paid order
 * nothing of which shipped, refund lines, shipping or an amount, take old parts in for their core
 * charge. Each opens a dialog whose own button is the confirmation; the server decides what is
 * allowed and its refusal is shown as is.
 */

const errorText = (e: unknown, fallback: string) => (e instanceof Error ? e.message : fallback);

function DialogForm({
  onSubmit,
  onCancel,
  busy,
  error,
  submitLabel,
  danger = false,
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  busy: boolean;
  error: string | null;
  submitLabel: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="space-y-2 py-2" noValidate>
      {children}
      {error ? (
        <p className="text-error text-sm" role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={`btn ${danger ? 'btn-error' : 'btn-primary'}`} disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** A line as the dialogs count it: the customer's order's or the desk's, money or not. */
type Line = Order['lines'][number] | StaffOrderLine;

/** One quantity box per line, from 0 to `max` of that line. */
function LineQuantities({
  order,
  max,
  values,
  onChange,
  legend,
}: {
  order: { lines: readonly Line[] };
  max: (line: Line) => number;
  values: Record<string, number>;
  onChange: (productId: string, quantity: number) => void;
  legend: string;
}) {
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">{legend}</legend>
      {order.lines.map((line) => {
        const most = max(line);
        return (
          <label key={line.productId} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {line.name} <span className="text-base-content/70">({formatNumber(most)} left)</span>
            </span>
            <input
              type="number"
              className="input input-sm w-24"
              min={0}
              max={most}
              step={1}
              inputMode="numeric"
              disabled={most === 0}
              value={values[line.productId] ?? 0}
              onChange={(e) => onChange(line.productId, Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
              aria-label={`Quantity of ${line.name}`}
            />
          </label>
        );
      })}
    </fieldset>
  );
}

type Dialog = 'ship' | 'cancel' | 'refund' | 'cores' | null;

export function AdminAfterSale({ order }: { order: DeskOrder }) {
  const [open, setOpen] = useState<Dialog>(null);
  // A new key each time the refund dialog opens: a double click or a retry of the same dialog
  // answers with the first refund instead of paying twice.
  const [refundKey, setRefundKey] = useState('');
  const lines: readonly Line[] = order.lines;
  const leftToShip = lines.reduce((n, l) => n + l.quantity - l.shippedQuantity, 0);
  const shippable = offers('shipSome', order.status) && leftToShip > 0 && !order.awaitingAddress;
  // Each action only for a role that may take it (contract/roles.ts); the server refuses regardless.
  const mayCancel = useMay('orders.cancel');
  const mayRefund = useMay('refunds.create');
  // Refunds and cancelling are money: only for an order read with it (managers and the owner).
  const money = showsMoney(order) ? order : null;
  const cancellable =
    mayCancel && money !== null && offers('cancelPaid', order.status) && order.shipments.length === 0;
  // The Refund button is the money machine's action from the order's charge status; a charge whose
  // rest is claimed by refunds still pending has nothing to offer until they settle.
  const refundable =
    mayRefund &&
    moneyMachine.offers(chargeStatusOf(order)).includes('refund') &&
    (money?.refundableCents ?? 0) > 0;
  const mayReceive = useMay('returns.receive');
  const coresBack = mayReceive && order.paid && lines.some((l) => coresLeftOf(l) > 0);

  if (!shippable && !cancellable && !refundable && !coresBack) return null;
  return (
    <section aria-labelledby="after-sale-title" className="card bg-base-200 print:hidden">
      <div className="card-body gap-3">
        <h3 id="after-sale-title" className="text-lg font-semibold">
          After the sale
        </h3>
        {order.awaitingAddress ? (
          <p role="status" className="alert alert-info">
            Paid without a shipping address: parcels can be sent once the customer gives one.
          </p>
        ) : null}
        {order.cancelRequestedAt ? (
          <p role="status" className="alert alert-warning">
            The customer asked to cancel this order.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {shippable ? (
            <button type="button" className="btn" onClick={() => setOpen('ship')}>
              Ship some lines
            </button>
          ) : null}
          {refundable ? (
            <button
              type="button"
              className="btn"
              onClick={() => {
                setRefundKey(newIdempotencyKey());
                setOpen('refund');
              }}
            >
              Refund
            </button>
          ) : null}
          {coresBack ? (
            <button type="button" className="btn" onClick={() => setOpen('cores')}>
              Old parts handed in
            </button>
          ) : null}
          {cancellable ? (
            <button type="button" className="btn btn-error btn-outline" onClick={() => setOpen('cancel')}>
              Cancel order
            </button>
          ) : null}
        </div>
        {refundable && money ? (
          <p className="text-sm" data-testid="refundable">
            Still refundable: {formatCents(money.refundableCents)}
          </p>
        ) : null}
      </div>
      {open === 'ship' ? <ShipLinesDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'cancel' && money ? <CancelDialog order={money} onClose={() => setOpen(null)} /> : null}
      {open === 'cores' ? <CoresHandedInDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'refund' && money ? (
        <RefundDialog order={money} idempotencyKey={refundKey} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}

function ShipLinesDialog({ order, onClose }: { order: DeskOrder; onClose: () => void }) {
  const ship = useCreateShipment(order._id);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [tracking, setTracking] = useState<Tracking>(NO_TRACKING_YET);
  const [fieldErrors, setFieldErrors] = useState<TrackingErrors>({});
  const [error, setError] = useState<string | null>(null);
  // The store's open places; with more than one, staff may say where the parcel leaves from.
  const places = openPlaces(useLocations().data);
  const [from, setFrom] = useState('');
  const submit = async () => {
    setError(null);
    const lines = chosenLines(quantities);
    const missing = trackingErrors(tracking);
    setFieldErrors(missing);
    if (lines.length === 0) return setError('Choose at least one line');
    if (Object.keys(missing).length > 0) return;
    try {
      await ship.mutateAsync({
        lines,
        ...trackingBody(tracking),
        ...(from && places.length > 1 ? { locationId: from } : {}),
      });
      toast.success('Parcel shipped');
      onClose();
    } catch (e) {
      setError(errorText(e, 'The parcel could not be shipped.'));
    }
  };
  return (
    <ModalDialog open title={`Ship some lines of ${order.number}`} onClose={onClose}>
      <DialogForm
        onSubmit={() => void submit()}
        onCancel={onClose}
        busy={ship.isPending}
        error={error}
        submitLabel="Ship parcel"
      >
        <LineQuantities
          order={order}
          legend="Units in this parcel"
          max={(l) => l.quantity - l.shippedQuantity - l.refundedQuantity}
          values={quantities}
          onChange={(productId, q) => setQuantities((v) => ({ ...v, [productId]: q }))}
        />
        {places.length > 1 ? (
          <label className="fieldset">
            <span className="fieldset-legend">Ship from</span>
            <select className="select w-full" value={from} onChange={(e) => setFrom(e.target.value)}>
              <option value="">Where most of it is</option>
              {places.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <TrackingFields value={tracking} onChange={setTracking} errors={fieldErrors} />
      </DialogForm>
    </ModalDialog>
  );
}

function CancelDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const cancel = useCancelPaidOrder(order._id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    if (!reason.trim()) return setError('Enter a reason the customer will read');
    try {
      await cancel.mutateAsync(reason.trim());
      toast.success('Order cancelled and refunded');
      onClose();
    } catch (e) {
      setError(errorText(e, 'The order could not be cancelled.'));
    }
  };
  return (
    <ModalDialog open title={`Cancel ${order.number}?`} onClose={onClose}>
      <DialogForm
        onSubmit={() => void submit()}
        onCancel={onClose}
        busy={cancel.isPending}
        error={error}
        submitLabel="Cancel and refund"
        danger
      >
        <p>
          The order is cancelled, its parts go back to stock and {formatCents(order.refundableCents)} is
          refunded to the card. This cannot be undone.
        </p>
        <TextAreaField
          label="Reason (the customer reads it)"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </DialogForm>
    </ModalDialog>
  );
}

function RefundDialog({
  order,
  idempotencyKey,
  onClose,
}: {
  order: Order;
  idempotencyKey: string;
  onClose: () => void;
}) {
  const refund = useRefundOrder(order._id);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [shipping, setShipping] = useState('');
  const [amount, setAmount] = useState('');
  const [restock, setRestock] = useState(false);
  // Given as the customer's store credit instead of to the card (decision 100).
  const [toCredit, setToCredit] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lines = chosenLines(quantities);
  const shippingCents = shipping.trim() ? readMoney(shipping) : 0;
  const amountCents = amount.trim() ? readMoney(amount) : 0;
  // What the dialog holds, when it is something to refund: the store quotes it as it changes.
  const draft =
    shippingCents === undefined ||
    amountCents === undefined ||
    (lines.length === 0 && !shippingCents && !amountCents)
      ? null
      : {
          ...(lines.length ? { lines } : {}),
          ...(shippingCents ? { shippingCents } : {}),
          ...(amountCents ? { amountCents } : {}),
        };
  // Not asked again once the refund is under way: what is left to refund is changing.
  const quote = useRefundQuote(order._id, refund.isPending || refund.isSuccess ? null : draft);
  // Confirmed only with the amount of what the dialog holds now on screen.
  const quoted = draft && quote.isSuccess && quote.fetchStatus === 'idle' ? quote.data : undefined;
  const submit = async () => {
    setError(null);
    if (shippingCents === undefined) return setError('Enter shipping as dollars, like 4.99');
    if (amountCents === undefined) return setError('Enter the amount as dollars, like 10.00');
    if (!draft) return setError('Choose lines, shipping or an amount to refund');
    if (!reason.trim()) return setError('Enter a reason');
    if (!quoted) return setError('Wait for the amount to be worked out');
    try {
      await refund.mutateAsync({
        key: idempotencyKey,
        input: { ...draft, restock, reason: reason.trim(), ...(toCredit ? { toStoreCredit: true } : {}) },
      });
      toast.success(`${formatCents(quoted.amountCents)} refunded${toCredit ? ' as store credit' : ''}`);
      onClose();
    } catch (e) {
      setError(errorText(e, 'The refund could not be made.'));
    }
  };
  return (
    <ModalDialog open title={`Refund ${order.number}`} onClose={onClose}>
      <DialogForm
        onSubmit={() => void submit()}
        onCancel={onClose}
        busy={refund.isPending}
        error={error}
        submitLabel={`Refund${quoted ? ` ${formatCents(quoted.amountCents)}` : ''} ${toCredit ? 'as store credit' : 'to card'}`}
        danger
      >
        <p>
          Still refundable: <strong>{formatCents(order.refundableCents)}</strong>.{' '}
          {toCredit
            ? "It goes to the customer's store credit, for a later order, and cannot be taken back."
            : 'Money goes back to the card and cannot be taken back.'}
        </p>
        <LineQuantities
          order={order}
          legend="Units to refund (with their tax and any core charge not yet given back)"
          max={(l) => l.quantity - l.refundedQuantity}
          values={quantities}
          onChange={(productId, q) => setQuantities((v) => ({ ...v, [productId]: q }))}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            label={`Shipping ($, of ${formatCents(order.amounts.shippingCents)})`}
            value={shipping}
            inputMode="decimal"
            onChange={(e) => setShipping(e.target.value)}
          />
          <TextField
            label="Other amount ($)"
            value={amount}
            inputMode="decimal"
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={restock}
            onChange={(e) => setRestock(e.target.checked)}
          />
          Shipped parts came back: put them on the shelf
        </label>
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={toCredit}
            onChange={(e) => setToCredit(e.target.checked)}
          />
          Give as store credit
        </label>
        <TextAreaField
          label="Reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
        {draft ? (
          <RefundQuoteSummary
            quote={quoted}
            loading={!quoted && !quote.isError}
            error={quote.isError ? quote.error : null}
            toStoreCredit={toCredit}
          />
        ) : null}
      </DialogForm>
    </ModalDialog>
  );
}

/** Old parts handed in at the desk: a core return received there and then, refunded from the returns desk. */
function CoresHandedInDialog({ order, onClose }: { order: DeskOrder; onClose: () => void }) {
  const take = useDeskCoreReturn(order._id);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    const lines = chosenLines(quantities);
    if (lines.length === 0) return setError('Choose at least one old part');
    try {
      await take.mutateAsync({ lines, ...(note.trim() ? { note: note.trim() } : {}) });
      toast.success('Old parts received: refund them from the returns desk');
      onClose();
    } catch (e) {
      setError(errorText(e, 'The old parts could not be taken in.'));
    }
  };
  return (
    <ModalDialog open title={`Old parts of ${order.number}`} onClose={onClose}>
      <DialogForm
        onSubmit={() => void submit()}
        onCancel={onClose}
        busy={take.isPending}
        error={error}
        submitLabel="Take them in"
      >
        <p>Old parts are scrap, not stock. Each one's core charge and its tax are then refunded.</p>
        <LineQuantities
          order={{ lines: (order.lines as readonly Line[]).filter((l) => coresLeftOf(l) > 0) }}
          legend="Old parts handed in"
          max={coresLeftOf}
          values={quantities}
          onChange={(productId, q) => setQuantities((v) => ({ ...v, [productId]: q }))}
        />
        <TextAreaField
          label="Note (optional)"
          value={note}
          maxLength={1000}
          onChange={(e) => setNote(e.target.value)}
        />
      </DialogForm>
    </ModalDialog>
  );
}
