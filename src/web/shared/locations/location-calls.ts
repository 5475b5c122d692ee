import type { StockLedger } from '@contract/inventory';
import type {
  Location,
  LocationInput,
  LocationList,
  Transfer,
  TransferInput,
  TransferList,
  TransferStatus,
} from '@contract/locations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { adminRoot } from '@web/lib/query-keys';
import { productKeys } from '@web/shared/catalog/keys';

/** The store's places, bins and transfers between places (decision 099). */

export const locationKeys = {
  all: [...adminRoot, 'locations'] as const,
  list: () => [...locationKeys.all, 'list'] as const,
  transfers: (status: TransferStatus | '') => [...locationKeys.all, 'transfers', status] as const,
};
/** A product's stock ledger (its figures per place among them), as the product's stock page keys it. */
const stockKey = (productId: string) => [...adminRoot, 'stock', productId] as const;

const at = (id: string) => encodeURIComponent(id);
const send = async <O>(path: string, method: string, body?: unknown) =>
  (await apiRequest<O>(path, { method, body })).data;

export const useLocations = () =>
  useQuery({
    queryKey: locationKeys.list(),
    queryFn: async ({ signal }) => (await apiGet<LocationList>('/locations', signal)).locations,
  });

/** The open places, in pick order: what a select of "where" offers. */
export const openPlaces = (locations: readonly Location[] | undefined) =>
  (locations ?? []).filter((l) => l.active).sort((a, b) => a.pickOrder - b.pickOrder);

export const useTransfers = (status: TransferStatus | '') =>
  useQuery({
    queryKey: locationKeys.transfers(status),
    queryFn: async ({ signal }) =>
      (await apiGet<TransferList>(`/transfers${status ? `?status=${status}` : ''}`, signal)).transfers,
  });

/** Every success refreshes places, transfers, stock pages and the catalog's figures. */
function useCall<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: locationKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...adminRoot, 'stock'] }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

export const useCreateLocation = () =>
  useCall((input: LocationInput) => send<Location>('/locations', 'POST', input));
export const useUpdateLocation = () =>
  useCall(({ id, input }: { id: string; input: LocationInput }) =>
    send<Location>(`/locations/${at(id)}`, 'PUT', input),
  );
export const useSendTransfer = () =>
  useCall((input: TransferInput) => send<Transfer>('/transfers', 'POST', input));
export const useReceiveTransfer = () =>
  useCall((id: string) => send<Transfer>(`/transfers/${at(id)}/receive`, 'POST'));
export const useCancelTransfer = () =>
  useCall((id: string) => send<Transfer>(`/transfers/${at(id)}/cancel`, 'POST'));

/** Where a product sits at a place; answers the product's ledger, which the stock page shows. */
export function useSetBin(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locationId, bin }: { locationId: string; bin: string }) =>
      send<StockLedger>(`/tool/${at(productId)}/stock/${at(locationId)}/bin`, 'PUT', { bin }),
    onSuccess: (ledger) => queryClient.setQueryData(stockKey(productId), ledger),
  });
}
