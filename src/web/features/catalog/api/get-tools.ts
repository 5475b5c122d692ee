import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool, ToolListQuery } from '../../../../contract/catalog';
import { TOTAL_COUNT_HEADER, toolListSearch } from '../../../../contract/catalog.constants';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** The spec's list of all tools, cached under the key 'tools'. */
export const toolsQuery = queryOptions({
  queryKey: ['tools'],
  queryFn: ({ signal }) => apiGet<Tool[]>('/tool', signal),
});

export const useTools = () => useQuery(toolsQuery);

export interface ToolPage {
  tools: Tool[];
  total: number;
}

/** One page of a searched and sorted list, under 'tools' too so a product change refreshes both. */
export const toolPageQuery = (query: ToolListQuery) =>
  queryOptions({
    queryKey: ['tools', 'page', query],
    queryFn: async ({ signal }): Promise<ToolPage> => {
      const { data, headers } = await apiRequest<Tool[]>(`/tool?${toolListSearch(query)}`, { signal });
      return { tools: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
    placeholderData: keepPreviousData,
  });

export const useToolPage = (query: ToolListQuery) => useQuery(toolPageQuery(query));
