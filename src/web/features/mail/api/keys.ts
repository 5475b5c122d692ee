import { adminRoot } from '@web/lib/query-keys';

/** The mailbox of mail kept in the store. */
export const mailKeys = {
  all: [...adminRoot, 'mails'] as const,
  one: (id: string) => [...adminRoot, 'mails', id] as const,
};
