import type { Order, StaffOrder } from '@contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminOrderPage } from './admin-order-page';
import { ManageOrdersPage } from './manage-orders-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The order desk as staff read it: the server leaves every money figure out of their answers
 * (decision 079), and the pages show what is there and nothing in its place: no prices, amounts,
 * card, refunds or receipt; a manager's answer, with its money, shows all of it.
 */

const user = { id: 'u1', email: 'sam@torque.example', name: 'Sam Staff', image: null };

/** The staff's answer for one paid order with a refunded unit, as GET /api/manage/:id sends it. */
const staffOrder: StaffOrder = {
  _id: 'order-1',
  orderId: 'tool-1',
  orderName: 'Brake rotor',
  orderQuantity: 3,
  userName: 'Casey Customer',
  userEmail: 'casey@example.com',
  phone: '+1 313 555 0142',
  paid: true,
  status: 'pending',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  number: 'TW-1042',
  lines: [
    {
      productId: 'tool-1',
      name: 'Brake rotor',
      quantity: 3,
      shippedQuantity: 0,
      refundedQuantity: 1,
      returnedQuantity: 0,
      coresRefunded: 0,
      coresReturned: 0,
      hasCoreCharge: false,
    },
  ],
  itemCount: 3,
  shippingMethod: 'standard',
  shippingLabel: 'Standard shipping',
  shippingAddress: {
    fullName: 'Casey Customer',
    line1: '1200 Woodward Ave',
    line2: '',
    city: 'Detroit',
    region: 'MI',
    postalCode: '48226',
    country: 'US',
    phone: '+1 313 555 0142',
  },
  carrier: null,
  trackingNumber: null,
  paidAt: '2026-11-01T10:05:00.000Z',
  shippedAt: null,
  statusText: 'Paid, partly refunded',
  awaitingAddress: false,
  shipments: [],
  refundState: 'partial',
  cancelReason: null,
  cancelRequestedAt: null,
  moneyHidden: true,
};

/** The same order as a manager reads it. */
const { moneyHidden: _hidden, lines: _lines, ...shared } = staffOrder;
const managerOrder: Order = {
  ...shared,
  price: 15,
  total: 48.6,
  transactionId: 'sim_pi_123',
  cardBrand: 'visa',
  cardLast4: '4242',
  lines: [
    {
      productId: 'tool-1',
      name: 'Brake rotor',
      unitPriceCents: 1500,
      quantity: 3,
      lineTotalCents: 4500,
      discountCents: 0,
      taxCents: 360,
      shippedQuantity: 0,
      refundedQuantity: 1,
      returnedQuantity: 0,
      coreChargeCents: 0,
      coreTotalCents: 0,
      coreTaxCents: 0,
      coresRefunded: 0,
      coresReturned: 0,
    },
  ],
  amounts: {
    subtotalCents: 4500,
    coreChargeCents: 0,
    discountCents: 0,
    shippingCents: 0,
    taxCents: 360,
    totalCents: 4860,
    shippingTaxCents: 0,
    taxRateBasisPoints: 800,
    storeCreditCents: 0,
  },
  discount: null,
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
      storeCreditCents: 0,
      failure: null,
      at: '2026-11-02T10:00:00.000Z',
    },
  ],
  refundedCents: 1620,
  refundableCents: 3240,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let container: HTMLDivElement;
let root: Root;
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

function serve(role: 'staff' | 'manager', order: Order | StaffOrder) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/get-session') return json({ user });
      if (url.startsWith('/api/admin/')) return json({ admin: true, role });
      if (url === '/api/manage') return json([order]);
      if (url === '/api/manage/order-1') return json(order);
      if (url === '/api/manage/order-1/history') return json([]);
      return new Response('{}', { status: 404 });
    }),
  );
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

async function render(page: ReactNode, at: string, ready: () => boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/dashboard/manageOrders/:id" element={page} />
            <Route path="/dashboard/manageOrders" element={page} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await act(() =>
    vi.waitFor(
      () => {
        if (!ready()) throw new Error('not shown yet');
      },
      { timeout: 10_000, interval: 20 },
    ),
  );
}

const text = () => container.textContent ?? '';
const headings = () => [...container.querySelectorAll('h2, h3')].map((h) => h.textContent);
const orderShown = () => text().includes('Items (3)') && text().includes('Payment');

describe('one order on the desk', () => {
  it('shows staff what to ship and to whom, and no money figure at all', async () => {
    serve('staff', staffOrder);
    await render(<AdminOrderPage />, '/dashboard/manageOrders/order-1', orderShown);
    expect(text()).toContain('Brake rotor');
    expect(text()).toContain('1200 Woodward Ave');
    expect(container.querySelector('[data-testid="paid-state"]')?.textContent).toBe('Paid');
    expect(text()).not.toMatch(/\$|4242|visa|Transaction id|Unit price|Line total|Still refundable/i);
    expect(headings()).not.toContain('Refunds');
    expect([...container.querySelectorAll('a')].map((a) => a.textContent)).not.toContain('Receipt PDF');
    // Shipping is theirs; refunding and cancelling are not.
    const buttons = [...container.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).toContain('Ship some lines');
    expect(buttons).not.toContain('Refund');
  });

  it('shows a manager its prices, amounts, card, refunds and receipt', async () => {
    serve('manager', managerOrder);
    await render(<AdminOrderPage />, '/dashboard/manageOrders/order-1', orderShown);
    expect(text()).toContain('$15.00');
    expect(text()).toContain('$48.60');
    expect(text()).toContain('ending 4242');
    expect(headings()).toContain('Refunds');
    expect([...container.querySelectorAll('a')].map((a) => a.textContent)).toContain('Receipt PDF');
  });
});

describe('Manage All Orders', () => {
  const listed = () => container.querySelectorAll('tbody tr').length === 1;
  const columns = () => [...container.querySelectorAll('thead th')].map((th) => th.textContent);

  it('has no Total column for staff', async () => {
    serve('staff', staffOrder);
    await render(<ManageOrdersPage />, '/dashboard/manageOrders', listed);
    expect(columns()).not.toContain('Total');
    expect(text()).not.toContain('$');
  });

  it('shows a manager each order’s total', async () => {
    serve('manager', managerOrder);
    await render(<ManageOrdersPage />, '/dashboard/manageOrders', listed);
    expect(columns()).toContain('Total');
    expect(text()).toContain('$48.60');
  });
});
