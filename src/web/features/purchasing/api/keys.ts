import { adminRoot } from '@web/lib/query-keys';

export const purchasingKeys = {
  all: [...adminRoot, 'purchasing'] as const,
  suppliers: () => [...purchasingKeys.all, 'suppliers'] as const,
  supplier: (id: string) => [...purchasingKeys.all, 'supplier', id] as const,
  orders: (status: string) => [...purchasingKeys.all, 'orders', status] as const,
  order: (id: string) => [...purchasingKeys.all, 'order', id] as const,
  reorder: (days: number, coverDays: number) => [...purchasingKeys.all, 'reorder', days, coverDays] as const,
};
