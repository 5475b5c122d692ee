import type { BookFigures, BooksReport } from '@contract/books';
import {
  address,
  answer,
  calls,
  field,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  shows,
  submit,
  type,
  waitFor,
} from '@web/test/page';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { FinancePage } from './finance-page';

const figures: BookFigures = {
  ordersPaid: 2,
  grossSalesCents: 34395,
  discountsCents: 1380,
  returnsCents: 20138,
  netSalesCents: 12877,
  shippingChargedCents: 799,
  shippingRefundedCents: 0,
  taxChargedCents: 2626,
  taxRefundedCents: 1725,
  coresChargedCents: 4500,
  coresRefundedCents: 4500,
  restockingFeesCents: 1600,
  otherRefundsCents: 500,
  totalSalesCents: 15677,
  latePaymentsCents: 0,
  latePaymentsRefundedCents: 0,
  paymentsCents: 40940,
  refundsCount: 3,
  refundsCents: 25263,
  storeCreditUsedCents: 0,
  storeCreditIssuedCents: 0,
  onAccountChargedCents: 0,
  onAccountCreditedCents: 0,
  accountPaymentsCents: 0,
  balanceDueCents: 0,
  balanceTakenOffCents: 0,
  netCollectedCents: 15677,
  costOfGoodsCents: 6500,
  marginCents: 6377,
  unitsWithoutCost: 2,
};

const report: BooksReport = {
  from: '2026-11-01',
  to: '2026-11-30',
  group: 'week',
  summary: figures,
  series: [
    { ...figures, start: '2026-10-26', ordersPaid: 1 },
    { ...figures, start: '2026-11-02', ordersPaid: 1 },
  ],
  taxes: [
    {
      country: 'US',
      region: 'MI',
      salesCents: 32916,
      salesRefundedCents: 24638,
      exemptSalesCents: 0,
      taxChargedCents: 2304,
      taxRefundedCents: 1725,
      taxNetCents: 579,
    },
    {
      country: 'US',
      region: 'OH',
      salesCents: 5398,
      salesRefundedCents: 0,
      exemptSalesCents: 5398,
      taxChargedCents: 322,
      taxRefundedCents: 0,
      taxNetCents: 322,
    },
  ],
  products: [
    {
      productId: 'tool-pads',
      name: 'Brake pad set',
      sku: 'BP-1',
      category: 'Brakes',
      brand: 'Apex',
      unitsSold: 4,
      grossSalesCents: 18396,
      discountsCents: 1380,
      unitsRefunded: 1,
      returnsCents: 4139,
      netSalesCents: 12877,
      costOfGoodsCents: 6500,
      marginCents: 6377,
    },
  ],
  categories: [
    {
      name: 'Brakes',
      unitsSold: 4,
      grossSalesCents: 18396,
      discountsCents: 1380,
      returnsCents: 4139,
      netSalesCents: 12877,
      costOfGoodsCents: 6500,
      marginCents: 6377,
    },
  ],
  brands: [
    {
      name: '',
      unitsSold: 4,
      grossSalesCents: 18396,
      discountsCents: 1380,
      returnsCents: 4139,
      netSalesCents: 12877,
      costOfGoodsCents: 6500,
      marginCents: 6377,
    },
  ],
  refundReasons: [{ kind: 'refund', reason: 'Goodwill', count: 1, amountCents: 500 }],
  providers: [
    {
      provider: 'simulated',
      payments: 2,
      paymentsCents: 40940,
      refunds: 3,
      refundsCents: 25263,
      netCents: 15677,
    },
  ],
};

mockApi(http.get('/api/manage/books', () => json(report)));

const START = '/dashboard/finance?from=2026-11-01&to=2026-11-30&group=week';
const linkTo = (label: string) =>
  screen()
    .querySelector<HTMLAnchorElement>(`a[aria-label="${label}: open the orders behind it"]`)
    ?.getAttribute('href');
const summary = () => screen().querySelector('[data-testid="books-summary"]')?.textContent ?? '';

describe('the finance page', () => {
  it('shows the summary, taxes by state, products, refunds and payments, each opening its orders', async () => {
    await renderPage(<FinancePage />, { address: START });
    await waitFor(() => expect(summary()).toContain('$343.95'));
    expect(calls.map((c) => c.path)).toEqual(['/api/manage/books?from=2026-11-01&to=2026-11-30&group=week']);
    for (const words of [
      'Net sales$128.77',
      'Cost of goods-$65.00',
      'Margin$63.77',
      'Total sales$156.77',
      'Payments received$409.40',
      'Net collected$156.77',
    ])
      expect(summary()).toContain(words);
    expect(linkTo('Gross sales')).toBe('/dashboard/manageOrders?paidFrom=2026-11-01&paidTo=2026-11-30');
    expect(linkTo('Returns')).toBe('/dashboard/manageOrders?refundedFrom=2026-11-01&refundedTo=2026-11-30');
    // Ready for filing: each state's tax charged, refunded and net, charged opening that state's orders.
    const taxes = screen().querySelector('section[aria-label="Taxes by state"]')?.textContent ?? '';
    expect(taxes).toContain('MI, US');
    expect(taxes).toContain('$5.79');
    // Exempt sales for resale, what the state's return asks beside the tax.
    expect(taxes).toContain('All states$53.98$26.26$17.25$9.01');
    expect(linkTo('Tax charged in OH, US')).toBe(
      '/dashboard/manageOrders?paidFrom=2026-11-01&paidTo=2026-11-30&country=US&region=OH',
    );
    expect(linkTo('Orders of Brake pad set')).toBe(
      '/dashboard/manageOrders?paidFrom=2026-11-01&paidTo=2026-11-30&productId=tool-pads',
    );
    // A week that began before the period is counted from the period's first day.
    expect(linkTo('Orders paid from 2026-11-01 to 2026-11-01')).toBe(
      '/dashboard/manageOrders?paidFrom=2026-11-01&paidTo=2026-11-01',
    );
    expect(linkTo('Orders paid from 2026-11-02 to 2026-11-08')).toBe(
      '/dashboard/manageOrders?paidFrom=2026-11-02&paidTo=2026-11-08',
    );
    expect(screen().textContent).toContain('Goodwill');
    const byCategory = screen().querySelector('section[aria-label="Sales by category"] tbody')?.textContent;
    expect(byCategory).toBe('Brakes4$183.96$128.77$63.77');
    expect(screen().querySelector('section[aria-label="Sales by brand"] tbody')?.textContent).toContain(
      'No brand',
    );
    expect(screen().textContent).toContain('2 units sold or refunded had no cost when they were sold');
    const files = [
      ...screen().querySelectorAll<HTMLAnchorElement>('nav[aria-label="Files for the accountant"] a'),
    ];
    expect(files.map((a) => a.getAttribute('href'))).toEqual(
      ['orders', 'lines', 'refunds', 'taxes', 'payments'].map(
        (f) => `/api/manage/books/${f}.csv?from=2026-11-01&to=2026-11-30&group=week`,
      ),
    );
  });

  it('shows what was charged, credited and paid on account beside the store credit', async () => {
    answer(
      http.get('/api/manage/books', () =>
        json({
          ...report,
          summary: {
            ...figures,
            onAccountChargedCents: 52_000,
            onAccountCreditedCents: 4_550,
            accountPaymentsCents: 31_275,
          },
        }),
      ),
    );
    await renderPage(<FinancePage />, { address: START });
    await waitFor(() => expect(summary()).toContain('Charged on account$520.00'));
    expect(summary()).toContain('Credited on account$45.50');
    expect(summary()).toContain('Payments on account$312.75');
    expect(summary()).toMatch(
      /Store credit used.*Charged on account.*Credited on account.*Payments on account/,
    );
  });

  it('asks for another period and grouping, kept in the address', async () => {
    await renderPage(<FinancePage />, { address: START });
    await waitFor(() => expect(summary()).toContain('$343.95'));
    const form = screen().querySelector('form[aria-label="Period"]') as HTMLFormElement;
    type(field('From', form), '2026-10-01');
    type(field('To', form), '2026-10-31');
    type(field('Group', form), 'day');
    await submit(form);
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/api/manage/books?from=2026-10-01&to=2026-10-31&group=day'),
    );
    expect(address()).toBe('/dashboard/finance?from=2026-10-01&to=2026-10-31&group=day');
  });

  it('says when nothing was paid or refunded, and shows the store’s refusal', async () => {
    answer(
      http.get('/api/manage/books', () =>
        json({
          ...report,
          summary: { ...figures, ordersPaid: 0, refundsCount: 0, paymentsCents: 0 },
          series: [],
          taxes: [],
          products: [],
          categories: [],
          brands: [],
          refundReasons: [],
          providers: [],
        }),
      ),
    );
    await renderPage(<FinancePage />, { address: START });
    await shows('Nothing was paid or refunded in this period.');
    // The definitions are there whatever the figures.
    expect(screen().textContent).toContain('What each figure means, and its date');

    answer(http.get('/api/manage/books', () => refusal(403, 'FORBIDDEN', 'Only the owner reads the books')));
    await act(async () => {});
    await renderPage(<FinancePage />, { address: '/dashboard/finance?from=2026-09-01&to=2026-09-30' });
    await shows('Only the owner reads the books');
  });
});
