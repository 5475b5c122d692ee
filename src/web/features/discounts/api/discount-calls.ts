import type { Discount, DiscountInput, DiscountList } from '@contract/discounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { cartKeys } from '@web/shared/cart/keys';
import { discountKeys } from './keys';

/** Managers' discounts: GET/POST /discounts, PUT /discounts/:id, POST /discounts/:id/end. */

export const useDiscounts = () =>
  useQuery({
    queryKey: discountKeys.all,
    queryFn: ({ signal }) => apiGet<DiscountList>('/discounts', signal),
  });

function useDiscountCall<I>(run: (input: I) => Promise<Discount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Carts price with discounts too: a change shows there at once.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discountKeys.all }),
        queryClient.invalidateQueries({ queryKey: cartKeys.all }),
      ]),
  });
}

const send = async (path: string, method: string, body?: unknown) =>
  (await apiRequest<Discount>(path, { method, body })).data;

export const useCreateDiscount = () =>
  useDiscountCall((input: DiscountInput) => send('/discounts', 'POST', input));
export const useUpdateDiscount = () =>
  useDiscountCall(({ id, input }: { id: string; input: DiscountInput }) =>
    send(`/discounts/${encodeURIComponent(id)}`, 'PUT', input),
  );
export const useEndDiscount = () =>
  useDiscountCall((id: string) => send(`/discounts/${encodeURIComponent(id)}/end`, 'POST'));
