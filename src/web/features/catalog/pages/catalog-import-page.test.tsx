import type { ImportRow, ImportSummary } from '@contract/catalog-import';
import {
  address,
  calls,
  chooseFile,
  click,
  field,
  http,
  json,
  mockApi,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { CatalogImportPage } from './catalog-import-page';

const counts = (create: number, update: number, unchanged: number, refuse: number) => ({
  create,
  update,
  unchanged,
  refuse,
});
/** The import as the store keeps it: checked by the dry run, applied once started. */
let current: ImportSummary;
const rows: ImportRow[] = [
  { line: 2, key: 'TK-24335', verdict: 'update', outcome: null, reason: null },
  { line: 3, key: 'BC905', verdict: 'create', outcome: null, reason: null },
  { line: 4, key: 'XX-1', verdict: 'refuse', outcome: null, reason: 'Price must be greater than 0.' },
];

mockApi(
  http.get('/api/catalog/imports', () => json({ imports: current ? [current] : [] })),
  http.post('/api/catalog/imports', async ({ request }) => {
    const url = new URL(request.url);
    current = {
      id: 'imp-1',
      kind: url.searchParams.get('kind') as ImportSummary['kind'],
      fileName: url.searchParams.get('name') ?? '',
      status: 'checked',
      createdAt: '2026-11-28T10:00:00.000Z',
      startedAt: null,
      finishedAt: null,
      total: 3,
      warnings: url.searchParams.get('name')?.includes('supplier')
        ? ['Ignored columns: qty_on_hand. The products layout has: sku, name']
        : [],
      checked: counts(1, 1, 0, 1),
      done: 0,
      applied: counts(0, 0, 0, 0),
      error: null,
    };
    return json(current);
  }),
  http.get('/api/catalog/imports/:id', () => json(current)),
  http.get('/api/catalog/imports/:id/rows', () => json({ total: rows.length, rows })),
  http.post('/api/catalog/imports/:id/start', () => {
    current = { ...current, status: 'done', done: 3, applied: counts(1, 1, 0, 1) };
    return json(current);
  }),
);

beforeEach(() => {
  current = undefined as unknown as ImportSummary;
});

const csv = 'sku,name,price\nTK-24335,Torque Wrench,94.50\nBC905,Brake Pad Set,45.99\nXX-1,Nothing,0\n';

describe('import and export', () => {
  it('checks a CSV file first (a dry run), shows what each row would do, then starts it after asking', async () => {
    await renderPage(<CatalogImportPage />, { address: '/dashboard/import', pattern: '/dashboard/import' });
    await shows('No imports yet.');
    chooseFile(field('CSV file'), new File([csv], 'parts.csv', { type: 'text/csv' }));
    await submit(screen().querySelector('form[aria-label="Check a CSV file"]') as HTMLFormElement);

    await shows('Checked (nothing written yet)');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/catalog/imports?kind=products&name=parts.csv',
      body: csv,
    });
    expect(address()).toBe('/dashboard/import?import=imp-1');
    const count = (verdict: string) =>
      screen().querySelector(`[data-testid="count-${verdict}"]`)?.textContent;
    await waitFor(() =>
      expect([count('create'), count('update'), count('refuse')]).toEqual([
        'Created: 1',
        'Updated: 1',
        'Refused: 1',
      ]),
    );
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="import-rows"]')?.textContent).toContain(
        'Price must be greater than 0.',
      ),
    );
    // Nothing is written by checking.
    expect(sent('POST', '/api/catalog/imports/imp-1/start')).toEqual([]);

    await click('Start the import');
    const dialog = screen().querySelector('dialog[open]') as HTMLElement;
    expect(dialog.textContent).toContain('1 created, 1 updated; the 1 refused rows are left out.');
    await click('Start the import', dialog);
    await waitFor(() => expect(screen().querySelector('[aria-label="What the import did"]')).not.toBeNull());
    expect(sent('POST', '/api/catalog/imports/imp-1/start')).toHaveLength(1);
    await waitFor(() => expect(screen().textContent).toContain('3 of 3 rows'));
  });

  it("says which columns of a supplier's file were left out, and checks the rest", async () => {
    await renderPage(<CatalogImportPage />, { address: '/dashboard/import', pattern: '/dashboard/import' });
    chooseFile(field('CSV file'), new File([csv], 'supplier-prices.csv', { type: 'text/csv' }));
    await submit(screen().querySelector('form[aria-label="Check a CSV file"]') as HTMLFormElement);
    await shows('Checked (nothing written yet)');
    await waitFor(() =>
      expect(screen().textContent).toContain(
        'Ignored columns: qty_on_hand. The products layout has: sku, name',
      ),
    );
  });

  it('asks for a file before checking anything', async () => {
    await renderPage(<CatalogImportPage />, { address: '/dashboard/import', pattern: '/dashboard/import' });
    await submit(screen().querySelector('form[aria-label="Check a CSV file"]') as HTMLFormElement);
    await shows('Choose a CSV file');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
