import { useQuery } from '@tanstack/react-query';
import type { RelatedProducts } from '../../../../contract/catalog-admin';
import { apiGet } from '../../../lib/api-client';
import { toolKeys } from './keys';

/** Parts for the same vehicles and parts bought with this one (public). */
export const useRelated = (id: string) =>
  useQuery({
    queryKey: toolKeys.related(id),
    queryFn: ({ signal }) => apiGet<RelatedProducts>(`/purchase/${encodeURIComponent(id)}/related`, signal),
  });
