import type { Order } from '@contract/orders';
import { pages } from '@contract/pages';
import { customer, paidOrder } from '@web/test/orders';
import { button, http, json, mockApi, renderPage, screen, shows, waitFor } from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrderPage } from './order-page';

/** The customer's order page when parts were added after the card paid it (decision 104). */

let order: Order;

mockApi(
  http.get('/api/auth/get-session', () => json({ user: customer })),
  http.get(`/api/order/${paidOrder._id}`, () => json(order)),
  http.get(`/api/order/${paidOrder._id}/history`, () => json([])),
);

beforeEach(() => {
  order = paidOrder;
});

const open = async () => {
  await renderPage(<OrderPage />, {
    address: pages.order.path(paidOrder._id),
    pattern: '/dashboard/orders/:id',
  });
  await shows(`Order ${paidOrder.number}`);
};

describe('an order that owes parts added after it was paid', () => {
  it('says what is left to pay and links to its payment', async () => {
    order = { ...paidOrder, amounts: { ...paidOrder.amounts, balanceDueCents: 1234 } };
    await open();
    const note = screen().querySelector('[data-testid="balance-due"]');
    expect(note?.getAttribute('role')).toBe('status');
    expect(note?.textContent).toContain('$12.34 left to pay for parts added; we ship once it is paid.');
    expect(button('Pay $12.34').getAttribute('href')).toBe(pages.payment.path(paidOrder._id));
  });

  it('says nothing of it once it is paid', async () => {
    await open();
    await waitFor(() => expect(screen().querySelector('[data-testid="order-lines"]')).not.toBeNull());
    expect(screen().querySelector('[data-testid="balance-due"]')).toBeNull();
  });
});
