import type { Suggestion, ToolFacets, ToolListQuery } from '@contract/catalog';
import { facetsAddress } from '@contract/catalog.constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { productKeys } from '@web/shared/catalog/keys';

/** The counts beside each filter choice, for the list's query less its sort and page. */
export const productFacetsQuery = (query: ToolListQuery) => {
  const { sort: _sort, page: _page, limit: _limit, ...filters } = query;
  return queryOptions({
    queryKey: productKeys.facets(filters),
    queryFn: ({ signal }) => apiGet<ToolFacets>(facetsAddress(filters).replace(/^\/api/, ''), signal),
    placeholderData: keepPreviousData,
  });
};
export const useProductFacets = (query: ToolListQuery) => useQuery(productFacetsQuery(query));

/** What the search box suggests for what is typed so far (from two characters on). */
export const useSuggestions = (term: string) =>
  useQuery({
    queryKey: productKeys.suggest(term),
    queryFn: ({ signal }) => apiGet<Suggestion[]>(`/tool/suggest?q=${encodeURIComponent(term)}`, signal),
    enabled: term.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
