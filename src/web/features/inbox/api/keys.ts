import { adminRoot } from '@web/lib/query-keys';

/** Staff's inbox of contact messages and their notification settings. */
export const inboxKeys = {
  all: [...adminRoot, 'inbox'] as const,
  list: [...adminRoot, 'inbox', 'list'] as const,
  unread: [...adminRoot, 'inbox', 'unread'] as const,
  message: (id: string) => [...adminRoot, 'inbox', 'message', id] as const,
};
