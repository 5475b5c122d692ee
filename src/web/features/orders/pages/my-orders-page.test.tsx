import { offers } from '@contract/order-transitions';
import { wireOrderStatuses } from '@contract/orders';
import { customer, offeredByRow, ordersInEveryStatus } from '@web/test/orders';
import { http, json, mockApi, renderPage, screen, waitFor } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { MyOrdersPage } from './my-orders-page';

mockApi(
  http.get('/api/auth/get-session', () => json({ user: customer })),
  http.get('/api/order', () => json(ordersInEveryStatus)),
);

describe('the actions an order list offers follow the contract', () => {
  it('My Orders offers Pay and Delete where the table lets a customer pay and delete', async () => {
    await renderPage(<MyOrdersPage />);
    await waitFor(() =>
      expect(screen().querySelectorAll('tbody tr')).toHaveLength(ordersInEveryStatus.length),
    );
    const buttons = offeredByRow(screen());
    for (const status of wireOrderStatuses) {
      const expected = [
        ...(offers('pay', status) ? ['Pay'] : []),
        ...(offers('delete', status) ? ['Delete'] : []),
      ];
      expect(buttons[status], status).toEqual(expected);
    }
    expect(buttons.unpaid).toEqual(['Pay', 'Delete']);
  });
});
