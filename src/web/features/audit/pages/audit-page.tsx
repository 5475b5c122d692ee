import { AUDIT_KIND_LABELS, type AuditEntry, type AuditKind, auditKinds } from '@contract/audit';
import { ROLE_LABELS, staffRoles } from '@contract/roles';
import { ChangeLines } from '@web/components/ui/change-lines';
import { QueryState } from '@web/components/ui/query-state';
import { TableScroll } from '@web/components/ui/table-scroll';
import { orderDateTime } from '@web/shared/orders/order-parts';
import { type FormEvent, useState } from 'react';
import { type AuditFilter, useAuditLog } from '../api/audit-calls';
import { auditWords } from '../words/audit-words';

const NO_FILTER: AuditFilter = { person: '', kind: '', from: '', to: '', page: 1 };

/** What was changed (a title in words, the kind) and each field before and after. */
function AuditWhat({ entry }: { entry: AuditEntry }) {
  const words = auditWords(entry);
  return (
    <>
      <td data-label="What" className="wrap-anywhere sm:wrap-break-word">
        {/* One block: on a phone's card it sits beside its label as one value. */}
        <div>
          <span className="font-medium">{words.title}</span>
          <span className="block text-xs text-base-content/70">
            {AUDIT_KIND_LABELS[entry.kind as AuditKind] ?? entry.kind}
          </span>
        </div>
      </td>
      <td data-label="Changes">
        {words.lines.length > 0 ? <ChangeLines lines={words.lines} /> : <span>—</span>}
      </td>
    </>
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
                      <AuditWhat entry={entry} />
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
