import { formatCents, readMoney, times } from '@contract/money';
import type { PurchaseOrderInput, SupplierProduct } from '@contract/purchasing';
import { ProductFinder } from '@web/shared/catalog/product-finder';
import { centsText } from './server-problem';

/** One line as typed: the product, and the quantity and unit cost as the boxes hold them. */
export interface LineDraft {
  productId: string;
  productName: string;
  sku: string | null;
  quantity: string;
  unitCost: string;
}

/** A line for a product, its unit cost prefilled from the supplier's cost when it sells it. */
export function lineFor(
  product: { productId: string; productName: string; sku: string | null },
  sells: readonly SupplierProduct[],
): LineDraft {
  const own = sells.find((p) => p.productId === product.productId);
  return { ...product, quantity: '1', unitCost: own ? centsText(own.costCents) : '' };
}

/** The lines as the request's, or what is wrong with them in this form's words. */
export function linesInput(
  lines: readonly LineDraft[],
  sells: readonly SupplierProduct[],
): PurchaseOrderInput['lines'] | string {
  if (lines.length === 0) return 'Add at least one product';
  const out: PurchaseOrderInput['lines'] = [];
  for (const l of lines) {
    const quantity = Number(l.quantity);
    if (l.quantity.trim() === '' || !Number.isInteger(quantity) || quantity < 1)
      return `Give a quantity of whole units for ${l.productName}`;
    const typed = l.unitCost.trim();
    if (typed === '') {
      if (!sells.some((p) => p.productId === l.productId))
        return `Give a unit cost for ${l.productName}: this supplier has no cost for it`;
      out.push({ productId: l.productId, quantity });
      continue;
    }
    const cost = readMoney(typed);
    if (cost === undefined) return `Enter the unit cost of ${l.productName} as dollars, like 12.50`;
    out.push({ productId: l.productId, quantity, unitCostCents: cost });
  }
  return out;
}

/**
 * The lines of a draft purchase order, edited in place: quantity and unit cost per product, add
 * from what the supplier sells or by the back office's product search, remove. `errors` are the
 * store's, by path (lines.0.quantity).
 */
export function OrderLinesEditor({
  lines,
  onChange,
  sells,
  errors = {},
}: {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  sells: readonly SupplierProduct[];
  errors?: Record<string, string>;
}) {
  const taken = lines.map((l) => l.productId);
  const edit = (index: number, change: Partial<LineDraft>) =>
    onChange(lines.map((l, i) => (i === index ? { ...l, ...change } : l)));
  const add = (product: { productId: string; productName: string; sku: string | null }) =>
    onChange([...lines, lineFor(product, sells)]);
  const notYet = sells.filter((p) => !taken.includes(p.productId));

  return (
    <fieldset className="space-y-3">
      <legend className="font-medium">Lines</legend>
      {lines.length === 0 ? (
        <p className="text-sm text-base-content/70">No products on the order yet.</p>
      ) : null}
      <ul className="space-y-2" aria-label="Order lines">
        {lines.map((l, index) => {
          const quantityError = errors[`lines.${index}.quantity`];
          const costError = errors[`lines.${index}.unitCostCents`] ?? errors[`lines.${index}.productId`];
          const cost = readMoney(l.unitCost);
          const quantity = Number(l.quantity);
          return (
            <li
              key={l.productId}
              className="flex flex-wrap items-end gap-2 rounded-box border border-base-300 p-2"
            >
              <div className="min-w-40 flex-1">
                <span className="block font-medium break-words">{l.productName}</span>
                {l.sku ? <span className="font-mono text-xs">{l.sku}</span> : null}
              </div>
              <label className="fieldset w-24">
                <span className="fieldset-legend">Quantity</span>
                <input
                  className={`input input-sm ${quantityError ? 'input-error' : ''}`}
                  inputMode="numeric"
                  aria-label={`Quantity of ${l.productName}`}
                  value={l.quantity}
                  onChange={(e) => edit(index, { quantity: e.target.value })}
                />
              </label>
              <label className="fieldset w-32">
                <span className="fieldset-legend">Unit cost ($)</span>
                <input
                  className={`input input-sm ${costError ? 'input-error' : ''}`}
                  inputMode="decimal"
                  aria-label={`Unit cost of ${l.productName}`}
                  value={l.unitCost}
                  onChange={(e) => edit(index, { unitCost: e.target.value })}
                />
              </label>
              <output className="mb-2 tabular-nums text-sm" aria-label={`Line total of ${l.productName}`}>
                {cost !== undefined && Number.isInteger(quantity) && quantity > 0
                  ? formatCents(times(cost, quantity))
                  : '—'}
              </output>
              <button
                type="button"
                className="btn btn-sm btn-ghost mb-1"
                aria-label={`Remove ${l.productName}`}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
              >
                Remove
              </button>
              {quantityError || costError ? (
                <p role="alert" className="w-full text-sm text-error">
                  {quantityError ?? costError}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {notYet.length > 0 ? (
        <div className="space-y-1">
          <p className="text-sm font-medium">What this supplier sells</p>
          <ul className="flex flex-wrap gap-2" aria-label="What this supplier sells">
            {notYet.map((p) => (
              <li key={p.productId}>
                <button
                  type="button"
                  className="btn btn-xs btn-outline"
                  onClick={() => add({ productId: p.productId, productName: p.productName, sku: p.sku })}
                >
                  Add {p.productName}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ProductFinder
        taken={taken}
        onPick={(p) => add({ productId: p._id, productName: p.name, sku: p.sku })}
      />
    </fieldset>
  );
}
