/**
 * Catalog values the web app needs on every page. Kept apart from the zod schemas so importing
 * them does not put the validation library into the home page's first load.
 */
export const TOOL_PAGE_SIZE_DEFAULT = 24;
export const TOOL_PAGE_SIZE_MAX = 100;
/** Without `limit`, GET /tool answers up to this many tools, so the spec's "all tools" call stays bounded. */
export const TOOL_LIST_DEFAULT_LIMIT = 100;
/** How many tools the home page's 'All Tools' grid shows (two rows of three); "See all tools" leads to the rest. */
export const HOME_TOOL_COUNT = 6;
/** Name of the response header that carries the number of tools matching a list query. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * Beside a search's answer: the search as the store read it when that differs from what was typed
 * (`wrnch` -> `wrench`, `break pads` -> `brake pads`), and, when nothing was found, a search that
 * finds something ("did you mean"). Both URI-encoded.
 */
export const SEARCH_UNDERSTOOD_HEADER = 'x-search-understood';
export const DID_YOU_MEAN_HEADER = 'x-did-you-mean';
/**
 * How deep a list may be paged: page x limit stays within this many tools. Reading past an offset
 * costs the database every row skipped, so the last pages of a 100,000-tool catalog would be the
 * slowest answers of the store; a customer that far down searches or sorts instead.
 */
export const TOOL_LIST_MAX_DEPTH = 10_000;
/** The message of the 400 answer to a page past TOOL_LIST_MAX_DEPTH. */
export const TOOL_LIST_TOO_DEEP = `Only the first ${TOOL_LIST_MAX_DEPTH} tools of a list can be paged through; search or sort to find the others`;

/**
 * The query string of a list call, its fields in a fixed order: the web app asks for exactly this
 * address and the server names the same one in the /tools page's preload hint, so the browser
 * uses the answer it fetched early.
 */
export const TOOL_LIST_PARAMS = [
  'search',
  'category',
  'brand',
  'minPrice',
  'maxPrice',
  'inStock',
  'year',
  'make',
  'model',
  'engine',
  'fit',
  'sort',
  'page',
  'limit',
] as const;

export function toolListSearch(
  query: Partial<Record<(typeof TOOL_LIST_PARAMS)[number], string | number>>,
): string {
  const params = new URLSearchParams();
  for (const key of TOOL_LIST_PARAMS) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** The address of the filters' counts for these filters; the web app and the preload hint agree on it. */
export function facetsAddress(filters: Parameters<typeof toolListSearch>[0]): string {
  const search = toolListSearch(filters);
  return `/api/tool/facets${search ? `?${search}` : ''}`;
}

/** The highest price a product can have, and so the highest a price filter can name. */
export const PRODUCT_LIMITS_PRICE_MAX = 1_000_000;

export const toolSorts = ['price', '-price', 'name', 'newest'] as const;
export type ToolSort = (typeof toolSorts)[number];

/** How many vehicles My Garage keeps. */
export const GARAGE_MAX_VEHICLES = 10;

interface NamedVehicle {
  year: number;
  make: string;
  model: string;
  engine?: string;
}

export const vehicleLabel = (v: { year: number; make: string; model: string }) =>
  `${v.year} ${v.make} ${v.model}`;

/** The vehicle a list query names, when it names one. */
export function queryVehicle(q: {
  year?: number;
  make?: string;
  model?: string;
  engine?: string;
}): NamedVehicle | undefined {
  if (q.year === undefined || !q.make || !q.model) return undefined;
  return { year: q.year, make: q.make, model: q.model, ...(q.engine ? { engine: q.engine } : {}) };
}
