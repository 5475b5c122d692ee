import type { OpenInvoice } from '@contract/invoices';
import { pageAccess, pages } from '@contract/pages';
import { answer, http, json, mockApi, refusal, renderPage, screen, shows, waitFor } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { InvoicesPage } from './invoices-page';

const invoice = (changes: Partial<OpenInvoice>): OpenInvoice => ({
  id: 'inv-1',
  orderId: 'order-1',
  orderNumber: 'TW-10042',
  invoiceNumber: 'INV-000042',
  amountCents: 52_000,
  creditedCents: 0,
  paidCents: 0,
  openCents: 52_000,
  issuedAt: '2026-10-01T15:00:00.000Z',
  dueOn: '2026-10-31',
  status: 'overdue',
  userId: 'u-rita',
  customerName: 'Rita’s Garage',
  customerEmail: 'rita@garage.example',
  ...changes,
});

const overdue = invoice({ creditedCents: 1_000, paidCents: 20_000, openCents: 31_000 });
const open = invoice({
  id: 'inv-2',
  orderId: 'order-2',
  orderNumber: 'TW-10077',
  invoiceNumber: 'INV-000077',
  amountCents: 12_345,
  openCents: 12_345,
  issuedAt: '2026-11-20T15:00:00.000Z',
  dueOn: '2026-12-20',
  status: 'open',
  userId: 'u-fleet',
  customerName: 'Fleet Fixers',
  customerEmail: 'frank@fleet.example',
});

mockApi(http.get('/api/invoices', () => json({ invoices: [overdue, open], totalOpenCents: 43_345 })));

const rows = () => [...screen().querySelectorAll('[data-testid="open-invoices"] tbody tr')];

describe('the open invoices page', () => {
  it('is open to those who read customers', () => {
    expect(pageAccess.invoices).toBe('customers.read');
  });

  it('shows the total open and each invoice as the store orders them, linking its order and customer', async () => {
    await renderPage(<InvoicesPage />, { address: pages.invoices.path });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen().querySelector('[data-testid="open-invoices-total"]')?.textContent).toContain(
      'Total open$433.45',
    );
    const [first, second] = rows();
    for (const words of [
      'INV-000042',
      'TW-10042',
      'Rita’s Garage',
      '2026-10-01',
      '2026-10-31',
      'Overdue',
      '$310.00',
    ])
      expect(first?.textContent).toContain(words);
    for (const words of [
      'INV-000077',
      'TW-10077',
      'Fleet Fixers',
      '2026-11-20',
      '2026-12-20',
      'Open',
      '$123.45',
    ])
      expect(second?.textContent).toContain(words);
    const links = [...(first?.querySelectorAll('a') ?? [])].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['TW-10042', pages.manageOrder.path('order-1')],
      ['Rita’s Garage', pages.customer.path('u-rita')],
    ]);
  });

  it('says when nothing is owed', async () => {
    answer(http.get('/api/invoices', () => json({ invoices: [], totalOpenCents: 0 })));
    await renderPage(<InvoicesPage />);
    await shows('No open invoices: every account is paid up.');
  });

  it('says when the invoices could not be loaded', async () => {
    answer(http.get('/api/invoices', () => refusal(500, 'INTERNAL', 'The store is down.')));
    await renderPage(<InvoicesPage />);
    await shows('The store is down.');
  });
});
