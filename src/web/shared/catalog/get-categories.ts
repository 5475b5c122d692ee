import type { Category } from '@contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { productKeys } from './keys';

/** The category tree with counts; under 'tools' so a product change refreshes the counts. */
export const categoriesQuery = queryOptions({
  queryKey: productKeys.categories,
  queryFn: ({ signal }) => apiGet<Category[]>('/categories', signal),
});
export const useCategories = () => useQuery(categoriesQuery);
