import type { Vehicle } from '@contract/catalog';
import { vehicleLabel } from '@contract/catalog.constants';
import { lazy, Suspense, useState } from 'react';
import type { Garage } from './garage';

// The picker and My Garage load when the buyer opens them: not part of every page's first load.
const VehicleDialog = lazy(async () => ({ default: (await import('./vehicle-dialog')).VehicleDialog }));

export function CarIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 17h14M3 13l2-6h14l2 6v4H3z" />
      <circle cx="7.5" cy="17" r="1.5" />
      <circle cx="16.5" cy="17" r="1.5" />
    </svg>
  );
}

/**
 * The header's "My vehicle" button: the garage's active vehicle (or "My vehicle"), opening the
 * vehicle window. Once opened the window stays mounted, so closing it gives the focus back here.
 */
export function MyVehicle({
  garage,
  onPick,
  onClear,
}: {
  garage: Garage;
  onPick: (vehicle: Vehicle) => void | Promise<void>;
  onClear: () => void | Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const active = garage.active;
  const current: Vehicle | undefined = active
    ? {
        year: active.year,
        make: active.make,
        model: active.model,
        ...(active.engine ? { engine: active.engine } : {}),
      }
    : undefined;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm h-10 max-w-36 shrink-0 flex-nowrap gap-1 px-2 sm:max-w-64 sm:px-3"
        aria-haspopup="dialog"
        aria-label={current ? `My vehicle: ${vehicleLabel(current)}` : 'My vehicle'}
        data-testid="my-vehicle"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <CarIcon />
        <span className="truncate">{current ? vehicleLabel(current) : 'My vehicle'}</span>
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <VehicleDialog
            open={open}
            onClose={() => setOpen(false)}
            garage={garage}
            current={current}
            onPick={onPick}
            onClear={async () => {
              await garage.deactivate();
              await onClear();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
