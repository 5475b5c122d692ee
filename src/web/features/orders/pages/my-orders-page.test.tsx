import { offers } from '@contract/order-transitions';
import { type Order, type WireOrderStatus, wireOrderStatuses } from '@contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ManageOrdersPage } from '@web/features/admin-orders/pages/manage-orders-page';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MyOrdersPage } from './my-orders-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user = { id: 'u1', email: 'ada@torque.example', name: 'Ada Park', image: null };
/** One order in each status: the fields the two lists show. */
const orders = wireOrderStatuses.map(
  (status, i) =>
    ({
      _id: `order-${status}`,
      number: `TW-${1000 + i}`,
      status,
      createdAt: '2026-11-01T10:00:00.000Z',
      orderName: `Part ${status}`,
      orderQuantity: 1,
      itemCount: 1,
      userName: 'Ada Park',
      userEmail: user.email,
      paid: status !== 'unpaid' && status !== 'cancelled' && status !== 'expired',
      transactionId: status === 'unpaid' ? null : `tx-${i}`,
      amounts: { totalCents: 1999 },
    }) as unknown as Order,
);
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/get-session') return json({ user });
      if (url.startsWith('/api/order?') || url === '/api/manage') return json(orders);
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function render(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{page}</MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await act(() =>
    vi.waitFor(
      () => {
        if (container.querySelectorAll('tbody tr').length !== orders.length)
          throw new Error('not listed yet');
      },
      { timeout: 10_000, interval: 20 },
    ),
  );
}

/** The buttons and links each order's row offers, by the order's status. */
const offered = () =>
  Object.fromEntries(
    [...container.querySelectorAll('tbody tr')].map((row) => [
      (row.getAttribute('data-order-id') ?? '').replace('order-', ''),
      [...row.querySelectorAll('a.btn, button:not([disabled])')].map((b) => b.textContent),
    ]),
  ) as Record<WireOrderStatus, string[]>;

describe('the actions an order list offers follow the contract', () => {
  it('My Orders offers Pay and Delete where the table lets a customer pay and delete', async () => {
    await render(<MyOrdersPage />);
    const buttons = offered();
    for (const status of wireOrderStatuses) {
      const expected = [
        ...(offers('pay', status) ? ['Pay'] : []),
        ...(offers('delete', status) ? ['Delete'] : []),
      ];
      expect(buttons[status], status).toEqual(expected);
    }
    expect(buttons.unpaid).toEqual(['Pay', 'Delete']);
  });

  it('Manage All Orders offers Ship and Delete where the table lets staff ship and delete', async () => {
    await render(<ManageOrdersPage />);
    const buttons = offered();
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
