import type { ProductRecord } from '@contract/catalog-admin';
import { brands, categories, record } from '@web/test/catalog';
import {
  answer,
  button,
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
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProductEditorPage } from './product-editor-page';

/** The product as the store keeps it; a save answers it changed. */
let product: ProductRecord;

mockApi(
  http.get('/api/categories', () => json(categories)),
  http.get('/api/brands', () => json(brands)),
  http.get('/api/catalog/products/:id', () => json(product)),
  http.get('/api/catalog/products/:id/history', () => json([])),
  // The picker's lists, as vPIC's vehicles give them.
  http.get('/api/vehicles/options', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const makes = query.get('year') ? ['Honda', 'Land Rover'] : [];
    const models =
      query.get('make') === 'Honda'
        ? ['Civic', 'Civic Hybrid']
        : query.get('make') === 'Land Rover'
          ? ['Range Rover', 'Range Rover Sport']
          : [];
    return json({
      years: [2015, 2014, 2013, 2012],
      makes,
      models: query.get('make') ? models : [],
      engines: [],
    });
  }),
  http.patch('/api/tool/:id', async ({ request }) => {
    const changes = (await request.json()) as Partial<ProductRecord>;
    product = { ...product, ...changes, updatedAt: '2026-11-28T10:00:00.000Z' };
    return json(product);
  }),
);

beforeEach(() => {
  product = record();
});

const form = () => screen().querySelector('form[aria-label="Edit the product"]') as HTMLFormElement;
const open = async () => {
  await renderPage(<ProductEditorPage />, {
    address: '/dashboard/products/p-wrench',
    pattern: '/dashboard/products/:id',
  });
  await waitFor(() => expect(field('Product name').value).toBe('Torque Wrench'));
};

describe('the product editor', () => {
  it('adds vehicles typed one a line, read against the picker, and says which it could not read', async () => {
    await open();
    type(
      field<HTMLTextAreaElement>('Years, make, model, then trim or engine if it matters'),
      '2012-2015 Honda Civic EX 1.8L I4\n2014 land rover range rover sport\n2013 Batmobile',
    );
    await click('Add typed vehicles');
    await shows('Added 2 rows. Not added: 2013 Batmobile: no make the picker lists for 2013');
    const row = (n: number, column: string) => field(`Fitment ${n} ${column}`).value;
    expect(
      [1, 2].map((n) => [
        row(n, 'make'),
        row(n, 'model'),
        row(n, 'first year'),
        row(n, 'last year'),
        row(n, 'engine'),
        row(n, 'submodel'),
      ]),
    ).toEqual([
      ['Honda', 'Civic', '2012', '2015', '1.8L I4', 'EX'],
      ['Land Rover', 'Range Rover Sport', '2014', '2014', '', ''],
    ]);
  });

  it('opens with every field of the product, and saves only what the owner changed', async () => {
    await open();
    expect(field('Price ($)').value).toBe('89.99');
    expect(field('Available quantity').value).toBe('40');
    expect(field<HTMLSelectElement>('Category').value).toBe('tools');
    expect(field("Maker's part number").value).toBe('TK-24335');
    expect(screen().textContent).toContain('No changes recorded yet.');

    type(field('Price ($)'), '94.50');
    type(field('Available quantity'), '38');
    await submit(form());
    await shows('Tool Torque Wrench is updated');
    // The stock as the form read it goes along, so a sale in between is not overwritten blindly.
    expect(sent('PATCH', '/api/tool/p-wrench')).toEqual([
      { price: 94.5, available_quantity: 38, available_quantity_was: 40 },
    ]);
  });

  it('says what to change before sending a price under a dollar, and sends nothing', async () => {
    await open();
    type(field('Price ($)'), '0');
    await submit(form());
    await shows('Some fields need a change before saving.');
    expect(screen().querySelector('[aria-label="What to change"]')?.textContent).toContain(
      'Price must be greater than 0.',
    );
    expect(sent('PATCH', '/api/tool/p-wrench')).toEqual([]);
  });

  it("shows the store's refusal beside the field it names", async () => {
    await open();
    answer(
      http.patch('/api/tool/:id', () =>
        refusal(409, 'CONFLICT', 'That SKU belongs to another product', [
          { path: 'sku', message: 'That SKU belongs to another product' },
        ]),
      ),
    );
    type(field('SKU'), 'BP-1');
    await submit(form());
    await shows('That SKU belongs to another product');
    expect(screen().querySelector('[aria-label="What to change"]')?.textContent).toContain(
      'That SKU belongs to another product',
    );
    expect(button('Save changes').hasAttribute('disabled')).toBe(false);
  });
});
