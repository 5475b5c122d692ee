import { offers } from '@contract/order-transitions';
import { wireOrderStatuses } from '@contract/orders';
import { customer, offeredByRow, ordersInEveryStatus } from '@web/test/orders';
import { http, json, mockApi, renderPage, screen, waitFor } from '@web/test/page';
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
