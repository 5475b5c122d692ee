import type { LowStockList } from '@contract/catalog-admin';
import type { StoreStats } from '@contract/orders';
import {
  answer,
  calls,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  shows,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { OverviewPage } from './overview-page';

/** Thirty days, three with sales: $1,234.50 + $0.10 + $0.20 (a float sum would show a tail). */
const days = (sales: Record<string, { revenue: number; orders: number }>) =>
  Array.from({ length: 30 }, (_, i) => {
    const date = `2026-11-${String(i + 1).padStart(2, '0')}`;
    return { date, ...(sales[date] ?? { revenue: 0, orders: 0 }) };
  });

let stats: StoreStats;
let low: LowStockList;

mockApi(
  http.get('/api/manage/stats', () => json(stats)),
  http.get('/api/catalog/low-stock', () => json(low)),
);

beforeEach(() => {
  stats = {
    days: 30,
    salesByDay: days({
      '2026-11-03': { revenue: 1234.5, orders: 1200 },
      '2026-11-10': { revenue: 0.1, orders: 3 },
      '2026-11-29': { revenue: 0.2, orders: 1 },
    }),
    ordersByStatus: {
      unpaid: 2,
      pending: 1534,
      partially_shipped: 1,
      shipped: 12,
      cancelled: 0,
      expired: 4,
      refunded: 0,
      partially_refunded: 0,
    },
    lowStock: [],
  };
  low = {
    products: [
      { _id: 'p-pads', name: 'Brake Pad Set', sku: 'BP-1', available_quantity: 2, low_stock_at: 10 },
      { _id: 'p-rotor', name: 'Brake Rotor', sku: null, available_quantity: 5, low_stock_at: 1200 },
    ],
  };
});

const figure = (id: string) => screen().querySelector(`[data-testid="${id}"]`)?.textContent;

describe('the overview', () => {
  it('sums the days into the revenue, in dollars to the cent, and counts the orders by status', async () => {
    await renderPage(<OverviewPage />, { address: '/dashboard/overview' });
    await waitFor(() => expect(figure('revenue-total')).toBe('$1234.80'));
    expect(screen().textContent).toContain('Revenue, last 30 days');
    const paid = [...screen().querySelectorAll('.stat')].find((s) =>
      s.textContent?.startsWith('Paid orders'),
    );
    expect(paid?.querySelector('dd')?.textContent).toBe('1,204');
    expect(figure('status-unpaid')).toBe('2');
    expect(figure('status-pending')).toBe('1,534');
    expect(figure('status-shipped')).toBe('12');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /api/manage/stats');
    // The chart of the days comes in its own chunk, under the figures.
    await waitFor(() =>
      expect(screen().querySelector('[aria-label="Revenue per day over the last 30 days"]')).not.toBeNull(),
    );
  });

  it('shows a month without sales as $0.00, and says when no product runs low', async () => {
    stats = { ...stats, salesByDay: days({}) };
    low = { products: [] };
    await renderPage(<OverviewPage />, { address: '/dashboard/overview' });
    await waitFor(() => expect(figure('revenue-total')).toBe('$0.00'));
    await shows('Every product has enough stock.');
  });

  it('lists the products running low, fewest left first, each opening its editor', async () => {
    await renderPage(<OverviewPage />, { address: '/dashboard/overview' });
    const rows = () => [...screen().querySelectorAll('[data-testid="low-stock"] > li')];
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((r) => r.textContent)).toEqual([
      'Brake Pad Set2 left (low at 10)',
      'Brake Rotor5 left (low at 1,200)',
    ]);
    expect(rows()[0]?.querySelector('a')?.getAttribute('href')).toBe('/dashboard/products/p-pads');
  });

  it('says so when the figures cannot be loaded', async () => {
    answer(http.get('/api/manage/stats', () => refusal(500, 'INTERNAL', 'The figures are not ready.')));
    await renderPage(<OverviewPage />, { address: '/dashboard/overview' });
    await shows('Could not load this page: The figures are not ready.');
    expect(figure('revenue-total')).toBeUndefined();
  });
});
