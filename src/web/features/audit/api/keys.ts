import { adminRoot } from '@web/lib/query-keys';

export const auditKeys = { list: (filter: unknown) => [...adminRoot, 'audit', filter] as const };
