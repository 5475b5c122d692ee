import type { ProductLink } from '@contract/catalog';
import { useProductList } from '@web/features/catalog/api/owner-calls';
import { useEffect, useId, useState } from 'react';

/** Chooses the product that replaces this one (a superseded part), found by name or number. */
export function SupersededPicker({
  self,
  value,
  onChange,
  error,
}: {
  self: string;
  value: ProductLink | null;
  onChange: (value: ProductLink | null) => void;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useProductList({ search: term, limit: 8 }, term.length >= 2);
  const choices = (found.data?.products ?? []).filter((p) => p._id !== self);
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">Superseded by</legend>
      {value ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="superseded-by">
          Replaced by <strong>{value.name}</strong>
          {value.part_number ? <span className="font-mono">{value.part_number}</span> : null}
          <button type="button" className="btn btn-xs" onClick={() => onChange(null)}>
            Not superseded
          </button>
        </p>
      ) : (
        <p className="text-sm text-base-content/70">Not superseded.</p>
      )}
      <label htmlFor={`${id}-search`} className="text-sm">
        Find the replacing product
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="input input-sm w-full"
        placeholder="Name, SKU or part number"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {term.length >= 2 ? (
        <ul className="menu w-full rounded-box bg-base-200" aria-label="Matching products">
          {choices.length === 0 && !found.isFetching ? (
            <li className="p-2 text-sm">No product matches.</li>
          ) : null}
          {choices.map((p) => (
            <li key={p._id}>
              <button
                type="button"
                onClick={() => {
                  onChange({ _id: p._id, name: p.name, part_number: p.part_number, sku: p.sku });
                  setText('');
                }}
              >
                {p.name} <span className="font-mono text-xs">{p.part_number ?? p.sku ?? ''}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="text-error text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
