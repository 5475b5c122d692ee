import type { BulkChangeRecord } from '@contract/catalog-bulk';
import { brands, categories, pads, summary } from '@web/test/catalog';
import {
  answer,
  click,
  field,
  http,
  json,
  mockApi,
  renderPage,
  screen,
  sent,
  shows,
  type,
  waitFor,
} from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { BulkChangesPage } from './bulk-changes-page';

const lastChange: BulkChangeRecord = {
  id: 'bulk-7',
  at: '2026-11-27T09:00:00.000Z',
  actor: { id: 'owner-1', name: 'Olive Owner' },
  change: { kind: 'price', mode: 'percent', value: 5 },
  count: 3,
  changed: 3,
  undoneAt: null,
};

mockApi(
  http.get('/api/categories', () => json(categories)),
  http.get('/api/brands', () => json(brands)),
  http.get('/api/catalog/products', ({ request }) => {
    const category = new URL(request.url).searchParams.get('category');
    const found = [summary(), pads].filter((p) => !category || p.category === category);
    return json({ total: found.length, products: found });
  }),
  http.get('/api/catalog/bulk/last', () => json(null)),
  http.post('/api/catalog/bulk/preview', () =>
    json({
      count: 1,
      unchanged: 0,
      problems: 0,
      rows: [
        { _id: 'p-pads', name: 'Brake Pad Set', sku: 'BP-1', before: 45.99, after: 41.39, problem: null },
      ],
    }),
  ),
  http.post('/api/catalog/bulk', () =>
    json({
      ...lastChange,
      id: 'bulk-8',
      change: { kind: 'price', mode: 'percent', value: -10 },
      count: 1,
      changed: 1,
    }),
  ),
);

const previewed = () => screen().querySelector('[data-testid="bulk-preview"]');

describe('bulk changes', () => {
  it('previews a price cut on one category, then applies it after asking', async () => {
    await renderPage(<BulkChangesPage />);
    await shows('No bulk change yet.');
    type(field<HTMLSelectElement>('Category'), 'brakes');
    await shows('The filters find 1 products.');
    type(field('Percent (−10 lowers)'), '-10');
    await click('Preview');
    await waitFor(() => expect(previewed()?.textContent).toContain('1 products selected; 1 would change.'));
    const row = previewed()?.querySelector('tbody tr')?.textContent;
    expect(row).toContain('$45.99');
    expect(row).toContain('$41.39');
    expect(sent('POST', '/api/catalog/bulk/preview')).toEqual([
      {
        selection: { filter: { category: 'brakes' } },
        change: { kind: 'price', mode: 'percent', value: -10 },
      },
    ]);

    await click('Apply to 1 products');
    // Nothing changes before the owner confirms.
    expect(sent('POST', '/api/catalog/bulk')).toEqual([]);
    await click('Apply the change', screen().querySelector('dialog[open]') as HTMLElement);
    await shows('Price -10%: 1 products changed.');
    expect(sent('POST', '/api/catalog/bulk')).toEqual([
      {
        selection: { filter: { category: 'brakes' } },
        change: { kind: 'price', mode: 'percent', value: -10 },
        expectedCount: 1,
      },
    ]);
  });

  it('asks for a change that changes something before previewing', async () => {
    await renderPage(<BulkChangesPage />);
    await shows('The filters find 2 products.');
    type(field('Percent (−10 lowers)'), '0');
    await click('Preview');
    await shows('A change of 0 changes nothing');
    expect(sent('POST', '/api/catalog/bulk/preview')).toEqual([]);
  });

  it('undoes the last bulk change and names the products changed since', async () => {
    answer(
      http.get('/api/catalog/bulk/last', () => json(lastChange)),
      http.post('/api/catalog/bulk/:id/undo', () =>
        json({ restored: 2, kept: [{ _id: 'p-pads', name: 'Brake Pad Set' }] }),
      ),
    );
    await renderPage(<BulkChangesPage />);
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="last-bulk"]')?.textContent).toContain(
        'Price +5% on 3 of 3 products by Olive Owner',
      ),
    );
    await click('Undo the last change');
    await click('Undo it', screen().querySelector('dialog[open]') as HTMLElement);
    await shows('2 products put back; 1 changed since were kept: Brake Pad Set.');
    expect(sent('POST', '/api/catalog/bulk/bulk-7/undo')).toEqual([undefined]);
  });
});
