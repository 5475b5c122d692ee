import type { StockAtLocation } from '@contract/inventory';
import { DataTable } from '@web/components/ui/data-table';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useSendTransfer, useSetBin } from '@web/shared/locations/location-calls';
import { type FormEvent, useId, useState } from 'react';

/** A place as a select offers it. */
export interface PlaceChoice {
  id: string;
  name: string;
}

/** Where the product sits at one place: a small box and Save (the store uppercases it). */
export function BinEditor({ productId, place }: { productId: string; place: StockAtLocation }) {
  const setBin = useSetBin(productId);
  const [bin, setBinText] = useState(place.bin ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const ledger = await setBin.mutateAsync({ locationId: place.locationId, bin: bin.trim() });
      const saved = ledger.locations.find((l) => l.locationId === place.locationId)?.bin ?? '';
      setBinText(saved);
      toast.success(saved ? `Bin at ${place.locationName}: ${saved}` : `No bin at ${place.locationName}`);
    } catch (err) {
      const issue = err instanceof ApiError ? err.issues.find((i) => i.path === 'bin') : undefined;
      setError(issue?.message ?? (err instanceof Error ? err.message : 'The bin could not be saved.'));
    }
  };
  return (
    <form
      className="flex flex-wrap items-start gap-1"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={`Bin at ${place.locationName}`}
    >
      <div className="min-w-0">
        <input
          className={`input input-sm w-28 font-mono ${error ? 'input-error' : ''}`}
          aria-label={`Bin at ${place.locationName}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder="No bin"
          maxLength={40}
          value={bin}
          onChange={(e) => setBinText(e.target.value)}
        />
        {error ? (
          <p id={errorId} className="text-error text-sm" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className="btn btn-sm"
        disabled={setBin.isPending}
        aria-label={`Save the bin at ${place.locationName}`}
      >
        Save
      </button>
    </form>
  );
}

/** The product's figures at each place, with its bin there. */
export function StockByPlace({ productId, places }: { productId: string; places: StockAtLocation[] }) {
  return (
    <section aria-labelledby="by-place-title" className="space-y-2">
      <h3 id="by-place-title" className="text-lg font-semibold">
        By place
      </h3>
      <DataTable
        label="Stock by place"
        testId="stock-by-place"
        rows={places}
        rowKey={(p) => p.locationId}
        columns={[
          { header: 'Place', rowHeader: true, cell: (p) => p.locationName },
          {
            header: 'Bin',
            // Keyed by the saved bin, so the box shows what the store saved.
            cell: (p) => <BinEditor key={`${p.locationId}-${p.bin ?? ''}`} productId={productId} place={p} />,
          },
          { header: 'On hand', className: 'tabular-nums', cell: (p) => formatNumber(p.onHand) },
          { header: 'Reserved', className: 'tabular-nums', cell: (p) => formatNumber(p.reserved) },
          { header: 'Available', className: 'tabular-nums', cell: (p) => formatNumber(p.available) },
          { header: 'On the way', className: 'tabular-nums', cell: (p) => formatNumber(p.incoming) },
        ]}
      />
    </section>
  );
}

type TransferField = 'fromLocationId' | 'toLocationId' | 'quantity' | 'note';

/** Units of this product sent from one place to another (POST /api/transfers). */
export function TransferForm({
  productId,
  from: fromChoices,
  to: toChoices,
}: {
  productId: string;
  /** The places the product is kept at, in pick order. */
  from: PlaceChoice[];
  /** The store's open places. */
  to: PlaceChoice[];
}) {
  const send = useSendTransfer();
  const [fromId, setFrom] = useState('');
  const [toId, setTo] = useState('');
  const [units, setUnits] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<TransferField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const from = fromChoices.find((p) => p.id === fromId)?.id ?? fromChoices[0]?.id ?? '';
  const targets = toChoices.filter((p) => p.id !== from);
  const to = targets.find((p) => p.id === toId)?.id ?? targets[0]?.id ?? '';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const quantity = /^\d{1,7}$/.test(units.trim()) ? Number(units.trim()) : undefined;
    if (quantity === undefined) return setErrors({ quantity: 'Give the units as a whole number' });
    if (quantity < 1) return setErrors({ quantity: 'Send at least one unit' });
    if (!to) return setErrors({ toLocationId: 'Choose where the units go' });
    setErrors({});
    try {
      await send.mutateAsync({
        productId,
        fromLocationId: from,
        toLocationId: to,
        quantity,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      const toName = toChoices.find((p) => p.id === to)?.name ?? to;
      toast.success(`${formatNumber(quantity)} units on their way to ${toName}`);
      setUnits('');
      setNote('');
    } catch (err) {
      const fields: Partial<Record<TransferField, string>> = {};
      if (err instanceof ApiError)
        for (const issue of err.issues)
          if (['fromLocationId', 'toLocationId', 'quantity', 'note'].includes(issue.path))
            fields[issue.path as TransferField] ??= issue.message;
      setErrors(fields);
      setMessage(err instanceof Error ? err.message : 'The units could not be sent.');
    }
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="card bg-base-200"
      aria-labelledby="transfer-title"
      noValidate
    >
      <div className="card-body gap-2">
        <h3 id="transfer-title" className="text-lg font-semibold">
          Send to another place
        </h3>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <PlaceSelect
            label="From"
            value={from}
            onChange={setFrom}
            places={fromChoices}
            error={errors.fromLocationId}
          />
          <PlaceSelect label="To" value={to} onChange={setTo} places={targets} error={errors.toLocationId} />
          <TextField
            label="Units to send"
            inputMode="numeric"
            value={units}
            onChange={(e) => setUnits(e.target.value)}
            error={errors.quantity}
          />
          <TextField
            label="Note for the transfer (optional)"
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
            error={errors.note}
          />
        </div>
        <FormError message={message} />
        <div>
          <SubmitButton busy={send.isPending}>Send the units</SubmitButton>
        </div>
      </div>
    </form>
  );
}

/** A labelled select of places, with the error under it. */
export function PlaceSelect({
  label,
  value,
  onChange,
  places,
  error,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  places: PlaceChoice[];
  error?: string;
}) {
  const id = useId();
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {places.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-error text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
