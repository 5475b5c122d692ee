import type { AccountInvoices } from '@contract/invoices';
import type { Order } from '@contract/orders';
import type { TradeAccountAnswer } from '@contract/trade';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { accountRoot } from '@web/lib/query-keys';
import { orderKeys } from '@web/shared/orders/keys';
import { paymentKeys } from './keys';

/**
 * Orders on account (decision 102), the customer's side: the trade account's terms, its invoices
 * and payments, and an unpaid order put on account. Dropped at sign-out with the account.
 */
export const onAccountKeys = {
  /** The account's own trade terms: the same query My Profile's trade terms read. */
  trade: [...accountRoot, 'trade'] as const,
  invoices: [...accountRoot, 'invoices'] as const,
};

/** GET /account/trade: the signed-in customer's trade account, or null for a retail buyer. */
export const tradeAccountQuery = queryOptions({
  queryKey: onAccountKeys.trade,
  queryFn: ({ signal }) => apiGet<TradeAccountAnswer>('/account/trade', signal),
});
/** `enabled` false for a visitor: terms belong to an account. */
export const useTradeAccount = (enabled = true) => useQuery({ ...tradeAccountQuery, enabled });

/** GET /account/invoices: where the account stands, its invoices and the payments recorded. */
export const accountInvoicesQuery = queryOptions({
  queryKey: onAccountKeys.invoices,
  queryFn: ({ signal }) => apiGet<AccountInvoices>('/account/invoices', signal),
});
export const useAccountInvoices = (enabled = true) => useQuery({ ...accountInvoicesQuery, enabled });

/**
 * What the trade account may order on account: its terms (null without), and where it stands once
 * read (its available credit, and why it may not order on account now). Read only for an account
 * with terms.
 */
export function useOnAccount(enabled = true) {
  const trade = useTradeAccount(enabled);
  const terms = trade.data?.trade?.onAccount ?? null;
  const invoices = useAccountInvoices(enabled && terms !== null);
  return { terms, standing: terms ? (invoices.data?.standing ?? null) : null, invoices };
}

/** The statement of one month (YYYY-MM) as a PDF. */
export const statementUrl = (month: string) =>
  `/api/account/statement.pdf?month=${encodeURIComponent(month)}`;

/** The month before the one `today` falls in, as YYYY-MM (the statement asked for by default). */
export function lastMonth(today: Date = new Date()): string {
  const year = today.getFullYear();
  const month = today.getMonth(); // 0-based: this month's index is last month's number
  return month === 0 ? `${year - 1}-12` : `${year}-${String(month).padStart(2, '0')}`;
}

/** Whether an order was paid (in part or in full) on account. */
export const onAccountCentsOf = (order: Pick<Order, 'amounts'>) => order.amounts.onAccountCents ?? 0;

/**
 * POST /order/:id/on-account: the customer's unpaid order charged to their account as an invoice;
 * it comes back paid. The order, the orders list and the invoices are read again; its payment
 * intent is no more.
 */
export function usePutOnAccount(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<Order>(`/order/${encodeURIComponent(orderId)}/on-account`, { method: 'POST' })).data,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(orderId), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine });
      void queryClient.invalidateQueries({ queryKey: orderKeys.history(orderId) });
      void queryClient.invalidateQueries({ queryKey: onAccountKeys.invoices });
      if (order.paid) queryClient.removeQueries({ queryKey: paymentKeys.intent(orderId) });
    },
  });
}
