import { type ProductImage, type ProductLink, productStatuses, ToolChanges } from '@contract/catalog';
import type { ProductRecord } from '@contract/catalog-admin';
import { pages } from '@contract/pages';
import { QueryState } from '@web/components/ui/query-state';
import { TextAreaField, TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useBrands } from '@web/shared/catalog/get-brands';
import { useCategories } from '@web/shared/catalog/get-categories';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useUpdateProduct } from '../api/admin-calls';
import { useProductRecord } from '../api/owner-calls';
import { type FitmentDraft, FitmentEditor } from '../components/editor/fitment-editor';
import { ImageListEditor } from '../components/editor/image-list-editor';
import { ProductHistory } from '../components/editor/product-history';
import { SupersededPicker } from '../components/editor/superseded-picker';

type Reference = { number: string; kind: 'oem' | 'interchange'; brand: string };

/** The editor's boxes: numbers stay text until saved, so an empty box is "none", not zero. */
type Draft = {
  name: string;
  description: string;
  price: string;
  available_quantity: string;
  minimum_order_quantity: string;
  status: ProductRecord['status'];
  category: string;
  brand: string;
  sku: string;
  part_number: string;
  upc: string;
  references: Reference[];
  superseded_by: ProductLink | null;
  weight_lb: string;
  length_in: string;
  width_in: string;
  height_in: string;
  ground_only: boolean;
  core_charge: string;
  cost: string;
  low_stock_threshold: string;
  universal_fit: boolean;
  images: ProductImage[];
  fitment: FitmentDraft[];
};

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

const draftOf = (p: ProductRecord): Draft => ({
  name: p.name,
  description: p.description.join('\n'),
  price: text(p.price),
  available_quantity: text(p.available_quantity),
  minimum_order_quantity: text(p.minimum_order_quantity),
  status: p.status,
  category: p.category ?? '',
  brand: p.brand,
  sku: p.sku ?? '',
  part_number: p.part_number ?? '',
  upc: p.upc ?? '',
  references: p.cross_references.map((r) => ({ ...r })),
  superseded_by: p.superseded_by,
  weight_lb: text(p.weight_lb),
  length_in: text(p.length_in),
  width_in: text(p.width_in),
  height_in: text(p.height_in),
  ground_only: p.ground_only,
  core_charge: text(p.core_charge),
  cost: text(p.cost),
  low_stock_threshold: text(p.low_stock_threshold),
  universal_fit: p.universal_fit,
  images: p.images.map((i) => ({ ...i })),
  fitment: p.fitment.map((f) => ({
    make: f.make,
    model: f.model,
    year_from: String(f.year_from),
    year_to: String(f.year_to),
    engine: f.engine ?? '',
    submodel: f.submodel ?? '',
    position: f.position ?? '',
    quantity: text(f.quantity),
    note: f.note ?? '',
  })),
});

const orNull = (v: string) => (v.trim() === '' ? null : v);
const blank = (row: Record<string, string>) => Object.values(row).every((v) => v.trim() === '');

/** What PATCH /tool/:id receives: every field of the form. */
const changesOf = (d: Draft) => ({
  name: d.name,
  description: d.description
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean),
  price: d.price,
  available_quantity: d.available_quantity,
  minimum_order_quantity: d.minimum_order_quantity,
  status: d.status,
  category: d.category || null,
  brand: d.brand,
  sku: d.sku,
  part_number: d.part_number,
  upc: d.upc,
  cross_references: d.references.filter((r) => r.number.trim() !== ''),
  superseded_by: d.superseded_by?._id ?? null,
  weight_lb: orNull(d.weight_lb),
  length_in: orNull(d.length_in),
  width_in: orNull(d.width_in),
  height_in: orNull(d.height_in),
  ground_only: d.ground_only,
  core_charge: d.core_charge.trim() === '' ? '0' : d.core_charge,
  cost: orNull(d.cost),
  low_stock_threshold: orNull(d.low_stock_threshold),
  universal_fit: d.universal_fit,
  images: d.images,
  fitment: d.fitment
    .filter((f) => !blank(f))
    .map((f) => ({
      make: f.make,
      model: f.model,
      year_from: f.year_from,
      year_to: f.year_to,
      engine: f.engine.trim() || null,
      submodel: f.submodel,
      position: f.position,
      quantity: f.quantity.trim() === '' ? null : f.quantity,
      note: f.note,
    })),
});

/** Where the editor's parts are: its jump links. */
const EDITOR_PARTS = [
  ['editor-details', 'Details'],
  ['editor-price', 'Price and stock'],
  ['editor-numbers', 'Numbers'],
  ['editor-fitment', 'Fitment'],
  ['editor-images', 'Pictures'],
  ['editor-shipping', 'Shipping'],
  ['history-heading', 'History'],
] as const;

/**
 * The one product editor (admin), opened from Manage Product: every field of one product whatever
 * its status, in parts (details, price and stock, parts data: numbers, fitment and pictures, then
 * shipping), saved together, and its history below.
 */
export function ProductEditorPage() {
  const { id = '' } = useParams();
  const record = useProductRecord(id);
  return (
    <div className="max-w-5xl space-y-6">
      <QueryState query={record} empty={null}>
        {(data) => <Editor key={data.updatedAt} record={data} />}
      </QueryState>
      <ProductHistory id={id} />
    </div>
  );
}

function Editor({ record }: { record: ProductRecord }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(record));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const update = useUpdateProduct();
  const categories = useCategories().data ?? [];
  const brands = useBrands().data ?? [];
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const field = (key: keyof Draft & string) => ({
    value: draft[key] as string,
    error: problems[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Only what the owner changed is sent: the history then names exactly that, and a product
    // added without a picture list (the spec's single image) keeps its picture until one is given.
    const before = changesOf(draftOf(record)) as Record<string, unknown>;
    const after = changesOf(draft) as Record<string, unknown>;
    const changed = Object.fromEntries(
      Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
    );
    if (Object.keys(changed).length === 0) {
      toast.success('Nothing changed.');
      return;
    }
    if ('available_quantity' in changed) changed.available_quantity_was = record.available_quantity;
    const parsed = ToolChanges.safeParse(changed);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setProblems(found);
      toast.error('Some fields need a change before saving.');
      return;
    }
    setProblems({});
    try {
      await update.mutateAsync({ id: record._id, changes: parsed.data });
      toast.success(`Tool ${draft.name} is updated`);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        setProblems(Object.fromEntries(error.issues.map((i) => [i.path, i.message])));
      }
      toast.error(error instanceof Error ? error.message : 'The product could not be updated.');
    }
  };

  const listed = Object.entries(problems);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Edit the product">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold break-words">Edit {record.name}</h2>
        <div className="flex flex-wrap gap-2">
          <Link className="btn btn-sm" to={pages.manageProduct.path}>
            All products
          </Link>
          <Link className="btn btn-sm" to={pages.productStock.path(record._id)}>
            Stock ledger
          </Link>
          {record.status === 'active' ? (
            <Link className="btn btn-sm" to={pages.product.path(record._id)}>
              See its page
            </Link>
          ) : null}
        </div>
      </div>
      <nav aria-label="Parts of the editor">
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
          {EDITOR_PARTS.map(([id, label]) => (
            <li key={id}>
              <a className="link" href={`#${id}`}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section id="editor-details" aria-labelledby="details-heading" className="grid gap-x-6 sm:grid-cols-2">
        <h3 id="details-heading" className="text-lg font-semibold sm:col-span-2">
          Details
        </h3>
        <div className="sm:col-span-2">
          <TextField label="Product name" maxLength={120} {...field('name')} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label="Description (one sentence a line)" rows={4} {...field('description')} />
        </div>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor="editor-status">
            Status
          </label>
          <select
            id="editor-status"
            className="select w-full"
            value={draft.status}
            onChange={(e) => set('status', e.target.value as Draft['status'])}
          >
            {productStatuses.map((s) => (
              <option key={s} value={s}>
                {s === 'draft'
                  ? 'Draft (not listed)'
                  : s === 'active'
                    ? 'Active (listed and sold)'
                    : 'Archived'}
              </option>
            ))}
          </select>
        </div>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor="editor-category">
            Category
          </label>
          <select
            id="editor-category"
            key={categories.length}
            className="select w-full"
            value={draft.category}
            onChange={(e) => set('category', e.target.value)}
          >
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.parent ? `— ${c.name}` : c.name}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Brand" list="editor-brands" maxLength={60} {...field('brand')} />
        <datalist id="editor-brands">
          {brands.map((b) => (
            <option key={b.id} value={b.name} />
          ))}
        </datalist>
      </section>

      <section id="editor-price" aria-labelledby="price-heading" className="grid gap-x-6 sm:grid-cols-2">
        <h3 id="price-heading" className="text-lg font-semibold sm:col-span-2">
          Price and stock
        </h3>
        <TextField label="Price ($)" type="number" step="0.01" min={1} {...field('price')} />
        <TextField label="Core charge ($)" type="number" step="0.01" min={0} {...field('core_charge')} />
        <TextField
          label="Cost ($)"
          type="number"
          step="0.01"
          min={0}
          placeholder="Not known"
          {...field('cost')}
        />
        <TextField label="Available quantity" type="number" min={0} {...field('available_quantity')} />
        <TextField
          label="Minimum order quantity"
          type="number"
          min={1}
          {...field('minimum_order_quantity')}
        />
        <TextField
          label="Low stock threshold"
          type="number"
          min={0}
          placeholder={`Store default (${record.low_stock_at})`}
          {...field('low_stock_threshold')}
        />
        <p className="self-end pb-3 text-sm text-base-content/70">
          {formatNumber(record.available_quantity)} in stock; low at {formatNumber(record.low_stock_at)} or
          fewer. Counts and write-offs:{' '}
          <Link className="link" to={pages.productStock.path(record._id)}>
            the stock ledger
          </Link>
          .
        </p>
      </section>

      <section id="editor-parts" aria-labelledby="parts-heading" className="space-y-6">
        <h3 id="parts-heading" className="text-lg font-semibold">
          Parts data
        </h3>
        <div id="editor-numbers" className="grid gap-x-6 sm:grid-cols-2">
          <h4 className="font-semibold sm:col-span-2">Numbers</h4>
          <TextField label="SKU" maxLength={40} {...field('sku')} />
          <TextField label="Maker's part number" maxLength={40} {...field('part_number')} />
          <TextField label="UPC" inputMode="numeric" maxLength={20} {...field('upc')} />
          <SupersededPicker
            self={record._id}
            value={draft.superseded_by}
            onChange={(v) => set('superseded_by', v)}
            error={problems.superseded_by}
          />
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="font-semibold">OEM and interchange numbers</legend>
            {draft.references.length === 0 ? <p className="text-sm">None yet.</p> : null}
            {draft.references.map((row, index) => {
              const change = (next: Partial<Reference>) =>
                set(
                  'references',
                  draft.references.map((r, i) => (i === index ? { ...r, ...next } : r)),
                );
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                <div key={index} className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_auto_1fr_auto]">
                  <input
                    className="input input-sm w-full"
                    aria-label={`Number ${index + 1}`}
                    placeholder="Number"
                    value={row.number}
                    onChange={(e) => change({ number: e.target.value })}
                  />
                  <select
                    className="select select-sm"
                    aria-label={`Number ${index + 1} kind`}
                    value={row.kind}
                    onChange={(e) => change({ kind: e.target.value as Reference['kind'] })}
                  >
                    <option value="oem">OEM</option>
                    <option value="interchange">Interchange</option>
                  </select>
                  <input
                    className="input input-sm w-full"
                    aria-label={`Number ${index + 1} brand`}
                    placeholder="Whose number"
                    value={row.brand}
                    onChange={(e) => change({ brand: e.target.value })}
                  />
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    aria-label={`Remove number ${index + 1}`}
                    onClick={() =>
                      set(
                        'references',
                        draft.references.filter((_, i) => i !== index),
                      )
                    }
                  >
                    ×
                  </button>
                </div>
              );
            })}
            <button
              type="button"
              className="btn btn-xs"
              onClick={() => set('references', [...draft.references, { number: '', kind: 'oem', brand: '' }])}
            >
              Add a number
            </button>
          </fieldset>
        </div>

        <div id="editor-fitment">
          <FitmentEditor
            rows={draft.fitment}
            onChange={(v) => set('fitment', v)}
            universal={draft.universal_fit}
            onUniversal={(v) => set('universal_fit', v)}
            problems={problems}
          />
        </div>

        <div id="editor-images">
          <ImageListEditor images={draft.images} onChange={(v) => set('images', v)} error={problems.images} />
        </div>
      </section>

      <section
        id="editor-shipping"
        aria-labelledby="shipping-heading"
        className="grid gap-x-6 sm:grid-cols-4"
      >
        <h3 id="shipping-heading" className="text-lg font-semibold sm:col-span-4">
          Shipping
        </h3>
        <TextField label="Weight (lb)" type="number" step="0.001" min={0} {...field('weight_lb')} />
        <TextField label="Length (in)" type="number" step="0.01" min={0} {...field('length_in')} />
        <TextField label="Width (in)" type="number" step="0.01" min={0} {...field('width_in')} />
        <TextField label="Height (in)" type="number" step="0.01" min={0} {...field('height_in')} />
        <label className="flex items-center gap-2 pb-3 text-sm sm:col-span-4">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={draft.ground_only}
            onChange={(e) => set('ground_only', e.target.checked)}
          />
          Ships by ground only (batteries, fluids…)
        </label>
      </section>

      {listed.length > 0 ? (
        // The alert wraps the list: a list given the alert's role would no longer be a list.
        <div className="alert alert-error block text-sm" role="alert" aria-label="What to change">
          <ul className="list-disc pl-5">
            {listed.map(([path, message]) => (
              <li key={path}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="sticky bottom-0 z-10 flex gap-2 border-t border-base-300 bg-base-100 py-3">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Save changes
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setDraft(draftOf(record));
            setProblems({});
          }}
        >
          Undo my edits
        </button>
      </div>
    </form>
  );
}
