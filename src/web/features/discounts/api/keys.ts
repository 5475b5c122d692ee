import { adminRoot } from '../../../lib/query-keys';

export const discountKeys = { all: [...adminRoot, 'discounts'] as const };
