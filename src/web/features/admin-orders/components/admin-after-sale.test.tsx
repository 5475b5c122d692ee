import type { DeskOrder } from '@contract/orders';
import { paidOrder, staffView } from '@web/test/orders';
import {
  button,
  click,
  field,
  http,
  json,
  mockApi,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminAfterSale } from './admin-after-sale';

const manager = { id: 'm1', email: 'mia@torque.example', name: 'Mia Manager', image: null };
let role: 'manager' | 'staff';
/** The Idempotency-Key each refund was sent with. */
let refundKeys: Array<string | null>;

mockApi(
  http.get('/api/auth/get-session', () => json({ user: manager })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  http.post('/api/manage/:id/shipments', () => json(paidOrder)),
  http.post('/api/manage/:id/cancel', () => json({ ...paidOrder, status: 'cancelled' })),
  http.post('/api/manage/:id/refunds/quote', () =>
    json({
      amountCents: 1620,
      goodsCents: 1500,
      coreCents: 0,
      taxCents: 120,
      shippingCents: 0,
      otherCents: 0,
      lines: [{ productId: 'tool-1', quantity: 1, amountCents: 1500, taxCents: 120 }],
    }),
  ),
  http.post('/api/manage/:id/refunds', ({ request }) => {
    refundKeys.push(request.headers.get('idempotency-key'));
    return json(paidOrder);
  }),
);

beforeEach(() => {
  role = 'manager';
  refundKeys = [];
});

const open = async (order: DeskOrder = paidOrder) => {
  await renderPage(<AdminAfterSale order={order} />);
  await waitFor(() => expect(screen().textContent).toContain('After the sale'));
};
const dialog = () => screen().querySelector('dialog[open]') as HTMLElement;
const dialogForm = () => dialog().querySelector('form') as HTMLFormElement;

describe("an order's after-sale actions", () => {
  it('ships some lines as a parcel with its carrier and tracking number', async () => {
    await open();
    await waitFor(() => expect(button('Ship some lines')).toBeDefined());
    await click('Ship some lines');
    // Two of the three rotors are left to ship (one was refunded).
    expect(dialog().textContent).toContain('Brake rotor (2 left)');
    type(field('Quantity of Brake rotor', dialog()), '2');
    await submit(dialogForm());
    await shows('Enter the carrier, or tick "No tracking"');
    expect(sent('POST', '/api/manage/order-1/shipments')).toEqual([]);

    type(field('Carrier', dialog()), 'UPS');
    type(field('Tracking number', dialog()), '1Z999AA10123456784');
    await submit(dialogForm());
    await shows('Parcel shipped');
    expect(sent('POST', '/api/manage/order-1/shipments')).toEqual([
      { lines: [{ productId: 'tool-1', quantity: 2 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    ]);
  });

  it('refunds a unit for the amount the store works out, once, with a key of its own', async () => {
    await open();
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="refundable"]')?.textContent).toBe(
        'Still refundable: $40.39',
      ),
    );
    await click('Refund');
    type(field('Quantity of Brake rotor', dialog()), '1');
    type(field('Reason', dialog()), 'Scratched in transit');
    await waitFor(() => expect(button('Refund $16.20 to card', dialog())).toBeDefined());
    expect(sent('POST', '/api/manage/order-1/refunds/quote').at(-1)).toEqual({
      lines: [{ productId: 'tool-1', quantity: 1 }],
    });
    await submit(dialogForm());
    await shows('$16.20 refunded');
    expect(sent('POST', '/api/manage/order-1/refunds')).toEqual([
      { lines: [{ productId: 'tool-1', quantity: 1 }], restock: false, reason: 'Scratched in transit' },
    ]);
    expect(refundKeys).toHaveLength(1);
    expect(refundKeys[0]?.length).toBeGreaterThanOrEqual(8);
  });

  it('cancels a paid order nothing of which shipped, with a reason the customer reads', async () => {
    await open();
    await waitFor(() => expect(button('Cancel order')).toBeDefined());
    await click('Cancel order');
    expect(dialog().textContent).toContain('$40.39 is refunded to the card');
    await submit(dialogForm());
    await shows('Enter a reason the customer will read');
    expect(sent('POST', '/api/manage/order-1/cancel')).toEqual([]);
    type(field('Reason (the customer reads it)', dialog()), 'Out of stock at the supplier');
    await submit(dialogForm());
    await shows('Order cancelled and refunded');
    expect(sent('POST', '/api/manage/order-1/cancel')).toEqual([{ reason: 'Out of stock at the supplier' }]);
  });

  it('offers staff the parcel only: refunds and cancelling are money', async () => {
    role = 'staff';
    await open(staffView(paidOrder));
    await waitFor(() => expect(button('Ship some lines')).toBeDefined());
    expect(() => button('Refund')).toThrow();
    expect(() => button('Cancel order')).toThrow();
    expect(screen().querySelector('[data-testid="refundable"]')).toBeNull();
  });
});
