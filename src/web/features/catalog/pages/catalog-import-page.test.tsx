import type { ImportRow, ImportSummary } from '@contract/catalog-import';
import type { Supplier } from '@contract/purchasing';
import {
  address,
  answer,
  button,
  calls,
  chooseFile,
  click,
  field,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  text,
  type,
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

const supplier = (id: string, name: string, importMapping: Supplier['importMapping']): Supplier => ({
  id,
  name,
  contactName: null,
  email: `orders@${id}.example`,
  phone: null,
  leadTimeDays: 5,
  minimumOrderCents: 0,
  note: null,
  importMapping,
  productCount: 0,
  openOrders: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const NORTHERN = '6f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const MIDWEST = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
/** Northern's mapping as it was saved from an earlier file, spelled its own way. */
const northernMapping = {
  'ITEM NO': 'sku',
  'Vendor Part': 'supplier_part_number',
  'Unit Cost': 'supplier_cost',
} as const;
const suppliers = [
  supplier(NORTHERN, 'Northern Tool Supply', northernMapping),
  supplier(MIDWEST, 'Midwest Brake', {}),
];

mockApi(
  http.get('/api/suppliers', () => json(suppliers)),
  http.put('/api/suppliers/:id/import-mapping', async ({ request, params }) => {
    const { mapping } = (await request.json()) as { mapping: Supplier['importMapping'] };
    const found = suppliers.find((s) => s.id === params.id) as Supplier;
    return json({ ...found, importMapping: mapping });
  }),
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
      supplier: url.searchParams.get('supplier')
        ? { id: url.searchParams.get('supplier') as string, name: 'Northern Tool Supply' }
        : null,
      columns: [],
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

/** Northern's own file: its headers, one the store has no use for, and a store column by its own name. */
const northernCsv =
  'Item No,Vendor Part,Qty,Unit Cost,Web Notes,price\nTW-TQ-1250,NTS-TW-150,12,$49.00,fast,94.50\n';
const readAs = (header: string) => field<HTMLSelectElement>(`Read "${header}" as`);
/** What the page says of a refused check, under the form. */
const problem = () =>
  screen().querySelector('section[aria-labelledby="upload-heading"] > [role="alert"]')?.textContent;
const form = () => screen().querySelector('form[aria-label="Check a CSV file"]') as HTMLFormElement;

async function chooseNorthernFile() {
  await renderPage(<CatalogImportPage />, { address: '/dashboard/import', pattern: '/dashboard/import' });
  await waitFor(() => expect(field<HTMLSelectElement>("Supplier's file").disabled).toBe(false));
  type(field<HTMLSelectElement>("Supplier's file"), NORTHERN);
  chooseFile(field('CSV file'), new File([northernCsv], 'northern.csv', { type: 'text/csv' }));
  await shows('Columns of northern.csv');
}

describe("a supplier's file", () => {
  it("offers every supplier, after the store's own columns", async () => {
    await renderPage(<CatalogImportPage />, { address: '/dashboard/import', pattern: '/dashboard/import' });
    const select = field<HTMLSelectElement>("Supplier's file");
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual([
        "None: the store's own columns",
        'Northern Tool Supply',
        'Midwest Brake',
      ]),
    );
    expect(select.value).toBe('');
    // Fitment is never a supplier's file.
    type(field<HTMLSelectElement>('The file holds'), 'fitment');
    expect(screen().textContent).not.toContain("Supplier's file");
  });

  it('says so while the suppliers load, and when they cannot be loaded', async () => {
    // The answer waits until the test has seen the loading state, so no machine is too quick for it.
    let answerNow = () => {};
    const held = new Promise<void>((resolve) => {
      answerNow = resolve;
    });
    answer(
      http.get('/api/suppliers', async () => {
        await held;
        return refusal(500, 'INTERNAL', 'The store is down');
      }),
    );
    await renderPage(<CatalogImportPage />, { address: '/dashboard/import', pattern: '/dashboard/import' });
    await shows('Loading the suppliers…');
    answerNow();
    await shows('Could not load the suppliers: The store is down');
    expect(field<HTMLSelectElement>("Supplier's file").disabled).toBe(true);
  });

  it("reads the file's own headers, each starting from the supplier's saved mapping, else its own name", async () => {
    await chooseNorthernFile();
    const rows = screen().querySelectorAll('[data-testid="import-mapping"] tbody tr');
    expect([...rows].map((r) => r.querySelector('td')?.textContent)).toEqual([
      'Item No',
      'Vendor Part',
      'Qty',
      'Unit Cost',
      'Web Notes',
      'price',
    ]);
    expect(
      ['Item No', 'Vendor Part', 'Qty', 'Unit Cost', 'Web Notes', 'price'].map((h) => readAs(h).value),
    ).toEqual(['sku', 'supplier_part_number', 'ignore', 'supplier_cost', 'ignore', 'price']);
    const offered = [...readAs('Qty').options].map((o) => o.textContent);
    expect(offered[0]).toBe('Ignore this column');
    expect(offered).toContain('on_hand');
    expect(offered).toContain('pack_size');
  });

  it('keeps the changed mapping for the supplier, then checks the file as its file', async () => {
    await chooseNorthernFile();
    type(readAs('Qty'), 'on_hand');
    await submit(form());
    await shows('Mapping kept for Northern Tool Supply');
    await shows('Checked (nothing written yet)');
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: `/api/suppliers/${NORTHERN}/import-mapping`,
        body: {
          mapping: {
            'Item No': 'sku',
            'Vendor Part': 'supplier_part_number',
            Qty: 'on_hand',
            'Unit Cost': 'supplier_cost',
            'Web Notes': 'ignore',
            price: 'price',
          },
        },
      },
      {
        method: 'POST',
        path: `/api/catalog/imports?kind=products&name=northern.csv&supplier=${NORTHERN}`,
        body: northernCsv,
      },
    ]);
    await shows("Read as Northern Tool Supply's file");

    // Checked again as it is, the kept mapping is not sent again.
    calls.length = 0;
    await submit(form());
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(sent('PUT', `/api/suppliers/${NORTHERN}/import-mapping`)).toEqual([]);
  });

  it('checks a supplier file whose headers read as saved without keeping anything', async () => {
    answer(
      http.get('/api/suppliers', () =>
        json([
          supplier(NORTHERN, 'Northern Tool Supply', {
            Qty: 'on_hand',
            'Web Notes': 'ignore',
            ...northernMapping,
          }),
        ]),
      ),
    );
    await chooseNorthernFile();
    await submit(form());
    await shows('Checked (nothing written yet)');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(calls.find((c) => c.method === 'POST')?.path).toContain(`&supplier=${NORTHERN}`);
  });

  it('will not check a file while two of its headers are read as one column', async () => {
    await chooseNorthernFile();
    type(readAs('Qty'), 'sku');
    await shows('Two columns of the file are read as sku');
    expect(readAs('Qty').getAttribute('aria-invalid')).toBe('true');
    expect((button('Check the file') as HTMLButtonElement).disabled).toBe(true);
    await submit(form());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // Read as another column, the file can be checked.
    type(readAs('Qty'), 'on_hand');
    await waitFor(() => expect((button('Check the file') as HTMLButtonElement).disabled).toBe(false));
    expect(text()).not.toContain('Two columns of the file are read as');
  });

  it('shows a refused mapping and keeps what the owner chose', async () => {
    answer(
      http.put('/api/suppliers/:id/import-mapping', () =>
        refusal(400, 'VALIDATION_FAILED', "Choose one of the store's columns, or ignore it", [
          { path: 'mapping.Qty', message: "Choose one of the store's columns, or ignore it" },
        ]),
      ),
    );
    await chooseNorthernFile();
    type(readAs('Qty'), 'on_hand');
    await submit(form());
    await waitFor(() => expect(problem()).toBe("Choose one of the store's columns, or ignore it"));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(text()).not.toContain('Mapping kept');
    expect(readAs('Qty').value).toBe('on_hand');
    expect(field<HTMLSelectElement>("Supplier's file").value).toBe(NORTHERN);
  });

  it("shows the store's refusal of the file and keeps the mapping chosen", async () => {
    answer(
      http.post('/api/catalog/imports', () =>
        refusal(
          400,
          'VALIDATION_FAILED',
          "The file needs the columns sku (not the products layout's: item_no): map its own headers to them",
        ),
      ),
    );
    await chooseNorthernFile();
    type(readAs('Item No'), 'ignore');
    await submit(form());
    await shows(': map its own headers to them');
    expect(problem()).toContain('The file needs the columns sku');
    expect(readAs('Item No').value).toBe('ignore');
    expect(address()).toBe('/dashboard/import');
  });
});
