import {
  type AccountInvoice,
  type AccountInvoices,
  type AccountPaymentInput,
  onAccountMessages,
} from '@contract/invoices';
import {
  answer,
  button,
  calls,
  field,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  text,
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountInvoicesSection, lastMonthOf, todayOn } from './account-invoices-section';

const SHOP = 'u-shop';
const OLD = '1b2c3d4e-0000-4000-8000-000000000001';
const NEW = '1b2c3d4e-0000-4000-8000-000000000002';
const account = { id: 'u1', email: 'olga@torque.example', name: 'Olga', image: null };
let role: 'owner' | 'manager' | 'staff';
let state: AccountInvoices;

const invoice = (changes: Partial<AccountInvoice>): AccountInvoice => ({
  id: OLD,
  orderId: 'order-42',
  orderNumber: 'TW-10042',
  invoiceNumber: 'INV-000042',
  amountCents: 52_000,
  creditedCents: 2_000,
  paidCents: 10_000,
  openCents: 40_000,
  issuedAt: '2026-10-01T15:00:00.000Z',
  dueOn: '2026-10-31',
  status: 'overdue',
  ...changes,
});

const fresh = (): AccountInvoices => ({
  standing: {
    terms: { creditLimitCents: 500_000, termsDays: 30 },
    balanceCents: 52_345,
    availableCents: 447_655,
    overdueCents: 40_000,
    stoppedBecause: onAccountMessages.overdue(30),
  },
  invoices: [
    invoice({}),
    invoice({
      id: NEW,
      orderId: 'order-77',
      orderNumber: 'TW-10077',
      invoiceNumber: 'INV-000077',
      amountCents: 12_345,
      creditedCents: 0,
      paidCents: 0,
      openCents: 12_345,
      issuedAt: '2026-11-20T15:00:00.000Z',
      dueOn: '2026-12-20',
      status: 'open',
    }),
  ],
  payments: [
    {
      id: 'pay-1',
      method: 'check',
      amountCents: 10_000,
      reference: 'Check 1043',
      receivedOn: '2026-11-05',
      lines: [{ invoiceId: OLD, invoiceNumber: 'INV-000042', amountCents: 10_000 }],
      createdAt: '2026-11-05T10:00:00.000Z',
    },
  ],
});

mockApi(
  http.get('/api/auth/get-session', () => json({ user: account })),
  http.get('/api/admin/:email', () => json({ admin: true, role })),
  http.get(`/api/customers/${SHOP}/invoices`, () => json(state)),
  http.post(`/api/customers/${SHOP}/payments`, async ({ request }) => {
    const input = (await request.json()) as AccountPaymentInput;
    state = {
      ...state,
      standing: { ...state.standing, balanceCents: state.standing.balanceCents - input.amountCents },
      payments: [
        {
          id: 'pay-2',
          method: input.method,
          amountCents: input.amountCents,
          reference: input.reference ?? null,
          receivedOn: input.receivedOn,
          lines: [{ invoiceId: OLD, invoiceNumber: 'INV-000042', amountCents: input.amountCents }],
          createdAt: '2026-11-29T10:00:00.000Z',
        },
        ...state.payments,
      ],
    };
    return json(state.payments[0], 201);
  }),
);

beforeEach(() => {
  role = 'manager';
  state = fresh();
});

const section = () => screen().querySelector('[data-testid="account-invoices"]') as HTMLElement;
const rows = (id: string) =>
  [...screen().querySelectorAll(`[data-testid="${id}"] tbody tr`)].map((r) => r.textContent ?? '');
const paymentForm = () => button('Record payment').closest('form') as HTMLFormElement;
const roleKnown = () => waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(true));

describe("a customer's invoices on account", () => {
  it('shows where the account stands, its invoices and its payments', async () => {
    await renderPage(<AccountInvoicesSection customerId={SHOP} />);
    await shows('Invoices on account');
    const standing = screen().querySelector('[data-testid="account-standing"]')?.textContent;
    for (const words of [
      'Credit limit$5,000.00',
      'TermsNet 30',
      'Balance$523.45',
      'Available$4,476.55',
      'Overdue$400.00',
    ])
      expect(standing).toContain(words);
    expect(text()).toContain(`Orders on account are stopped: ${onAccountMessages.overdue(30)}`);
    const [old, recent] = rows('account-invoice-list');
    for (const words of [
      'INV-000042',
      'TW-10042',
      '2026-10-01',
      '2026-10-31',
      'Overdue',
      '$520.00',
      '$20.00',
      '$100.00',
      '$400.00',
    ])
      expect(old).toContain(words);
    expect(recent).toContain('Open');
    expect(recent).toContain('$123.45');
    expect(button('TW-10042').getAttribute('href')).toBe('/dashboard/manageOrders/order-42');
    expect(rows('account-payment-list')).toEqual([
      expect.stringContaining('2026-11-05Check$100.00Check 1043INV-000042: $100.00'),
    ]);
  });

  it('shows nothing for an account without terms or invoices', async () => {
    state = {
      standing: { terms: null, balanceCents: 0, availableCents: 0, overdueCents: 0, stoppedBecause: null },
      invoices: [],
      payments: [],
    };
    await renderPage(<AccountInvoicesSection customerId={SHOP} />);
    await waitFor(() => expect(sent('GET', `/api/customers/${SHOP}/invoices`)).toHaveLength(1));
    await roleKnown();
    expect(text()).not.toContain('Invoices on account');
  });

  it("links last month's statement, and another month's when chosen", async () => {
    await renderPage(<AccountInvoicesSection customerId={SHOP} />);
    await shows('Invoices on account');
    const month = field('Statement month', section());
    const last = lastMonthOf(new Date());
    expect(month.value).toBe(last);
    expect(button(`Download the statement of ${last}`).getAttribute('href')).toBe(
      `/api/customers/${SHOP}/statement.pdf?month=${last}`,
    );
    type(month, '2026-01');
    expect(button('Download the statement of 2026-01').getAttribute('href')).toBe(
      `/api/customers/${SHOP}/statement.pdf?month=2026-01`,
    );
    expect(lastMonthOf(new Date(2027, 0, 15))).toBe('2026-12');
    expect(lastMonthOf(new Date(2026, 10, 29))).toBe('2026-10');
  });

  it('records a payment paying the oldest first: the amount in cents, today by default; the lists refresh', async () => {
    await renderPage(<AccountInvoicesSection customerId={SHOP} />);
    await shows('Invoices on account');
    await waitFor(() => button('Record payment'));
    const form = paymentForm();
    expect(field('Received on', form).value).toBe(todayOn(new Date()));
    type(field('Amount ($)', form), 'a lot');
    await submit(form);
    await shows('Enter the amount received in dollars');
    expect(sent('POST', `/api/customers/${SHOP}/payments`)).toEqual([]);
    type(field<HTMLSelectElement>('Method', form), 'bank_transfer');
    type(field('Amount ($)', form), '1,250.10');
    type(field('Reference (optional)', form), '  ACH 7781 ');
    type(field('Received on', form), '2026-11-27');
    await submit(form);
    await shows('Payment of $1,250.10 recorded');
    expect(sent('POST', `/api/customers/${SHOP}/payments`)).toEqual([
      { method: 'bank_transfer', amountCents: 125_010, reference: 'ACH 7781', receivedOn: '2026-11-27' },
    ]);
    await waitFor(() => expect(rows('account-payment-list')).toHaveLength(2));
    expect(rows('account-payment-list')[0]).toContain('Bank transfer$1,250.10ACH 7781');
    expect(sent('GET', `/api/customers/${SHOP}/invoices`)).toHaveLength(2);
  });

  it('records a payment split across invoices, checking they add up', async () => {
    await renderPage(<AccountInvoicesSection customerId={SHOP} />);
    await shows('Invoices on account');
    await waitFor(() => button('Record payment'));
    const form = paymentForm();
    type(field('Amount ($)', form), '150.00');
    await tick(field('Choose the amount paid on each invoice (otherwise the oldest are paid first)', form));
    type(field('Paid on INV-000042 ($)', form), '100');
    type(field('Paid on INV-000077 ($)', form), '40.00');
    await submit(form);
    await shows('The invoices paid must add up to the payment ($150.00).');
    expect(sent('POST', `/api/customers/${SHOP}/payments`)).toEqual([]);
    type(field('Paid on INV-000077 ($)', form), '50.00');
    await submit(form);
    await shows('Payment of $150.00 recorded');
    expect(sent('POST', `/api/customers/${SHOP}/payments`)).toEqual([
      {
        method: 'check',
        amountCents: 15_000,
        receivedOn: todayOn(new Date()),
        lines: [
          { invoiceId: OLD, amountCents: 10_000 },
          { invoiceId: NEW, amountCents: 5_000 },
        ],
      },
    ]);
  });

  it('shows the store’s words when a payment is too large', async () => {
    answer(
      http.post(`/api/customers/${SHOP}/payments`, () =>
        refusal(409, 'CONFLICT', onAccountMessages.paymentTooLarge(52_345)),
      ),
    );
    await renderPage(<AccountInvoicesSection customerId={SHOP} />);
    await shows('Invoices on account');
    await waitFor(() => button('Record payment'));
    type(field('Amount ($)', paymentForm()), '9,000');
    await submit(paymentForm());
    await shows('This payment is more than the open invoices owe ($523.45).');
  });

  it('offers no payment form to staff who may not record payments', async () => {
    role = 'staff';
    await renderPage(<AccountInvoicesSection customerId={SHOP} />);
    await shows('Invoices on account');
    await roleKnown();
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/admin/'))).toHaveLength(1));
    expect(() => button('Record payment')).toThrow();
  });
});
