import type { DeskOrder, WireOrderStatus } from '@contract/orders';
import type { PackingSlip } from '@contract/packing-slip';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { productKeys } from '@web/shared/catalog/keys';
import { adminOrderKeys } from './keys';
import { type Tracking, trackingBody } from './tracking-body';

/**
 * Staff's order calls: every order (Manage All Orders), the spec's Ship and Delete, Ship with
 * tracking. Each answers the orders as the desk shows them to this role: staff get no money.
 */

/** Every open order, or those of a status, or those behind a figure of the books (`behind`, a query string). */
export const useAllOrders = (status: WireOrderStatus | undefined, behind = '') =>
  useQuery({
    queryKey: adminOrderKeys.list(status, behind),
    queryFn: ({ signal }) => {
      const query = [status ? `status=${status}` : '', behind].filter(Boolean).join('&');
      return apiGet<DeskOrder[]>(`/manage${query ? `?${query}` : ''}`, signal);
    },
  });

function useOrdersChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
    ]);
}

export function useShipOrder() {
  const changed = useOrdersChanged();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest<DeskOrder>(`/manage/${encodeURIComponent(id)}`, { method: 'PUT' })).data,
    onSuccess: changed,
  });
}

export function useCancelAnyOrder() {
  const changed = useOrdersChanged();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest<{ deletedCount: number }>(`/manage/${encodeURIComponent(id)}`, { method: 'DELETE' }))
        .data,
    onSuccess: changed,
  });
}

/** An admin ships an order, with its carrier and tracking number or an explicit "no tracking". */
export function useShipWithTracking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, tracking }: { id: string; tracking: Tracking }) =>
      (
        await apiRequest<DeskOrder>(`/manage/${encodeURIComponent(id)}`, {
          method: 'PUT',
          body: trackingBody(tracking),
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
}

/** What the packer reads: each line's SKU, part number and quantity (GET /manage/:id/packing-slip). */
export const usePackingSlip = (id: string) =>
  useQuery({
    queryKey: adminOrderKeys.packingSlip(id),
    queryFn: ({ signal }) => apiGet<PackingSlip>(`/manage/${encodeURIComponent(id)}/packing-slip`, signal),
  });
