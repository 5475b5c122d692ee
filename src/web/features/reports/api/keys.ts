import { adminRoot } from '@web/lib/query-keys';

/** The dashboard's figures and the owner's report for a period. */
export const reportKeys = {
  stats: [...adminRoot, 'stats'] as const,
  lowStock: [...adminRoot, 'low-stock'] as const,
  period: (from: string, to: string) => [...adminRoot, 'reports', from, to] as const,
};
