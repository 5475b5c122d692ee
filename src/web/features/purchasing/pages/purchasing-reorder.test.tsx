import { pages } from '@contract/pages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  address,
  answer,
  button,
  calls,
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
  text,
  type,
  waitFor,
} from '@web/test/page';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ReorderSection } from '../components/reorder-section';
import { draft, ORDER_ID, PADS_ID, reorder, SUPPLIER_ID, summary, supplier } from '../test-data';
import { PurchasingPage } from './purchasing-page';

mockApi(
  http.get('/api/suppliers', () => json([supplier])),
  http.get('/api/purchase-orders', () => json([summary])),
  http.get('/api/purchase-orders/suggestions', () => json(reorder)),
);

const groups = () => [...screen().querySelectorAll<HTMLElement>('[data-testid="reorder-group"]')];
const apex = () => groups()[0] as HTMLElement;
const open = async (at: string = pages.purchasing.path) => {
  await renderPage(<PurchasingPage />, { address: at });
  await waitFor(() => expect(groups()).toHaveLength(2));
};
const suggestionCalls = () =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/purchase-orders/suggestions'));

describe('what to reorder', () => {
  it('shows one table per supplier with its figures, and the products no supplier sells', async () => {
    await open();
    expect(suggestionCalls().map((c) => c.path)).toEqual([
      '/api/purchase-orders/suggestions?days=30&coverDays=30',
    ]);
    const [one, none] = groups() as [HTMLElement, HTMLElement];
    expect(one.querySelector('h4')?.textContent).toBe('Apex Parts Co.');
    expect(one.textContent).toContain('Lead time 5 days');
    const pads = [...one.querySelectorAll('tbody tr')][0]?.textContent ?? '';
    // Product, SKU, part no., available, on order, sold, reorder point, unit cost, line total.
    for (const figure of ['Brake pad set', 'BP-1', 'APX-778', '30', '5', '$12.50', '$450.00'])
      expect(pads).toContain(figure);
    expect(one.textContent).toContain('Sold in 30 days');
    expect(field('Quantity to order of Brake pad set').value).toBe('36');
    expect(field('Quantity to order of Oil filter').value).toBe('4');
    expect(one.textContent).toContain('Total $549.80');
    expect(one.textContent).not.toContain('minimum order');
    expect(button('Draft this order', one)).toBeTruthy();

    expect(none.querySelector('h4')?.textContent).toBe('No supplier');
    expect(none.textContent).toContain('No supplier sells these yet: add them to a supplier to order them.');
    expect(none.textContent).toContain('Vented rotor');
    expect(field('Quantity to order of Vented rotor').value).toBe('3');
    expect(() => button('Draft this order', none)).toThrow();
  });

  it('drafts the order with the quantities as edited, leaving out the lines at 0, and opens it', async () => {
    answer(http.post('/api/purchase-orders', () => json(draft, 201)));
    await open();
    type(field('Quantity to order of Brake pad set'), '40');
    type(field('Quantity to order of Oil filter'), '0');
    // 40 × $12.50
    await shows('Total $500.00');
    await click('Draft this order', apex());
    await waitFor(() => expect(address()).toBe(pages.purchaseOrder.path(ORDER_ID)));
    expect(sent('POST', '/api/purchase-orders')).toEqual([
      { supplierId: SUPPLIER_ID, lines: [{ productId: PADS_ID, quantity: 40, unitCostCents: 1250 }] },
    ]);
  });

  it('cannot draft an order with nothing on it, nor with a quantity that is not whole units', async () => {
    await open();
    type(field('Quantity to order of Brake pad set'), '0');
    type(field('Quantity to order of Oil filter'), '0');
    await waitFor(() => expect(button('Draft this order', apex()).hasAttribute('disabled')).toBe(true));
    type(field('Quantity to order of Oil filter'), '1.5');
    await shows('Give whole units, 0 or more, for Oil filter');
    expect(button('Draft this order', apex()).hasAttribute('disabled')).toBe(true);
  });

  it("warns when the order is under the supplier's minimum, as the store says and as edited", async () => {
    const [first, ...rest] = reorder.suggestions;
    answer(
      http.get('/api/purchase-orders/suggestions', () =>
        json({
          ...reorder,
          suggestions: [
            { ...first, supplier: { ...first?.supplier, minimumOrderCents: 60000 }, underMinimum: true },
            ...rest,
          ],
        }),
      ),
    );
    await open();
    expect(apex().textContent).toContain("Under this supplier's minimum order of $600.00");
    await open();
    type(field('Quantity to order of Brake pad set'), '100');
    // 100 × $12.50 + 4 × $24.95 = $1,349.80: over it now.
    await shows('Total $1,349.80');
    expect(apex().textContent).not.toContain('minimum order');
  });

  it('says when nothing needs reordering', async () => {
    answer(http.get('/api/purchase-orders/suggestions', () => json({ ...reorder, suggestions: [] })));
    await renderPage(<PurchasingPage />, { address: pages.purchasing.path });
    await shows('Nothing to reorder: every product is above its reorder point.');
  });

  it('asks the store again for a new window, and checks the window first', async () => {
    await open();
    type(field('Sales over the last (days)'), '3');
    await click('Update suggestions');
    await shows('Read sales over 7 to 365 days');
    expect(suggestionCalls()).toHaveLength(1);
    type(field('Sales over the last (days)'), '90');
    type(field('Cover after delivery (days)'), '14');
    await click('Update suggestions');
    await waitFor(() =>
      expect(suggestionCalls().map((c) => c.path)).toContain(
        '/api/purchase-orders/suggestions?days=90&coverDays=14',
      ),
    );
    expect(text()).not.toContain('Read sales over 7 to 365 days');
    await shows('From sales over the last 90 days, to last 14 days after delivery.');
  });

  it("shows the store's refusal", async () => {
    answer(
      http.get('/api/purchase-orders/suggestions', () =>
        refusal(400, 'VALIDATION_FAILED', 'Read at most 365 days'),
      ),
    );
    await renderPage(<PurchasingPage />, { address: pages.purchasing.path });
    await shows('Read at most 365 days');
  });

  it('scrolls into view when the page opens on #reorder', async () => {
    const scrolled: string[] = [];
    const before = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    // The page helper keeps no hash, so the section is rendered here at /dashboard/purchasing#reorder.
    const box = document.createElement('div');
    document.body.append(box);
    const root = createRoot(box);
    try {
      await act(async () =>
        root.render(
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <MemoryRouter initialEntries={[`${pages.purchasing.path}#reorder`]}>
              <ReorderSection />
            </MemoryRouter>
          </QueryClientProvider>,
        ),
      );
      await waitFor(() => expect(box.textContent).toContain('Vented rotor'));
      // On opening, and again once the list has come.
      expect(scrolled).toEqual(['reorder', 'reorder']);
    } finally {
      act(() => root.unmount());
      box.remove();
      Element.prototype.scrollIntoView = before;
    }
  });
});
