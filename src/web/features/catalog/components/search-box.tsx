import type { Suggestion } from '@contract/catalog';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSuggestions } from '../api/get-facets';

const kindLabel: Record<Suggestion['kind'], string> = {
  part: 'Part number',
  product: 'Product',
  brand: 'Brand',
  category: 'Category',
};

/**
 * One search box for names, descriptions, brands, SKUs and part numbers, suggesting while typing
 * (an ARIA combobox: arrow keys move through the suggestions, Enter takes one, Escape closes).
 * The page puts it inside its `<search>` landmark (the header's shop bar).
 */
export function SearchBox({
  initial,
  onSearch,
  onSuggestion,
}: {
  initial: string;
  onSearch: (term: string) => void;
  onSuggestion: (suggestion: Suggestion) => void;
}) {
  const [text, setText] = useState(initial);
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const id = useId();
  useEffect(() => setText(initial), [initial]);
  // A short pause before asking: one request per word rather than one per key.
  useEffect(() => {
    const timer = setTimeout(() => setTyped(text.trim()), 150);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = useSuggestions(typed).data ?? [];
  const shown = open && typed.length >= 2 ? suggestions : [];

  const take = (s: Suggestion) => {
    setOpen(false);
    onSuggestion(s);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = shown[highlighted];
    if (chosen) return take(chosen);
    setOpen(false);
    onSearch(text.trim());
  };
  return (
    <div className="relative w-full">
      <form onSubmit={onSubmit}>
        <div className="join w-full">
          <label htmlFor={`${id}-input`} className="sr-only">
            Search tools and parts
          </label>
          <input
            id={`${id}-input`}
            name="search"
            type="search"
            role="combobox"
            aria-expanded={shown.length > 0}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={
              highlighted >= 0 && shown[highlighted] ? `${id}-option-${highlighted}` : undefined
            }
            maxLength={100}
            autoComplete="off"
            value={text}
            placeholder="Search by name, brand or part number"
            className="input join-item h-10 min-w-0 w-full"
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setHighlighted(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                setOpen(true);
                setHighlighted((h) => Math.min(h + 1, shown.length - 1));
              } else if (e.key === 'ArrowUp') {
                e.preventDefault();
                setHighlighted((h) => Math.max(h - 1, -1));
              } else if (e.key === 'Escape') {
                setOpen(false);
              }
            }}
          />
          <button
            type="submit"
            className="btn btn-primary join-item px-3 sm:px-4"
            aria-label="Search the catalog"
          >
            <svg
              aria-hidden="true"
              className="h-5 w-5 sm:hidden"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            >
              <circle cx="11" cy="11" r="6.5" />
              <path d="m16 16 4.5 4.5" />
            </svg>
            <span className="hidden sm:inline">Search</span>
          </button>
        </div>
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label="Suggestions"
          className={`absolute z-20 mt-1 w-full rounded-box border border-base-300 bg-base-100 p-1 shadow ${
            shown.length > 0 ? '' : 'hidden'
          }`}
        >
          {shown.map((s, index) => (
            // Options take no focus: the arrow keys in the box move through them (aria-activedescendant).
            <div
              key={`${s.kind}-${s.value}-${s.detail ?? ''}`}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === highlighted}
              tabIndex={-1}
              className={`flex cursor-pointer justify-between gap-2 rounded px-3 py-2 hover:bg-base-200 ${index === highlighted ? 'bg-base-200' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => take(s)}
              onKeyDown={(e) => e.key === 'Enter' && take(s)}
            >
              <span>
                {s.label}
                {s.detail ? <span className="ml-2 font-mono text-xs">{s.detail}</span> : null}
              </span>
              <span className="text-xs text-base-content/60">{kindLabel[s.kind]}</span>
            </div>
          ))}
        </div>
      </form>
    </div>
  );
}
