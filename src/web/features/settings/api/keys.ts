import { adminRoot } from '../../../lib/query-keys';

export const settingsKeys = { all: [...adminRoot, 'settings'] as const };
