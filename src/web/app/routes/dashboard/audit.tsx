import { type FormEvent, useState } from 'react';
import { AUDIT_KIND_LABELS, type AuditEntry, type AuditKind, auditKinds } from '../../../../contract/audit';
import { ROLE_LABELS, staffRoles } from '../../../../contract/roles';
import { QueryState } from '../../../components/ui/query-state';
import { TableScroll } from '../../../components/ui/table-scroll';
import { type AuditFilter, useAuditLog } from '../../../features/audit/api/audit-calls';
import { orderDateTime } from '../../../features/orders/components/order-parts';

const NO_FILTER: AuditFilter = { person: '', kind: '', from: '', to: '', page: 1 };

/** A value as a short line of text. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** What changed, field by field: "price: 40 → 45.5"; a thing made or removed shows one side. */
function Changes({ entry }: { entry: AuditEntry }) {
  const asObject = (v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  const before = asObject(entry.before);
  const after = asObject(entry.after);
  if (!before && !after) return <span>—</span>;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return (
    <ul className="space-y-0.5 text-left text-sm">
      {keys.map((key) => {
        const was = before?.[key];
        const now = after?.[key];
        return (
          <li key={key} className="break-all">
            <span className="font-medium">{key}</span>:{' '}
            {before && after && key in before && key in after
              ? JSON.stringify(was) === JSON.stringify(now)
                ? shown(now)
                : `${shown(was)} → ${shown(now)}`
              : before && key in before
                ? `was ${shown(was)}`
                : shown(now)}
          </li>
        );
      })}
    </ul>
  );
}

const roleName = (role: string | null) =>
  role && (staffRoles as readonly string[]).includes(role)
    ? ROLE_LABELS[role as keyof typeof ROLE_LABELS]
    : role;

/** The audit log (the owner): who changed what, when and from where, filtered by person, kind and days. */
export function AuditPage() {
  const [draft, setDraft] = useState<AuditFilter>(NO_FILTER);
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const log = useAuditLog(filter);
  const filtered = filter.person !== '' || filter.kind !== '' || filter.from !== '' || filter.to !== '';

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...draft, page: 1 });
  };
  const field = (key: keyof Omit<AuditFilter, 'page'>) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Audit log</h2>
      <p className="text-base-content/70">Every change made by the store's staff, newest first.</p>
      <form
        onSubmit={apply}
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5"
        aria-label="Filter the audit log"
      >
        <label className="flex flex-col gap-1">
          <span className="label-text">Person (e-mail)</span>
          <input
            type="search"
            className="input input-bordered"
            value={draft.person}
            maxLength={254}
            onChange={field('person')}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="label-text">Kind</span>
          <select className="select select-bordered" value={draft.kind} onChange={field('kind')}>
            <option value="">Every kind</option>
            {auditKinds.map((kind) => (
              <option key={kind} value={kind}>
                {AUDIT_KIND_LABELS[kind as AuditKind]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="label-text">From</span>
          <input type="date" className="input input-bordered" value={draft.from} onChange={field('from')} />
        </label>
        <label className="flex flex-col gap-1">
          <span className="label-text">To</span>
          <input type="date" className="input input-bordered" value={draft.to} onChange={field('to')} />
        </label>
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary">
            Filter
          </button>
          {filtered ? (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setDraft(NO_FILTER);
                setFilter(NO_FILTER);
              }}
            >
              Clear
            </button>
          ) : null}
        </div>
      </form>
      <QueryState
        query={log}
        empty={filtered ? 'No change matches these filters.' : 'No change has been recorded yet.'}
        isEmpty={(data) => data.entries.length === 0}
      >
        {(data) => (
          <>
            <TableScroll label="Changes">
              <table className="table table-cards">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">What</th>
                    <th scope="col">Changes</th>
                    <th scope="col">From</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((entry) => (
                    <tr key={entry.id} data-testid="audit-row">
                      <th scope="row" data-label="When" className="font-normal whitespace-nowrap">
                        <time dateTime={entry.at}>{orderDateTime(entry.at)}</time>
                      </th>
                      <td data-label="Who" className="break-all">
                        {entry.actorEmail ? (
                          <span>
                            {entry.actorEmail}
                            {entry.actorRole ? (
                              <span className="text-base-content/70"> ({roleName(entry.actorRole)})</span>
                            ) : null}
                          </span>
                        ) : (
                          <span className="text-base-content/70">The store</span>
                        )}
                      </td>
                      <td data-label="What">
                        <span className="font-mono text-sm">{entry.action}</span>
                        <span className="block text-xs break-all text-base-content/70">
                          {AUDIT_KIND_LABELS[entry.kind as AuditKind] ?? entry.kind} {entry.subjectId}
                        </span>
                      </td>
                      <td data-label="Changes">
                        <Changes entry={entry} />
                      </td>
                      <td data-label="From" className="font-mono text-sm">
                        {entry.ip ?? '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            {data.page > 1 || data.hasMore ? (
              <nav aria-label="Pages" className="flex justify-center">
                <div className="join">
                  <button
                    type="button"
                    className="btn join-item"
                    disabled={data.page <= 1}
                    onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}
                  >
                    « Newer
                  </button>
                  <span className="btn join-item pointer-events-none" aria-current="page">
                    Page {data.page}
                  </span>
                  <button
                    type="button"
                    className="btn join-item"
                    disabled={!data.hasMore}
                    onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
                  >
                    Older »
                  </button>
                </div>
              </nav>
            ) : null}
          </>
        )}
      </QueryState>
    </div>
  );
}
