import type { ProductSummary } from '@contract/catalog-admin';
import { brands, categories, pads, summary } from '@web/test/catalog';
import {
  button,
  calls,
  click,
  field,
  http,
  json,
  mockApi,
  renderPage,
  screen,
  shows,
  submit,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManageProductsPage } from './manage-products-page';

/** The store's products as the server has them; a delete takes one away. */
let products: ProductSummary[];

mockApi(
  http.get('/api/categories', () => json(categories)),
  http.get('/api/brands', () => json(brands)),
  http.get('/api/catalog/products', ({ request }) => {
    const search = new URL(request.url).searchParams.get('search')?.toLowerCase();
    const found = products.filter((p) => !search || p.name.toLowerCase().includes(search));
    return json({ total: found.length, products: found });
  }),
  http.delete('/api/tool/:id', ({ params }) => {
    products = products.filter((p) => p._id !== params.id);
    return json({ deletedCount: 1, retired: false });
  }),
);

beforeEach(() => {
  products = [summary(), pads];
});

const rows = () => [...screen().querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-product-id'));

describe('Manage Product', () => {
  it('lists every product with its numbers, price and stock, and finds one by name', async () => {
    await renderPage(<ManageProductsPage />);
    await waitFor(() => expect(rows()).toEqual(['p-wrench', 'p-pads']));
    const pads = screen().querySelector('[data-product-id="p-pads"]')?.textContent;
    expect(pads).toContain('BC905');
    expect(pads).toContain('$45.99');
    // 3 left, at or under its threshold of 6: low.
    expect(pads).toContain('Low');
    expect(screen().querySelector('[data-testid="product-count"]')?.textContent).toBe('2 products');

    type(field('Name, SKU or part number'), 'wrench');
    await submit(screen().querySelector('form[aria-label="Find products"]') as HTMLFormElement);
    await waitFor(() => expect(rows()).toEqual(['p-wrench']));
    expect(
      calls.some((c) => c.path.startsWith('/api/catalog/products?') && c.path.includes('search=wrench')),
    ).toBe(true);
    expect(screen().querySelector('[data-testid="product-count"]')?.textContent).toBe('1 product found');
  });

  it('deletes a product after asking, says so and lists it no more', async () => {
    await renderPage(<ManageProductsPage />);
    await waitFor(() => expect(rows()).toEqual(['p-wrench', 'p-pads']));
    await click('Delete Brake Pad Set');
    const dialog = screen().querySelector('dialog[open]') as HTMLDialogElement;
    expect(dialog.textContent).toContain('Delete this product?');
    // Nothing is deleted until the owner confirms.
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await click('Delete product', dialog);
    await shows('Tool Brake Pad Set is deleted!!');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/tool/p-pads']);
    await waitFor(() => expect(rows()).toEqual(['p-wrench']));
    expect(button('Edit Torque Wrench').getAttribute('href')).toBe('/dashboard/products/p-wrench');
  });
});
