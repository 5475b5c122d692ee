import { adminRoot } from '@web/lib/query-keys';

export const settingsKeys = { all: [...adminRoot, 'settings'] as const };
