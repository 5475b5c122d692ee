import type { BuyAgainAnswer } from '@contract/trade';
import {
  answer,
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
} from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { BuyAgain } from './buy-again';

const ORDER = 'order-1';
const result: BuyAgainAnswer = {
  added: [
    { productId: 't-1', name: 'Oil filter', quantity: 6, note: null },
    { productId: 't-2', name: 'Wiper blade', quantity: 3, note: 'Only 3 in stock: 3 added.' },
  ],
  notAdded: [{ productId: 't-3', name: 'Old gasket', reason: 'No longer sold.' }],
};

mockApi(http.post(`/api/order/${ORDER}/buy-again`, () => json(result)));

describe('buy again', () => {
  it('puts the order back into the cart in one press and names what went in short or not at all', async () => {
    await renderPage(<BuyAgain orderId={ORDER} />);
    await click('Buy again');
    await shows("Added to your cart at today's prices:");
    const shown = screen().querySelector('[data-testid="buy-again-result"]')?.textContent ?? '';
    expect(shown).toContain('6 × Oil filter');
    expect(shown).toContain('3 × Wiper blade (Only 3 in stock: 3 added.)');
    expect(shown).toContain('Old gasket: No longer sold.');
    expect(sent('POST', `/api/order/${ORDER}/buy-again`)).toHaveLength(1);
    expect(text()).toContain('Go to your cart');
  });

  it("shows the store's refusal", async () => {
    answer(http.post(`/api/order/${ORDER}/buy-again`, () => refusal(404, 'NOT_FOUND', 'Order not found')));
    await renderPage(<BuyAgain orderId={ORDER} />);
    await click('Buy again');
    await shows('Order not found');
  });
});
