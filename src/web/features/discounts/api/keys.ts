import { adminRoot } from '@web/lib/query-keys';

export const discountKeys = { all: [...adminRoot, 'discounts'] as const };
