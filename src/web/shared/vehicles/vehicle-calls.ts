import type { GarageVehicle, Vehicle, VehicleOptions, VinDecoded } from '@contract/catalog';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { vehicleKeys } from './keys';

/** The picker's lists for what is chosen so far; the vehicles table changes only with a release. */
export const vehicleOptionsQuery = (chosen: { year?: number; make?: string; model?: string }) => {
  const params = new URLSearchParams();
  if (chosen.year) params.set('year', String(chosen.year));
  if (chosen.year && chosen.make) params.set('make', chosen.make);
  if (chosen.year && chosen.make && chosen.model) params.set('model', chosen.model);
  return queryOptions({
    queryKey: vehicleKeys.options(params.toString()),
    queryFn: ({ signal }) => apiGet<VehicleOptions>(`/vehicles/options?${params}`, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
};

export const decodeVin = (vin: string) =>
  apiGet<VinDecoded>(`/vehicles/vin/${encodeURIComponent(vin.trim())}`);

export const fetchGarage = (signal?: AbortSignal) => apiGet<GarageVehicle[]>('/garage', signal);
export const addGarageVehicle = async (vehicle: Vehicle) =>
  (await apiRequest<GarageVehicle[]>('/garage', { method: 'POST', body: vehicle })).data;
export const activateGarageVehicle = async (id: string) =>
  (await apiRequest<GarageVehicle[]>(`/garage/${encodeURIComponent(id)}/active`, { method: 'PUT' })).data;
export const deactivateGarage = async () =>
  (await apiRequest<GarageVehicle[]>('/garage/active', { method: 'DELETE' })).data;
export const removeGarageVehicle = async (id: string) =>
  (await apiRequest<GarageVehicle[]>(`/garage/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;
