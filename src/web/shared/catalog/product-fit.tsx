import type { Vehicle } from '@contract/catalog';
import { vehicleLabel } from '@contract/catalog.constants';
import { useSession } from '@web/shared/session/session';
import { type Garage, useGarage } from '@web/shared/vehicles/garage';
import { VehicleBar } from '@web/shared/vehicles/vehicle-bar';
import { FitBadge } from './fit-badge';

/** The garage's active vehicle, in the shape the catalog's queries name a vehicle. */
export function useActiveVehicle() {
  const { user } = useSession();
  const garage = useGarage(Boolean(user));
  const active = garage.active;
  const vehicle: Vehicle | undefined = active
    ? {
        year: active.year,
        make: active.make,
        model: active.model,
        ...(active.engine ? { engine: active.engine } : {}),
      }
    : undefined;
  return { garage, vehicle };
}

/**
 * On a product's page: whether it fits the vehicle being shopped for ("Fits your 2014 Honda
 * Civic", or a warning), and the vehicle bar to choose or change it.
 */
export function ProductFit({
  fits,
  garage,
  vehicle,
}: {
  fits: 'fits' | 'universal' | 'no' | undefined;
  garage: Garage;
  vehicle: Vehicle | undefined;
}) {
  return (
    <div className="space-y-2">
      <FitBadge fits={fits} vehicle={vehicle ? vehicleLabel(vehicle) : undefined} size="lg" />
      <VehicleBar
        garage={garage}
        current={vehicle}
        onPick={() => undefined}
        onClear={() => garage.deactivate()}
      />
    </div>
  );
}
