import type { LowStockList } from '@contract/catalog-admin';
import type { StoreStats } from '@contract/orders';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { reportKeys } from './keys';

/** The overview's figures: the store's totals and the products running low. */
export const useStoreStats = () =>
  useQuery({
    queryKey: reportKeys.stats,
    queryFn: ({ signal }) => apiGet<StoreStats>('/manage/stats', signal),
  });

export const useLowStock = () =>
  useQuery({
    queryKey: reportKeys.lowStock,
    queryFn: ({ signal }) => apiGet<LowStockList>('/catalog/low-stock', signal),
  });
