import { offers } from '@contract/order-transitions';
import { wireOrderStatuses } from '@contract/orders';
import { customer, offeredByRow, ordersInEveryStatus } from '@web/test/orders';
import { calls, http, json, mockApi, renderPage, screen, shows, waitFor } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { ManageOrdersPage } from './manage-orders-page';

mockApi(
  http.get('/api/auth/get-session', () => json({ user: customer })),
  http.get('/api/manage', () => json(ordersInEveryStatus)),
);

describe('the actions an order list offers follow the contract', () => {
  it('Manage All Orders offers Ship and Delete where the table lets staff ship and delete', async () => {
    await renderPage(<ManageOrdersPage />);
    await waitFor(() =>
      expect(screen().querySelectorAll('tbody tr')).toHaveLength(ordersInEveryStatus.length),
    );
    const buttons = offeredByRow(screen());
    for (const status of wireOrderStatuses) {
      const expected = [
        ...(offers('ship', status) ? ['Ship'] : []),
        ...(offers('delete', status) ? ['Delete'] : []),
      ];
      expect(buttons[status], status).toEqual(expected);
    }
    expect(buttons.pending).toEqual(['Ship']);
    expect(buttons.unpaid).toEqual(['Delete']);
  });
});

describe('the orders behind a figure of the books', () => {
  it('asks for the orders the finance page names in the address, and says which they are', async () => {
    await renderPage(<ManageOrdersPage />, {
      address: '/dashboard/manageOrders?paidFrom=2026-11-01&paidTo=2026-11-30&country=US&region=MI&ignored=1',
    });
    await shows(
      'Orders behind a figure of the books: paid from 2026-11-01 to 2026-11-30, shipped to MI, US.',
    );
    expect(calls.map((c) => c.path)).toContain(
      '/api/manage?paidFrom=2026-11-01&paidTo=2026-11-30&country=US&region=MI',
    );
    expect(screen().querySelector('a[href="/dashboard/manageOrders"]')?.textContent).toBe(
      'Show all open orders',
    );
  });

  it('asks for every open order without them', async () => {
    await renderPage(<ManageOrdersPage />);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/manage'));
    expect(screen().textContent).not.toContain('Orders behind a figure');
  });
});
