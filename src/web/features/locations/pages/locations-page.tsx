import { LOCATION_KIND_LABELS, type Location } from '@contract/locations';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { DataTable } from '@web/components/ui/data-table';
import { QueryState } from '@web/components/ui/query-state';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useCreateLocation, useLocations, useUpdateLocation } from '@web/shared/locations/location-calls';
import { useMay } from '@web/shared/session/access';
import { useState } from 'react';
import { blankPlace, fieldsOfPlace, LocationForm, toPlaceInput } from '../components/location-form';
import { TransfersSection } from '../components/transfers-section';

/** A place's address on one line, or undefined when it has none. */
function addressLine(l: Location): string | undefined {
  const regionAndCode = [l.region, l.postalCode].filter(Boolean).join(' ');
  if (!l.line1 && !l.city && !regionAndCode) return undefined;
  return [l.line1, l.city, regionAndCode, l.country].filter(Boolean).join(', ');
}

/** Open places first, each in pick order. */
const inPickOrder = (list: readonly Location[]) =>
  [...list].sort(
    (a, b) =>
      Number(b.active) - Number(a.active) || a.pickOrder - b.pickOrder || a.name.localeCompare(b.name),
  );

/** Changing a place: its fields, or only whether it is open. */
type Editing = { kind: 'new' } | { kind: 'edit'; location: Location } | null;

/**
 * Places (decision 099): where the store keeps stock and the units on their way between them. The
 * owner adds, changes, closes and reopens places; managers and the owner receive or call off a
 * transfer. The store decides each step; this page shows and sends.
 */
export function LocationsPage() {
  const locations = useLocations();
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const mayEdit = useMay('settings.write');
  const mayMove = useMay('stock.write');
  const [editing, setEditing] = useState<Editing>(null);
  const toggling = useConfirmedAction(
    async ({ location, active }: { location: Location; active: boolean }) => {
      await update.mutateAsync({
        id: location.id,
        input: { ...toPlaceInput(fieldsOfPlace(location)), active },
      });
      return active ? `${location.name} is open again` : `${location.name} is closed`;
    },
    'Could not change the place.',
  );
  const nextPickOrder = Math.min(999, Math.max(0, ...(locations.data ?? []).map((l) => l.pickOrder)) + 1);
  const closing = toggling.item && !toggling.item.active;

  return (
    <div className="max-w-5xl space-y-8">
      <h2 className="text-2xl font-semibold">Places</h2>

      <section aria-labelledby="places-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="places-heading" className="text-xl font-semibold">
            Where stock is kept
          </h3>
          {mayEdit && editing === null ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setEditing({ kind: 'new' })}
            >
              Add a place
            </button>
          ) : null}
        </div>
        {mayEdit && editing ? (
          <section aria-labelledby="place-form-heading" className="card border border-base-300">
            <div className="card-body">
              <h4 id="place-form-heading" className="font-semibold">
                {editing.kind === 'new' ? 'New place' : `Change ${editing.location.name}`}
              </h4>
              {editing.kind === 'new' ? (
                <LocationForm
                  key="new"
                  label="New place"
                  submitLabel="Add place"
                  initial={blankPlace(nextPickOrder)}
                  onCancel={() => setEditing(null)}
                  onSave={async (input) => {
                    const made = await create.mutateAsync(input);
                    toast.success(`${made.name} is added`);
                    setEditing(null);
                  }}
                />
              ) : (
                <LocationForm
                  key={editing.location.id}
                  label={`Change ${editing.location.name}`}
                  submitLabel="Save place"
                  initial={fieldsOfPlace(editing.location)}
                  onCancel={() => setEditing(null)}
                  onSave={async (input) => {
                    const saved = await update.mutateAsync({ id: editing.location.id, input });
                    toast.success(`${saved.name} is saved`);
                    setEditing(null);
                  }}
                />
              )}
            </div>
          </section>
        ) : null}
        <QueryState query={locations} isEmpty={(d) => d.length === 0} empty="No places yet.">
          {(list) => (
            <DataTable
              label="Places"
              testId="places"
              rows={inPickOrder(list)}
              rowKey={(l) => l.id}
              rowProps={(l) => ({ 'data-testid': `place-${l.id}` })}
              columns={[
                { header: 'Name', rowHeader: true, className: 'font-medium', cell: (l) => l.name },
                { header: 'Kind', cell: (l) => LOCATION_KIND_LABELS[l.kind] },
                {
                  header: 'Address',
                  className: 'min-w-48',
                  cell: (l) => addressLine(l) ?? <span className="text-base-content/70">No address</span>,
                },
                { header: 'Pick order', className: 'tabular-nums', cell: (l) => l.pickOrder },
                {
                  header: 'Status',
                  cell: (l) => (
                    <span className={`badge badge-sm ${l.active ? 'badge-success' : 'badge-ghost'}`}>
                      {l.active ? 'Open' : 'Closed'}
                    </span>
                  ),
                },
                { header: 'On hand', className: 'tabular-nums', cell: (l) => formatNumber(l.onHand) },
                { header: 'On the way', className: 'tabular-nums', cell: (l) => formatNumber(l.incoming) },
                ...(mayEdit
                  ? [
                      {
                        srHeader: 'Actions',
                        cell: (l: Location) => (
                          <div className="flex flex-wrap justify-end gap-1">
                            <button
                              type="button"
                              className="btn btn-xs"
                              aria-label={`Edit ${l.name}`}
                              onClick={() => setEditing({ kind: 'edit', location: l })}
                            >
                              Edit
                            </button>
                            <button
                              type="button"
                              className={`btn btn-xs btn-outline ${l.active ? 'btn-error' : ''}`}
                              aria-label={`${l.active ? 'Close' : 'Reopen'} ${l.name}`}
                              onClick={() => toggling.ask({ location: l, active: !l.active })}
                            >
                              {l.active ? 'Close' : 'Reopen'}
                            </button>
                          </div>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </QueryState>
      </section>

      <TransfersSection mayMove={mayMove} />

      <ConfirmDialog
        {...toggling.dialog}
        title={closing ? `Close ${toggling.item?.location.name}?` : `Reopen ${toggling.item?.location.name}?`}
        confirmLabel={closing ? 'Close place' : 'Reopen place'}
      >
        {closing ? (
          <p>
            No stock is kept or sent to a closed place. The store refuses to close a place that still holds
            units: move or count them out first.
          </p>
        ) : (
          <p>Stock can be kept at {toggling.item?.location.name} and sent there again.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
