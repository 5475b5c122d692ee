import type { DeskOrder, Order, OrderEvent } from '@contract/orders';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { orderKeys } from './keys';

/**
 * One order's page: the customer's own (/order/:id) or any order for an admin (/manage/:id), with
 * its history. Not-found answers are not retried: the page says so at once.
 */
const noRetryOn4xx = (count: number, error: Error) =>
  count < 2 && !String((error as { status?: number }).status ?? '').startsWith('4');

const base = (admin: boolean) => (admin ? '/manage' : '/order');

/** The customer's own order; with `admin`, any order as the desk shows it to this role (no money for staff). */
export function useOrderDetails(id: string): UseQueryResult<Order>;
export function useOrderDetails(id: string, admin: true): UseQueryResult<DeskOrder>;
export function useOrderDetails(id: string, admin = false): UseQueryResult<DeskOrder> {
  return useQuery({
    queryKey: orderKeys.detail(id, admin),
    queryFn: ({ signal }) => apiGet<DeskOrder>(`${base(admin)}/${encodeURIComponent(id)}`, signal),
    retry: noRetryOn4xx,
  });
}

export const useOrderHistory = (id: string, admin = false) =>
  useQuery({
    queryKey: orderKeys.history(id, admin),
    queryFn: ({ signal }) => apiGet<OrderEvent[]>(`${base(admin)}/${encodeURIComponent(id)}/history`, signal),
    retry: noRetryOn4xx,
  });

/** Where the receipt PDF downloads from (the session cookie goes with a plain link). */
export const receiptUrl = (id: string, admin = false) =>
  `/api${base(admin)}/${encodeURIComponent(id)}/receipt.pdf`;
