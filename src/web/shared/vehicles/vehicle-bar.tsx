import type { Vehicle } from '@contract/catalog';
import { vehicleLabel } from '@contract/catalog.constants';
import { useState } from 'react';
import type { Garage } from './garage';
import { CarIcon } from './my-vehicle';
import { VehicleDialog } from './vehicle-dialog';

/**
 * The vehicle a list shops for, in one line above it: change it or shop without one; with none,
 * a way to choose one. Both open the vehicle window (the picker and My Garage), so the list itself
 * starts near the top of a phone's screen.
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
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-label="Your vehicle"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box border border-base-300 bg-base-200/50 px-3 py-2 text-sm"
    >
      <CarIcon className="h-5 w-5 shrink-0 text-base-content/70" />
      {current ? (
        <>
          <p className="font-medium" data-testid="current-vehicle">
            Shopping for: <strong>{vehicleLabel(current)}</strong>
            {current.engine ? <span className="text-base-content/70"> ({current.engine})</span> : null}
          </p>
          <span className="flex gap-1">
            <button type="button" className="btn btn-xs" aria-haspopup="dialog" onClick={() => setOpen(true)}>
              Change vehicle
            </button>
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => void onClear()}>
              Shop without a vehicle
            </button>
          </span>
        </>
      ) : (
        <>
          <p>Find the parts that fit your vehicle.</p>
          <button
            type="button"
            className="btn btn-primary btn-xs"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            Choose your vehicle
          </button>
        </>
      )}
      <VehicleDialog
        open={open}
        onClose={() => setOpen(false)}
        garage={garage}
        current={current}
        onPick={onPick}
        onClear={onClear}
      />
    </section>
  );
}
