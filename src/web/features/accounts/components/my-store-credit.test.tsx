import { answer, http, json, mockApi, renderPage, screen, sent, shows, text, waitFor } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { MyStoreCredit } from './my-store-credit';

mockApi(
  http.get('/api/account/store-credit', () =>
    json({
      balanceCents: 1250,
      entries: [
        {
          deltaCents: -3000,
          balanceAfterCents: 1250,
          reason: 'order',
          orderId: 'o-2',
          orderNumber: 'TW-10043',
          at: '2026-11-20T15:00:00.000Z',
        },
        {
          deltaCents: 4250,
          balanceAfterCents: 4250,
          reason: 'refund',
          orderId: null,
          orderNumber: null,
          at: '2026-11-02T15:00:00.000Z',
        },
      ],
    }),
  ),
);

describe("a customer's store credit on My Profile", () => {
  it('shows the balance and the latest entries, signed, with their reason and order', async () => {
    await renderPage(<MyStoreCredit />);
    await shows('Store credit');
    expect(screen().querySelector('[data-testid="store-credit-balance"]')?.textContent).toBe('$12.50');
    const entries = [...screen().querySelectorAll('[data-testid="store-credit-entry"]')].map(
      (e) => e.textContent,
    );
    expect(entries).toEqual([
      'Nov 20, 2026Spent on an order TW-10043−$30.00',
      'Nov 2, 2026Refunded as store credit+$42.50',
    ]);
    const link = [...screen().querySelectorAll('a')].find((a) => a.textContent === 'TW-10043');
    expect(link?.getAttribute('href')).toBe('/dashboard/orders/o-2');
  });

  it('says there is none when the balance is zero and nothing ever moved', async () => {
    answer(http.get('/api/account/store-credit', () => json({ balanceCents: 0, entries: [] })));
    await renderPage(<MyStoreCredit />);
    await shows('No store credit.');
    expect(sent('GET', '/api/account/store-credit')).toHaveLength(1);
    expect(screen().querySelector('[data-testid="store-credit-balance"]')).toBeNull();
  });

  it('shows nothing when the balance cannot be read', async () => {
    answer(
      http.get('/api/account/store-credit', () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500)),
    );
    await renderPage(<MyStoreCredit />);
    await waitFor(() => expect(sent('GET', '/api/account/store-credit')).toHaveLength(1));
    expect(text()).not.toContain('Store credit');
  });
});
