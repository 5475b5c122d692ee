import type { ToolFacets, ToolListQuery } from '@contract/catalog';
import { formatNumber } from '@web/lib/format';
import { useAddressToggle } from '@web/lib/use-address-toggle';

type Changes = Record<string, string | undefined>;

const bandLabel = (min: number, max: number | null) =>
  max === null ? `$${min} and up` : `$${min} – $${max}`;

/**
 * Category, brand, price and stock filters, each choice with how many tools it would show under
 * the other filters. Every choice is a link-like button that changes the address (page 1).
 */
export function CatalogFilters({
  query,
  facets,
  onChange,
}: {
  query: ToolListQuery;
  facets: ToolFacets | undefined;
  onChange: (changes: Changes) => void;
}) {
  const [inStockOnly, setInStockOnly] = useAddressToggle(Boolean(query.inStock));
  const choice = (active: boolean) =>
    `flex w-full items-center justify-between gap-2 rounded px-2 py-1 text-left text-sm hover:bg-base-200 ${
      active ? 'bg-base-200 font-semibold' : ''
    }`;
  const count = (n: number) => <span className="text-base-content/60 tabular-nums">{formatNumber(n)}</span>;
  const chosenBand = facets?.prices.find(
    (band) =>
      query.minPrice === band.min &&
      (band.max === null ? query.maxPrice === undefined : query.maxPrice === band.max),
  );
  const topLevel = facets?.categories.filter((c) => c.parent === null) ?? [];
  return (
    <div className="space-y-5" aria-busy={!facets}>
      <fieldset>
        <legend className="mb-1 font-semibold">Category</legend>
        <ul>
          <li>
            <button
              type="button"
              className={choice(!query.category)}
              aria-pressed={!query.category}
              onClick={() => onChange({ category: undefined })}
            >
              All categories
            </button>
          </li>
          {topLevel.map((parent) => (
            <li key={parent.slug}>
              <button
                type="button"
                className={choice(query.category === parent.slug)}
                aria-pressed={query.category === parent.slug}
                onClick={() => onChange({ category: parent.slug })}
              >
                <span>{parent.name}</span>
                {count(parent.count)}
              </button>
              <ul className="pl-3">
                {facets?.categories
                  .filter((c) => c.parent === parent.slug)
                  .map((c) => (
                    <li key={c.slug}>
                      <button
                        type="button"
                        className={choice(query.category === c.slug)}
                        aria-pressed={query.category === c.slug}
                        onClick={() => onChange({ category: c.slug })}
                      >
                        <span>{c.name}</span>
                        {count(c.count)}
                      </button>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="mb-1 font-semibold">Brand</legend>
        <ul>
          <li>
            <button
              type="button"
              className={choice(!query.brand)}
              aria-pressed={!query.brand}
              onClick={() => onChange({ brand: undefined })}
            >
              All brands
            </button>
          </li>
          {facets?.brands.map((brand) => (
            <li key={brand.name}>
              <button
                type="button"
                className={choice(query.brand === brand.name)}
                aria-pressed={query.brand === brand.name}
                onClick={() => onChange({ brand: brand.name })}
              >
                <span>{brand.name}</span>
                {count(brand.count)}
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="mb-1 font-semibold">Price</legend>
        <ul>
          <li>
            <button
              type="button"
              className={choice(query.minPrice === undefined && query.maxPrice === undefined)}
              aria-pressed={query.minPrice === undefined && query.maxPrice === undefined}
              onClick={() => onChange({ minPrice: undefined, maxPrice: undefined })}
            >
              Any price
            </button>
          </li>
          {facets?.prices.map((band) => (
            <li key={band.min}>
              <button
                type="button"
                className={choice(chosenBand === band)}
                aria-pressed={chosenBand === band}
                disabled={band.count === 0 && chosenBand !== band}
                onClick={() =>
                  onChange({
                    minPrice: String(band.min),
                    maxPrice: band.max === null ? undefined : String(band.max),
                  })
                }
              >
                <span>{bandLabel(band.min, band.max)}</span>
                {count(band.count)}
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={inStockOnly}
          onChange={(e) => {
            setInStockOnly(e.target.checked);
            onChange({ inStock: e.target.checked ? '1' : undefined });
          }}
        />
        <span>In stock only</span>
        {facets ? count(facets.in_stock) : null}
      </label>
    </div>
  );
}
