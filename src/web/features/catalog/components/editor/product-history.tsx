import type { ChangeSource, ProductChange } from '../../../../../contract/catalog-admin';
import { QueryState } from '../../../../components/ui/query-state';
import { useProductHistory } from '../../api/owner-calls';

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

/** A value as the history shows it: lists and objects in short JSON, nothing as a dash. */
const shown = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

function Change({ change }: { change: ProductChange }) {
  const fields = [...new Set([...Object.keys(change.before), ...Object.keys(change.after)])];
  return (
    <li className="rounded-box border border-base-300 p-3">
      <p className="text-sm">
        <strong>{change.actor?.name ?? 'The store'}</strong> · {sourceLabel[change.source]} ·{' '}
        <time dateTime={change.at}>{new Date(change.at).toLocaleString()}</time>
      </p>
      {fields.length > 0 ? (
        <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {fields.map((field) => (
            <div key={field} className="contents">
              <dt className="font-mono text-xs text-base-content/70">{field}</dt>
              <dd className="break-words">
                <span className="line-through decoration-base-content/40">{shown(change.before[field])}</span>
                {' → '}
                <span>{shown(change.after[field])}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

/** Who changed what, when, before and after: newest first. */
export function ProductHistory({ id }: { id: string }) {
  const history = useProductHistory(id);
  return (
    <section aria-labelledby="history-heading" className="space-y-2">
      <h3 id="history-heading" className="text-lg font-semibold">
        History
      </h3>
      <QueryState query={history} isEmpty={(d) => d.length === 0} empty="No changes recorded yet.">
        {(changes) => (
          <ol className="space-y-2" data-testid="product-history">
            {changes.map((c) => (
              <Change key={c.id} change={c} />
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
