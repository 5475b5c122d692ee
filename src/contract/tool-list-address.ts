import type { ToolListQuery } from './catalog';
import {
  PRODUCT_LIMITS_PRICE_MAX,
  TOOL_PAGE_SIZE_DEFAULT,
  TOOL_PAGE_SIZE_MAX,
  toolSorts,
} from './catalog.constants';

/**
 * The /tools page's address read without the validation library: the list page and the server's
 * preload hint both read it here, so the web app need not load and evaluate zod before the list
 * can show (docs/performance.md). It accepts exactly what `ToolListQuery` in catalog.ts accepts,
 * which the API validates with, and a test holds the two together.
 */

type Reading = Record<string, string | number>;

/** A trimmed text of at most `max` characters. */
const text = (max: number) => (value: string) => {
  const trimmed = value.trim();
  return trimmed.length <= max ? trimmed : undefined;
};

/** A number as `z.coerce.number()` reads it: finite, within the bounds, whole when asked. */
const number =
  (min: number, max: number, whole = false) =>
  (value: string) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max) return undefined;
    return whole && !Number.isInteger(n) ? undefined : n;
  };

const oneOf =
  (choices: readonly string[]) =>
  (value: string): string | undefined =>
    choices.includes(value) ? value : undefined;

const FIELDS: Record<string, (value: string) => string | number | undefined> = {
  search: text(100),
  category: (value) => (value.length <= 60 && /^[a-z0-9-]*$/.test(value) ? value : undefined),
  brand: text(60),
  minPrice: number(0, PRODUCT_LIMITS_PRICE_MAX),
  maxPrice: number(0, PRODUCT_LIMITS_PRICE_MAX),
  inStock: oneOf(['1', 'true']),
  year: number(1950, 2100, true),
  make: text(40),
  model: text(60),
  engine: text(60),
  fit: oneOf(['only', 'all']),
  sort: oneOf(toolSorts),
  page: number(1, 100_000, true),
  limit: number(1, TOOL_PAGE_SIZE_MAX, true),
};

/** The address's list query, or undefined when any part of it is not valid. */
function readQuery(params: Record<string, string>): Reading | undefined {
  const query: Reading = {};
  for (const [key, read] of Object.entries(FIELDS)) {
    const raw = params[key];
    if (raw === undefined) continue;
    const value = read(raw);
    if (value === undefined) return undefined;
    query[key] = value;
  }
  const named = [query.year, query.make, query.model].filter((v) => v !== undefined && v !== '').length;
  if (named > 0 && named < 3) return undefined;
  const { minPrice, maxPrice } = query;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) return undefined;
  return query;
}

/**
 * The list the /tools page shows for the address's query string: what it says, where valid, one
 * page of the default size, page 1 unless another is named. The page and the server's preload
 * hint read the address the same way.
 */
export function toolListFromAddress(params: Record<string, string>): ToolListQuery {
  const query = (readQuery(params) ?? {}) as ToolListQuery;
  return { ...query, limit: TOOL_PAGE_SIZE_DEFAULT, page: query.page ?? 1 };
}
