import { type Order, wireOrderStatuses } from '@contract/orders';

export const customer = { id: 'u1', email: 'ada@torque.example', name: 'Ada Park', image: null };

/** One order in each status: the fields the order lists show. */
export const ordersInEveryStatus = wireOrderStatuses.map(
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
      userEmail: customer.email,
      paid: status !== 'unpaid' && status !== 'cancelled' && status !== 'expired',
      transactionId: status === 'unpaid' ? null : `tx-${i}`,
      amounts: { totalCents: 1999 },
    }) as unknown as Order,
);

/** The buttons and links each order's row offers, by the order's status. */
export const offeredByRow = (container: ParentNode) =>
  Object.fromEntries(
    [...container.querySelectorAll('tbody tr')].map((row) => [
      (row.getAttribute('data-order-id') ?? '').replace('order-', ''),
      [...row.querySelectorAll('a.btn, button:not([disabled])')].map((b) => b.textContent),
    ]),
  );
