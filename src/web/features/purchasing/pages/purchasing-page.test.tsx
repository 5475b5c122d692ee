import { pages } from '@contract/pages';
import {
  address,
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
  text,
  type,
  waitFor,
} from '@web/test/page';
import { describe, expect, it } from 'vitest';
import {
  details,
  FILTER_ID,
  ORDER_ID,
  order,
  otherSupplier,
  PADS_ID,
  SUPPLIER_ID,
  summary,
  supplier,
} from '../test-data';
import { PurchasingPage } from './purchasing-page';

mockApi(
  http.get('/api/suppliers', () => json([supplier, otherSupplier])),
  http.get('/api/suppliers/:id', () => json(details)),
  http.get('/api/purchase-orders', () => json([summary])),
  http.get('/api/purchase-orders/suggestions', () => json({ days: 30, coverDays: 30, suggestions: [] })),
  http.get('/api/tool', () =>
    json([{ _id: FILTER_ID, name: 'Oil filter', sku: 'OF-2', price: 9.99, image: '', description: [] }]),
  ),
);

const table = (id: string) => screen().querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
const form = (label: string) => screen().querySelector(`form[aria-label="${label}"]`) as HTMLFormElement;

describe('the purchasing page', () => {
  it('lists the suppliers and the purchase orders, each opening its page', async () => {
    await renderPage(<PurchasingPage />, { address: pages.purchasing.path });
    await waitFor(() => expect(table('suppliers')).toContain('Apex Parts Co.'));
    expect(table('suppliers')).toContain('orders@apex.example');
    expect(table('suppliers')).toContain('5 days');
    expect(button('Apex Parts Co.').getAttribute('href')).toBe(pages.supplier.path(SUPPLIER_ID));
    await waitFor(() => expect(table('purchase-orders')).toContain('PO-1042'));
    for (const words of ['Partly received', '4 of 12', '$174.90'])
      expect(table('purchase-orders')).toContain(words);
    expect(button('PO-1042').getAttribute('href')).toBe(pages.purchaseOrder.path(ORDER_ID));
  });

  it('says when there are no suppliers and no orders, and filters orders by status', async () => {
    answer(
      http.get('/api/suppliers', () => json([])),
      http.get('/api/purchase-orders', () => json([])),
    );
    await renderPage(<PurchasingPage />, { address: pages.purchasing.path });
    await shows('No suppliers yet');
    await shows('No purchase orders yet');
    type(field<HTMLSelectElement>('Status'), 'sent');
    await shows('No sent purchase orders.');
    expect(sent('GET', '/api/purchase-orders')).toHaveLength(2);
  });

  it('drafts an order for the chosen supplier and lines, the cost from the supplier where it has one', async () => {
    answer(http.post('/api/purchase-orders', () => json({ ...order, status: 'draft' }, 201)));
    await renderPage(<PurchasingPage />, { address: pages.purchasing.path });
    await waitFor(() => expect(table('suppliers')).toContain('Apex Parts Co.'));
    await click('New purchase order');
    type(field<HTMLSelectElement>('Supplier'), SUPPLIER_ID);
    await waitFor(() => button('Add Brake pad set'));
    await click('Add Brake pad set');
    expect(field('Unit cost of Brake pad set').value).toBe('12.50');
    type(field('Quantity of Brake pad set'), '8');
    // A product the supplier has no cost for: found by the back office's product search.
    type(field('Find a product'), 'filter');
    await click('Search');
    await waitFor(() => button('Add Oil filter'));
    await click('Add Oil filter');
    expect(field('Unit cost of Oil filter').value).toBe('');
    await submit(form('New purchase order'));
    await shows('Give a unit cost for Oil filter');
    expect(sent('POST', '/api/purchase-orders')).toEqual([]);
    type(field('Unit cost of Oil filter'), '24.95');
    type(field('Quantity of Oil filter'), '2');
    await submit(form('New purchase order'));
    await waitFor(() => expect(address()).toBe(pages.purchaseOrder.path(ORDER_ID)));
    expect(sent('POST', '/api/purchase-orders')).toEqual([
      {
        supplierId: SUPPLIER_ID,
        lines: [
          { productId: PADS_ID, quantity: 8, unitCostCents: 1250 },
          { productId: FILTER_ID, quantity: 2, unitCostCents: 2495 },
        ],
      },
    ]);
  });

  it("shows the store's refusal of a new supplier beside the field it names", async () => {
    answer(
      http.post('/api/suppliers', () =>
        refusal(400, 'VALIDATION_FAILED', 'Check the supplier', [
          { path: 'email', message: 'Give the e-mail address orders go to' },
        ]),
      ),
    );
    await renderPage(<PurchasingPage />, { address: pages.purchasing.path });
    await click('Add supplier');
    type(field('Name'), 'Coastal Tools');
    type(field('E-mail for orders'), 'nope');
    type(field('Lead time (days)'), '3');
    await submit(form('Add supplier'));
    await shows('Give the e-mail address orders go to');
    expect(text()).toContain('Check the supplier');
    expect(field('E-mail for orders').getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST', '/api/suppliers')).toEqual([
      {
        name: 'Coastal Tools',
        contactName: '',
        email: 'nope',
        phone: '',
        leadTimeDays: 3,
        minimumOrderCents: 0,
        note: '',
      },
    ]);
  });
});
