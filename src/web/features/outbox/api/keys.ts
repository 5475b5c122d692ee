import { adminRoot } from '@web/lib/query-keys';

export const outboxKeys = {
  all: [...adminRoot, 'outbox'] as const,
  list: (status: string) => [...adminRoot, 'outbox', status] as const,
};
