import { useId, useState } from 'react';
import { type FoundProduct, findProducts } from './find-products';

/**
 * "Find a product", then "Add <name>": the back office's product search as a small form part.
 * `taken` products are shown but cannot be added twice.
 */
export function ProductFinder({
  onPick,
  taken = [],
  label = 'Find a product',
}: {
  onPick: (product: FoundProduct) => void;
  taken?: readonly string[];
  label?: string;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<FoundProduct[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onFind = async () => {
    if (!search.trim()) return;
    setProblem(null);
    try {
      setFound(await findProducts(search.trim()));
    } catch {
      setFound(null);
      setProblem('Products could not be searched. Try again.');
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="fieldset min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor={`${id}-search`} className="fieldset-legend">
            {label}
          </label>
          <input
            id={`${id}-search`}
            className="input w-full"
            type="search"
            placeholder="Name, SKU or part number"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void onFind();
              }
            }}
          />
        </div>
        <button type="button" className="btn btn-sm mb-1" onClick={() => void onFind()}>
          Search
        </button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
      {found === null ? null : found.length === 0 ? (
        <p role="status" className="text-sm text-base-content/70">
          No product matches.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Products found">
          {found.map((p) => (
            <li key={p._id}>
              <button
                type="button"
                className="btn btn-xs btn-outline"
                disabled={taken.includes(p._id)}
                onClick={() => {
                  onPick(p);
                  setFound(null);
                  setSearch('');
                }}
              >
                Add {p.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
