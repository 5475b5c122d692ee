import { useState } from 'react';
import type { Vehicle } from '../../../../contract/catalog';
import { vehicleLabel } from '../../../../contract/catalog.constants';
import type { Garage } from '../garage';
import { VehiclePicker } from './vehicle-picker';

/**
 * The vehicle being shopped for, with My Garage: switch to another of the garage's vehicles,
 * remove one, add one with the picker, or shop without a vehicle.
 */
export function VehicleBar({
  garage,
  current,
  onPick,
  onClear,
}: {
  garage: Garage;
  /** The vehicle the page shows parts for (from the address, or the garage's active one). */
  current: Vehicle | undefined;
  onPick: (vehicle: Vehicle) => void | Promise<void>;
  onClear: () => void | Promise<void>;
}) {
  const [picking, setPicking] = useState(false);
  const pick = async (vehicle: Vehicle) => {
    await garage.add(vehicle);
    await onPick(vehicle);
    setPicking(false);
  };
  const others = garage.vehicles.filter(
    (v) =>
      !current || vehicleLabel(v) !== vehicleLabel(current) || (v.engine || '') !== (current.engine ?? ''),
  );
  return (
    <section
      aria-label="Your vehicle"
      className="rounded-box border border-base-300 bg-base-200/50 p-3 space-y-3"
    >
      {current && !picking ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium" data-testid="current-vehicle">
            Shopping for: <strong>{vehicleLabel(current)}</strong>
            {current.engine ? <span className="text-base-content/70"> ({current.engine})</span> : null}
          </p>
          <button type="button" className="btn btn-xs" onClick={() => setPicking(true)}>
            Change vehicle
          </button>
          <button type="button" className="btn btn-xs btn-ghost" onClick={() => void onClear()}>
            Shop without a vehicle
          </button>
        </div>
      ) : (
        <>
          <h2 className="text-sm font-semibold">
            {current ? 'Change vehicle' : 'Find parts that fit your vehicle'}
          </h2>
          <VehiclePicker onPick={pick} />
          {current ? (
            <button type="button" className="btn btn-xs btn-ghost" onClick={() => setPicking(false)}>
              Cancel
            </button>
          ) : null}
        </>
      )}
      {others.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer">My Garage ({garage.vehicles.length})</summary>
          <ul className="mt-2 space-y-1">
            {garage.vehicles.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {vehicleLabel(v)}
                  {v.engine ? ` (${v.engine})` : ''}
                  {v.active ? <span className="badge badge-sm badge-primary ml-2">Active</span> : null}
                </span>
                {!v.active ? (
                  <button
                    type="button"
                    className="btn btn-xs"
                    onClick={async () => {
                      await garage.activate(v.id);
                      await onPick({
                        year: v.year,
                        make: v.make,
                        model: v.model,
                        ...(v.engine ? { engine: v.engine } : {}),
                      });
                    }}
                  >
                    Shop for this one
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-xs btn-ghost"
                  aria-label={`Remove ${vehicleLabel(v)} from My Garage`}
                  onClick={() => void garage.remove(v.id)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
