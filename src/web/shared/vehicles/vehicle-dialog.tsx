import type { Vehicle } from '@contract/catalog';
import { vehicleLabel } from '@contract/catalog.constants';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import type { Garage } from './garage';
import { VehiclePicker } from './vehicle-picker';

const asVehicle = (v: Vehicle & { engine?: string }): Vehicle => ({
  year: v.year,
  make: v.make,
  model: v.model,
  ...(v.engine ? { engine: v.engine } : {}),
});

/**
 * My vehicle, in a modal window: the vehicle shopped for (or none), My Garage's other vehicles to
 * switch to or remove, and the picker for another. Picking one keeps it in My Garage, active.
 */
export function VehicleDialog({
  open,
  onClose,
  garage,
  current,
  onPick,
  onClear,
}: {
  open: boolean;
  onClose: () => void;
  garage: Garage;
  /** The vehicle the page shops for. */
  current: Vehicle | undefined;
  onPick: (vehicle: Vehicle) => void | Promise<void>;
  onClear: () => void | Promise<void>;
}) {
  const pick = async (vehicle: Vehicle) => {
    await garage.add(vehicle);
    onClose();
    await onPick(vehicle);
  };
  const sameAsCurrent = (v: Vehicle) =>
    current !== undefined &&
    vehicleLabel(v) === vehicleLabel(current) &&
    (v.engine || '') === (current.engine ?? '');
  const others = garage.vehicles.filter((v) => !sameAsCurrent(v));
  return (
    <ModalDialog open={open} title="My vehicle" onClose={onClose}>
      <div className="mt-3 space-y-4">
        {current ? (
          <div className="flex flex-wrap items-center gap-2">
            <p>
              Shopping for <strong>{vehicleLabel(current)}</strong>
              {current.engine ? <span className="text-base-content/70"> ({current.engine})</span> : null}
            </p>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={async () => {
                onClose();
                await onClear();
              }}
            >
              Shop without a vehicle
            </button>
          </div>
        ) : (
          <p className="text-sm text-base-content/70">
            Choose your vehicle: the catalog then shows the parts that fit it first.
          </p>
        )}
        {others.length > 0 ? (
          <section aria-labelledby="garage-heading" className="space-y-1 text-sm">
            <h3 id="garage-heading" className="font-semibold">
              My Garage ({garage.vehicles.length})
            </h3>
            <ul className="space-y-1">
              {others.map((v) => (
                <li key={v.id} className="flex flex-wrap items-center gap-2">
                  <span>
                    {vehicleLabel(v)}
                    {v.engine ? ` (${v.engine})` : ''}
                  </span>
                  <button
                    type="button"
                    className="btn btn-xs"
                    aria-label={`Shop for the ${vehicleLabel(v)}`}
                    onClick={async () => {
                      await garage.activate(v.id);
                      onClose();
                      await onPick(asVehicle(v));
                    }}
                  >
                    Shop for this one
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    aria-label={`Remove ${vehicleLabel(v)} from My Garage`}
                    onClick={() => void garage.remove(v.id)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="pick-heading" className="space-y-2">
          <h3 id="pick-heading" className="font-semibold">
            {current ? 'Another vehicle' : 'Your vehicle'}
          </h3>
          <VehiclePicker onPick={pick} />
        </section>
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-sm" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
