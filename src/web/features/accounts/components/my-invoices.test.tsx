import {
  answer,
  field,
  http,
  json,
  mockApi,
  renderPage,
  screen,
  sent,
  shows,
  text,
  type,
  waitFor,
} from '@web/test/page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MyInvoices } from './my-invoices';

const trade = (onAccount: { creditLimitCents: number; termsDays: 15 | 30 } | null) => ({
  trade: {
    userId: 'u1',
    priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [] },
    certificate: null,
    groupId: null,
    groupName: null,
    onAccount,
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
});

const invoices = {
  standing: {
    terms: { creditLimitCents: 250_000, termsDays: 30 },
    balanceCents: 61_500,
    availableCents: 188_500,
    overdueCents: 41_500,
    stoppedBecause:
      'An invoice on your account is more than 30 days overdue: pay it to order on account again.',
  },
  invoices: [
    {
      id: 'i2',
      orderId: 'o-2',
      orderNumber: 'TW-10043',
      invoiceNumber: 'INV-000043',
      amountCents: 30_000,
      creditedCents: 0,
      paidCents: 10_000,
      openCents: 20_000,
      issuedAt: '2026-12-01T15:00:00.000Z',
      dueOn: '2026-12-31',
      status: 'open',
    },
    {
      id: 'i1',
      orderId: 'o-1',
      orderNumber: 'TW-10042',
      invoiceNumber: 'INV-000042',
      amountCents: 45_000,
      creditedCents: 3_500,
      paidCents: 0,
      openCents: 41_500,
      issuedAt: '2026-10-02T15:00:00.000Z',
      dueOn: '2026-11-01',
      status: 'overdue',
    },
  ],
  payments: [
    {
      id: 'p1',
      method: 'check',
      amountCents: 10_000,
      reference: '1042',
      receivedOn: '2026-12-10',
      lines: [{ invoiceId: 'i2', invoiceNumber: 'INV-000043', amountCents: 10_000 }],
      createdAt: '2026-12-10T16:00:00.000Z',
    },
  ],
};

mockApi(
  http.get('/api/account/trade', () => json(trade({ creditLimitCents: 250_000, termsDays: 30 }))),
  http.get('/api/account/invoices', () => json(invoices)),
);

beforeEach(() => {
  // Only the clock's date: the statement month defaults to the month before it.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-10T12:00:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const figure = (name: string) =>
  screen().querySelector(`[data-testid="standing-${name}"]`)?.textContent ?? null;

describe("a trade account's invoices on account on My Profile (decision 102)", () => {
  it('shows the terms and where the account stands, with why it may not order on account', async () => {
    await renderPage(<MyInvoices />);
    await shows('Invoices on account');
    expect(figure('terms')).toBe('Net 30 days');
    expect(figure('credit-limit')).toBe('$2,500.00');
    expect(figure('balance')).toBe('$615.00');
    expect(figure('available')).toBe('$1,885.00');
    expect(figure('overdue')).toBe('$415.00');
    expect(figure('stopped')).toBe(invoices.standing.stoppedBecause);
  });

  it('lists each invoice with its order, days, status and figures', async () => {
    await renderPage(<MyInvoices />);
    await shows('INV-000042');
    const table = screen().querySelector('section[aria-label="Invoices"]');
    expect(table?.getAttribute('tabindex')).toBe('0');
    const heads = [...(table?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent);
    expect(heads).toEqual(['Invoice', 'Order', 'Issued', 'Due', 'Status', 'Amount', 'Paid', 'Owed']);
    const rows = [...screen().querySelectorAll('[data-testid="invoice-row"]')].map((r) =>
      [...r.querySelectorAll('th, td')].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['INV-000043', 'TW-10043', 'Dec 1, 2026', 'Dec 31, 2026', 'Open', '$300.00', '$100.00', '$200.00'],
      [
        'INV-000042',
        'TW-10042',
        'Oct 2, 2026',
        'Nov 1, 2026',
        'Overdue',
        '$450.00less $35.00 refunded',
        '$0.00',
        '$415.00',
      ],
    ]);
    const link = [...screen().querySelectorAll('a')].find((a) => a.textContent === 'TW-10042');
    expect(link?.getAttribute('href')).toBe('/dashboard/orders/o-1');
  });

  it('lists the payments recorded, with the invoices they paid', async () => {
    await renderPage(<MyInvoices />);
    await shows('Payments received');
    const payments = [...screen().querySelectorAll('[data-testid="account-payment"]')].map(
      (p) => p.textContent,
    );
    expect(payments).toEqual(['Dec 10, 2026Check, reference 1042Paid INV-000043 $100.00$100.00']);
  });

  it("downloads last month's statement by default, and the month chosen", async () => {
    await renderPage(<MyInvoices />);
    await shows('Download statement (PDF)');
    const month = field('Statement month');
    expect(month.getAttribute('type')).toBe('month');
    expect(month.value).toBe('2026-12');
    const link = () =>
      [...screen().querySelectorAll('a')].find((a) => a.textContent === 'Download statement (PDF)');
    expect(link()?.getAttribute('href')).toBe('/api/account/statement.pdf?month=2026-12');
    type(month, '2026-10');
    expect(link()?.getAttribute('href')).toBe('/api/account/statement.pdf?month=2026-10');
    type(month, '');
    expect(link()).toBeUndefined();
    expect(text()).toContain('Choose a month to download its statement.');
  });

  it('says so when the account with terms has no invoices or payments yet', async () => {
    answer(
      http.get('/api/account/invoices', () =>
        json({
          standing: {
            terms: { creditLimitCents: 100_000, termsDays: 15 },
            balanceCents: 0,
            availableCents: 100_000,
            overdueCents: 0,
            stoppedBecause: null,
          },
          invoices: [],
          payments: [],
        }),
      ),
    );
    await renderPage(<MyInvoices />);
    await shows('No invoices yet.');
    expect(text()).toContain('No payments recorded yet.');
    expect(figure('terms')).toBe('Net 15 days');
    expect(figure('available')).toBe('$1,000.00');
    expect(screen().querySelector('[data-testid="standing-stopped"]')).toBeNull();
  });

  it('shows the invoices of an account whose terms were taken away', async () => {
    answer(
      http.get('/api/account/trade', () => json(trade(null))),
      http.get('/api/account/invoices', () =>
        json({ ...invoices, standing: { ...invoices.standing, terms: null, availableCents: 0 } }),
      ),
    );
    await renderPage(<MyInvoices />);
    await shows('INV-000042');
    expect(figure('terms')).toBe('None');
    expect(figure('credit-limit')).toBeNull();
  });

  it('shows nothing to a retail customer, and reads no invoices', async () => {
    answer(http.get('/api/account/trade', () => json({ trade: null })));
    await renderPage(<MyInvoices />);
    await waitFor(() => expect(sent('GET', '/api/account/trade')).toHaveLength(1));
    expect(sent('GET', '/api/account/invoices')).toHaveLength(0);
    expect(text()).not.toContain('Invoices on account');
  });

  it('shows nothing for a trade account without terms or invoices', async () => {
    answer(
      http.get('/api/account/trade', () => json(trade(null))),
      http.get('/api/account/invoices', () =>
        json({
          standing: {
            terms: null,
            balanceCents: 0,
            availableCents: 0,
            overdueCents: 0,
            stoppedBecause: null,
          },
          invoices: [],
          payments: [],
        }),
      ),
    );
    await renderPage(<MyInvoices />);
    await waitFor(() => expect(sent('GET', '/api/account/invoices')).toHaveLength(1));
    expect(text()).not.toContain('Invoices on account');
  });

  it('shows nothing when the invoices cannot be read', async () => {
    answer(http.get('/api/account/invoices', () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500)));
    await renderPage(<MyInvoices />);
    await waitFor(() => expect(sent('GET', '/api/account/invoices')).toHaveLength(1));
    expect(text()).not.toContain('Invoices on account');
  });
});
