import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { splitDescription, type Tool, ToolChanges } from '../../../../contract/catalog';
import { formatPrice } from '../../../../contract/money';
import { pages } from '../../../../contract/pages';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useDeleteTool, useUpdateTool } from '../../../features/catalog/api/admin-calls';
import { useTool } from '../../../features/catalog/api/get-tool';
import { useToolPage } from '../../../features/catalog/api/get-tools';
import { useProductList } from '../../../features/catalog/api/owner-calls';
import { PartsDataForm } from '../../../features/catalog/components/parts-data-form';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';

const PAGE_SIZE = 100;

const EditForm = z.object({
  price: ToolChanges.shape.price.unwrap(),
  available_quantity: ToolChanges.shape.available_quantity.unwrap(),
  description: z.string().trim().min(1, 'Description is required').max(5000),
});
type EditValues = z.input<typeof EditForm>;

function EditTool({ tool, onDone }: { tool: Tool; onDone: () => void }) {
  const update = useUpdateTool();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EditValues>({
    resolver: zodResolver(EditForm),
    defaultValues: {
      price: tool.price,
      available_quantity: tool.available_quantity,
      description: tool.description.join(' '),
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    const parsed = EditForm.parse(values);
    try {
      await update.mutateAsync({
        id: tool._id,
        changes: {
          price: parsed.price,
          available_quantity: parsed.available_quantity,
          // What the form showed: the server moves the stock by the difference (orders placed
          // meanwhile keep their units).
          available_quantity_was: tool.available_quantity,
          description: splitDescription(parsed.description),
        },
      });
      toast.success(`Tool ${tool.name} is updated`);
      onDone();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The product could not be updated.');
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1" aria-label={`Edit ${tool.name}`}>
      <TextField
        label="Price ($)"
        type="number"
        step="0.01"
        error={errors.price?.message}
        {...register('price')}
      />
      <TextField
        label="Available quantity"
        type="number"
        error={errors.available_quantity?.message}
        {...register('available_quantity')}
      />
      <TextAreaField
        label="Description"
        rows={4}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Save changes
        </button>
      </div>
    </form>
  );
}

/** The parts data dialog's body: the product in full (numbers and fitment), then the form. */
function EditPartsData({ tool, onDone }: { tool: Tool; onDone: () => void }) {
  const details = useTool(tool._id);
  return (
    <QueryState query={details} empty={null}>
      {(data) => <PartsDataForm tool={data} onDone={onDone} />}
    </QueryState>
  );
}

/** Drafts and archived products: not in the store's lists, so not in the table above. */
function UnlistedProducts() {
  const drafts = useProductList({ status: 'draft', limit: 100 });
  const archived = useProductList({ status: 'archived', limit: 100 });
  const rows = [...(drafts.data?.products ?? []), ...(archived.data?.products ?? [])];
  return (
    <section aria-labelledby="unlisted-heading" className="space-y-2">
      <h3 id="unlisted-heading" className="font-semibold">
        Drafts and archived
      </h3>
      <QueryState query={drafts} isEmpty={() => rows.length === 0} empty="No drafts or archived products.">
        {() => (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300" data-testid="unlisted">
            {rows.map((p) => (
              <li key={p._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  {p.name} <span className="badge badge-ghost">{p.status}</span>
                </span>
                <Link
                  to={pages.productEditor.path(p._id)}
                  className="btn btn-sm"
                  aria-label={`Open ${p.name} in the editor`}
                >
                  Editor
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** Manage Product (admin): every product with its image, price and stock; edit or delete. */
export function ManageProductsPage() {
  const [page, setPage] = useState(1);
  const tools = useToolPage({ page, limit: PAGE_SIZE, sort: 'name' });
  const remove = useDeleteTool();
  const deleting = useConfirmedAction(async (tool: Tool) => {
    await remove.mutateAsync(tool._id);
    return `Tool ${tool.name} is deleted!!`;
  }, 'The product could not be deleted.');
  const [editing, setEditing] = useState<Tool | null>(null);
  const [editingParts, setEditingParts] = useState<Tool | null>(null);
  const pageCount = tools.data ? Math.max(1, Math.ceil(tools.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Manage Product</h2>
      <QueryState query={tools} isEmpty={(d) => d.tools.length === 0} empty="No products yet.">
        {(data) => (
          <DataTable
            label="Products"
            testId="manage-products"
            rows={data.tools}
            rowKey={(tool) => tool._id}
            columns={[
              {
                header: 'Product',
                cell: (tool) => (
                  <div className="flex items-center gap-3">
                    <img
                      src={tool.image}
                      alt=""
                      width={64}
                      height={48}
                      loading="lazy"
                      className="h-12 w-16 rounded object-cover"
                    />
                    <span className="font-medium">{tool.name}</span>
                  </div>
                ),
              },
              { header: 'Price', cell: (tool) => `$${formatPrice(tool.price)}` },
              { header: 'Stock', cell: (tool) => formatNumber(tool.available_quantity) },
              { header: 'Minimum', cell: (tool) => formatNumber(tool.minimum_order_quantity) },
              {
                className: 'whitespace-nowrap',
                cell: (tool) => (
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => setEditing(tool)}
                      aria-label={`Edit ${tool.name}`}
                    >
                      Edit
                    </button>
                    <Link
                      to={pages.productEditor.path(tool._id)}
                      className="btn btn-sm btn-primary"
                      aria-label={`Open ${tool.name} in the editor`}
                    >
                      Editor
                    </Link>
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => setEditingParts(tool)}
                      aria-label={`Parts data of ${tool.name}`}
                    >
                      Parts
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      onClick={() => deleting.ask(tool)}
                      aria-label={`Delete ${tool.name}`}
                    >
                      Delete
                    </button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Pager page={page} pages={pageCount} onPage={setPage} />
      <UnlistedProducts />
      <ConfirmDialog {...deleting.dialog} title="Delete this product?" confirmLabel="Delete product">
        <p>
          <strong>{deleting.item?.name}</strong> leaves the catalog. If customers have ordered it, their
          orders keep it.
        </p>
      </ConfirmDialog>
      {editing ? (
        <ModalDialog open title={`Edit ${editing.name}`} onClose={() => setEditing(null)}>
          <EditTool tool={editing} onDone={() => setEditing(null)} />
        </ModalDialog>
      ) : null}
      {editingParts ? (
        <dialog open className="modal modal-open" aria-label={`Parts data of ${editingParts.name}`}>
          <div className="modal-box max-w-3xl">
            <h3 className="text-lg font-bold">Parts data: {editingParts.name}</h3>
            <EditPartsData tool={editingParts} onDone={() => setEditingParts(null)} />
          </div>
        </dialog>
      ) : null}
    </div>
  );
}
