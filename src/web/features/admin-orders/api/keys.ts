import { adminRoot } from '@web/lib/query-keys';

/** Staff's order screens; every change of an order invalidates `all`, the staff root. */
export const adminOrderKeys = {
  all: adminRoot,
  list: (status: string | undefined, behind = '') =>
    [...adminRoot, 'orders', status ?? 'all', behind] as const,
  returns: (status: string) => [...adminRoot, 'returns', status] as const,
  packingSlip: (id: string) => [...adminRoot, 'order', id, 'packing-slip'] as const,
  returnRefundQuote: (id: string) => [...adminRoot, 'returns', id, 'refund-quote'] as const,
};
