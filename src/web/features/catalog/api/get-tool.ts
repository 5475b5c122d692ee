import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '../../../../contract/catalog';
import { apiGet } from '../../../lib/api-client';

export const toolQuery = (id: string) =>
  queryOptions({
    queryKey: ['tools', 'one', id],
    queryFn: ({ signal }) => apiGet<Tool>(`/purchase/${encodeURIComponent(id)}`, signal),
  });

export const useTool = (id: string) => useQuery(toolQuery(id));
