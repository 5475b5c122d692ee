import { pages } from '@contract/pages';
import {
  answer,
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
import { describe, expect, it } from 'vitest';
import { details, FILTER_ID, PADS_ID, SUPPLIER_ID, supplier } from '../test-data';
import { SupplierPage } from './supplier-page';

mockApi(
  http.get('/api/suppliers/:id', () => json(details)),
  http.get('/api/tool', () => json([{ _id: FILTER_ID, name: 'Oil filter', sku: 'OF-2' }])),
);

const AT = pages.supplier.path(SUPPLIER_ID);
const open = async () => {
  await renderPage(<SupplierPage />, { address: AT, pattern: pages.supplier.pattern });
  await waitFor(() => expect(screen().querySelector('h2')?.textContent).toBe('Apex Parts Co.'));
};
const form = (label: string) => screen().querySelector(`form[aria-label="${label}"]`) as HTMLFormElement;
const products = () => screen().querySelector('[data-testid="supplier-products"]')?.textContent ?? '';

describe("a supplier's page", () => {
  it('shows the supplier in its form and what it sells', async () => {
    await open();
    expect(field('Name').value).toBe('Apex Parts Co.');
    expect(field('Lead time (days)').value).toBe('5');
    expect(field('Minimum order ($)').value).toBe('250.00');
    for (const words of ['Brake pad set', 'BP-1', 'APX-778', '4', '$12.50'])
      expect(products()).toContain(words);
  });

  it('saves the supplier, showing a refusal beside the field it names', async () => {
    answer(
      http.put('/api/suppliers/:id', () =>
        refusal(400, 'VALIDATION_FAILED', 'Check the supplier', [
          { path: 'leadTimeDays', message: 'The lead time can be at most 365 days' },
        ]),
      ),
    );
    await open();
    type(field('Lead time (days)'), '400');
    await submit(form('Save supplier'));
    await shows('The lead time can be at most 365 days');
    expect(sent('PUT', `/api/suppliers/${SUPPLIER_ID}`)).toEqual([
      {
        name: supplier.name,
        contactName: 'Ada Apex',
        email: supplier.email,
        phone: '',
        leadTimeDays: 400,
        minimumOrderCents: 25000,
        note: '',
      },
    ]);
  });

  it('adds a product the supplier sells, found by the product search', async () => {
    answer(
      http.put('/api/suppliers/:id/products/:productId', () =>
        json({ ...details.products[0], productId: FILTER_ID }),
      ),
    );
    await open();
    type(field('Add a product this supplier sells'), 'filter');
    await click('Search');
    await waitFor(() => expect(screen().textContent).toContain('Add Oil filter'));
    await click('Add Oil filter');
    type(field('Supplier part number'), 'APX-OF2');
    type(field('Pack size'), '6');
    type(field('Cost ($)'), '3.10');
    await submit(form('What this supplier sells of Oil filter'));
    await shows('Oil filter is saved');
    expect(sent('PUT', `/api/suppliers/${SUPPLIER_ID}/products/${FILTER_ID}`)).toEqual([
      { supplierPartNumber: 'APX-OF2', packSize: 6, costCents: 310 },
    ]);
  });

  it('removes a product only once confirmed', async () => {
    answer(http.delete('/api/suppliers/:id/products/:productId', () => new Response(null, { status: 204 })));
    await open();
    await click('Remove Brake pad set');
    const dialog = screen().querySelector('dialog[open]') as HTMLElement;
    expect(dialog.textContent).toContain('Brake pad set will no longer be listed as sold by Apex Parts Co.');
    expect(sent('DELETE', `/api/suppliers/${SUPPLIER_ID}/products/${PADS_ID}`)).toEqual([]);
    await click('Remove product', dialog);
    await shows('Brake pad set is removed from this supplier');
    expect(sent('DELETE', `/api/suppliers/${SUPPLIER_ID}/products/${PADS_ID}`)).toHaveLength(1);
  });

  it('says when there is no such supplier', async () => {
    answer(http.get('/api/suppliers/:id', () => refusal(404, 'NOT_FOUND', 'Unknown supplier')));
    await renderPage(<SupplierPage />, { address: AT, pattern: pages.supplier.pattern });
    await shows('Supplier not found');
  });
});
