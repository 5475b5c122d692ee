import { accountRoot } from '@web/lib/query-keys';

/** The customer's saved addresses, read by the address book and the checkout. */
export const addressKeys = { all: [...accountRoot, 'addresses'] as const };
