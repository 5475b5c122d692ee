import type { SalesReport } from '@contract/reports';
import { http, json, mockApi, renderPage, screen, waitFor } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { NumbersPage } from './numbers-page';

// $600.00 of goods at list price, $60.00 off, $45.99 of goods given back: net sales $494.01.
const report: SalesReport = {
  from: '2026-11-01',
  to: '2026-11-29',
  orders: 3,
  grossSalesCents: 60000,
  discountsCents: 6000,
  returnsCents: 4599,
  netSalesCents: 49401,
  taxCollectedCents: 3458,
  shippingCollectedCents: 799,
  unitsByProduct: [],
  returnsByReason: { does_not_fit: 0, wrong_part_ordered: 0, damaged: 0, defective: 0, no_longer_needed: 0 },
  wrongListings: [],
};

mockApi(http.get('/api/manage/reports', () => json(report)));

const figures = () => screen().querySelector('[data-testid="report-figures"]')?.textContent ?? '';

describe('the numbers page', () => {
  it("shows the sales figures under the books' names, and says what each means", async () => {
    await renderPage(<NumbersPage />, { address: '/dashboard/numbers' });
    await waitFor(() => expect(figures()).toContain('Gross sales$600.00'));
    for (const words of [
      'Orders paid3',
      'Discounts$60.00',
      'Returns$45.99',
      'Net sales$494.01',
      'Tax collected$34.58',
      'Shipping collected$7.99',
    ])
      expect(figures()).toContain(words);
    expect(figures()).not.toContain('before tax');
    const help = screen().querySelector('details')?.textContent ?? '';
    expect(help).toContain(
      'The goods of the orders paid in the period at their list price, before discounts; no tax, shipping or core charges.',
    );
    expect(help).toContain('Gross sales less discounts and returns.');
    expect(help).toContain('Tax charged on the orders paid in the period, less the tax given back');
  });
});
