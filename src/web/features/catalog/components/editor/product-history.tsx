import type { ChangeSource, ProductChange } from '@contract/catalog-admin';
import { productChangeLines } from '@contract/product-change-words';
import { ChangeLines } from '@web/components/ui/change-lines';
import { QueryState } from '@web/components/ui/query-state';
import { useProductHistory } from '@web/features/catalog/api/owner-calls';
import { useCategories } from '@web/shared/catalog/get-categories';

const sourceLabel: Record<ChangeSource, string> = {
  created: 'Added',
  editor: 'Product editor',
  fitment: 'Fitment',
  bulk: 'Bulk change',
  bulk_undo: 'Bulk change undone',
  import: 'CSV import',
  category: 'Category change',
  brand: 'Brand change',
  deleted: 'Deleted',
};

function Change({
  change,
  categoryName,
}: {
  change: ProductChange;
  categoryName: (slug: string) => string | undefined;
}) {
  // A product just added has no "before": its first values are shown alone.
  const lines = productChangeLines(change.source === 'created' ? null : change.before, change.after, {
    category: categoryName,
    product: (id) => change.names?.[id],
  });
  return (
    <li className="rounded-box border border-base-300 p-3">
      <p className="text-sm">
        <strong>{change.actor?.name ?? 'The store'}</strong> · {sourceLabel[change.source]} ·{' '}
        <time dateTime={change.at}>{new Date(change.at).toLocaleString()}</time>
      </p>
      <ChangeLines lines={lines} className="mt-2" />
    </li>
  );
}

/** Who changed what, when, each field before and after in words: newest first. */
export function ProductHistory({ id }: { id: string }) {
  const history = useProductHistory(id);
  const categories = useCategories().data ?? [];
  const categoryName = (slug: string) => categories.find((c) => c.slug === slug)?.name;
  return (
    <section aria-labelledby="history-heading" className="space-y-2">
      <h3 id="history-heading" className="text-lg font-semibold">
        History
      </h3>
      <QueryState query={history} isEmpty={(d) => d.length === 0} empty="No changes recorded yet.">
        {(changes) => (
          <ol className="space-y-2" data-testid="product-history">
            {changes.map((c) => (
              <Change key={c.id} change={c} categoryName={categoryName} />
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
