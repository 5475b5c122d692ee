import { trackingMessages } from '@contract/after-sale';
import { type Order, type OrderEvent, orderStatusWords } from '@contract/orders';
import type { PackingSlip } from '@contract/packing-slip';
import { paidOrder } from '@web/test/orders';
import {
  answer,
  button,
  click,
  field,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminOrderPage } from './admin-order-page';

const manager = { id: 'm1', email: 'mia@torque.example', name: 'Mia Manager', image: null };

/** A paid order of two lines waiting to ship: three rotors and a caliper, 8% tax, standard shipping. */
const waiting = (): Order => ({
  ...paidOrder,
  statusText: orderStatusWords.awaiting_shipment,
  refundState: 'none',
  itemCount: 4,
  lines: [
    { ...paidOrder.lines[0], refundedQuantity: 0 } as Order['lines'][number],
    {
      productId: 'tool-2',
      name: 'Brake caliper, remanufactured',
      unitPriceCents: 124999,
      quantity: 1,
      lineTotalCents: 124999,
      discountCents: 0,
      taxCents: 10000,
      shippedQuantity: 0,
      refundedQuantity: 0,
      returnedQuantity: 0,
      coreChargeCents: 0,
      coreTotalCents: 0,
      coreTaxCents: 0,
      coresRefunded: 0,
      coresReturned: 0,
    },
  ],
  amounts: {
    subtotalCents: 129499,
    coreChargeCents: 0,
    discountCents: 0,
    shippingCents: 799,
    taxCents: 10360,
    totalCents: 140658,
    shippingTaxCents: 0,
    taxRateBasisPoints: 800,
    storeCreditCents: 0,
  },
  refunds: [],
  refundedCents: 0,
  refundableCents: 140658,
});
const history: OrderEvent[] = [
  { event: 'place', from: null, to: 'unpaid', actor: 'customer', note: null, at: '2026-11-01T10:00:00.000Z' },
  {
    event: 'pay',
    from: 'unpaid',
    to: 'pending',
    actor: 'provider',
    note: null,
    at: '2026-11-01T10:05:00.000Z',
  },
];
const slip: PackingSlip = {
  number: 'TW-1042',
  lines: [
    { productId: 'tool-1', name: 'Brake rotor', sku: 'BR-1', partNumber: 'R-55', quantity: 3, toShip: 3 },
    {
      productId: 'tool-2',
      name: 'Brake caliper, remanufactured',
      sku: 'BC-2',
      partNumber: null,
      quantity: 1,
      toShip: 1,
    },
  ],
  picks: [
    {
      locationId: 'loc-main',
      locationName: 'Main warehouse',
      lines: [
        {
          productId: 'tool-1',
          name: 'Brake rotor',
          sku: 'BR-1',
          partNumber: 'R-55',
          bin: 'A-03',
          quantity: 2,
        },
        {
          productId: 'tool-2',
          name: 'Brake caliper, remanufactured',
          sku: 'BC-2',
          partNumber: null,
          bin: null,
          quantity: 1,
        },
      ],
    },
    {
      locationId: 'loc-shop',
      locationName: 'Shop shelf',
      lines: [
        {
          productId: 'tool-1',
          name: 'Brake rotor',
          sku: 'BR-1',
          partNumber: 'R-55',
          bin: 'S-1',
          quantity: 1,
        },
      ],
    },
  ],
};
let order: Order;

mockApi(
  http.get('/api/auth/get-session', () => json({ user: manager })),
  http.get('/api/admin/:email', () => json({ admin: true, role: 'manager' })),
  http.get('/api/manage/order-1', () => json(order)),
  http.get('/api/manage/order-1/history', () => json(history)),
  http.get('/api/manage/order-1/packing-slip', () => json(slip)),
  http.put('/api/manage/order-1', async ({ request }) => {
    const body = (await request.json()) as { carrier?: string; trackingNumber?: string };
    order = {
      ...order,
      status: 'shipped',
      statusText: orderStatusWords.shipped,
      shippedAt: '2026-11-02T15:00:00.000Z',
      carrier: body.carrier ?? null,
      trackingNumber: body.trackingNumber ?? null,
      lines: order.lines.map((l) => ({ ...l, shippedQuantity: l.quantity })),
    };
    return json(order);
  }),
);

beforeEach(() => {
  order = waiting();
});

const open = async () => {
  await renderPage(<AdminOrderPage />, {
    address: '/dashboard/manageOrders/order-1',
    pattern: '/dashboard/manageOrders/:id',
  });
  await waitFor(() => expect(screen().querySelector('[data-testid="order-lines"]')).not.toBeNull());
};
const status = () => screen().querySelector('[data-testid="order-status"]')?.textContent;
const rows = () =>
  [...screen().querySelectorAll('[data-testid="order-lines"] tbody tr')].map((r) =>
    [...r.querySelectorAll('td')].map((td) => td.textContent),
  );
const summary = () =>
  [...screen().querySelectorAll('[data-testid="order-summary"] > div')].map((d) => [
    d.querySelector('dt')?.textContent,
    d.querySelector('dd')?.textContent,
  ]);
const shipForm = () =>
  screen().querySelector('form[aria-labelledby="ship-form-title"]') as HTMLFormElement | null;
const dialog = () => screen().querySelector('dialog[open]') as HTMLElement;

describe("an order's page on the desk", () => {
  it('shows the order, its status, its lines and its totals in dollars from cents', async () => {
    await open();
    expect(screen().querySelector('h2')?.textContent).toContain('TW-1042');
    expect(status()).toBe('Paid, being packed');
    expect(screen().textContent).toContain('by Casey Customer (casey@example.com)');
    expect(screen().textContent).toContain('1200 Woodward Ave');
    expect(screen().textContent).toContain('Items (4)');
    expect(rows()).toEqual([
      ['Brake rotor', '$15.00', '3', '$3.60', '$45.00'],
      ['Brake caliper, remanufactured', '$1,249.99', '1', '$100.00', '$1,249.99'],
    ]);
    expect(summary()).toEqual([
      ['Subtotal', '$1,294.99'],
      ['Standard shipping', '$7.99'],
      ['Tax (8%)', '$103.60'],
      ['Total', '$1,406.58'],
    ]);
    expect(screen().textContent).toContain('Paid with visa ending 4242');
    expect(screen().textContent).toContain('Transaction id: sim_pi_123');
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="order-history"]')?.textContent).toContain(
        'Payment received',
      ),
    );
    expect(shipForm()).not.toBeNull();
  });

  it('says what store credit paid, what the card paid, and a refund given as store credit (decision 100)', async () => {
    order = {
      ...waiting(),
      amounts: { ...waiting().amounts, storeCreditCents: 50000 },
      refunds: [
        {
          id: 'refund-1',
          status: 'succeeded',
          amountCents: 1620,
          goodsCents: 1500,
          coreCents: 0,
          taxCents: 120,
          shippingCents: 0,
          otherCents: 0,
          lines: [{ productId: 'tool-1', quantity: 1, amountCents: 1500, taxCents: 120 }],
          restock: false,
          reason: 'Scratched',
          storeCreditCents: 1620,
          failure: null,
          creditNoteNumber: 'CN-000001',
          at: '2026-11-02T10:00:00.000Z',
        },
      ],
    };
    await open();
    expect(summary()).toEqual([
      ['Subtotal', '$1,294.99'],
      ['Standard shipping', '$7.99'],
      ['Tax (8%)', '$103.60'],
      ['Total', '$1,406.58'],
      ['Paid with store credit', '-$500.00'],
      ['Paid by card', '$906.58'],
    ]);
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="refund-store-credit"]')?.textContent).toBe(
        '$16.20 as store credit',
      ),
    );
  });

  it('says what parts added after the card payment left to pay (decision 104)', async () => {
    order = { ...waiting(), amounts: { ...waiting().amounts, totalCents: 141892, balanceDueCents: 1234 } };
    // Owing, it is offered for a card by phone, which asks the store's mode.
    answer(http.get('/api/store', () => json({ testMode: false })));
    await open();
    const owed = screen().querySelector('[data-testid="summary-balance-due"]');
    expect(owed?.parentElement?.textContent).toBe('Left to pay for parts added$12.34');
  });

  it('prints the pick list: each place under its name, its lines in the order the store sorted them', async () => {
    await open();
    await waitFor(() => expect(screen().querySelector('[data-testid="pick-list"]')).not.toBeNull());
    const places = [...screen().querySelectorAll('[data-testid="pick-list"] section')].map((place) => ({
      place: place.querySelector('h5')?.textContent,
      lines: [...place.querySelectorAll('tbody tr')].map((r) =>
        [...r.querySelectorAll('td')].map((c) => c.textContent),
      ),
    }));
    expect(places).toEqual([
      {
        place: 'Main warehouse',
        lines: [
          ['A-03', 'BR-1', 'R-55', 'Brake rotor', '2'],
          ['No bin', 'BC-2', '—', 'Brake caliper, remanufactured', '1'],
        ],
      },
      { place: 'Shop shelf', lines: [['S-1', 'BR-1', 'R-55', 'Brake rotor', '1']] },
    ]);
  });

  it('ships with the carrier and tracking number typed, after saying what the customer is told', async () => {
    await open();
    // Nothing typed: the form says what is missing and sends nothing.
    await click('Ship');
    await shows(trackingMessages.carrier);
    expect(screen().textContent).toContain(trackingMessages.trackingNumber);
    expect(dialog()).toBeNull();

    type(field('Carrier'), ' UPS ');
    type(field('Tracking number'), '1Z999AA10123456784');
    await click('Ship');
    await waitFor(() => expect(dialog()?.textContent).toContain('Ship TW-1042?'));
    expect(dialog().textContent).toContain(
      'The customer is told it shipped with UPS, tracking number 1Z999AA10123456784.',
    );
    expect(sent('PUT', '/api/manage/order-1')).toEqual([]);

    await click('Ship order', dialog());
    await shows('Order Shipped!!');
    expect(sent('PUT', '/api/manage/order-1')).toEqual([
      { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    ]);
    await waitFor(() => expect(status()).toBe('Shipped'));
    expect(screen().querySelector('[data-testid="shipment"]')?.textContent).toContain(
      'with UPS. Tracking number: 1Z999AA10123456784.',
    );
    expect(shipForm()).toBeNull();
  });

  it('ships without tracking only when "No tracking" is ticked, and says so', async () => {
    await open();
    await tick(field('No tracking for this parcel'));
    expect(field('Tracking number').disabled).toBe(true);
    await click('Ship');
    await waitFor(() =>
      expect(dialog()?.textContent).toContain('The customer is told it shipped without a tracking number.'),
    );
    await click('Ship order', dialog());
    await shows('Order Shipped!!');
    expect(sent('PUT', '/api/manage/order-1')).toEqual([{ noTracking: true }]);
    await waitFor(() => expect(status()).toBe('Shipped'));
  });

  it('keeps the order as it was and says why when the store refuses to ship it', async () => {
    answer(
      http.put('/api/manage/order-1', () =>
        refusal(409, 'CONFLICT', 'Only a paid order waiting to ship can be shipped.'),
      ),
    );
    await open();
    type(field('Carrier'), 'UPS');
    type(field('Tracking number'), '1Z999AA10123456784');
    await click('Ship');
    await waitFor(() => expect(dialog()).not.toBeNull());
    await click('Ship order', dialog());
    await waitFor(() =>
      expect(shipForm()?.querySelector('[role="alert"]')?.textContent).toBe(
        'Only a paid order waiting to ship can be shipped.',
      ),
    );
    expect(sent('PUT', '/api/manage/order-1')).toHaveLength(1);
    expect(status()).toBe('Paid, being packed');
    expect(button('Ship')).toBeDefined();
  });
});
