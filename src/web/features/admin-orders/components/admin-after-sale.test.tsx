import type { Location } from '@contract/locations';
import type { DeskOrder } from '@contract/orders';
import { place } from '@web/test/locations';
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
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminAfterSale } from './admin-after-sale';

const manager = { id: 'm1', email: 'mia@torque.example', name: 'Mia Manager', image: null };
let role: 'manager' | 'staff';
/** The Idempotency-Key each refund was sent with. */
let refundKeys: Array<string | null>;
/** The store's places, as GET /api/locations answers. */
let places: Location[];
const MAIN = place('loc-main', 'Main warehouse', 1);

mockApi(
  http.get('/api/auth/get-session', () => json({ user: manager })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  http.get('/api/locations', () => json({ locations: places })),
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
  places = [MAIN];
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
    // One place only: nothing to choose, and the store ships from it.
    expect(sent('GET', '/api/locations')).toHaveLength(1);
    expect(() => field('Ship from', dialog())).toThrow();

    type(field('Carrier', dialog()), 'UPS');
    type(field('Tracking number', dialog()), '1Z999AA10123456784');
    await submit(dialogForm());
    await shows('Parcel shipped');
    expect(sent('POST', '/api/manage/order-1/shipments')).toEqual([
      { lines: [{ productId: 'tool-1', quantity: 2 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    ]);
  });

  it('lets staff say which open place the parcel leaves from, or leave it to the store', async () => {
    places = [place('loc-shop', 'Shop shelf', 2), MAIN, place('loc-old', 'Old depot', 3, false)];
    await open();
    await waitFor(() => expect(button('Ship some lines')).toBeDefined());
    await click('Ship some lines');
    await waitFor(() => expect(field<HTMLSelectElement>('Ship from', dialog())).toBeDefined());
    const from = field<HTMLSelectElement>('Ship from', dialog());
    // Open places in pick order, after the store's own choice (the default).
    expect([...from.options].map((o) => o.textContent)).toEqual([
      'Where most of it is',
      'Main warehouse',
      'Shop shelf',
    ]);
    expect(from.value).toBe('');
    type(field('Quantity of Brake rotor', dialog()), '1');
    await tick(field('No tracking for this parcel', dialog()));
    await submit(dialogForm());
    await shows('Parcel shipped');
    expect(sent('POST', '/api/manage/order-1/shipments')).toEqual([
      { lines: [{ productId: 'tool-1', quantity: 1 }], noTracking: true },
    ]);

    await click('Ship some lines');
    await waitFor(() => expect(field<HTMLSelectElement>('Ship from', dialog())).toBeDefined());
    type(field<HTMLSelectElement>('Ship from', dialog()), 'loc-shop');
    type(field('Quantity of Brake rotor', dialog()), '1');
    await tick(field('No tracking for this parcel', dialog()));
    await submit(dialogForm());
    await waitFor(() => expect(sent('POST', '/api/manage/order-1/shipments')).toHaveLength(2));
    expect(sent('POST', '/api/manage/order-1/shipments')[1]).toEqual({
      lines: [{ productId: 'tool-1', quantity: 1 }],
      noTracking: true,
      locationId: 'loc-shop',
    });
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

  it('gives a refund as store credit when asked (decision 100)', async () => {
    await open();
    await waitFor(() => expect(screen().querySelector('[data-testid="refundable"]')).not.toBeNull());
    await click('Refund');
    type(field('Quantity of Brake rotor', dialog()), '1');
    type(field('Reason', dialog()), 'Scratched in transit');
    await waitFor(() => expect(button('Refund $16.20 to card', dialog())).toBeDefined());
    await tick(field('Give as store credit', dialog()));
    expect(button('Refund $16.20 as store credit', dialog())).toBeDefined();
    expect(dialog().textContent).toContain("It goes to the customer's store credit");
    await submit(dialogForm());
    await shows('$16.20 refunded as store credit');
    expect(sent('POST', '/api/manage/order-1/refunds')).toEqual([
      {
        lines: [{ productId: 'tool-1', quantity: 1 }],
        restock: false,
        reason: 'Scratched in transit',
        toStoreCredit: true,
      },
    ]);
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
