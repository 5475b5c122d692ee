import type { ProductSummary } from '@contract/catalog-admin';
import { formatPrice } from '@contract/money';
import { pages } from '@contract/pages';
import { PRODUCT_STATUS_WORDS } from '@contract/product-change-words';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { DataTable } from '@web/components/ui/data-table';
import { Pager } from '@web/components/ui/pager';
import { QueryState } from '@web/components/ui/query-state';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { formatNumber } from '@web/lib/format';
import { Link, useSearchParams } from 'react-router';
import { useDeleteProduct } from '../api/admin-calls';
import { useProductList } from '../api/owner-calls';
import {
  finderFiltered,
  finderFromAddress,
  finderToAddress,
  ProductFinder,
  type ProductFinderState,
} from '../components/product-finder';

const PAGE_SIZE = 100;

const STATUS_BADGES: Record<ProductSummary['status'], string> = {
  active: 'badge-success',
  draft: 'badge-ghost',
  archived: 'badge-neutral',
};

/** What is left, and whether that is low (at or under its threshold) or none. */
function StockCell({ product }: { product: ProductSummary }) {
  const left = product.available_quantity;
  return (
    <span className="flex flex-wrap items-center gap-1 tabular-nums">
      {formatNumber(left)}
      {left === 0 ? (
        <span className="badge badge-error badge-sm">Sold out</span>
      ) : left <= product.low_stock_at ? (
        <span className="badge badge-warning badge-sm">Low</span>
      ) : null}
    </span>
  );
}

/**
 * Manage Product (admin): every product, drafts and archived included, found by name, SKU or part
 * number and filtered by category, brand, status and stock, a page of 100 at a time from the
 * server. Each row opens the one product editor, or deletes the product after a confirmation.
 */
export function ManageProductsPage() {
  const [params, setParams] = useSearchParams();
  const state = finderFromAddress(params);
  const list = useProductList({
    search: state.search || undefined,
    category: state.category || undefined,
    brand: state.brand || undefined,
    status: state.status || undefined,
    stock: state.stock || undefined,
    sort: 'name',
    page: state.page,
    limit: PAGE_SIZE,
  });
  const remove = useDeleteProduct();
  const deleting = useConfirmedAction(async (product: ProductSummary) => {
    await remove.mutateAsync(product._id);
    return `Tool ${product.name} is deleted!!`;
  }, 'The product could not be deleted.');
  const go = (next: ProductFinderState) => setParams(finderToAddress(next));
  const filtered = finderFiltered(state);
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Manage Product</h2>
        <Link to={pages.addProduct.path} className="btn btn-sm btn-primary">
          Add Product
        </Link>
      </div>
      <ProductFinder state={state} onChange={go} />
      <div className="flex flex-wrap items-center gap-3">
        <p
          role="status"
          aria-live="polite"
          className="text-sm text-base-content/70"
          data-testid="product-count"
        >
          {list.data
            ? `${formatNumber(total)} ${total === 1 ? 'product' : 'products'}${filtered ? ' found' : ''}`
            : ''}
        </p>
        {filtered ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setParams(new URLSearchParams())}
          >
            Clear search and filters
          </button>
        ) : null}
      </div>
      <QueryState
        query={list}
        isEmpty={(d) => d.products.length === 0}
        empty={filtered ? 'No product matches this search and these filters.' : 'No products yet.'}
      >
        {(data) => (
          <DataTable
            label="Products"
            testId="manage-products"
            rows={data.products}
            rowKey={(p) => p._id}
            rowProps={(p) => ({ 'data-product-id': p._id })}
            columns={[
              {
                header: 'Product',
                cell: (p) => (
                  <div className="flex items-center gap-3">
                    <img
                      src={p.image}
                      alt=""
                      width={64}
                      height={48}
                      loading="lazy"
                      className="h-12 w-16 shrink-0 rounded object-cover"
                    />
                    <span className="font-medium break-words">{p.name}</span>
                  </div>
                ),
              },
              { header: 'SKU', className: 'wrap-anywhere sm:whitespace-nowrap', cell: (p) => p.sku ?? '—' },
              {
                header: 'Part number',
                className: 'wrap-anywhere sm:whitespace-nowrap',
                cell: (p) => p.part_number ?? '—',
              },
              { header: 'Price', className: 'tabular-nums', cell: (p) => `$${formatPrice(p.price)}` },
              { header: 'Stock', cell: (p) => <StockCell product={p} /> },
              {
                header: 'Status',
                cell: (p) => (
                  <span className={`badge ${STATUS_BADGES[p.status]}`}>{PRODUCT_STATUS_WORDS[p.status]}</span>
                ),
              },
              {
                className: 'whitespace-nowrap',
                cell: (p) => (
                  <div className="flex gap-2">
                    <Link
                      to={pages.productEditor.path(p._id)}
                      className="btn btn-sm btn-primary"
                      aria-label={`Edit ${p.name}`}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      onClick={() => deleting.ask(p)}
                      aria-label={`Delete ${p.name}`}
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
      <Pager page={state.page} pages={pageCount} onPage={(page) => go({ ...state, page })} />
      <ConfirmDialog {...deleting.dialog} title="Delete this product?" confirmLabel="Delete product">
        <p>
          <strong>{deleting.item?.name}</strong> leaves the catalog. If customers have ordered it, their
          orders keep it.
        </p>
      </ConfirmDialog>
    </div>
  );
}
