import { matchName, readRangeYears, splitEngineAndTrim } from '@contract/vehicle-range';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { vehicleOptionsQuery } from '@web/shared/vehicles/vehicle-calls';
import { useId, useState } from 'react';

/** A fitment row as typed: every box is text until saved. */
export type FitmentDraft = {
  make: string;
  model: string;
  year_from: string;
  year_to: string;
  engine: string;
  submodel: string;
  position: string;
  quantity: string;
  note: string;
};

export const emptyFitment = (): FitmentDraft => ({
  make: '',
  model: '',
  year_from: '',
  year_to: '',
  engine: '',
  submodel: '',
  position: '',
  quantity: '',
  note: '',
});

const sameVehicle = (a: FitmentDraft, b: FitmentDraft) =>
  (['make', 'model', 'year_from', 'year_to', 'engine', 'submodel', 'position'] as const).every(
    (k) => a[k].trim().toLowerCase() === b[k].trim().toLowerCase(),
  );

const columns: { key: keyof FitmentDraft; label: string; placeholder?: string }[] = [
  { key: 'make', label: 'make' },
  { key: 'model', label: 'model' },
  { key: 'year_from', label: 'first year', placeholder: 'From' },
  { key: 'year_to', label: 'last year', placeholder: 'To' },
  { key: 'engine', label: 'engine', placeholder: 'Any engine' },
  { key: 'submodel', label: 'submodel', placeholder: 'Any trim' },
  { key: 'position', label: 'position', placeholder: 'Front, Rear…' },
  { key: 'quantity', label: 'quantity per vehicle', placeholder: 'Qty' },
  { key: 'note', label: 'note', placeholder: 'Note' },
];

/**
 * The vehicles a part fits: one row per model and span of years, and a form that adds one year
 * range for several models of a make at once (rows already listed are skipped). Saved with the
 * rest of the product.
 */
export function FitmentEditor({
  rows,
  onChange,
  universal,
  onUniversal,
  problems,
}: {
  rows: FitmentDraft[];
  onChange: (rows: FitmentDraft[]) => void;
  universal: boolean;
  onUniversal: (value: boolean) => void;
  problems: Record<string, string>;
}) {
  const set = (index: number, key: keyof FitmentDraft, value: string) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [key]: value } : r)));
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Fitment</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={universal}
          onChange={(e) => onUniversal(e.target.checked)}
        />
        Universal fit (every vehicle)
      </label>
      <p className="text-xs text-base-content/70">
        Make and model as the vehicle picker names them; leave the engine empty for every engine.
      </p>
      {rows.length === 0 ? <p className="text-sm">No vehicles listed.</p> : null}
      <ol className="space-y-2" data-testid="fitment-rows">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <li key={index} className="rounded-box border border-base-300 p-2">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-[1fr_1fr_5rem_5rem_1fr_1fr_1fr_4rem_1fr_auto]">
              {columns.map((c) => {
                const problem = problems[`fitment.${index}.${c.key}`];
                return (
                  <input
                    key={c.key}
                    className={`input input-sm w-full ${problem ? 'input-error' : ''}`}
                    aria-label={`Fitment ${index + 1} ${c.label}`}
                    aria-invalid={problem ? true : undefined}
                    title={problem}
                    placeholder={c.placeholder ?? c.label[0]?.toUpperCase() + c.label.slice(1)}
                    inputMode={c.key.startsWith('year') || c.key === 'quantity' ? 'numeric' : undefined}
                    value={row[c.key]}
                    onChange={(e) => set(index, c.key, e.target.value)}
                  />
                );
              })}
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                aria-label={`Remove fitment ${index + 1}`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </div>
            {columns.map((c) =>
              problems[`fitment.${index}.${c.key}`] ? (
                <p key={c.key} className="text-error text-xs" role="alert">
                  Fitment {index + 1}: {problems[`fitment.${index}.${c.key}`]}
                </p>
              ) : null,
            )}
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-xs" onClick={() => onChange([...rows, emptyFitment()])}>
        Add a vehicle
      </button>
      <FitmentRange rows={rows} onChange={onChange} />
      <TypedVehicles rows={rows} onChange={onChange} />
    </fieldset>
  );
}

/** One year range for several models of one make: the models the vehicle picker knows, or typed. */
function FitmentRange({
  rows,
  onChange,
}: {
  rows: FitmentDraft[];
  onChange: (rows: FitmentDraft[]) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [make, setMake] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const year = Number(from);
  const validYear = Number.isInteger(year) && year >= 1950 && year <= 2100;
  const makes = useQuery({ ...vehicleOptionsQuery({ year }), enabled: validYear });
  const models = useQuery({ ...vehicleOptionsQuery({ year, make }), enabled: validYear && make !== '' });

  const add = () => {
    const names = [
      ...chosen,
      ...typed
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    ];
    const a = Number(from);
    const b = Number(to || from);
    if (!Number.isInteger(a) || !Number.isInteger(b) || a < 1950 || b > 2100)
      return setMessage('Give the first and last years (1950 to 2100)');
    if (a > b) return setMessage('The first year must not be after the last');
    if (!make.trim()) return setMessage('Choose the make');
    if (names.length === 0) return setMessage('Choose at least one model');
    const added: FitmentDraft[] = [];
    let skipped = 0;
    for (const model of names) {
      const row = { ...emptyFitment(), make: make.trim(), model, year_from: String(a), year_to: String(b) };
      if ([...rows, ...added].some((r) => sameVehicle(r, row))) skipped += 1;
      else added.push(row);
    }
    onChange([...rows, ...added]);
    setChosen([]);
    setTyped('');
    setMessage(
      `Added ${added.length} ${added.length === 1 ? 'row' : 'rows'}${skipped ? `, ${skipped} already listed` : ''}. Save the product to keep them.`,
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-box bg-base-200 p-3">
      <h4 id={`${id}-title`} className="font-semibold">
        Add a year range for several models
      </h4>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <label className="fieldset">
          <span className="fieldset-legend">First year</span>
          <input
            className="input input-sm w-full"
            inputMode="numeric"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label className="fieldset">
          <span className="fieldset-legend">Last year</span>
          <input
            className="input input-sm w-full"
            inputMode="numeric"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <label className="fieldset col-span-2 sm:col-span-1">
          <span className="fieldset-legend">Make</span>
          <input
            className="input input-sm w-full"
            list={`${id}-makes`}
            value={make}
            onChange={(e) => {
              setMake(e.target.value);
              setChosen([]);
            }}
          />
          <datalist id={`${id}-makes`}>
            {(makes.data?.makes ?? []).map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </label>
      </div>
      {(models.data?.models ?? []).length > 0 ? (
        <fieldset className="mt-2">
          <legend className="text-sm">Models</legend>
          <div className="flex flex-wrap gap-3">
            {(models.data?.models ?? []).map((m) => (
              <label key={m} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={chosen.includes(m)}
                  onChange={(e) =>
                    setChosen(e.target.checked ? [...chosen, m] : chosen.filter((c) => c !== m))
                  }
                />
                {m}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <label className="fieldset">
        <span className="fieldset-legend">Other models (separated by commas)</span>
        <input className="input input-sm w-full" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </label>
      <button type="button" className="btn btn-sm mt-2" onClick={add}>
        Add these vehicles
      </button>
      <p role="status" className="mt-1 text-sm">
        {message}
      </p>
    </section>
  );
}

/**
 * Vehicles typed one a line as catalogs print them ('2012-2015 Honda Civic 1.8L I4'): make and
 * model read against the picker's lists for the first year (the longest name that matches), then
 * a trim and an engine from its displacement.
 */
function TypedVehicles({
  rows,
  onChange,
}: {
  rows: FitmentDraft[];
  onChange: (rows: FitmentDraft[]) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const add = async () => {
    const added: FitmentDraft[] = [];
    const problems: string[] = [];
    for (const line of text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)) {
      const years = readRangeYears(line);
      if ('error' in years) {
        problems.push(`${line}: ${years.error}`);
        continue;
      }
      const { makes } = await queryClient.fetchQuery(vehicleOptionsQuery({ year: years.yearFrom }));
      const make = matchName(years.rest, makes);
      if (!make) {
        problems.push(`${line}: no make the picker lists for ${years.yearFrom}`);
        continue;
      }
      const { models } = await queryClient.fetchQuery(
        vehicleOptionsQuery({ year: years.yearFrom, make: make.name }),
      );
      const model = matchName(make.rest, models);
      if (!model) {
        problems.push(`${line}: no ${make.name} model the picker lists for ${years.yearFrom}`);
        continue;
      }
      const { engine, submodel } = splitEngineAndTrim(model.rest);
      const row = {
        ...emptyFitment(),
        make: make.name,
        model: model.name,
        year_from: String(years.yearFrom),
        year_to: String(years.yearTo),
        engine: engine ?? '',
        submodel: submodel ?? '',
      };
      if (![...rows, ...added].some((r) => sameVehicle(r, row))) added.push(row);
    }
    onChange([...rows, ...added]);
    if (problems.length === 0) setText('');
    setMessage(
      `Added ${added.length} ${added.length === 1 ? 'row' : 'rows'}.${problems.length ? ` Not added: ${problems.join('; ')}` : ' Save the product to keep them.'}`,
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-box bg-base-200 p-3">
      <h4 id={`${id}-title`} className="font-semibold">
        Type vehicles, one a line
      </h4>
      <label className="fieldset">
        <span className="fieldset-legend">Years, make, model, then trim or engine if it matters</span>
        <textarea
          className="textarea textarea-sm w-full"
          rows={3}
          placeholder={'2012-2015 Honda Civic\n2018 Ford F-150 3.5L V6'}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button type="button" className="btn btn-sm mt-2" onClick={() => void add()}>
        Add typed vehicles
      </button>
      <p role="status" className="mt-1 text-sm">
        {message}
      </p>
    </section>
  );
}
