import type { ClaimVehicle } from '@contract/after-sale';
import type { VinDecoded } from '@contract/catalog';
import { vehicleLabel } from '@contract/catalog.constants';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { useGarage } from '@web/shared/vehicles/garage';
import { decodeVin, vehicleOptionsQuery } from '@web/shared/vehicles/vehicle-calls';
import { useEffect, useId, useRef, useState } from 'react';

type Source = ClaimVehicle['from'];

/**
 * The vehicle a part did not fit (decision 092), never typed: one from My Garage (the account's, or
 * this browser's for a guest), a VIN the store reads, or year, make and model from the store's
 * lists. `onChange` gets the vehicle once it is complete, or null; the store checks it again.
 */
export function ClaimVehicleField({
  signedIn,
  onChange,
}: {
  signedIn: boolean;
  onChange: (vehicle: ClaimVehicle | null) => void;
}) {
  const id = useId();
  const garage = useGarage(signedIn);
  const hasGarage = garage.vehicles.length > 0;
  const [source, setSource] = useState<Source | null>(null);
  const chosen: Source = source ?? (hasGarage ? 'garage' : 'vin');
  const [garageId, setGarageId] = useState('');
  const [vin, setVin] = useState('');
  const [decoded, setDecoded] = useState<VinDecoded | null>(null);
  const [vinModel, setVinModel] = useState('');
  const [vinMessage, setVinMessage] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [year, setYear] = useState<number | undefined>();
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const options = useQuery({ ...vehicleOptionsQuery({ year, make }), enabled: chosen === 'picker' }).data;

  const picked = garage.vehicles.find((v) => v.id === garageId) ?? garage.active ?? garage.vehicles[0];
  let value: ClaimVehicle | null = null;
  if (chosen === 'garage' && picked)
    value = {
      from: 'garage',
      year: picked.year,
      make: picked.make,
      model: picked.model,
      ...(picked.engine ? { engine: picked.engine } : {}),
    };
  else if (chosen === 'vin' && decoded && (decoded.model || vinModel))
    value = { from: 'vin', vin: decoded.vin, ...(decoded.model ? {} : { model: vinModel }) };
  else if (chosen === 'picker' && year && make && model) value = { from: 'picker', year, make, model };
  // The parent hears of the vehicle when it changes (by its JSON), not at every render.
  const key = JSON.stringify(value);
  const tell = useRef(onChange);
  tell.current = onChange;
  useEffect(() => tell.current(JSON.parse(key) as ClaimVehicle | null), [key]);

  const readVin = async () => {
    if (!vin.trim()) return setVinMessage('Enter the VIN');
    setReading(true);
    setVinMessage(null);
    setDecoded(null);
    setVinModel('');
    try {
      const answer = await decodeVin(vin);
      setDecoded(answer);
      if (!answer.model && answer.models.length === 1) setVinModel(answer.models[0] ?? '');
    } catch (error) {
      setVinMessage(error instanceof ApiError ? error.message : 'The VIN could not be read.');
    } finally {
      setReading(false);
    }
  };

  const sources: [Source, string][] = [
    ...(hasGarage ? [['garage', 'From My Garage'] as [Source, string]] : []),
    ['vin', 'By its VIN'],
    ['picker', 'From the lists'],
  ];
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-2">
      <legend className="fieldset-legend">The vehicle it did not fit</legend>
      <div
        className="flex flex-wrap gap-x-4 gap-y-1"
        role="radiogroup"
        aria-label="Where the vehicle comes from"
      >
        {sources.map(([s, label]) => (
          <label key={s} className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-source`}
              checked={chosen === s}
              onChange={() => setSource(s)}
            />
            {label}
          </label>
        ))}
      </div>
      {chosen === 'garage' && hasGarage ? (
        <label className="flex flex-col gap-1">
          <span>Vehicle</span>
          <select
            className="select select-sm w-full"
            value={picked?.id ?? ''}
            onChange={(e) => setGarageId(e.target.value)}
          >
            {garage.vehicles.map((v) => (
              <option key={v.id} value={v.id}>
                {vehicleLabel(v)}
                {v.engine ? ` ${v.engine}` : ''}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {chosen === 'vin' ? (
        <div className="space-y-1">
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex min-w-0 flex-1 flex-col gap-1" htmlFor={`${id}-vin`}>
              <span>VIN</span>
              <input
                id={`${id}-vin`}
                className="input input-sm w-full font-mono uppercase"
                value={vin}
                maxLength={20}
                autoComplete="off"
                spellCheck={false}
                placeholder="17 characters"
                aria-describedby={`${id}-vin-answer`}
                onChange={(e) => {
                  // Typing a VIN keeps this choice if My Garage answers after it.
                  setSource('vin');
                  setVin(e.target.value);
                  setDecoded(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void readVin();
                  }
                }}
              />
            </label>
            <button type="button" className="btn btn-sm" onClick={() => void readVin()} disabled={reading}>
              {reading ? 'Reading…' : 'Read VIN'}
            </button>
          </div>
          <div id={`${id}-vin-answer`}>
            {vinMessage ? (
              <p className="text-error text-sm" role="alert">
                {vinMessage}
              </p>
            ) : null}
            {decoded ? (
              <p className="text-sm" role="status">
                {decoded.model
                  ? `A ${decoded.year} ${decoded.make} ${decoded.model}${decoded.engine ? ` ${decoded.engine}` : ''}.`
                  : `A ${decoded.year} ${decoded.make}: choose its model.`}
              </p>
            ) : null}
          </div>
          {decoded && !decoded.model ? (
            <label className="flex flex-col gap-1">
              <span>Model</span>
              <select
                className="select select-sm w-full"
                value={vinModel}
                onChange={(e) => setVinModel(e.target.value)}
              >
                <option value="">Choose the model</option>
                {decoded.models.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      ) : null}
      {chosen === 'picker' ? (
        <div className="grid gap-2 sm:grid-cols-3">
          <label className="flex flex-col gap-1">
            <span>Year</span>
            <select
              className="select select-sm w-full"
              value={year ? String(year) : ''}
              onChange={(e) => {
                setYear(e.target.value ? Number(e.target.value) : undefined);
                setMake('');
                setModel('');
              }}
            >
              <option value="">Year</option>
              {(options?.years ?? []).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span>Make</span>
            <select
              className="select select-sm w-full"
              value={make}
              disabled={!year}
              onChange={(e) => {
                setMake(e.target.value);
                setModel('');
              }}
            >
              <option value="">Make</option>
              {(options?.makes ?? []).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span>Model</span>
            <select
              className="select select-sm w-full"
              value={model}
              disabled={!make}
              onChange={(e) => setModel(e.target.value)}
            >
              <option value="">Model</option>
              {(options?.models ?? []).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}
