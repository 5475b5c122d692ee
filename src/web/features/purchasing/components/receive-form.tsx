import { overReceived, type PurchaseOrder, type ReceiptInput } from '@contract/purchasing';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextAreaField } from '@web/components/ui/text-field';
import { formatNumber } from '@web/lib/format';
import { openPlaces, useLocations } from '@web/shared/locations/location-calls';
import { type FormEvent, useState } from 'react';
import { type Problem, problemOf } from './server-problem';

/**
 * A delivery counted in: one count per line (what is still to come, to begin with) and a note. A
 * count that takes a line over what was ordered is said beside the line, and the note is then
 * asked for before anything is sent (the contract's `overReceived`).
 */
export function ReceiveForm({
  order,
  onReceive,
  onCancel,
}: {
  order: PurchaseOrder;
  onReceive: (input: ReceiptInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [counts, setCounts] = useState(() =>
    order.lines.map((l) => String(Math.max(0, l.quantity - l.receivedQuantity))),
  );
  const [note, setNote] = useState('');
  // With more than one open place, the delivery is counted into the one chosen (the first, to begin with).
  const places = openPlaces(useLocations().data);
  const [chosenPlace, setPlace] = useState('');
  const place = places.find((p) => p.id === chosenPlace)?.id ?? places[0]?.id ?? '';
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const numbers = counts.map((c) => (c.trim() === '' ? Number.NaN : Number(c)));
  const over = order.lines.map((l, i) => Number.isInteger(numbers[i]) && overReceived(l, numbers[i] ?? 0));
  const anyOver = over.some(Boolean);
  const noteNeeded = anyOver && note.trim() === '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const bad = order.lines.findIndex((_, i) => {
      const n = numbers[i] ?? Number.NaN;
      return !Number.isInteger(n) || n < 0;
    });
    if (bad >= 0)
      return setProblem({
        message: `Give the units counted of ${order.lines[bad]?.productName} as a whole number`,
        fields: {},
      });
    if (noteNeeded)
      return setProblem({
        message: 'Say in the note why units over what was ordered are kept',
        fields: { note: 'Required when a line comes in over what was ordered' },
      });
    setProblem(null);
    setBusy(true);
    try {
      await onReceive({
        lines: order.lines.map((l, i) => ({ lineNo: l.lineNo, quantity: numbers[i] ?? 0 })),
        note,
        ...(places.length > 1 && place ? { locationId: place } : {}),
      });
    } catch (e) {
      setProblem(problemOf(e, 'The delivery could not be received.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Receive delivery" className="space-y-3">
      {places.length > 1 ? (
        <label className="fieldset max-w-sm">
          <span className="fieldset-legend">Count into</span>
          <select className="select w-full" value={place} onChange={(e) => setPlace(e.target.value)}>
            {places.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {problem?.fields.locationId ? (
            <span role="alert" className="text-sm text-error">
              {problem.fields.locationId}
            </span>
          ) : null}
        </label>
      ) : null}
      <ul className="space-y-2" aria-label="Units counted">
        {order.lines.map((l, i) => {
          const serverError = problem?.fields[`lines.${i}.quantity`];
          return (
            <li
              key={l.lineNo}
              className="flex flex-wrap items-end gap-2 rounded-box border border-base-300 p-2"
            >
              <div className="min-w-40 flex-1">
                <span className="block font-medium">{l.productName}</span>
                <span className="text-xs text-base-content/70">
                  {formatNumber(l.receivedQuantity)} of {formatNumber(l.quantity)} received
                </span>
              </div>
              <label className="fieldset w-28">
                <span className="fieldset-legend">Counted</span>
                <input
                  className={`input input-sm ${over[i] || serverError ? 'input-warning' : ''}`}
                  inputMode="numeric"
                  aria-label={`Units counted of ${l.productName}`}
                  aria-describedby={over[i] ? `over-${l.lineNo}` : undefined}
                  value={counts[i]}
                  onChange={(e) => setCounts(counts.map((c, j) => (j === i ? e.target.value : c)))}
                />
              </label>
              {over[i] ? (
                <p id={`over-${l.lineNo}`} className="w-full text-sm text-warning-content" role="status">
                  Over what was ordered: {formatNumber(l.receivedQuantity + (numbers[i] ?? 0))} of{' '}
                  {formatNumber(l.quantity)}. Say why in the note.
                </p>
              ) : null}
              {serverError ? (
                <p role="alert" className="w-full text-sm text-error">
                  {serverError}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <TextAreaField
        label={anyOver ? 'Note (required: why the extra units are kept)' : 'Note'}
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        required={anyOver}
        error={problem?.fields.note}
      />
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton busy={busy}>Receive</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <FormError message={problem?.fields.lines ?? problem?.message} />
    </form>
  );
}
