import {
  columnName,
  FITMENT_CSV_COLUMNS,
  IMPORT_MAX_BYTES,
  type ImportKind,
  type ImportMapping,
  type ImportSummary,
  type ImportVerdict,
  MAPPED_COLUMNS,
  normalizedMapping,
  PRODUCT_CSV_COLUMNS,
} from '@contract/catalog-import';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Pager } from '@web/components/ui/pager';
import { QueryState } from '@web/components/ui/query-state';
import { TableScroll } from '@web/components/ui/table-scroll';
import { fileHeader } from '@web/lib/csv-header';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  checkImportFile,
  useCancelImport,
  useImport,
  useImportRows,
  useImportSuppliers,
  useImports,
  useSaveImportMapping,
  useStartImport,
} from '../api/owner-calls';
import {
  type ColumnChoice,
  chosenTwice,
  ImportMappingTable,
  startingChoice,
} from '../components/import-mapping-table';

const verdictLabel: Record<ImportVerdict, string> = {
  create: 'Created',
  update: 'Updated',
  unchanged: 'Unchanged',
  refuse: 'Refused',
};
const verdictBadge: Record<ImportVerdict, string> = {
  create: 'badge-success',
  update: 'badge-info',
  unchanged: 'badge-ghost',
  refuse: 'badge-error',
};
const statusLabel: Record<ImportSummary['status'], string> = {
  checked: 'Checked (nothing written yet)',
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The dry run's or the job's counts, and its progress while it runs. */
function Progress({ summary }: { summary: ImportSummary }) {
  const applying = summary.status !== 'checked' && summary.status !== 'cancelled';
  const counts = applying && summary.done > 0 ? summary.applied : summary.checked;
  return (
    <div className="space-y-2">
      <p>
        <strong>{summary.fileName}</strong> ({summary.kind}) · {statusLabel[summary.status]}
        {summary.supplier ? (
          <span data-testid="import-supplier"> · Read as {summary.supplier.name}'s file</span>
        ) : null}
      </p>
      <ul
        className="flex flex-wrap gap-2"
        aria-label={applying ? 'What the import did' : 'What the file would do'}
      >
        {(Object.keys(verdictLabel) as ImportVerdict[]).map((v) => (
          <li key={v} className={`badge ${verdictBadge[v]}`} data-testid={`count-${v}`}>
            {verdictLabel[v]}: {formatNumber(counts[v])}
          </li>
        ))}
      </ul>
      {applying ? (
        <div>
          <label htmlFor={`progress-${summary.id}`} className="text-sm">
            {formatNumber(summary.done)} of {formatNumber(summary.total)} rows
          </label>
          <progress
            id={`progress-${summary.id}`}
            className="progress progress-primary w-full"
            value={summary.done}
            max={Math.max(1, summary.total)}
          />
        </div>
      ) : null}
      {summary.warnings.map((warning) => (
        <p key={warning} className="text-sm text-warning-content" role="status">
          {warning}
        </p>
      ))}
      {summary.error ? (
        <p className="text-error" role="alert">
          {summary.error}
        </p>
      ) : null}
    </div>
  );
}

function ImportDetail({ id }: { id: string }) {
  const summary = useImport(id);
  const [page, setPage] = useState(1);
  const [verdict, setVerdict] = useState('');
  const rows = useImportRows(id, page, verdict || undefined, summary.data?.status);
  const start = useStartImport();
  const cancel = useCancelImport();
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="import-heading" className="space-y-3 rounded-box border border-base-300 p-4">
      <h3 id="import-heading" className="font-semibold">
        The file
      </h3>
      <QueryState query={summary} empty={null}>
        {(s) => (
          <>
            <Progress summary={s} />
            {s.status === 'checked' ? (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  disabled={s.checked.create + s.checked.update === 0}
                  onClick={() => setConfirming(true)}
                >
                  Start the import
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={async () => {
                    try {
                      await cancel.mutateAsync(s.id);
                    } catch (e) {
                      toast.error(e instanceof Error ? e.message : 'Could not cancel.');
                    }
                  }}
                >
                  Drop this file
                </button>
              </div>
            ) : null}
            {s.status === 'queued' || s.status === 'running' ? (
              <p className="text-sm text-base-content/70">
                You can leave this page: the import goes on, and its progress is here when you come back.
              </p>
            ) : null}
            <ConfirmDialog
              open={confirming}
              title="Start the import?"
              confirmLabel="Start the import"
              busy={start.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={async () => {
                try {
                  await start.mutateAsync(s.id);
                } catch (e) {
                  toast.error(e instanceof Error ? e.message : 'Could not start the import.');
                } finally {
                  setConfirming(false);
                }
              }}
            >
              <p>
                {formatNumber(s.checked.create)} created, {formatNumber(s.checked.update)} updated; the{' '}
                {formatNumber(s.checked.refuse)} refused rows are left out.
              </p>
            </ConfirmDialog>
          </>
        )}
      </QueryState>
      <label className="flex items-center gap-2 text-sm">
        Show
        <select
          aria-label="Show"
          className="select select-sm"
          value={verdict}
          onChange={(e) => {
            setVerdict(e.target.value);
            setPage(1);
          }}
        >
          <option value="">Every row</option>
          {(Object.keys(verdictLabel) as ImportVerdict[]).map((v) => (
            <option key={v} value={v}>
              {verdictLabel[v]}
            </option>
          ))}
        </select>
      </label>
      <QueryState query={rows} isEmpty={(d) => d.rows.length === 0} empty="No rows to show.">
        {(data) => (
          <>
            <TableScroll label="Rows of the file">
              <table className="table table-sm" data-testid="import-rows">
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Part</th>
                    <th scope="col">Verdict</th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((r) => (
                    <tr key={r.line}>
                      <td>{r.line}</td>
                      <td className="font-mono">{r.key}</td>
                      <td>
                        <span className={`badge ${verdictBadge[r.outcome ?? r.verdict]}`}>
                          {verdictLabel[r.outcome ?? r.verdict]}
                        </span>
                      </td>
                      <td>{r.reason ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager page={page} pages={Math.max(1, Math.ceil(data.total / 100))} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}

/** Whether two mappings read every header alike (keys as column names; a header read as itself needs no entry). */
function sameMapping(a: ImportMapping, b: ImportMapping): boolean {
  const x = normalizedMapping(a);
  const y = normalizedMapping(b);
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
}

/** Import and export (admin): check a CSV file (dry run), start it, follow it; download the catalog. */
export function CatalogImportPage() {
  const [params, setParams] = useSearchParams();
  const current = params.get('import') ?? undefined;
  const [kind, setKind] = useState<ImportKind>('products');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const imports = useImports();
  const suppliers = useImportSuppliers();
  const saveMapping = useSaveImportMapping();
  const supplierFieldId = useId();
  const [supplierId, setSupplierId] = useState('');
  // The file's header cells, as the page read them (the cells that name nothing are left out, as the store leaves them).
  const [headers, setHeaders] = useState<string[] | null>(null);
  // What the owner chose for a header cell, over where it starts; cleared with a new file or supplier.
  const [chosen, setChosen] = useState<Record<number, ColumnChoice>>({});
  const supplier = kind === 'products' ? suppliers.data?.find((s) => s.id === supplierId) : undefined;
  const choices =
    supplier && headers ? headers.map((h, i) => chosen[i] ?? startingChoice(h, supplier.importMapping)) : [];
  const twice = chosenTwice(choices);

  useEffect(() => {
    setHeaders(null);
    if (!file) return;
    let live = true;
    fileHeader(file).then(
      (cells) => live && setHeaders(cells.filter((c) => columnName(c) !== '')),
      () => live && setHeaders([]),
    );
    return () => {
      live = false;
    };
  }, [file]);
  // Coming back without an address: the import still under way is the one shown.
  const shown =
    current ?? imports.data?.imports.find((i) => i.status === 'queued' || i.status === 'running')?.id;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem('Choose a CSV file');
    if (file.size > IMPORT_MAX_BYTES) return setProblem('The file must be 20 MB or smaller');
    if (supplier && !headers) return setProblem('The file is still being read: try again in a moment');
    if (supplier && twice.length > 0) return;
    setProblem(null);
    setChecking(true);
    try {
      if (supplier && headers) {
        const mapping: ImportMapping = Object.fromEntries(headers.map((h, i) => [h, choices[i] ?? 'ignore']));
        if (!sameMapping(mapping, supplier.importMapping)) {
          await saveMapping.mutateAsync({ id: supplier.id, mapping });
          toast.success(`Mapping kept for ${supplier.name}`);
        }
      }
      const summary = await checkImportFile(kind, file, supplier?.id);
      setParams({ import: summary.id });
      void imports.refetch();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'The file could not be checked.');
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="max-w-5xl space-y-6">
      <h2 className="text-xl font-semibold">Import and export</h2>
      <section aria-labelledby="export-heading" className="space-y-2">
        <h3 id="export-heading" className="font-semibold">
          Export the catalog
        </h3>
        <div className="flex flex-wrap gap-2">
          <a className="btn btn-sm" href="/api/catalog/export/products" download>
            Download products (CSV)
          </a>
          <a className="btn btn-sm" href="/api/catalog/export/fitment" download>
            Download fitment (CSV)
          </a>
        </div>
      </section>

      <section aria-labelledby="upload-heading" className="space-y-2">
        <h3 id="upload-heading" className="font-semibold">
          Import a file
        </h3>
        <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Check a CSV file">
          <div className="grid gap-3 sm:grid-cols-2 sm:items-start lg:grid-cols-[auto_auto_1fr]">
            <label className="fieldset">
              <span className="fieldset-legend">The file holds</span>
              <select
                aria-label="The file holds"
                className="select select-sm"
                value={kind}
                onChange={(e) => setKind(e.target.value as ImportKind)}
              >
                <option value="products">Products</option>
                <option value="fitment">Fitment</option>
              </select>
            </label>
            {kind === 'products' ? (
              <div className="fieldset">
                <label htmlFor={supplierFieldId} className="fieldset-legend">
                  Supplier's file
                </label>
                <select
                  id={supplierFieldId}
                  className="select select-sm w-full"
                  value={supplierId}
                  disabled={!suppliers.data}
                  onChange={(e) => {
                    setSupplierId(e.target.value);
                    setChosen({});
                  }}
                >
                  <option value="">None: the store's own columns</option>
                  {suppliers.data?.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
                {suppliers.isPending ? (
                  <span className="text-xs text-base-content/70" role="status">
                    Loading the suppliers…
                  </span>
                ) : null}
                {suppliers.isError ? (
                  <span className="flex flex-wrap items-center gap-2 text-error text-xs" role="alert">
                    Could not load the suppliers: {suppliers.error.message}
                    <button type="button" className="btn btn-xs" onClick={() => void suppliers.refetch()}>
                      Try again
                    </button>
                  </span>
                ) : null}
              </div>
            ) : null}
            <label className="fieldset">
              <span className="fieldset-legend">CSV file</span>
              <input
                type="file"
                accept=".csv,text/csv"
                className="file-input file-input-sm w-full"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setChosen({});
                }}
              />
            </label>
          </div>
          {supplier && file && headers ? (
            <ImportMappingTable
              fileName={file.name}
              headers={headers}
              choices={choices}
              onChoose={(index, choice) => setChosen((before) => ({ ...before, [index]: choice }))}
            />
          ) : null}
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={checking || (supplier !== undefined && twice.length > 0)}
          >
            {checking ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Check the file
          </button>
        </form>
        <details className="text-sm">
          <summary className="cursor-pointer">Columns</summary>
          <p className="mt-1 break-words font-mono text-xs">
            {(kind === 'products'
              ? supplier
                ? MAPPED_COLUMNS
                : PRODUCT_CSV_COLUMNS
              : FITMENT_CSV_COLUMNS
            ).join(', ')}
          </p>
        </details>
        {problem ? (
          <p className="text-error text-sm" role="alert">
            {problem}
          </p>
        ) : null}
      </section>

      {shown ? <ImportDetail key={shown} id={shown} /> : null}

      <section aria-labelledby="recent-heading" className="space-y-2">
        <h3 id="recent-heading" className="font-semibold">
          Recent imports
        </h3>
        <QueryState query={imports} isEmpty={(d) => d.imports.length === 0} empty="No imports yet.">
          {(data) => (
            <ul className="divide-y divide-base-300 rounded-box border border-base-300">
              {data.imports.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <span>
                    {i.fileName} · {i.kind} · {statusLabel[i.status]} ·{' '}
                    <time dateTime={i.createdAt}>{new Date(i.createdAt).toLocaleString()}</time>
                  </span>
                  <button
                    type="button"
                    className="btn btn-xs"
                    aria-current={i.id === shown ? 'true' : undefined}
                    onClick={() => setParams({ import: i.id })}
                  >
                    Open
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}
