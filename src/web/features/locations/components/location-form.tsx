import {
  LOCATION_KIND_LABELS,
  type Location,
  type LocationInput,
  type LocationKind,
  locationKinds,
} from '@contract/locations';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { type FormEvent, useId, useState } from 'react';

/** What the store said was wrong: a message for the form, and one per field it named. */
interface Problem {
  message: string;
  fields: Record<string, string>;
}

function problemOf(error: unknown, fallback: string): Problem {
  const fields: Record<string, string> = {};
  if (error instanceof ApiError) for (const issue of error.issues) fields[issue.path] ??= issue.message;
  return { message: error instanceof Error && error.message ? error.message : fallback, fields };
}

export interface PlaceFields {
  name: string;
  kind: LocationKind;
  line1: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  pickOrder: string;
  active: boolean;
}

/** A new place: a warehouse in the US, picked after every place there is. */
export const blankPlace = (pickOrder: number): PlaceFields => ({
  name: '',
  kind: 'warehouse',
  line1: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
  pickOrder: String(pickOrder),
  active: true,
});

export const fieldsOfPlace = (l: Location): PlaceFields => ({
  name: l.name,
  kind: l.kind,
  line1: l.line1 ?? '',
  city: l.city ?? '',
  region: l.region ?? '',
  postalCode: l.postalCode ?? '',
  country: l.country,
  pickOrder: String(l.pickOrder),
  active: l.active,
});

/** The words typed, as the request; the store checks them (its messages show by the fields). */
export const toPlaceInput = (f: PlaceFields): LocationInput => ({
  name: f.name,
  kind: f.kind,
  line1: f.line1,
  city: f.city,
  region: f.region,
  postalCode: f.postalCode,
  country: f.country,
  pickOrder: f.pickOrder.trim() === '' ? Number.NaN : Number(f.pickOrder),
  active: f.active,
});

/** Add or change a place. Nothing typed is lost when the store refuses it. */
export function LocationForm({
  initial,
  label,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: PlaceFields;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  onSave: (input: LocationInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [f, setF] = useState(initial);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const kindId = useId();
  const set = (key: keyof PlaceFields) => (e: { target: { value: string } }) =>
    setF((was) => ({ ...was, [key]: e.target.value }));
  const err = (key: string) => problem?.fields[key];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      await onSave(toPlaceInput(f));
    } catch (e) {
      setProblem(problemOf(e, 'The place could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={label}
      className="grid gap-x-4 sm:grid-cols-2"
    >
      <TextField label="Name" value={f.name} onChange={set('name')} error={err('name')} required />
      <div className="fieldset">
        <label htmlFor={kindId} className="fieldset-legend">
          Kind
        </label>
        <select
          id={kindId}
          className={`select w-full ${err('kind') ? 'select-error' : ''}`}
          value={f.kind}
          onChange={set('kind')}
          aria-invalid={err('kind') ? true : undefined}
          aria-describedby={err('kind') ? `${kindId}-error` : undefined}
        >
          {locationKinds.map((k) => (
            <option key={k} value={k}>
              {LOCATION_KIND_LABELS[k]}
            </option>
          ))}
        </select>
        {err('kind') ? (
          <p id={`${kindId}-error`} className="text-error text-sm" role="alert">
            {err('kind')}
          </p>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <TextField
          label="Street"
          autoComplete="street-address"
          value={f.line1}
          onChange={set('line1')}
          error={err('line1')}
        />
      </div>
      <TextField
        label="City"
        autoComplete="address-level2"
        value={f.city}
        onChange={set('city')}
        error={err('city')}
      />
      <TextField
        label="State or province"
        autoComplete="address-level1"
        placeholder="TX"
        value={f.region}
        onChange={set('region')}
        error={err('region')}
      />
      <TextField
        label="Postal code"
        autoComplete="postal-code"
        value={f.postalCode}
        onChange={set('postalCode')}
        error={err('postalCode')}
      />
      <TextField
        label="Country"
        autoComplete="country"
        value={f.country}
        onChange={set('country')}
        error={err('country')}
        required
      />
      <TextField
        label="Pick order"
        inputMode="numeric"
        value={f.pickOrder}
        onChange={set('pickOrder')}
        error={err('pickOrder')}
        required
      />
      <div className="flex flex-wrap items-center gap-2 pt-3 sm:col-span-2">
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <div className="sm:col-span-2">
        <FormError message={problem?.message} />
      </div>
    </form>
  );
}
