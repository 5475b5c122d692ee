import type { Vehicle } from '@contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { type FormEvent, useId, useState } from 'react';
import { decodeVin, vehicleOptionsQuery } from './vehicle-calls';

/**
 * Year, Make, Model, then Engine where the store knows it: dependent selects, each list filled
 * once the one before it is chosen. A VIN (decoded offline on the server from vPIC's patterns)
 * fills in the year, make and model where vPIC places it; otherwise the year and make, and the
 * buyer chooses the model.
 */
export function VehiclePicker({
  onPick,
  submitLabel = 'Shop for this vehicle',
  initial,
}: {
  onPick: (vehicle: Vehicle) => void | Promise<void>;
  submitLabel?: string;
  initial?: Partial<Vehicle>;
}) {
  const [year, setYear] = useState<number | undefined>(initial?.year);
  const [make, setMake] = useState(initial?.make ?? '');
  const [model, setModel] = useState(initial?.model ?? '');
  const [engine, setEngine] = useState(initial?.engine ?? '');
  const [vin, setVin] = useState('');
  const [vinMessage, setVinMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [decoding, setDecoding] = useState(false);
  const options = useQuery(vehicleOptionsQuery({ year, make, model })).data;
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (year && make && model) void onPick({ year, make, model, ...(engine ? { engine } : {}) });
  };
  const onDecode = async () => {
    if (!vin.trim()) return;
    setDecoding(true);
    setVinMessage(null);
    try {
      const decoded = await decodeVin(vin);
      setYear(decoded.year);
      setMake(decoded.make);
      const model = decoded.model ?? (decoded.models.length === 1 ? (decoded.models[0] ?? '') : '');
      setModel(model);
      setEngine('');
      const details = [decoded.trim, decoded.body, decoded.engine, decoded.drive, decoded.fuel].filter(
        Boolean,
      );
      setVinMessage({
        text: model
          ? `VIN ${decoded.vin}: a ${decoded.year} ${decoded.make} ${model}${details.length ? ` (${details.join(', ')})` : ''}.`
          : `VIN ${decoded.vin}: a ${decoded.year} ${decoded.make}. Now choose the model.`,
        error: false,
      });
    } catch (error) {
      setVinMessage({
        text: error instanceof ApiError ? error.message : 'The VIN could not be read.',
        error: true,
      });
    } finally {
      setDecoding(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Choose your vehicle">
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
        <ChoiceSelect
          label="Year"
          placeholder="Year"
          value={year ? String(year) : ''}
          choices={(options?.years ?? []).map(String)}
          onChange={(value) => {
            setYear(value ? Number(value) : undefined);
            setMake('');
            setModel('');
            setEngine('');
          }}
        />
        <ChoiceSelect
          label="Make"
          placeholder="Make"
          value={make}
          disabled={!year}
          choices={options?.makes ?? (make ? [make] : [])}
          onChange={(value) => {
            setMake(value);
            setModel('');
            setEngine('');
          }}
        />
        <ChoiceSelect
          label="Model"
          placeholder="Model"
          value={model}
          disabled={!make}
          choices={options?.models ?? (model ? [model] : [])}
          onChange={(value) => {
            setModel(value);
            setEngine('');
          }}
        />
        <ChoiceSelect
          label="Engine"
          placeholder="Any engine"
          value={engine}
          disabled={!model}
          choices={options?.engines ?? []}
          onChange={setEngine}
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <button type="submit" className="btn btn-primary btn-sm" disabled={!(year && make && model)}>
          {submitLabel}
        </button>
        <div className="flex flex-1 items-end gap-2">
          <label className="form-control flex-1" htmlFor={`${id}-vin`}>
            <span className="label-text text-xs">Or your VIN</span>
            <input
              id={`${id}-vin`}
              className="input input-sm w-full font-mono uppercase"
              value={vin}
              maxLength={20}
              autoComplete="off"
              spellCheck={false}
              placeholder="17 characters"
              aria-describedby={vinMessage ? `${id}-vin-message` : undefined}
              onChange={(e) => setVin(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void onDecode();
                }
              }}
            />
          </label>
          <button type="button" className="btn btn-sm" onClick={() => void onDecode()} disabled={decoding}>
            Read VIN
          </button>
        </div>
      </div>
      {vinMessage ? (
        <p
          id={`${id}-vin-message`}
          className={`text-sm ${vinMessage.error ? 'text-error' : ''}`}
          role={vinMessage.error ? 'alert' : 'status'}
        >
          {vinMessage.text}
        </p>
      ) : null}
    </form>
  );
}

/** One of the picker's dependent selects: its label, an empty first choice, then the choices. */
function ChoiceSelect({
  label,
  placeholder,
  value,
  choices,
  disabled = false,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  choices: readonly string[];
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <label className="form-control">
      <span className="label-text text-xs">{label}</span>
      <select
        className="select select-sm w-full"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </label>
  );
}
