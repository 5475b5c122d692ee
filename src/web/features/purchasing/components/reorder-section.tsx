import { formatCents, sum, times } from '@contract/money';
import { pages } from '@contract/pages';
import type { PurchaseOrderInput, ReorderLine, ReorderSuggestion } from '@contract/purchasing';
import { QueryState } from '@web/components/ui/query-state';
import { TableScroll } from '@web/components/ui/table-scroll';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCreatePurchaseOrder, useReorderSuggestions } from '../api/purchasing-calls';
import { poName } from './order-parts';
import { problemOf } from './server-problem';

/** The window's bounds, as the contract's `ReorderQuery` has them. */
const DAYS = { min: 7, max: 365, initial: 30 };
const COVER = { min: 1, max: 365, initial: 30 };

const days = (n: number) => `${formatNumber(n)} ${n === 1 ? 'day' : 'days'}`;

/** A whole number in [min, max] as typed, or undefined. */
function whole(text: string, min: number, max: number): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/**
 * What to reorder (decision 097): the store's suggestions from each product's sales, stock and
 * cheapest supplier, one table per supplier, each drafted as a purchase order in one press. The
 * low-stock digest links here (#reorder), so the section scrolls into view when opened that way.
 */
export function ReorderSection() {
  const [span, setSpan] = useState({ days: DAYS.initial, coverDays: COVER.initial });
  const [daysText, setDaysText] = useState(String(DAYS.initial));
  const [coverText, setCoverText] = useState(String(COVER.initial));
  const [problem, setProblem] = useState<string | null>(null);
  const suggestions = useReorderSuggestions(span.days, span.coverDays);

  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const loaded = suggestions.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled again once the list has come (`loaded`)
  useEffect(() => {
    // Once when the page opens on #reorder, and again when the list has come (the page above has grown).
    if (hash === '#reorder') section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const d = whole(daysText, DAYS.min, DAYS.max);
    const c = whole(coverText, COVER.min, COVER.max);
    if (d === undefined) return setProblem(`Read sales over ${DAYS.min} to ${DAYS.max} days`);
    if (c === undefined) return setProblem(`Cover ${COVER.min} to ${COVER.max} days after delivery`);
    setProblem(null);
    setSpan({ days: d, coverDays: c });
  };

  return (
    <section id="reorder" ref={section} aria-labelledby="reorder-heading" className="scroll-mt-20 space-y-3">
      <h3 id="reorder-heading" className="text-xl font-semibold">
        What to reorder
      </h3>
      <form
        aria-label="Reorder window"
        className="flex flex-wrap items-end gap-2"
        onSubmit={apply}
        noValidate
      >
        <div className="fieldset">
          <label htmlFor="reorder-days" className="fieldset-legend">
            Sales over the last (days)
          </label>
          <input
            id="reorder-days"
            type="number"
            inputMode="numeric"
            className="input input-sm w-28"
            min={DAYS.min}
            max={DAYS.max}
            step={1}
            value={daysText}
            aria-invalid={whole(daysText, DAYS.min, DAYS.max) === undefined || undefined}
            onChange={(e) => setDaysText(e.target.value)}
          />
        </div>
        <div className="fieldset">
          <label htmlFor="reorder-cover" className="fieldset-legend">
            Cover after delivery (days)
          </label>
          <input
            id="reorder-cover"
            type="number"
            inputMode="numeric"
            className="input input-sm w-28"
            min={COVER.min}
            max={COVER.max}
            step={1}
            value={coverText}
            aria-invalid={whole(coverText, COVER.min, COVER.max) === undefined || undefined}
            onChange={(e) => setCoverText(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-sm mb-1">
          Update suggestions
        </button>
      </form>
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
      <p className="text-sm text-base-content/70">
        From sales over the last {days(span.days)}, to last {days(span.coverDays)} after delivery.
      </p>
      <QueryState
        query={suggestions}
        isEmpty={(d) => d.suggestions.length === 0}
        empty="Nothing to reorder: every product is above its reorder point."
      >
        {(answer) => (
          <div className="space-y-6">
            {answer.suggestions.map((s) => (
              <Suggestion
                // A new window starts each table again from the store's quantities.
                key={`${s.supplier?.id ?? 'none'}:${answer.days}:${answer.coverDays}`}
                suggestion={s}
                days={answer.days}
              />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

/** One supplier's suggested order (or the products no supplier sells), its quantities editable. */
function Suggestion({ suggestion, days: soldOver }: { suggestion: ReorderSuggestion; days: number }) {
  const navigate = useNavigate();
  const create = useCreatePurchaseOrder();
  const { supplier, lines } = suggestion;
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(lines.map((l) => [l.productId, String(l.suggestedQuantity)])),
  );
  const [error, setError] = useState<string | null>(null);
  const headingId = `reorder-${supplier?.id ?? 'none'}`;
  const name = supplier?.name ?? 'No supplier';

  const quantityOf = (l: ReorderLine) => whole(quantities[l.productId] ?? '', 0, 100_000);
  const wrong = lines.filter((l) => quantityOf(l) === undefined);
  const ordered = lines.filter((l) => (quantityOf(l) ?? 0) > 0);
  const lineTotal = (l: ReorderLine) =>
    l.unitCostCents === null ? null : times(l.unitCostCents, quantityOf(l) ?? 0);
  const edited = lines.some((l) => quantityOf(l) !== l.suggestedQuantity);
  const totalCents = edited ? sum(lines.map((l) => lineTotal(l) ?? 0)) : suggestion.totalCents;
  const underMinimum = supplier
    ? edited
      ? totalCents < supplier.minimumOrderCents
      : suggestion.underMinimum
    : false;

  const draft = async () => {
    if (!supplier) return;
    setError(null);
    const input: PurchaseOrderInput = {
      supplierId: supplier.id,
      lines: ordered.map((l) => ({
        productId: l.productId,
        quantity: quantityOf(l) ?? 0,
        ...(l.unitCostCents === null ? {} : { unitCostCents: l.unitCostCents }),
      })),
    };
    try {
      const made = await create.mutateAsync(input);
      toast.success(`${poName(made.number)} is drafted`);
      await navigate(pages.purchaseOrder.path(made.id));
    } catch (e) {
      setError(problemOf(e, 'Could not draft the order').message);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2" data-testid="reorder-group">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h4 id={headingId} className="text-lg font-semibold">
          {name}
        </h4>
        {supplier ? (
          <span className="text-sm text-base-content/70">Lead time {days(supplier.leadTimeDays)}</span>
        ) : null}
      </div>
      {supplier ? null : (
        <p className="text-sm">No supplier sells these yet: add them to a supplier to order them.</p>
      )}
      <TableScroll label={`What to reorder from ${name}`}>
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col" className="whitespace-normal align-bottom">
                Product
              </th>
              <th scope="col" className="whitespace-normal align-bottom">
                SKU
              </th>
              <th scope="col" className="whitespace-normal align-bottom">
                Supplier part no.
              </th>
              <th scope="col" className="whitespace-normal align-bottom">
                Available
              </th>
              <th scope="col" className="whitespace-normal align-bottom">
                On order
              </th>
              <th scope="col" className="whitespace-normal align-bottom">
                Sold in {days(soldOver)}
              </th>
              <th scope="col" className="whitespace-normal align-bottom">
                Reorder point
              </th>
              <th scope="col" className="whitespace-normal align-bottom">
                Quantity to order
              </th>
              <th scope="col" className="whitespace-normal align-bottom">
                Unit cost
              </th>
              <th scope="col" className="whitespace-normal align-bottom">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => {
              const total = lineTotal(l);
              const bad = quantityOf(l) === undefined;
              return (
                <tr key={l.productId}>
                  <td className="min-w-36 font-medium">{l.productName}</td>
                  <td className="whitespace-nowrap">{l.sku ?? '—'}</td>
                  <td className="whitespace-nowrap">{l.supplierPartNumber ?? '—'}</td>
                  <td className="tabular-nums">{formatNumber(l.available)}</td>
                  <td className="tabular-nums">{formatNumber(l.onOrder)}</td>
                  <td className="tabular-nums">{formatNumber(l.sold)}</td>
                  <td className="tabular-nums">{formatNumber(l.reorderPoint)}</td>
                  <td>
                    <input
                      type="number"
                      inputMode="numeric"
                      className="input input-sm w-20"
                      min={0}
                      step={1}
                      aria-label={`Quantity to order of ${l.productName}`}
                      aria-invalid={bad || undefined}
                      value={quantities[l.productId] ?? ''}
                      onChange={(e) => setQuantities((q) => ({ ...q, [l.productId]: e.target.value }))}
                    />
                    {l.packSize > 1 ? (
                      <span className="block text-xs text-base-content/70">Packs of {l.packSize}</span>
                    ) : null}
                  </td>
                  <td className="tabular-nums whitespace-nowrap">
                    {l.unitCostCents === null ? '—' : formatCents(l.unitCostCents)}
                  </td>
                  <td className="tabular-nums whitespace-nowrap">
                    {total === null ? '—' : formatCents(total)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {supplier ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium">
            Total <span className="tabular-nums">{formatCents(totalCents)}</span>
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={ordered.length === 0 || wrong.length > 0 || create.isPending}
            onClick={() => void draft()}
          >
            Draft this order
          </button>
        </div>
      ) : null}
      {underMinimum && supplier ? (
        <p role="status" className="alert alert-warning text-sm">
          Under this supplier's minimum order of {formatCents(supplier.minimumOrderCents)}
        </p>
      ) : null}
      {wrong.length > 0 ? (
        <p role="alert" className="text-sm text-error">
          Give whole units, 0 or more, for {wrong.map((l) => l.productName).join(', ')}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="alert alert-error text-sm">
          {error}
        </p>
      ) : null}
    </section>
  );
}
