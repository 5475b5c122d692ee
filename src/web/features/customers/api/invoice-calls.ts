import type { AccountInvoices, AccountPayment, AccountPaymentInput, OpenInvoices } from '@contract/invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { customerKeys } from './keys';

/** The store's open invoices on account, the most overdue first (decision 102). */
export const useOpenInvoices = () =>
  useQuery({
    queryKey: customerKeys.openInvoices,
    queryFn: ({ signal }) => apiGet<OpenInvoices>('/invoices', signal),
  });

/** One customer's standing on account, invoices and payments. */
export const useCustomerInvoices = (id: string, enabled = true) =>
  useQuery({
    queryKey: customerKeys.invoices(id),
    queryFn: ({ signal }) => apiGet<AccountInvoices>(`/customers/${encodeURIComponent(id)}/invoices`, signal),
    enabled,
  });

/** Where staff download a customer's statement of one month (YYYY-MM). */
export const statementHref = (id: string, month: string) =>
  `/api/customers/${encodeURIComponent(id)}/statement.pdf?month=${encodeURIComponent(month)}`;

/** Records a payment received; the customer's page (invoices included) and the open invoices are read again. */
export function useRecordPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AccountPaymentInput) =>
      (
        await apiRequest<AccountPayment>(`/customers/${encodeURIComponent(id)}/payments`, {
          method: 'POST',
          body: input,
        })
      ).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.one(id) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.openInvoices }),
      ]),
  });
}
