import type { ToolListQuery } from '@contract/catalog';

/** The catalog's query keys: any product change invalidates `toolKeys.all`, every list and page of products. */
export const productKeys = {
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
