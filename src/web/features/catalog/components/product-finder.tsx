import { type ProductStatus, productStatuses } from '@contract/catalog';
import { ProductListQuery, type StockLevel } from '@contract/catalog-admin';
import { PRODUCT_STATUS_WORDS } from '@contract/product-change-words';
import { useBrands } from '@web/shared/catalog/get-brands';
import { useCategories } from '@web/shared/catalog/get-categories';
import { type FormEvent, useEffect, useState } from 'react';

/** What Manage Product is showing: kept in the page's address, so Back from the editor finds it again. */
export interface ProductFinderState {
  search: string;
  category: string;
  brand: string;
  status: ProductStatus | '';
  stock: StockLevel | '';
  page: number;
}

const FIELDS = ['search', 'category', 'brand', 'status', 'stock'] as const;

/** The address's parameters as the finder's state; a value the list would refuse is left out. */
export function finderFromAddress(params: URLSearchParams): ProductFinderState {
  const state: ProductFinderState = { search: '', category: '', brand: '', status: '', stock: '', page: 1 };
  for (const key of FIELDS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parsed = ProductListQuery.shape[key].safeParse(raw);
    if (parsed.success && parsed.data) (state as unknown as Record<string, unknown>)[key] = parsed.data;
  }
  const page = ProductListQuery.shape.page.safeParse(params.get('page') ?? undefined);
  if (page.success && page.data) state.page = page.data;
  return state;
}

/** The finder's state as the address's parameters: empty fields and page 1 are left out. */
export function finderToAddress(state: ProductFinderState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FIELDS) if (state[key]) params.set(key, state[key]);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export const finderFiltered = (state: ProductFinderState) => FIELDS.some((key) => state[key] !== '');

const STOCK_LABELS: Record<StockLevel, string> = { low: 'Low stock', out: 'Sold out', in: 'In stock' };

/**
 * Manage Product's search and filters. The search box reads a name, a SKU or any part number (the
 * maker's, OEM, interchange, UPC) and is sent with Search or Enter; a filter applies when chosen.
 */
export function ProductFinder({
  state,
  onChange,
}: {
  state: ProductFinderState;
  onChange: (next: ProductFinderState) => void;
}) {
  const categories = useCategories().data ?? [];
  const brands = useBrands().data ?? [];
  const [search, setSearch] = useState(state.search);
  // Back and Forward change the address: the box follows it.
  useEffect(() => setSearch(state.search), [state.search]);
  const choose = (key: Exclude<(typeof FIELDS)[number], 'search'>) => (e: { target: { value: string } }) =>
    onChange({ ...state, [key]: e.target.value, page: 1 });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...state, search: search.trim(), page: 1 });
  };

  return (
    <search>
      <form
        aria-label="Find products"
        onSubmit={submit}
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-6"
      >
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label className="label-text" htmlFor="finder-search">
            Name, SKU or part number
          </label>
          <div className="join w-full">
            <input
              id="finder-search"
              type="search"
              className="input join-item w-full"
              value={search}
              maxLength={100}
              placeholder="e.g. BR-320 or brake pads"
              onChange={(e) => setSearch(e.target.value)}
            />
            <button type="submit" className="btn btn-primary join-item">
              Search
            </button>
          </div>
        </div>
        <label className="flex flex-col gap-1">
          <span className="label-text">Category</span>
          <select
            className="select w-full"
            key={categories.length}
            value={state.category}
            onChange={choose('category')}
          >
            <option value="">Every category</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.parent ? `— ${c.name}` : c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="label-text">Brand</span>
          <select
            className="select w-full"
            key={brands.length}
            value={state.brand}
            onChange={choose('brand')}
          >
            <option value="">Every brand</option>
            {brands.map((b) => (
              <option key={b.id} value={b.name}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="label-text">Status</span>
          <select className="select w-full" value={state.status} onChange={choose('status')}>
            <option value="">Every status</option>
            {productStatuses.map((s) => (
              <option key={s} value={s}>
                {PRODUCT_STATUS_WORDS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="label-text">Stock</span>
          <select className="select w-full" value={state.stock} onChange={choose('stock')}>
            <option value="">Any stock</option>
            {(['low', 'out', 'in'] as const).map((s) => (
              <option key={s} value={s}>
                {STOCK_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </form>
    </search>
  );
}
