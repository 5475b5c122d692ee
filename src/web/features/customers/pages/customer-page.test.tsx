import type { CustomerDetail } from '@contract/customers';
import type { AccountInvoices } from '@contract/invoices';
import type { SentQuote } from '@contract/staff-orders';
import { orderDate } from '@web/shared/orders/order-parts';
import { categories } from '@web/test/catalog';
import {
  answer,
  button,
  calls,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  shows,
  text,
  waitFor,
} from '@web/test/page';
import { sentQuote } from '@web/test/quotes';
import { beforeEach, describe, expect, it } from 'vitest';
import { CustomerPage } from './customer-page';

const MIA = 'u-mia';
const account = { id: 'u-owner', email: 'olga@torque.example', name: 'Olga Owner', image: null };
const noInvoices: AccountInvoices = {
  standing: { terms: null, balanceCents: 0, availableCents: 0, overdueCents: 0, stoppedBecause: null },
  invoices: [],
  payments: [],
};
let invoices: AccountInvoices;
let quotes: SentQuote[];
let role: 'owner' | 'staff';

/** Mia's page as the store answers it: two orders (one partly refunded), two addresses. */
let detail: CustomerDetail;

mockApi(
  http.get(`/api/customers/${MIA}`, () => json(detail)),
  // A customer's page also shows their trade terms (retail here).
  http.get(`/api/customers/${MIA}/trade`, () => json({ trade: null })),
  http.get('/api/categories', () => json(categories)),
  http.get(`/api/customers/${MIA}/invoices`, () => json(invoices)),
  // And the quotes sent to them (decision 103).
  http.get(`/api/customers/${MIA}/quotes`, () => json({ quotes })),
  http.get('/api/auth/get-session', () => json({ user: account })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
);

beforeEach(() => {
  invoices = noInvoices;
  quotes = [];
  role = 'owner';
  detail = {
    customer: {
      id: MIA,
      displayName: 'Mia Garage',
      email: 'mia@torque.example',
      photoURL: null,
      role: 'customer',
      joinedAt: '2026-10-01T12:00:00.000Z',
      ordersCount: 2,
      spentCents: 21_490,
    },
    orders: [
      {
        _id: 'order-8',
        number: 'TW-1008',
        createdAt: '2026-11-20T12:00:00.000Z',
        status: 'pending',
        totalCents: 12_999,
        refundedCents: 0,
        paid: true,
      },
      {
        _id: 'order-5',
        number: 'TW-1005',
        createdAt: '2026-11-02T12:00:00.000Z',
        status: 'partially_refunded',
        totalCents: 9_991,
        refundedCents: 1_500,
        paid: true,
      },
    ],
    addresses: [
      {
        id: 'a-1',
        isDefault: true,
        fullName: 'Mia Garage',
        line1: '12 Piston Rd',
        line2: 'Bay 3',
        city: 'Detroit',
        region: 'MI',
        postalCode: '48201',
        country: 'US',
        phone: '+1 313 555 0142',
      },
      {
        id: 'a-2',
        isDefault: false,
        fullName: 'Mia Garage',
        line1: '40 King St W',
        line2: '',
        city: 'Toronto',
        region: 'ON',
        postalCode: 'M5H 1A1',
        country: 'CA',
        phone: '+1 416 555 0100',
      },
    ],
  };
});

const open = async () => {
  await renderPage(<CustomerPage />, { address: `/dashboard/users/${MIA}`, pattern: '/dashboard/users/:id' });
};
const orders = () =>
  [...screen().querySelectorAll('table tbody tr')].map((r) =>
    [...r.querySelectorAll('th, td')].map((c) => c.textContent),
  );
const addresses = () =>
  [...screen().querySelectorAll('[aria-labelledby="customer-addresses"] li')].map((l) => l.textContent);

describe("a customer's page", () => {
  it('shows who they are, what they bought, each order and their addresses', async () => {
    await open();
    await shows('Mia Garage');
    const header = screen().querySelector('article')?.textContent ?? '';
    expect(header).toContain('mia@torque.example');
    // Days in the reader's own time zone ("Oct 1, 2026" in New York, "Oct 2, 2026" in Auckland).
    expect(header).toContain(`Joined ${orderDate('2026-10-01T12:00:00.000Z')}`);
    expect(screen().querySelector('[data-testid="customer-orders-count"]')?.textContent).toBe('2');
    expect(screen().querySelector('[data-testid="customer-spent"]')?.textContent).toBe('$214.90');

    expect(orders()).toEqual([
      ['TW-1008', orderDate('2026-11-20T12:00:00.000Z'), 'Paid, being packed', '$129.99', '—'],
      ['TW-1005', orderDate('2026-11-02T12:00:00.000Z'), 'Partly refunded', '$99.91', '$15.00'],
    ]);
    expect(button('TW-1008').getAttribute('href')).toBe('/dashboard/manageOrders/order-8');

    expect(addresses()).toEqual([
      'DefaultMia Garage12 Piston RdBay 3Detroit, MI 48201United StatesPhone: +1 313 555 0142',
      'Mia Garage40 King St WToronto, ON M5H 1A1CanadaPhone: +1 416 555 0100',
    ]);
    // A customer (not staff): no Admin badge, and their trade terms.
    expect(text()).not.toContain('Admin');
    await shows('Retail: buys at list prices and pays sales tax.');
    expect(button('All customers').getAttribute('href')).toBe('/dashboard/users');
    // No terms and no invoices: no section about them.
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(`/api/customers/${MIA}/invoices`));
    expect(text()).not.toContain('Invoices on account');
    // The owner orders for them; no quotes sent yet.
    await shows('Order for this customer');
    await shows('No quotes sent yet.');
  });

  it('lists the quotes sent, with their status, dates, total and the order an accepted one became', async () => {
    quotes = [
      sentQuote(),
      sentQuote({
        id: 'q-0',
        status: 'accepted',
        orderId: 'order-8',
        createdAt: '2026-11-10T12:00:00.000Z',
        expiresAt: '2026-11-24T12:00:00.000Z',
      }),
    ];
    await open();
    await waitFor(() => expect(screen().querySelectorAll('[data-testid="quote-row"]')).toHaveLength(2));
    const rows = [...screen().querySelectorAll('[data-testid="quote-row"]')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['Open', orderDate('2026-12-01T12:00:00.000Z'), orderDate('2026-12-15T12:00:00.000Z'), '$279.35', '—'],
      [
        'Accepted',
        orderDate('2026-11-10T12:00:00.000Z'),
        orderDate('2026-11-24T12:00:00.000Z'),
        '$279.35',
        'TW-1008',
      ],
    ]);
    const accepted = screen().querySelectorAll('[data-testid="quote-row"] a');
    expect([...accepted].map((a) => a.getAttribute('href'))).toEqual(['/dashboard/manageOrders/order-8']);
  });

  it('shows staff the quotes but no way to order for the customer', async () => {
    role = 'staff';
    await open();
    await shows('No quotes sent yet.');
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));
    expect(text()).not.toContain('Order for this customer');
  });

  it('shows the invoices on account of a customer with terms', async () => {
    invoices = {
      ...noInvoices,
      standing: {
        ...noInvoices.standing,
        terms: { creditLimitCents: 250_000, termsDays: 30 },
        availableCents: 250_000,
      },
    };
    await open();
    await shows('Invoices on account');
    expect(screen().querySelector('[data-testid="account-standing"]')?.textContent).toContain(
      'Credit limit$2,500.00',
    );
    expect(text()).toContain('No invoices yet.');
  });

  it('says when a staff member has no orders or addresses, and shows no trade terms', async () => {
    detail = {
      customer: { ...detail.customer, role: 'manager', ordersCount: 0, spentCents: 0 },
      orders: [],
      addresses: [],
    };
    await open();
    await shows('No orders yet.');
    expect(text()).toContain('No saved addresses.');
    expect(text()).toContain('AdminManager');
    expect(screen().querySelector('[data-testid="customer-spent"]')?.textContent).toBe('$0.00');
    expect(text()).not.toContain('Trade account');
    expect(calls.map((c) => c.path)).toEqual([`/api/customers/${MIA}`]);
  });

  it('says so when there is no such account', async () => {
    answer(http.get(`/api/customers/${MIA}`, () => refusal(404, 'NOT_FOUND', 'Customer not found')));
    await open();
    await waitFor(() =>
      expect(screen().querySelector('[role="alert"]')?.textContent).toBe('There is no such account.'),
    );
    expect(text()).toContain('Customer not found');
    expect(button('Back to customers').getAttribute('href')).toBe('/dashboard/users');
  });
});
