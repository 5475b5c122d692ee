import {
  queryVehicle,
  TOOL_LIST_MAX_DEPTH,
  TOOL_PAGE_SIZE_DEFAULT,
  toolSorts,
  vehicleLabel,
} from '@contract/catalog.constants';
import { toolListFromAddress } from '@contract/tool-list-address';
import { Pager } from '@web/components/ui/pager';
import { QueryState } from '@web/components/ui/query-state';
import { useAddressToggle } from '@web/lib/use-address-toggle';
import { useCategories } from '@web/shared/catalog/get-categories';
import { useProductPage } from '@web/shared/catalog/get-tools';
import { ProductGrid } from '@web/shared/catalog/tool-grid';
import { useSession } from '@web/shared/session/session';
import { useGarage } from '@web/shared/vehicles/garage';
import { VehicleBar } from '@web/shared/vehicles/vehicle-bar';
import { vehicleParams } from '@web/shared/vehicles/vehicle-params';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useProductFacets } from '../api/get-facets';
import { CatalogFilters } from '../components/catalog-filters';

const sortLabels: Record<(typeof toolSorts)[number], string> = {
  newest: 'Newest first',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  name: 'Name: A to Z',
};

export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  // The whole list state lives in the address: a filtered list can be shared, and Back undoes a filter.
  const query = toolListFromAddress(Object.fromEntries(params));
  const page = useProductPage(query);
  const facets = useProductFacets(query);
  const { user } = useSession();
  const garage = useGarage(Boolean(user));
  const vehicle = queryVehicle(query);
  const [fitOnly, setFitOnly] = useAddressToggle(query.fit !== 'all');

  const update = (changes: Record<string, string | undefined>, options: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // Any change but the page's own starts again at page 1.
    if (!('page' in changes)) next.delete('page');
    setParams(next, options);
  };

  // The garage's active vehicle applies to a list that names none (a link from the home page):
  // the address gains it, in place of the address without it.
  const active = garage.active;
  let withActive = '';
  if (!vehicle && active) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(
      vehicleParams({ ...active, engine: active.engine || undefined }),
    )) {
      if (value) next.set(key, value);
    }
    withActive = next.toString();
  }
  useEffect(() => {
    if (withActive) setParams(new URLSearchParams(withActive), { replace: true });
  }, [withActive, setParams]);

  // The server pages only so deep (TOOL_LIST_MAX_DEPTH); past that, searching and sorting find the rest.
  const deepest = Math.floor(TOOL_LIST_MAX_DEPTH / TOOL_PAGE_SIZE_DEFAULT);
  const totalPages = Math.max(
    1,
    Math.min(deepest, Math.ceil((page.data?.total ?? 0) / TOOL_PAGE_SIZE_DEFAULT)),
  );
  const current = query.page ?? 1;
  const category = facets.data?.categories.find((c) => c.slug === query.category);
  // The owner's picture and words for the chosen category.
  const about = useCategories().data?.find((c) => c.slug === query.category);
  const chips: { label: string; clear: Record<string, undefined> }[] = [
    ...(query.search ? [{ label: `“${query.search}”`, clear: { search: undefined } }] : []),
    ...(query.category ? [{ label: category?.name ?? query.category, clear: { category: undefined } }] : []),
    ...(query.brand ? [{ label: query.brand, clear: { brand: undefined } }] : []),
    ...(query.minPrice !== undefined || query.maxPrice !== undefined
      ? [
          {
            label: `$${query.minPrice ?? 0}${query.maxPrice !== undefined ? ` – $${query.maxPrice}` : ' and up'}`,
            clear: { minPrice: undefined, maxPrice: undefined },
          },
        ]
      : []),
    ...(query.inStock ? [{ label: 'In stock', clear: { inStock: undefined } }] : []),
  ];
  const filters = <CatalogFilters query={query} facets={facets.data} onChange={update} />;
  // A list for a vehicle is of parts (the spec's own 'Tools' names the page and the catalog).
  const fitting = vehicle !== undefined && query.fit !== 'all';
  let summary: ReactNode = null;
  // While the next list loads, the one before stays on screen, but its count would be wrong.
  if (page.data && !page.isPlaceholderData) {
    const { total, understood } = page.data;
    const noun = fitting ? (total === 1 ? 'part' : 'parts') : total === 1 ? 'tool' : 'tools';
    summary = (
      <div className="space-y-1">
        {query.search && understood ? (
          // The store read the words otherwise (a typo, a synonym): the buyer sees what it searched.
          <p data-testid="search-understood">
            Showing results for <strong>{understood}</strong>
            <span className="text-base-content/70"> (you typed “{query.search}”)</span>
          </p>
        ) : null}
        <p className="text-sm text-base-content/70" role="status">
          {total} {noun}
          {query.search ? ` matching “${understood ?? query.search}”` : ''}
          {fitting ? ` that fit your ${vehicleLabel(vehicle)}` : ''}
        </p>
      </div>
    );
  }

  return (
    <div className="space-y-3 sm:space-y-5 sm:py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{category ? category.name : 'Tools'}</h1>
      {about ? (
        <div className="flex items-center gap-4" data-testid="category-about">
          {about.image ? (
            <div className="flex h-16 w-20 shrink-0 items-center justify-center overflow-hidden rounded bg-base-200">
              <img src={about.image} alt="" className="max-h-16 max-w-20 object-contain" />
            </div>
          ) : null}
          {about.description ? <p className="text-base-content/80">{about.description}</p> : null}
        </div>
      ) : null}
      <VehicleBar
        garage={garage}
        current={vehicle}
        onPick={(v) => update({ ...vehicleParams(v), fit: undefined })}
        onClear={async () => {
          await garage.deactivate();
          update({ ...vehicleParams(undefined), fit: undefined });
        }}
      />
      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
        {vehicle ? (
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="toggle toggle-sm"
              checked={fitOnly}
              onChange={(e) => {
                setFitOnly(e.target.checked);
                update({ fit: e.target.checked ? undefined : 'all' });
              }}
            />
            Only parts that fit
          </label>
        ) : null}
        <label className="flex items-center gap-2 text-sm whitespace-nowrap">
          Sort by
          <select
            className="select select-sm"
            value={query.sort ?? ''}
            onChange={(e) => update({ sort: e.target.value || undefined })}
          >
            <option value="">Featured</option>
            {toolSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {chips.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Filters in use">
          {chips.map((chip) => (
            <li key={chip.label}>
              <button
                type="button"
                className="badge badge-outline gap-1 py-3"
                aria-label={`Remove filter ${chip.label}`}
                onClick={() => update(chip.clear)}
              >
                {chip.label} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() =>
                update({
                  search: undefined,
                  category: undefined,
                  brand: undefined,
                  minPrice: undefined,
                  maxPrice: undefined,
                  inStock: undefined,
                })
              }
            >
              Clear all
            </button>
          </li>
        </ul>
      ) : null}
      <div className="grid gap-3 sm:gap-6 lg:grid-cols-[15rem_1fr]">
        <aside aria-label="Filters">
          <details className="lg:hidden rounded-box border border-base-300 px-3 py-2">
            <summary className="cursor-pointer font-semibold">Filters</summary>
            <div className="mt-3">{filters}</div>
          </details>
          <div className="hidden lg:block">{filters}</div>
        </aside>
        <div className="space-y-4">
          <QueryState
            query={page}
            isEmpty={(data) => data.tools.length === 0}
            empty={
              query.search ? (
                <>
                  {fitting ? 'No parts' : 'No tools'} match “{query.search}”.
                  {page.data?.didYouMean ? (
                    <>
                      {' '}
                      Did you mean{' '}
                      <button
                        type="button"
                        className="link link-primary"
                        onClick={() => update({ search: page.data?.didYouMean })}
                      >
                        {page.data.didYouMean}
                      </button>
                      ?
                    </>
                  ) : null}
                </>
              ) : vehicle ? (
                `No parts listed for your ${vehicleLabel(vehicle)} with these filters.`
              ) : (
                'No tools in the catalog yet.'
              )
            }
          >
            {(data) => (
              <>
                {/* The cards' names are h3: an outline from the page's h1 does not skip a level. */}
                <h2 className="sr-only">Results</h2>
                {summary}
                <ProductGrid
                  tools={data.tools}
                  eagerCount={3}
                  vehicle={vehicle ? vehicleLabel(vehicle) : undefined}
                  descriptionOnPhone={false}
                />
              </>
            )}
          </QueryState>
          <Pager page={current} pages={totalPages} onPage={(n) => update({ page: String(n) })} />
        </div>
      </div>
    </div>
  );
}
