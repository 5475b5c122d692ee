import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import type { PurchaseOrder } from '@contract/purchasing';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TableScroll } from '@web/components/ui/table-scroll';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { ApiError } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useLocations } from '@web/shared/locations/location-calls';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { csvPath, usePurchaseOrder, usePurchaseOrderCalls, useSupplier } from '../api/purchasing-calls';
import { type LineDraft, linesInput, OrderLinesEditor } from '../components/order-lines-editor';
import { day, PoStatus, poName, when } from '../components/order-parts';
import { ReceiveForm } from '../components/receive-form';
import { centsText, type Problem, problemOf } from '../components/server-problem';

type Confirmable = 'send' | 'cancel' | 'close';

/** A draft's lines edited in place, saved with PUT. */
function EditLines({
  order,
  onSave,
  onCancel,
}: {
  order: PurchaseOrder;
  onSave: (lines: Exclude<ReturnType<typeof linesInput>, string>) => Promise<void>;
  onCancel: () => void;
}) {
  const supplier = useSupplier(order.supplier.id);
  const sells = supplier.data?.products ?? [];
  const [lines, setLines] = useState<LineDraft[]>(() =>
    order.lines.map((l) => ({
      productId: l.productId,
      productName: l.productName,
      sku: l.sku,
      quantity: String(l.quantity),
      unitCost: centsText(l.unitCostCents),
    })),
  );
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = linesInput(lines, sells);
    if (typeof input === 'string') return setProblem({ message: input, fields: {} });
    setProblem(null);
    setBusy(true);
    try {
      await onSave(input);
    } catch (e) {
      setProblem(problemOf(e, 'The lines could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Edit lines" className="space-y-3">
      <OrderLinesEditor lines={lines} onChange={setLines} sells={sells} errors={problem?.fields} />
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton busy={busy}>Save lines</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <FormError message={problem?.fields.lines ?? problem?.message} />
    </form>
  );
}

/**
 * One purchase order: its lines and total, what may be done with it now (the store's `offers`,
 * never worked out here), the deliveries received, and its CSV.
 */
export function PurchaseOrderPage() {
  const { id = '' } = useParams();
  const order = usePurchaseOrder(id);
  const calls = usePurchaseOrderCalls(id);
  // Each receipt names the place it was counted into.
  const locations = useLocations();
  const placeNames = new Map((locations.data ?? []).map((l) => [l.id, l.name]));
  const [mode, setMode] = useState<'view' | 'edit' | 'receive'>('view');
  const acting = useConfirmedAction(async ({ kind, o }: { kind: Confirmable; o: PurchaseOrder }) => {
    const name = poName(o.number);
    if (kind === 'send') {
      await calls.send.mutateAsync(undefined);
      return `${name} is sent to ${o.supplier.email}`;
    }
    if (kind === 'cancel') {
      await calls.cancel.mutateAsync(undefined);
      return `${name} is cancelled`;
    }
    await calls.close.mutateAsync(undefined);
    return `${name} is closed`;
  }, 'Could not change the purchase order.');

  if (order.error instanceof ApiError && order.error.code === 'NOT_FOUND') {
    return (
      <div className="space-y-3">
        <h2 className="text-xl font-semibold">Purchase order not found</h2>
        <p role="alert">There is no such purchase order.</p>
        <Link to={pages.purchasing.path} className="btn">
          Back to purchasing
        </Link>
      </div>
    );
  }

  return (
    <QueryState query={order} empty={null}>
      {(o) => {
        const name = poName(o.number);
        const ordered = o.lines.reduce((n, l) => n + l.quantity, 0);
        const received = o.lines.reduce((n, l) => n + Math.min(l.receivedQuantity, l.quantity), 0);
        const missing = Math.max(0, ordered - received);
        const byLine = new Map(o.lines.map((l) => [l.lineNo, l.productName]));
        const offers = new Set(o.offers);
        return (
          <article className="max-w-5xl space-y-6" aria-labelledby="po-title">
            <div className="space-y-1">
              <Link to={pages.purchasing.path} className="link text-sm">
                Back to purchasing
              </Link>
              <div className="flex flex-wrap items-center gap-3">
                <h2 id="po-title" className="text-2xl font-semibold font-mono">
                  {name}
                </h2>
                <PoStatus status={o.status} />
              </div>
              <p>
                <Link className="link" to={pages.supplier.path(o.supplier.id)}>
                  {o.supplier.name}
                </Link>{' '}
                <span className="break-all text-base-content/70">{o.supplier.email}</span>
              </p>
              <p className="text-sm text-base-content/70">
                Created {day(o.createdAt)}
                {o.sentAt ? `; sent ${day(o.sentAt)}` : ''}
                {o.closedAt ? `; closed ${day(o.closedAt)}` : ''}
              </p>
              {o.note ? <p className="text-sm">{o.note}</p> : null}
            </div>

            {mode === 'view' ? (
              <div className="flex flex-wrap gap-2">
                {offers.has('edit') ? (
                  <button type="button" className="btn btn-sm" onClick={() => setMode('edit')}>
                    Edit lines
                  </button>
                ) : null}
                {offers.has('send') ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    onClick={() => acting.ask({ kind: 'send', o })}
                  >
                    Send to supplier
                  </button>
                ) : null}
                {offers.has('receive') ? (
                  <button type="button" className="btn btn-sm btn-primary" onClick={() => setMode('receive')}>
                    Receive delivery
                  </button>
                ) : null}
                {offers.has('close') ? (
                  <button
                    type="button"
                    className="btn btn-sm"
                    onClick={() => acting.ask({ kind: 'close', o })}
                  >
                    Close order
                  </button>
                ) : null}
                {offers.has('cancel') ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    onClick={() => acting.ask({ kind: 'cancel', o })}
                  >
                    Cancel order
                  </button>
                ) : null}
                <a className="btn btn-sm btn-ghost" href={csvPath(o.id)} download>
                  Download CSV
                </a>
              </div>
            ) : null}

            {mode === 'edit' && offers.has('edit') ? (
              <section aria-labelledby="po-edit-heading" className="card border border-base-300">
                <div className="card-body">
                  <h3 id="po-edit-heading" className="font-semibold">
                    Edit lines
                  </h3>
                  <EditLines
                    order={o}
                    onCancel={() => setMode('view')}
                    onSave={async (lines) => {
                      await calls.save.mutateAsync({ supplierId: o.supplier.id, lines, note: o.note });
                      toast.success(`${name} is saved`);
                      setMode('view');
                    }}
                  />
                </div>
              </section>
            ) : (
              <section aria-labelledby="po-lines-heading" className="space-y-2">
                <h3 id="po-lines-heading" className="text-xl font-semibold">
                  Lines
                </h3>
                <TableScroll label="Lines">
                  <table className="table" data-testid="po-lines">
                    <thead>
                      <tr>
                        <th scope="col">Product</th>
                        <th scope="col">SKU</th>
                        <th scope="col">Supplier part number</th>
                        <th scope="col">Ordered</th>
                        <th scope="col">Received</th>
                        <th scope="col">Unit cost</th>
                        <th scope="col">Line total</th>
                      </tr>
                    </thead>
                    <tbody>
                      {o.lines.map((l) => (
                        <tr key={l.lineNo}>
                          <td>{l.productName}</td>
                          <td className="font-mono">{l.sku ?? '—'}</td>
                          <td className="font-mono">{l.supplierPartNumber ?? '—'}</td>
                          <td className="tabular-nums">{formatNumber(l.quantity)}</td>
                          <td className="tabular-nums">{formatNumber(l.receivedQuantity)}</td>
                          <td className="tabular-nums">{formatCents(l.unitCostCents)}</td>
                          <td className="tabular-nums">{formatCents(l.lineTotalCents)}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row" colSpan={6} className="text-right">
                          Total
                        </th>
                        <td className="tabular-nums font-semibold" data-testid="po-total">
                          {formatCents(o.totalCents)}
                        </td>
                      </tr>
                    </tfoot>
                  </table>
                </TableScroll>
              </section>
            )}

            {mode === 'receive' && offers.has('receive') ? (
              <section aria-labelledby="po-receive-heading" className="card border border-base-300">
                <div className="card-body">
                  <h3 id="po-receive-heading" className="font-semibold">
                    Receive a delivery
                  </h3>
                  <ReceiveForm
                    order={o}
                    onCancel={() => setMode('view')}
                    onReceive={async (input) => {
                      await calls.receive.mutateAsync(input);
                      toast.success(`The delivery for ${name} is received`);
                      setMode('view');
                    }}
                  />
                </div>
              </section>
            ) : null}

            <section aria-labelledby="po-receipts-heading" className="space-y-2">
              <h3 id="po-receipts-heading" className="text-xl font-semibold">
                Receipts
              </h3>
              {o.receipts.length === 0 ? (
                <p className="text-base-content/70">Nothing received yet.</p>
              ) : (
                <TableScroll label="Receipts">
                  <table className="table" data-testid="po-receipts">
                    <thead>
                      <tr>
                        <th scope="col">Date</th>
                        <th scope="col">Who</th>
                        <th scope="col">Counted into</th>
                        <th scope="col">Counted</th>
                        <th scope="col">Note</th>
                      </tr>
                    </thead>
                    <tbody>
                      {o.receipts.map((r) => (
                        <tr key={r.id}>
                          <td className="whitespace-nowrap">{when(r.receivedAt)}</td>
                          <td>{r.receivedBy ?? '—'}</td>
                          <td>{r.locationId ? (placeNames.get(r.locationId) ?? r.locationId) : '—'}</td>
                          <td>
                            <ul>
                              {r.lines
                                .filter((l) => l.quantity > 0)
                                .map((l) => (
                                  <li key={l.lineNo}>
                                    {byLine.get(l.lineNo) ?? `Line ${l.lineNo}`}: {formatNumber(l.quantity)}
                                  </li>
                                ))}
                            </ul>
                          </td>
                          <td>{r.note ?? '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              )}
            </section>

            <ConfirmDialog
              {...acting.dialog}
              title={
                acting.item?.kind === 'send'
                  ? `Send ${name} to ${o.supplier.email}?`
                  : acting.item?.kind === 'cancel'
                    ? `Cancel ${name}?`
                    : `Close ${name}?`
              }
              confirmLabel={
                acting.item?.kind === 'send'
                  ? 'Send the order'
                  : acting.item?.kind === 'cancel'
                    ? 'Cancel the order'
                    : 'Close the order'
              }
            >
              <p>
                {acting.item?.kind === 'send'
                  ? `The order is mailed to ${o.supplier.name}; its lines cannot be changed after.`
                  : acting.item?.kind === 'cancel'
                    ? 'The draft is cancelled and never sent.'
                    : `${formatNumber(missing)} ${missing === 1 ? 'unit' : 'units'} not received will not be expected any more.`}
              </p>
            </ConfirmDialog>
          </article>
        );
      }}
    </QueryState>
  );
}
