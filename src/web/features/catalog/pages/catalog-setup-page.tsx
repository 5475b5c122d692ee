import type { Category } from '@contract/catalog';
import type { Brand } from '@contract/catalog-admin';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { TextAreaField, TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useBrands } from '@web/shared/catalog/get-brands';
import { useCategories } from '@web/shared/catalog/get-categories';
import { type FormEvent, useState } from 'react';
import {
  useCreateBrand,
  useCreateCategory,
  useOrderBrands,
  useOrderCategories,
  useRemoveBrand,
  useRemoveCategory,
  useUpdateBrand,
  useUpdateCategory,
} from '../api/owner-calls';
import { ImageField } from '../components/taxonomy/image-field';

type Values = { name: string; description: string; image: string; parent: string };

/** Name, description, picture and (for a category) the top-level category it sits under. */
function TaxonomyForm({
  label,
  initial,
  parents,
  onSave,
  onCancel,
}: {
  label: string;
  initial: Values;
  parents?: Category[];
  onSave: (values: Values) => Promise<void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) return setError({ name: `${label} name is required` });
    setBusy(true);
    try {
      await onSave(values);
    } catch (e) {
      if (e instanceof ApiError && e.issues.length > 0)
        setError(Object.fromEntries(e.issues.map((i) => [i.path, i.message])));
      else setError({ form: e instanceof Error ? e.message : 'Could not save.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`${label} details`}>
      <TextField
        label={`${label} name`}
        maxLength={60}
        value={values.name}
        error={error.name}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
      />
      {parents ? (
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor="taxonomy-parent">
            Under
          </label>
          <select
            id="taxonomy-parent"
            className="select w-full"
            value={values.parent}
            onChange={(e) => setValues({ ...values, parent: e.target.value })}
          >
            <option value="">Top level</option>
            {parents.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
          {error.parent ? <p className="text-error text-sm">{error.parent}</p> : null}
        </div>
      ) : null}
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={500}
        value={values.description}
        error={error.description}
        onChange={(e) => setValues({ ...values, description: e.target.value })}
      />
      <ImageField value={values.image} onChange={(image) => setValues({ ...values, image })} />
      {error.image || error.form ? (
        <p className="text-error text-sm" role="alert">
          {error.image ?? error.form}
        </p>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}

/** Top-level categories in order, each followed by those under it. */
function treeOrder(list: Category[]) {
  const top = list.filter((c) => !c.parent);
  return top.flatMap((t) => [t, ...list.filter((c) => c.parent === t.slug)]);
}

/** Moves one category among its siblings and answers the whole new order. */
function moved(list: Category[], slug: string, step: -1 | 1) {
  const item = list.find((c) => c.slug === slug);
  const siblings = list.filter((c) => c.parent === (item?.parent ?? null));
  const at = siblings.findIndex((c) => c.slug === slug);
  const other = siblings[at + step];
  if (!item || !other) return null;
  const swapped = list.map((c) => (c.slug === slug ? other : c.slug === other.slug ? item : c));
  return treeOrder(swapped).map((c) => c.slug);
}

function CategoriesSection() {
  const categories = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const order = useOrderCategories();
  const remove = useRemoveCategory();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [removing, setRemoving] = useState<Category | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const list = treeOrder(categories.data ?? []);
  const tops = list.filter((c) => !c.parent);

  const reorder = async (slug: string, step: -1 | 1) => {
    const slugs = moved(list, slug, step);
    if (!slugs) return;
    try {
      await order.mutateAsync(slugs);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not reorder.');
    }
  };
  const confirmRemove = async () => {
    if (!removing) return;
    if (removing.count > 0 && !moveTo) return toast.error('Choose where its products go first');
    try {
      const answer = await remove.mutateAsync({ slug: removing.slug, moveTo: moveTo || undefined });
      toast.success(`${removing.name} is removed; ${answer.moved} products moved.`);
      setRemoving(null);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not remove the category.');
    }
  };

  return (
    <section aria-labelledby="categories-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="categories-heading" className="text-lg font-semibold">
          Categories
        </h3>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
          Add a category
        </button>
      </div>
      <QueryState query={categories} isEmpty={(d) => d.length === 0} empty="No categories yet.">
        {() => (
          <ul
            className="divide-y divide-base-300 rounded-box border border-base-300"
            data-testid="category-list"
          >
            {list.map((c) => (
              <li key={c.slug} className={`flex flex-wrap items-center gap-3 p-3 ${c.parent ? 'pl-8' : ''}`}>
                <TaxonomyRow
                  name={c.name}
                  image={c.image}
                  detail={`${formatNumber(c.count)} products${c.parent ? ` · under ${tops.find((t) => t.slug === c.parent)?.name ?? c.parent}` : ''}`}
                  upDisabled={order.isPending}
                  downDisabled={order.isPending}
                  onMove={(step) => void reorder(c.slug, step)}
                  onEdit={() => setEditing(c)}
                  onRemove={() => {
                    setMoveTo('');
                    setRemoving(c);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? (
        <ModalDialog
          open
          title={editing === 'new' ? 'Add a category' : `Edit ${editing.name}`}
          onClose={() => setEditing(null)}
        >
          <TaxonomyForm
            label="Category"
            initial={
              editing === 'new'
                ? { name: '', description: '', image: '', parent: '' }
                : {
                    name: editing.name,
                    description: editing.description,
                    image: editing.image,
                    parent: editing.parent ?? '',
                  }
            }
            // A category with its own sub-categories stays at the top level (one level deep).
            parents={
              editing !== 'new' && list.some((c) => c.parent === editing.slug)
                ? []
                : tops.filter((t) => editing === 'new' || t.slug !== editing.slug)
            }
            onCancel={() => setEditing(null)}
            onSave={async (v) => {
              if (editing === 'new') {
                await create.mutateAsync({
                  name: v.name,
                  description: v.description,
                  image: v.image,
                  parent: v.parent || null,
                });
                toast.success(`${v.name} is added`);
              } else {
                await update.mutateAsync({
                  slug: editing.slug,
                  changes: {
                    name: v.name,
                    description: v.description,
                    image: v.image,
                    parent: v.parent || null,
                  },
                });
                toast.success(`${v.name} is saved`);
              }
              setEditing(null);
            }}
          />
        </ModalDialog>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        confirmLabel="Remove category"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      >
        {removing && removing.count > 0 ? (
          <label className="fieldset">
            <span className="fieldset-legend">Move its {formatNumber(removing.count)} products to</span>
            <select
              aria-label={`Move its ${formatNumber(removing.count)} products to`}
              className="select w-full"
              value={moveTo}
              onChange={(e) => setMoveTo(e.target.value)}
            >
              <option value="">Choose a category</option>
              {list
                .filter((c) => c.slug !== removing.slug && c.parent !== removing.slug)
                .map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.parent ? `— ${c.name}` : c.name}
                  </option>
                ))}
            </select>
          </label>
        ) : (
          <p>It holds no products.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function BrandsSection() {
  const brands = useBrands();
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const order = useOrderBrands();
  const remove = useRemoveBrand();
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [removing, setRemoving] = useState<Brand | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const list = brands.data ?? [];

  const reorder = async (index: number, step: -1 | 1) => {
    const ids = list.map((b) => b.id);
    const a = ids[index];
    const b = ids[index + step];
    if (a === undefined || b === undefined) return;
    ids[index] = b;
    ids[index + step] = a;
    try {
      await order.mutateAsync(ids);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not reorder.');
    }
  };
  const confirmRemove = async () => {
    if (!removing) return;
    if (removing.count > 0 && !moveTo) return toast.error('Choose where its products go first');
    try {
      const answer = await remove.mutateAsync({
        id: removing.id,
        moveTo: moveTo ? Number(moveTo) : undefined,
      });
      toast.success(`${removing.name} is removed; ${answer.moved} products moved.`);
      setRemoving(null);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not remove the brand.');
    }
  };

  return (
    <section aria-labelledby="brands-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="brands-heading" className="text-lg font-semibold">
          Brands
        </h3>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
          Add a brand
        </button>
      </div>
      <QueryState query={brands} isEmpty={(d) => d.length === 0} empty="No brands yet.">
        {() => (
          <ul
            className="divide-y divide-base-300 rounded-box border border-base-300"
            data-testid="brand-list"
          >
            {list.map((b, index) => (
              <li key={b.id} className="flex flex-wrap items-center gap-3 p-3">
                <TaxonomyRow
                  name={b.name}
                  image={b.image}
                  detail={`${formatNumber(b.count)} products`}
                  upDisabled={index === 0 || order.isPending}
                  downDisabled={index === list.length - 1 || order.isPending}
                  onMove={(step) => void reorder(index, step)}
                  onEdit={() => setEditing(b)}
                  onRemove={() => {
                    setMoveTo('');
                    setRemoving(b);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? (
        <ModalDialog
          open
          title={editing === 'new' ? 'Add a brand' : `Edit ${editing.name}`}
          onClose={() => setEditing(null)}
        >
          <TaxonomyForm
            label="Brand"
            initial={
              editing === 'new'
                ? { name: '', description: '', image: '', parent: '' }
                : { name: editing.name, description: editing.description, image: editing.image, parent: '' }
            }
            onCancel={() => setEditing(null)}
            onSave={async (v) => {
              const fields = { name: v.name, description: v.description, image: v.image };
              if (editing === 'new') await create.mutateAsync(fields);
              else await update.mutateAsync({ id: editing.id, changes: fields });
              toast.success(`${v.name} is saved`);
              setEditing(null);
            }}
          />
        </ModalDialog>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        confirmLabel="Remove brand"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      >
        {removing && removing.count > 0 ? (
          <label className="fieldset">
            <span className="fieldset-legend">Move its {formatNumber(removing.count)} products to</span>
            <select
              aria-label={`Move its ${formatNumber(removing.count)} products to`}
              className="select w-full"
              value={moveTo}
              onChange={(e) => setMoveTo(e.target.value)}
            >
              <option value="">Choose a brand</option>
              {list
                .filter((b) => b.id !== removing.id)
                .map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
            </select>
          </label>
        ) : (
          <p>It has no products.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** Categories and brands (admin): add, rename, reorder, nest one level, picture and text, remove. */
export function CatalogSetupPage() {
  return (
    <div className="max-w-4xl space-y-8">
      <h2 className="text-xl font-semibold">Categories and brands</h2>
      <CategoriesSection />
      <BrandsSection />
    </div>
  );
}

/** One category or brand in its list: picture, name, a line about it, and its buttons. */
function TaxonomyRow({
  name,
  image,
  detail,
  upDisabled,
  downDisabled,
  onMove,
  onEdit,
  onRemove,
}: {
  name: string;
  image: string;
  detail: string;
  upDisabled: boolean;
  downDisabled: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <>
      <div className="flex h-12 w-16 shrink-0 items-center justify-center overflow-hidden rounded bg-base-200">
        {image ? <img src={image} alt="" className="max-h-12 max-w-16 object-contain" /> : null}
      </div>
      <div className="min-w-40 grow">
        <p className="font-medium">{name}</p>
        <p className="text-xs text-base-content/70">{detail}</p>
      </div>
      <div className="flex flex-wrap gap-1">
        <button
          type="button"
          className="btn btn-xs"
          aria-label={`Move ${name} up`}
          disabled={upDisabled}
          onClick={() => onMove(-1)}
        >
          Up
        </button>
        <button
          type="button"
          className="btn btn-xs"
          aria-label={`Move ${name} down`}
          disabled={downDisabled}
          onClick={() => onMove(1)}
        >
          Down
        </button>
        <button type="button" className="btn btn-xs" aria-label={`Edit ${name}`} onClick={onEdit}>
          Edit
        </button>
        <button
          type="button"
          className="btn btn-xs btn-outline btn-error"
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
    </>
  );
}
