import { staffOrderMessages } from '@contract/staff-orders';
import { orderDate } from '@web/shared/orders/order-parts';
import { paidOrder } from '@web/test/orders';
import {
  address,
  answer,
  button,
  calls,
  click,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  text,
  waitFor,
} from '@web/test/page';
import { QUOTE_TOKEN, sentQuote } from '@web/test/quotes';
import { describe, expect, it } from 'vitest';
import { QuotePage } from './quote-page';

mockApi(
  http.get(`/api/quotes/${QUOTE_TOKEN}`, () => json(sentQuote())),
  http.post(`/api/quotes/${QUOTE_TOKEN}/accept`, () =>
    json({ order: { ...paidOrder, _id: 'order-90', paid: false, status: 'unpaid' } }, 201),
  ),
);

const open = () => renderPage(<QuotePage />, { address: `/quote/${QUOTE_TOKEN}`, pattern: '/quote/:token' });

const lines = () =>
  [...screen().querySelectorAll('[data-testid="quote-line"]')].map((r) =>
    [...r.querySelectorAll('th, td')].map((c) => c.textContent),
  );

describe('a quote the store sent', () => {
  it('shows its parts at their prices, the totals, where it ships, the note and until when it holds', async () => {
    await open();
    await shows('Your quote');
    expect(lines()).toEqual([
      ['Ceramic brake pads', '4', 'List price $45.99 $41.39', '$165.56'],
      ['Vented brake rotor', '1', '$89.99', '$89.99'],
    ]);
    // The list price is struck only where her price is below it.
    expect([...screen().querySelectorAll('s')].map((s) => s.textContent)).toEqual(['List price $45.99']);
    const summary = screen().querySelector('[data-testid="order-summary"]')?.textContent ?? '';
    expect(summary).toContain('Subtotal$255.55');
    expect(summary).toContain('Standard shipping$7.99');
    expect(summary).toContain('$15.81');
    expect(screen().querySelector('[data-testid="summary-total"]')?.textContent).toBe('$279.35');
    expect(screen().querySelector('[data-testid="shipping-address"]')?.textContent).toContain('12 Piston Rd');
    expect(text()).toContain('Pads fit the 2019 F-150.');
    expect(screen().querySelector('[data-testid="quote-valid-until"]')?.textContent).toBe(
      `Valid until ${orderDate('2026-12-15T12:00:00.000Z')}`,
    );
  });

  it('accepts an open quote and opens the payment page of its order', async () => {
    await open();
    await shows('Accept quote');
    await click('Accept quote');
    await waitFor(() => expect(address()).toBe('/dashboard/payment/order-90'));
    expect(sent('POST', `/api/quotes/${QUOTE_TOKEN}/accept`)).toHaveLength(1);
  });

  it('says in words why the store would not accept it', async () => {
    answer(
      http.post(`/api/quotes/${QUOTE_TOKEN}/accept`, () =>
        refusal(409, 'CONFLICT', 'Only 2 of Vented brake rotor are in stock.'),
      ),
    );
    await open();
    await shows('Accept quote');
    await click('Accept quote');
    await waitFor(() =>
      expect(screen().querySelector('[role="alert"]')?.textContent).toBe(
        'Only 2 of Vented brake rotor are in stock.',
      ),
    );
    expect(address()).toBe(`/quote/${QUOTE_TOKEN}`);
  });

  it('says an expired quote expired, with no way to accept it', async () => {
    answer(http.get(`/api/quotes/${QUOTE_TOKEN}`, () => json(sentQuote({ status: 'expired' }))));
    await open();
    await shows(staffOrderMessages.quoteExpired(orderDate('2026-12-15T12:00:00.000Z')));
    expect(() => button('Accept quote')).toThrow();
  });

  it('links an accepted quote to its order', async () => {
    answer(
      http.get(`/api/quotes/${QUOTE_TOKEN}`, () =>
        json(sentQuote({ status: 'accepted', orderId: 'order-90' })),
      ),
    );
    await open();
    await shows('You accepted this quote');
    expect(button('Open the order').getAttribute('href')).toBe('/dashboard/orders/order-90');
    expect(() => button('Accept quote')).toThrow();
  });

  it('says a quote that is not there (or not theirs) was not found', async () => {
    answer(http.get(`/api/quotes/${QUOTE_TOKEN}`, () => refusal(404, 'NOT_FOUND', 'Quote was not found')));
    await open();
    await shows('Quote not found');
    expect(screen().querySelector('[role="alert"]')?.textContent).toContain('We could not find this quote.');
    expect(calls.filter((c) => c.path === `/api/quotes/${QUOTE_TOKEN}`)).toHaveLength(1);
  });
});
