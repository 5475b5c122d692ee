import type { Tool, ToolListQuery } from '@contract/catalog';
import {
  DID_YOU_MEAN_HEADER,
  HOME_TOOL_COUNT,
  SEARCH_UNDERSTOOD_HEADER,
  TOTAL_COUNT_HEADER,
  toolListSearch,
} from '@contract/catalog.constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { productKeys } from './keys';

/**
 * The home page's 'All Tools' grid, cached under the key 'tools' (docs/requirements.md §4.5): the
 * catalog's first HOME_TOOL_COUNT tools, so an imported catalog does not make the home page a list
 * of hundreds; /tools has them all.
 */
export const productsQuery = queryOptions({
  queryKey: productKeys.all,
  queryFn: ({ signal }) => apiGet<Tool[]>(`/tool?limit=${HOME_TOOL_COUNT}`, signal),
});

export const useProducts = () => useQuery(productsQuery);

export interface ProductPage {
  tools: Tool[];
  total: number;
  /** The search as the store read it, when that differs from what was typed. */
  understood?: string;
  /** When nothing matched: a search that finds something. */
  didYouMean?: string;
}

const header = (headers: Headers, name: string) => {
  const value = headers.get(name);
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/** One page of a searched and sorted list, under 'tools' too so a product change refreshes both. */
export const productPageQuery = (query: ToolListQuery) =>
  queryOptions({
    queryKey: productKeys.page(query),
    queryFn: async ({ signal }): Promise<ProductPage> => {
      const { data, headers } = await apiRequest<Tool[]>(`/tool?${toolListSearch(query)}`, { signal });
      return {
        tools: data,
        total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
        understood: header(headers, SEARCH_UNDERSTOOD_HEADER),
        didYouMean: header(headers, DID_YOU_MEAN_HEADER),
      };
    },
    placeholderData: keepPreviousData,
  });

export const useProductPage = (query: ToolListQuery) => useQuery(productPageQuery(query));
