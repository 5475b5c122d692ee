import type { RelatedProducts } from '@contract/catalog-admin';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { productKeys } from '@web/shared/catalog/keys';

/** Parts for the same vehicles and parts bought with this one (public). */
export const useRelated = (id: string) =>
  useQuery({
    queryKey: productKeys.related(id),
    queryFn: ({ signal }) => apiGet<RelatedProducts>(`/purchase/${encodeURIComponent(id)}/related`, signal),
  });
