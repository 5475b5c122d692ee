import { type KeyboardEvent, useEffect, useId, useState } from 'react';

/**
 * A quantity as a labelled number box between "−" and "+" buttons. The buttons change it at once;
 * a typed number is sent on Enter or when the box loses focus. Bounds are hints: the store decides.
 */
export function QuantityStepper({
  label,
  value,
  min,
  max,
  busy,
  onChange,
}: {
  /** What the number counts, e.g. the product's name: "Quantity of Brake pad set". */
  label: string;
  value: number;
  min: number;
  max: number;
  busy: boolean;
  onChange: (quantity: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = () => {
    const typed = /^\d{1,9}$/.test(draft.trim()) ? Number(draft.trim()) : Number.NaN;
    if (typed === value) return;
    if (Number.isNaN(typed)) {
      setDraft(String(value));
      return;
    }
    onChange(typed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };

  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <button
        type="button"
        className="btn btn-sm btn-square"
        aria-label={`Decrease: ${label}`}
        disabled={busy || value <= min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className="input input-sm w-20 text-center"
        min={min}
        max={max}
        step={1}
        value={draft}
        disabled={busy}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="btn btn-sm btn-square"
        aria-label={`Increase: ${label}`}
        disabled={busy || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
