import type { Brand } from '@contract/catalog-admin';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { brandKeys } from './keys';

/** The store's brands, for the owner's catalog pages and the discounts' conditions. */
export const useBrands = () =>
  useQuery({ queryKey: brandKeys.all, queryFn: ({ signal }) => apiGet<Brand[]>('/brands', signal) });
