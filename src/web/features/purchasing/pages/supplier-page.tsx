import { formatCents, readMoney } from '@contract/money';
import { pages } from '@contract/pages';
import type { SupplierProduct } from '@contract/purchasing';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TableScroll } from '@web/components/ui/table-scroll';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { ProductFinder } from '@web/shared/catalog/product-finder';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  useRemoveSupplierProduct,
  useSaveSupplierProduct,
  useSupplier,
  useUpdateSupplier,
} from '../api/purchasing-calls';
import { centsText, type Problem, problemOf } from '../components/server-problem';
import { fieldsOfSupplier, SupplierForm } from '../components/supplier-form';

interface Offer {
  productId: string;
  productName: string;
  sku: string | null;
  supplierPartNumber: string;
  packSize: string;
  cost: string;
}

const offerOf = (p: SupplierProduct): Offer => ({
  productId: p.productId,
  productName: p.productName,
  sku: p.sku,
  supplierPartNumber: p.supplierPartNumber,
  packSize: String(p.packSize),
  cost: centsText(p.costCents),
});

/** What the supplier sells of one product: part number, pack size and cost (PUT). */
function OfferForm({
  supplierId,
  initial,
  onDone,
}: {
  supplierId: string;
  initial: Offer;
  onDone: () => void;
}) {
  const save = useSaveSupplierProduct(supplierId);
  const [f, setF] = useState(initial);
  const [problem, setProblem] = useState<Problem | null>(null);
  const set = (key: keyof Offer) => (e: { target: { value: string } }) =>
    setF((was) => ({ ...was, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const cost = readMoney(f.cost);
    if (cost === undefined)
      return setProblem({ message: 'Enter the cost as dollars, like 12.50', fields: {} });
    setProblem(null);
    try {
      await save.mutateAsync({
        productId: f.productId,
        input: {
          supplierPartNumber: f.supplierPartNumber,
          packSize: f.packSize.trim() === '' ? Number.NaN : Number(f.packSize),
          costCents: cost,
        },
      });
      toast.success(`${f.productName} is saved`);
      onDone();
    } catch (e) {
      setProblem(problemOf(e, 'The product could not be saved.'));
    }
  };
  const err = (key: string) => problem?.fields[key];

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={`What this supplier sells of ${f.productName}`}
      className="space-y-2"
    >
      <p className="font-medium">
        {f.productName} {f.sku ? <span className="font-mono text-xs">{f.sku}</span> : null}
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <label className="fieldset">
          <span className="fieldset-legend">Supplier part number</span>
          <input
            className={`input input-sm ${err('supplierPartNumber') ? 'input-error' : ''}`}
            value={f.supplierPartNumber}
            onChange={set('supplierPartNumber')}
          />
          {err('supplierPartNumber') ? (
            <span className="text-sm text-error">{err('supplierPartNumber')}</span>
          ) : null}
        </label>
        <label className="fieldset w-28">
          <span className="fieldset-legend">Pack size</span>
          <input
            className={`input input-sm ${err('packSize') ? 'input-error' : ''}`}
            inputMode="numeric"
            value={f.packSize}
            onChange={set('packSize')}
          />
          {err('packSize') ? <span className="text-sm text-error">{err('packSize')}</span> : null}
        </label>
        <label className="fieldset w-32">
          <span className="fieldset-legend">Cost ($)</span>
          <input
            className={`input input-sm ${err('costCents') ? 'input-error' : ''}`}
            inputMode="decimal"
            value={f.cost}
            onChange={set('cost')}
          />
          {err('costCents') ? <span className="text-sm text-error">{err('costCents')}</span> : null}
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={save.isPending} className="btn-sm">
          Save product
        </SubmitButton>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
      <FormError message={problem?.message} />
    </form>
  );
}

/** One supplier: its details, edited here, and what it sells of the catalog. */
export function SupplierPage() {
  const { id = '' } = useParams();
  const details = useSupplier(id);
  const update = useUpdateSupplier(id);
  const remove = useRemoveSupplierProduct(id);
  const [editing, setEditing] = useState<Offer | null>(null);
  const removing = useConfirmedAction(async (p: SupplierProduct) => {
    await remove.mutateAsync(p.productId);
    return `${p.productName} is removed from this supplier`;
  }, 'Could not remove the product.');

  if (details.error instanceof ApiError && details.error.code === 'NOT_FOUND') {
    return (
      <div className="space-y-3">
        <h2 className="text-xl font-semibold">Supplier not found</h2>
        <p role="alert">There is no such supplier.</p>
        <Link to={pages.purchasing.path} className="btn">
          Back to purchasing
        </Link>
      </div>
    );
  }

  return (
    <QueryState query={details} empty={null}>
      {({ supplier, products }) => (
        <article className="max-w-5xl space-y-6" aria-labelledby="supplier-title">
          <div>
            <Link to={pages.purchasing.path} className="link text-sm">
              Back to purchasing
            </Link>
            <h2 id="supplier-title" className="text-2xl font-semibold break-words">
              {supplier.name}
            </h2>
            <p className="break-all text-base-content/70">{supplier.email}</p>
          </div>
          <section aria-labelledby="supplier-edit-heading" className="card border border-base-300">
            <div className="card-body">
              <h3 id="supplier-edit-heading" className="font-semibold">
                Details
              </h3>
              <SupplierForm
                key={supplier.id}
                label="Save supplier"
                initial={fieldsOfSupplier(supplier)}
                onSave={async (input) => {
                  const saved = await update.mutateAsync(input);
                  toast.success(`${saved.name} is saved`);
                }}
              />
            </div>
          </section>
          <section aria-labelledby="supplier-products-heading" className="space-y-3">
            <h3 id="supplier-products-heading" className="text-xl font-semibold">
              Products from this supplier
            </h3>
            {products.length === 0 ? (
              <p className="text-base-content/70" role="status">
                No products from this supplier yet.
              </p>
            ) : (
              <TableScroll label="Products from this supplier">
                <table className="table" data-testid="supplier-products">
                  <thead>
                    <tr>
                      <th scope="col">Product</th>
                      <th scope="col">SKU</th>
                      <th scope="col">Supplier part number</th>
                      <th scope="col">Pack size</th>
                      <th scope="col">Cost</th>
                      <th scope="col">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {products.map((p) => (
                      <tr key={p.productId}>
                        <td>{p.productName}</td>
                        <td className="font-mono">{p.sku ?? '—'}</td>
                        <td className="font-mono">{p.supplierPartNumber}</td>
                        <td className="tabular-nums">{p.packSize}</td>
                        <td className="tabular-nums">{formatCents(p.costCents)}</td>
                        <td>
                          <div className="flex flex-wrap justify-end gap-1">
                            <button
                              type="button"
                              className="btn btn-xs"
                              aria-label={`Change ${p.productName}`}
                              onClick={() => setEditing(offerOf(p))}
                            >
                              Change
                            </button>
                            <button
                              type="button"
                              className="btn btn-xs btn-outline btn-error"
                              aria-label={`Remove ${p.productName}`}
                              onClick={() => removing.ask(p)}
                            >
                              Remove
                            </button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
            <div className="card border border-base-300">
              <div className="card-body">
                {editing ? (
                  <OfferForm
                    key={editing.productId}
                    supplierId={supplier.id}
                    initial={editing}
                    onDone={() => setEditing(null)}
                  />
                ) : (
                  <ProductFinder
                    label="Add a product this supplier sells"
                    taken={products.map((p) => p.productId)}
                    onPick={(p) =>
                      setEditing({
                        productId: p._id,
                        productName: p.name,
                        sku: p.sku,
                        supplierPartNumber: '',
                        packSize: '1',
                        cost: '',
                      })
                    }
                  />
                )}
              </div>
            </div>
          </section>
          <ConfirmDialog {...removing.dialog} title="Remove this product?" confirmLabel="Remove product">
            <p>
              {removing.item?.productName} will no longer be listed as sold by {supplier.name}. Orders already
              made keep their lines.
            </p>
          </ConfirmDialog>
        </article>
      )}
    </QueryState>
  );
}
