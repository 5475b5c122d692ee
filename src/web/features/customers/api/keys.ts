import { accountKeys } from '@web/features/accounts/api/keys';

/** Staff's customer pages, under the users list so a change to a user refreshes them. */
export const customerKeys = {
  all: accountKeys.users,
  list: (search: string, page: number) => [...accountKeys.users, 'customers', search, page] as const,
  one: (id: string) => [...accountKeys.users, 'customer', id] as const,
};
