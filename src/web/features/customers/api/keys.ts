import { accountRoot } from '@web/lib/query-keys';

/** Staff's list of users and customers' pages under it, so a role change refreshes both. */
const users = [...accountRoot, 'users'] as const;

export const customerKeys = {
  all: users,
  list: (search: string, page: number) => [...users, 'customers', search, page] as const,
  one: (id: string) => [...users, 'customer', id] as const,
  trade: (id: string) => [...users, 'customer', id, 'trade'] as const,
  /** Applications for trade terms of one status (decision 101). */
  tradeApplications: (status: string) => [...users, 'trade-applications', status] as const,
};
