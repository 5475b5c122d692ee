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
  /** Customer groups (decision 102): a group's change reprices its members' pages too. */
  groups: [...users, 'customer-groups'] as const,
  /** The store's open invoices, and one customer's invoices and payments (decision 102). */
  openInvoices: [...users, 'invoices'] as const,
  invoices: (id: string) => [...users, 'customer', id, 'invoices'] as const,
  /** The quotes sent to one customer (decision 103). */
  quotes: (id: string) => [...users, 'customer', id, 'quotes'] as const,
  /** The order being built for one customer, priced (decision 103): one entry per lines, method and place. */
  orderPreview: (id: string, body: unknown) => [...users, 'customer', id, 'order-preview', body] as const,
};
