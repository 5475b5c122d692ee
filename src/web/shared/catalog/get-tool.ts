import type { ToolDetails, Vehicle } from '@contract/catalog';
import { toolListSearch } from '@contract/catalog.constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { productKeys } from './keys';

/** One tool with its part numbers and fitment; with a vehicle, whether it fits that one. */
export const productQuery = (id: string, vehicle?: Vehicle) => {
  const params = vehicle ? toolListSearch(vehicle) : '';
  return queryOptions({
    queryKey: productKeys.one(id, params),
    queryFn: ({ signal }) =>
      apiGet<ToolDetails>(`/purchase/${encodeURIComponent(id)}${params ? `?${params}` : ''}`, signal),
  });
};

export const useProduct = (id: string, vehicle?: Vehicle) => useQuery(productQuery(id, vehicle));
