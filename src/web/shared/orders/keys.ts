import { accountRoot, adminRoot } from '@web/lib/query-keys';

/**
 * A customer's orders and one order's page. An order read by staff (`admin`) sits under the staff
 * root, one read by its customer under the account's, so each side's changes refresh it.
 */
export const orderKeys = {
  mine: [...accountRoot, 'orders'] as const,
  mineOf: (email: string) => [...accountRoot, 'orders', email] as const,
  detail: (id: string, admin = false) => [...(admin ? adminRoot : accountRoot), 'order', id] as const,
  history: (id: string, admin = false) =>
    [...(admin ? adminRoot : accountRoot), 'order', id, 'history'] as const,
  returns: (id: string) => [...accountRoot, 'order', id, 'returns'] as const,
  /** Staff's quote of a refund of an order, for what the dialog holds. */
  refundQuote: (id: string, input: unknown) => [...adminRoot, 'order', id, 'refund-quote', input] as const,
  /** The Order Now modal's price of one product in a quantity. */
  oneLineQuote: (productId: string, quantity: number) => ['quote', 'one-line', productId, quantity] as const,
};
