import type { LineInput } from '@contract/pricing';
import { ProductFinder } from './product-finder';

/**
 * Parts and how many of each, as the back office picks them for an order (a phone order, a quote,
 * parts added to an order): the product search, then a quantity per part and a way to remove it.
 * Each part is on one line: a part found again is not added twice.
 */

/** One line as the form holds it: the quantity as typed. */
export interface PartLine {
  productId: string;
  name: string;
  quantity: string;
}

/** The lines as the store takes them, or the first thing wrong with them in words. */
export function partLinesInput(lines: readonly PartLine[]): LineInput[] | string {
  if (lines.length === 0) return 'Add a part first.';
  const input: LineInput[] = [];
  for (const line of lines) {
    if (!/^\s*\d{1,7}\s*$/.test(line.quantity) || Number(line.quantity) < 1)
      return `Enter how many of ${line.name} as a whole number, 1 or more.`;
    input.push({ productId: line.productId, quantity: Number(line.quantity) });
  }
  return input;
}

export function PartLinesField({
  value: lines,
  onChange,
  legend = 'Parts',
  finderLabel = 'Find a part',
  disabled = false,
}: {
  value: readonly PartLine[];
  onChange: (lines: PartLine[]) => void;
  legend?: string;
  finderLabel?: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="min-w-0 space-y-2" disabled={disabled}>
      <legend className="font-medium">{legend}</legend>
      {lines.length === 0 ? (
        <p className="text-sm text-base-content/70">No parts yet: find one below.</p>
      ) : null}
      {lines.length > 0 ? (
        <ul className="space-y-2" aria-label={legend}>
          {lines.map((line, index) => (
            <li
              key={line.productId}
              className="flex flex-wrap items-end gap-2 rounded-box border border-base-300 p-2"
              data-testid="part-line"
            >
              <span className="mb-2 min-w-0 flex-1 basis-40 font-medium break-words">{line.name}</span>
              <label className="fieldset w-28">
                <span className="fieldset-legend">Quantity</span>
                <input
                  className="input"
                  inputMode="numeric"
                  aria-label={`Quantity of ${line.name}`}
                  value={line.quantity}
                  onChange={(e) =>
                    onChange(lines.map((l, i) => (i === index ? { ...l, quantity: e.target.value } : l)))
                  }
                />
              </label>
              <button
                type="button"
                className="btn btn-ghost btn-sm mb-1"
                aria-label={`Remove ${line.name}`}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ProductFinder
        label={finderLabel}
        taken={lines.map((l) => l.productId)}
        onPick={(p) => onChange([...lines, { productId: p._id, name: p.name, quantity: '1' }])}
      />
    </fieldset>
  );
}
