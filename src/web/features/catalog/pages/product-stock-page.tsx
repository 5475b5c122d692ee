import type {
  StockAdjustmentInput,
  StockLedger,
  StockMovement,
  StockMovementReason,
} from '@contract/inventory';
import { pages } from '@contract/pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { DataTable } from '@web/components/ui/data-table';
import { QueryState } from '@web/components/ui/query-state';
import { TextField } from '@web/components/ui/text-field';
import { apiGet, apiRequest } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { productKeys } from '@web/shared/catalog/keys';
import { openPlaces, useLocations } from '@web/shared/locations/location-calls';
import { orderDateTime } from '@web/shared/orders/order-parts';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { catalogAdminKeys } from '../api/keys';
import { type PlaceChoice, PlaceSelect, StockByPlace, TransferForm } from '../components/stock-places';

/** Why a row of the ledger moved, in words. */
const reasonWords: Record<StockMovementReason, string> = {
  opening: 'Opening stock',
  order_placed: 'Reserved by an order',
  order_cancelled: 'Order cancelled, released',
  order_expired: 'Order expired, released',
  payment_revived: 'Late payment, reserved again',
  order_edited: 'Parts added to a paid order, reserved',
  admin_adjustment: 'Adjusted by an admin',
  sale: 'Shipped',
  refund: 'Refunded before shipping, released',
  return: 'Returned to the shelf',
  damaged: 'Written off',
  import: 'Import',
  received: 'Received from a supplier',
  transfer_out: 'Sent to another place',
  transfer_in: 'Arrived from another place',
};

/** A change with its sign: +5, -2, 0. */
const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : n < 0 ? `-${formatNumber(-n)}` : '0');

/**
 * One product's stock: on hand, reserved and available, its ledger, and two ways to change it:
 * add or take away units (goods received, breakage), or set the shelf to a counted number.
 */
export function ProductStockPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const ledger = useQuery({
    queryKey: catalogAdminKeys.stock(id),
    queryFn: ({ signal }) => apiGet<StockLedger>(`/tool/${encodeURIComponent(id)}/stock`, signal),
  });
  const change = useMutation({
    mutationFn: async (input: StockAdjustmentInput) =>
      (
        await apiRequest<StockLedger>(`/tool/${encodeURIComponent(id)}/stock`, {
          method: 'POST',
          body: input,
        })
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(catalogAdminKeys.stock(id), data);
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
  // The store's places: where units may be sent, and names for moves at a place the product left.
  const store = useLocations();
  const [chosenPlace, setPlace] = useState('');
  const [mode, setMode] = useState<'delta' | 'set'>('delta');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  // The question is fixed when asked, so it does not change while the dialog closes.
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);

  const kept = ledger.data?.locations ?? [];
  const open = openPlaces(store.data);
  // One place only: the page stays as it was, without choosing where.
  const several = kept.length > 1 || open.length > 1;
  const keptChoices: PlaceChoice[] = kept.map((l) => ({ id: l.locationId, name: l.locationName }));
  const openChoices: PlaceChoice[] =
    open.length > 0 ? open.map((l) => ({ id: l.id, name: l.name })) : keptChoices;
  const place = keptChoices.find((p) => p.id === chosenPlace) ?? keptChoices[0];
  const placeName = (locationId: string | null) =>
    locationId === null
      ? '—'
      : (kept.find((l) => l.locationId === locationId)?.locationName ??
        store.data?.find((l) => l.id === locationId)?.name ??
        locationId);

  const number = /^-?\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : undefined;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (number === undefined) return setError('Enter a whole number');
    if (mode === 'delta' && number === 0) return setError('A change of 0 changes nothing');
    if (mode === 'set' && number < 0) return setError('Available quantity cannot be negative');
    const at = several && place ? ` at ${place.name}` : '';
    setQuestion(
      mode === 'delta'
        ? `${number > 0 ? 'Add' : 'Take away'} ${formatNumber(Math.abs(number))} units on hand${at}.`
        : `Set the units on hand${at} to ${formatNumber(number)}.`,
    );
    setAsking(true);
  };
  const confirm = async () => {
    if (number === undefined) return;
    try {
      await change.mutateAsync({
        ...(mode === 'delta' ? { delta: number } : { set: number }),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(several && place ? { locationId: place.id } : {}),
      });
      toast.success('Stock updated');
      setValue('');
      setNote('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The stock could not be changed.');
    }
    setAsking(false);
  };

  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-2xl font-semibold">Stock</h2>
        <Link className="btn btn-sm" to={pages.productEditor.path(id)}>
          Back to the product
        </Link>
      </div>
      <QueryState query={ledger} empty={null}>
        {(data) => (
          <>
            {data.productName ? (
              <p className="text-base-content/80" data-testid="stock-product">
                {data.productName}
                {data.sku ? <span className="ml-2 font-mono text-sm">{data.sku}</span> : null}
              </p>
            ) : null}
            <dl
              className="stats stats-vertical sm:stats-horizontal bg-base-200 w-full"
              data-testid="stock-figures"
            >
              <div className="stat">
                <dt className="stat-title">On hand</dt>
                <dd className="stat-value" data-testid="on-hand">
                  {formatNumber(data.onHand)}
                </dd>
              </div>
              <div className="stat">
                <dt className="stat-title">Reserved by orders</dt>
                <dd className="stat-value">{formatNumber(data.reserved)}</dd>
              </div>
              <div className="stat">
                <dt className="stat-title">Available to order</dt>
                <dd className="stat-value">{formatNumber(data.available)}</dd>
              </div>
            </dl>

            {data.locations.length > 0 ? <StockByPlace productId={id} places={data.locations} /> : null}

            <form
              onSubmit={onSubmit}
              className="card bg-base-200"
              aria-labelledby="stock-change-title"
              noValidate
            >
              <div className="card-body gap-2">
                <h3 id="stock-change-title" className="text-lg font-semibold">
                  Change the stock
                </h3>
                <fieldset className="fieldset">
                  <legend className="fieldset-legend">How</legend>
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      className="radio radio-sm"
                      name="stock-mode"
                      checked={mode === 'delta'}
                      onChange={() => setMode('delta')}
                    />
                    Add or take away units (goods received, breakage)
                  </label>
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      className="radio radio-sm"
                      name="stock-mode"
                      checked={mode === 'set'}
                      onChange={() => setMode('set')}
                    />
                    Set to a count of the shelf
                  </label>
                </fieldset>
                <div className="grid gap-x-4 sm:grid-cols-2">
                  {several && place ? (
                    <PlaceSelect label="Place" value={place.id} onChange={setPlace} places={keptChoices} />
                  ) : null}
                  <TextField
                    label={
                      mode === 'delta' ? 'Units to add (negative to take away)' : 'Units counted on the shelf'
                    }
                    inputMode="numeric"
                    value={value}
                    onChange={(e) => setValue(e.target.value)}
                    error={error ?? undefined}
                  />
                  <TextField
                    label="Note (optional)"
                    value={note}
                    maxLength={200}
                    onChange={(e) => setNote(e.target.value)}
                  />
                </div>
                <div>
                  <button type="submit" className="btn btn-primary" disabled={change.isPending}>
                    Save the change
                  </button>
                </div>
              </div>
            </form>

            {several && keptChoices.length > 0 ? (
              <TransferForm productId={id} from={keptChoices} to={openChoices} />
            ) : null}

            <section aria-labelledby="ledger-title" className="space-y-2">
              <h3 id="ledger-title" className="text-lg font-semibold">
                Movements
              </h3>
              <p className="text-sm text-base-content/70">Each row shows what it changed, newest first.</p>
              {data.movements.length === 0 ? (
                <p className="text-base-content/70">No movements yet.</p>
              ) : (
                <DataTable
                  label="Stock movements"
                  testId="stock-ledger"
                  rows={data.movements}
                  // A movement has no id of its own; its time, reason and running totals tell it apart.
                  rowKey={(m) =>
                    `${m.at}-${m.reason}-${m.onHand}-${m.reserved}-${m.orderId ?? ''}-${m.locationId ?? ''}`
                  }
                  columns={[
                    { header: 'When', cell: (m) => <time dateTime={m.at}>{orderDateTime(m.at)}</time> },
                    {
                      header: 'Why',
                      cell: (m) =>
                        m.orderId ? (
                          <Link className="link" to={pages.manageOrder.path(m.orderId)}>
                            {reasonWords[m.reason]}
                          </Link>
                        ) : (
                          reasonWords[m.reason]
                        ),
                    },
                    ...(several
                      ? [{ header: 'Place', cell: (m: StockMovement) => placeName(m.locationId) }]
                      : []),
                    { header: 'Available', className: 'tabular-nums', cell: (m) => signed(m.delta) },
                    { header: 'On hand', className: 'tabular-nums', cell: (m) => signed(m.onHand) },
                    { header: 'Reserved', className: 'tabular-nums', cell: (m) => signed(m.reserved) },
                    { header: 'Note', cell: (m) => m.note ?? '' },
                  ]}
                />
              )}
            </section>
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={asking}
        title="Change the stock?"
        confirmLabel="Change stock"
        busy={change.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p>{question}</p>
      </ConfirmDialog>
    </div>
  );
}
