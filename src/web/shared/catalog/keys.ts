import type { ToolListQuery } from '@contract/catalog';
import { adminRoot } from '@web/lib/query-keys';

/** The catalog's query keys: any product change invalidates `toolKeys.all`, every list and page of products. */
export const toolKeys = {
  all: ['tools'] as const,
  page: (query: ToolListQuery) => ['tools', 'page', query] as const,
  one: (id: string, params: unknown) => ['tools', 'one', id, params] as const,
  related: (id: string) => ['tools', 'related', id] as const,
  facets: (filters: unknown) => ['tools', 'facets', filters] as const,
  suggest: (term: string) => ['tools', 'suggest', term.toLowerCase()] as const,
  categories: ['tools', 'categories'] as const,
};

/** The brands list, refreshed when a product names a new one. */
export const brandKeys = { all: ['brands'] as const };

/** What staff read of the catalog (under the staff root, so any staff change refreshes it). */
export const catalogAdminKeys = {
  product: (id: string) => [...adminRoot, 'product', id] as const,
  productHistory: (id: string) => [...adminRoot, 'product', id, 'history'] as const,
  products: (filter: unknown) => [...adminRoot, 'products', filter] as const,
  lowStock: [...adminRoot, 'low-stock'] as const,
  stock: (id: string) => [...adminRoot, 'stock', id] as const,
  bulkLast: [...adminRoot, 'bulk', 'last'] as const,
  imports: [...adminRoot, 'imports'] as const,
  import: (id: string | undefined) => [...adminRoot, 'imports', id] as const,
  importRows: (id: string | undefined, page: number, verdict: unknown, status: unknown) =>
    [...adminRoot, 'imports', id, 'rows', page, verdict, status] as const,
  synonyms: [...adminRoot, 'synonyms'] as const,
};
