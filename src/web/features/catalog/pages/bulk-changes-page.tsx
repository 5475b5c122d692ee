import { type ProductStatus, productStatuses } from '@contract/catalog';
import { type ProductFilter, type StockLevel, stockLevels } from '@contract/catalog-admin';
import {
  BulkChange,
  type BulkChangeRecord,
  type BulkPreview,
  type BulkSelection,
} from '@contract/catalog-bulk';
import { formatPrice } from '@contract/money';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { TableScroll } from '@web/components/ui/table-scroll';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useBrands } from '@web/shared/catalog/get-brands';
import { useCategories } from '@web/shared/catalog/get-categories';
import { useState } from 'react';
import { previewBulk, useApplyBulk, useLastBulk, useProductList, useUndoBulk } from '../api/owner-calls';

type Kind = BulkChange['kind'];
const stockLabel: Record<StockLevel, string> = { out: 'Sold out', low: 'Low stock', in: 'In stock' };

/** How one change reads in a sentence. */
function describe(change: BulkChange): string {
  switch (change.kind) {
    case 'price':
      return change.mode === 'percent'
        ? `Price ${change.value > 0 ? '+' : ''}${change.value}%`
        : `Price ${change.value > 0 ? '+' : '−'}$${formatPrice(Math.abs(change.value))}`;
    case 'status':
      return `Status to ${change.status}`;
    case 'category':
      return change.category ? `Category to ${change.category}` : 'No category';
    case 'stock':
      return change.mode === 'set'
        ? `Stock set to ${change.value}`
        : `Stock ${change.value > 0 ? '+' : ''}${change.value}`;
  }
}

const shownValue = (kind: Kind, value: number | string | null) =>
  value === null
    ? '—'
    : kind === 'price' && typeof value === 'number'
      ? `$${formatPrice(value)}`
      : String(value);

function LastChange() {
  const last = useLastBulk();
  const undo = useUndoBulk();
  const [asking, setAsking] = useState<BulkChangeRecord | null>(null);
  return (
    <section aria-labelledby="last-heading" className="space-y-2">
      <h3 id="last-heading" className="font-semibold">
        Last bulk change
      </h3>
      <QueryState query={last} isEmpty={(d) => d === null} empty="No bulk change yet.">
        {(data) =>
          data ? (
            <div
              className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 p-3"
              data-testid="last-bulk"
            >
              <p className="grow">
                {describe(data.change)} on {formatNumber(data.changed)} of {formatNumber(data.count)} products
                {data.actor ? ` by ${data.actor.name}` : ''},{' '}
                <time dateTime={data.at}>{new Date(data.at).toLocaleString()}</time>
                {data.undoneAt ? ' — undone' : ''}
              </p>
              {data.undoneAt ? null : (
                <button type="button" className="btn btn-sm btn-outline" onClick={() => setAsking(data)}>
                  Undo the last change
                </button>
              )}
            </div>
          ) : null
        }
      </QueryState>
      <ConfirmDialog
        open={asking !== null}
        title="Undo the last bulk change?"
        confirmLabel="Undo it"
        busy={undo.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={async () => {
          if (!asking) return;
          try {
            const answer = await undo.mutateAsync(asking.id);
            toast.success(
              `${answer.restored} products put back${answer.kept.length ? `; ${answer.kept.length} changed since were kept: ${answer.kept.map((k) => k.name).join(', ')}` : ''}.`,
            );
          } catch (e) {
            toast.error(e instanceof Error ? e.message : 'Could not undo.');
          } finally {
            setAsking(null);
          }
        }}
      >
        <p>
          Each product goes back to its value before “{asking ? describe(asking.change) : ''}”, unless it was
          changed again since.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** Bulk changes (admin): choose products by filter or by hand, preview a change, apply it, undo it. */
export function BulkChangesPage() {
  const categories = useCategories().data ?? [];
  const brands = useBrands().data ?? [];
  const [filter, setFilter] = useState<ProductFilter>({});
  const [byHand, setByHand] = useState(false);
  const [ticked, setTicked] = useState<string[]>([]);
  const [kind, setKind] = useState<Kind>('price');
  const [mode, setMode] = useState('percent');
  const [value, setValue] = useState('');
  const [status, setStatus] = useState<ProductStatus>('active');
  const [category, setCategory] = useState('');
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const apply = useApplyBulk();
  const matching = useProductList({ ...filter, limit: 100 });

  const setFilterField = (key: keyof ProductFilter, v: string) => {
    setFilter((f) => ({ ...f, [key]: v || undefined }));
    setPreview(null);
  };
  const change = (): BulkChange | null => {
    const raw =
      kind === 'price'
        ? { kind, mode, value: Number(value) }
        : kind === 'stock'
          ? { kind, mode: mode === 'percent' || mode === 'amount' ? 'set' : mode, value: Number(value) }
          : kind === 'status'
            ? { kind, status }
            : { kind, category: category || null };
    if ((kind === 'price' || kind === 'stock') && value.trim() === '') {
      setProblem('Enter a number');
      return null;
    }
    const parsed = BulkChange.safeParse(raw);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the change');
      return null;
    }
    return parsed.data;
  };
  const selection = (): BulkSelection | null => {
    if (!byHand) return { filter };
    if (ticked.length === 0) {
      setProblem('Tick at least one product');
      return null;
    }
    return { ids: ticked };
  };
  const runPreview = async () => {
    setProblem(null);
    const c = change();
    const s = selection();
    if (!c || !s) return;
    setPreviewing(true);
    try {
      setPreview(await previewBulk({ selection: s, change: c }));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'Could not preview.');
    } finally {
      setPreviewing(false);
    }
  };
  const runApply = async () => {
    const c = change();
    const s = selection();
    if (!c || !s || !preview) return;
    try {
      const done = await apply.mutateAsync({ selection: s, change: c, expectedCount: preview.count });
      toast.success(`${describe(c)}: ${done.changed} products changed.`);
      setPreview(null);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not apply the change.');
    } finally {
      setConfirming(false);
    }
  };
  const modes =
    kind === 'price'
      ? [
          ['percent', 'By percent (%)'],
          ['amount', 'By amount ($)'],
        ]
      : [
          ['set', 'Set the count to'],
          ['add', 'Add (or take off) units'],
        ];

  return (
    <div className="max-w-5xl space-y-6">
      <h2 className="text-xl font-semibold">Bulk changes</h2>
      <LastChange />

      <section aria-labelledby="which-heading" className="space-y-3">
        <h3 id="which-heading" className="font-semibold">
          1. Which products
        </h3>
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <label className="fieldset">
            <span className="fieldset-legend">Category</span>
            <select
              aria-label="Category"
              className="select select-sm w-full"
              value={filter.category ?? ''}
              onChange={(e) => setFilterField('category', e.target.value)}
            >
              <option value="">Any category</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.parent ? `— ${c.name}` : c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="fieldset">
            <span className="fieldset-legend">Brand</span>
            <select
              aria-label="Brand"
              className="select select-sm w-full"
              value={filter.brand ?? ''}
              onChange={(e) => setFilterField('brand', e.target.value)}
            >
              <option value="">Any brand</option>
              {brands.map((b) => (
                <option key={b.id} value={b.name}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
          <label className="fieldset">
            <span className="fieldset-legend">Search</span>
            <input
              type="search"
              className="input input-sm w-full"
              maxLength={100}
              value={filter.search ?? ''}
              onChange={(e) => setFilterField('search', e.target.value)}
            />
          </label>
          <label className="fieldset">
            <span className="fieldset-legend">Stock</span>
            <select
              aria-label="Stock"
              className="select select-sm w-full"
              value={filter.stock ?? ''}
              onChange={(e) => setFilterField('stock', e.target.value)}
            >
              <option value="">Any stock</option>
              {stockLevels.map((s) => (
                <option key={s} value={s}>
                  {stockLabel[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="fieldset">
            <span className="fieldset-legend">Status</span>
            <select
              aria-label="Status"
              className="select select-sm w-full"
              value={filter.status ?? ''}
              onChange={(e) => setFilterField('status', e.target.value)}
            >
              <option value="">Any status</option>
              {productStatuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={byHand}
            onChange={(e) => {
              setByHand(e.target.checked);
              setPreview(null);
            }}
          />
          Choose the products by hand from this list
        </label>
        <QueryState query={matching} isEmpty={(d) => d.total === 0} empty="No product matches these filters.">
          {(data) => (
            <div className="space-y-1">
              <p className="text-sm" role="status">
                The filters find {formatNumber(data.total)} products
                {byHand ? `; ${ticked.length} ticked` : ''}.
              </p>
              {byHand ? (
                <ul
                  className="max-h-72 overflow-y-auto rounded-box border border-base-300 p-2"
                  aria-label="Products to change"
                >
                  {data.products.map((p) => (
                    <li key={p._id}>
                      <label className="flex items-center gap-2 py-1 text-sm">
                        <input
                          type="checkbox"
                          className="checkbox checkbox-sm"
                          checked={ticked.includes(p._id)}
                          onChange={(e) => {
                            setTicked(
                              e.target.checked ? [...ticked, p._id] : ticked.filter((t) => t !== p._id),
                            );
                            setPreview(null);
                          }}
                        />
                        {p.name} <span className="text-base-content/60">${formatPrice(p.price)}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          )}
        </QueryState>
      </section>

      <section aria-labelledby="change-heading" className="space-y-3">
        <h3 id="change-heading" className="font-semibold">
          2. The change
        </h3>
        <div className="grid gap-3 sm:grid-cols-3">
          <label className="fieldset">
            <span className="fieldset-legend">Change</span>
            <select
              aria-label="Change"
              className="select select-sm w-full"
              value={kind}
              onChange={(e) => {
                const next = e.target.value as Kind;
                setKind(next);
                setMode(next === 'price' ? 'percent' : 'set');
                setPreview(null);
              }}
            >
              <option value="price">Price</option>
              <option value="status">Status</option>
              <option value="category">Category</option>
              <option value="stock">Stock count</option>
            </select>
          </label>
          {kind === 'price' || kind === 'stock' ? (
            <>
              <label className="fieldset">
                <span className="fieldset-legend">How</span>
                <select
                  aria-label="How"
                  className="select select-sm w-full"
                  value={mode}
                  onChange={(e) => {
                    setMode(e.target.value);
                    setPreview(null);
                  }}
                >
                  {modes.map(([v, l]) => (
                    <option key={v} value={v}>
                      {l}
                    </option>
                  ))}
                </select>
              </label>
              <label className="fieldset">
                <span className="fieldset-legend">
                  {kind === 'price'
                    ? mode === 'percent'
                      ? 'Percent (−10 lowers)'
                      : 'Dollars (−5 takes off)'
                    : 'Units'}
                </span>
                <input
                  className="input input-sm w-full"
                  type="number"
                  step={kind === 'price' ? '0.01' : '1'}
                  value={value}
                  onChange={(e) => {
                    setValue(e.target.value);
                    setPreview(null);
                  }}
                />
              </label>
            </>
          ) : kind === 'status' ? (
            <label className="fieldset">
              <span className="fieldset-legend">New status</span>
              <select
                aria-label="New status"
                className="select select-sm w-full"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as ProductStatus);
                  setPreview(null);
                }}
              >
                {productStatuses.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label className="fieldset">
              <span className="fieldset-legend">New category</span>
              <select
                aria-label="New category"
                className="select select-sm w-full"
                value={category}
                onChange={(e) => {
                  setCategory(e.target.value);
                  setPreview(null);
                }}
              >
                <option value="">No category</option>
                {categories.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.parent ? `— ${c.name}` : c.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={previewing}
          onClick={() => void runPreview()}
        >
          {previewing ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Preview
        </button>
        {problem ? (
          <p className="text-error text-sm" role="alert">
            {problem}
          </p>
        ) : null}
      </section>

      {preview ? (
        <section aria-labelledby="preview-heading" className="space-y-3" data-testid="bulk-preview">
          <h3 id="preview-heading" className="font-semibold">
            3. Preview
          </h3>
          <p role="status">
            {formatNumber(preview.count)} products selected; {formatNumber(preview.count - preview.unchanged)}{' '}
            would change
            {preview.problems > 0 ? `; ${formatNumber(preview.problems)} cannot take it` : ''}.
          </p>
          {preview.rows.length > 0 ? (
            <TableScroll label="Preview of the change">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Now</th>
                    <th scope="col">After</th>
                    <th scope="col">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r._id}>
                      <td>{r.name}</td>
                      <td>{shownValue(kind, r.before)}</td>
                      <td className="font-semibold">{shownValue(kind, r.after)}</td>
                      <td className="text-error">{r.problem ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          {preview.rows.length < preview.count ? (
            <p className="text-sm text-base-content/70">
              The first {preview.rows.length} are shown; the change covers all.
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-primary"
            disabled={preview.problems > 0 || preview.count === 0}
            onClick={() => setConfirming(true)}
          >
            Apply to {formatNumber(preview.count)} products
          </button>
        </section>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Change ${preview ? formatNumber(preview.count) : ''} products?`}
        confirmLabel="Apply the change"
        busy={apply.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void runApply()}
      >
        <p>The change applies to every selected product at once. You can undo the last change afterwards.</p>
      </ConfirmDialog>
    </div>
  );
}
