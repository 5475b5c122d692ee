import { answer, http, json, mockApi, renderPage, sent, shows, text, waitFor } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { OwnPrice } from './own-price';

const PADS = '7b0c3f8e-2a41-4c52-9e1d-1f2a3b4c5d6e';
const shop = { user: { id: 'u-shop', email: 'shop@example.com', name: 'Corner Garage' } };

mockApi(
  http.get('/api/auth/get-session', () => json(shop)),
  http.get('/api/account/trade-prices', () =>
    json({ prices: [{ productId: PADS, unitPriceCents: 4200, listUnitPriceCents: 5999 }] }),
  ),
);

describe("a trade buyer's own price on a product page", () => {
  it('shows the price the store gives this buyer', async () => {
    await renderPage(<OwnPrice productId={PADS} />);
    await shows('Your trade price: $42.00');
  });

  it('shows nothing to a visitor, and asks nothing', async () => {
    answer(http.get('/api/auth/get-session', () => json(null)));
    await renderPage(<OwnPrice productId={PADS} />);
    await waitFor(() => expect(sent('GET', '/api/auth/get-session')).toHaveLength(1));
    expect(sent('GET', '/api/account/trade-prices')).toEqual([]);
    expect(text()).not.toContain('Your trade price');
  });

  it('shows nothing to a retail buyer', async () => {
    answer(http.get('/api/account/trade-prices', () => json({ prices: [] })));
    await renderPage(<OwnPrice productId={PADS} />);
    await waitFor(() => expect(sent('GET', '/api/account/trade-prices')).toHaveLength(1));
    expect(text()).not.toContain('Your trade price');
  });
});
