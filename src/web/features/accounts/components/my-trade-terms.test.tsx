import { answer, http, json, mockApi, renderPage, sent, shows, text, waitFor } from '@web/test/page';
import { describe, expect, it } from 'vitest';
import { MyTradeTerms } from './my-trade-terms';

mockApi(
  http.get('/api/account/trade', () =>
    json({
      trade: {
        userId: 'u-shop',
        priceList: {
          percentOffBasisPoints: 1250,
          categories: [{ categorySlug: 'filters', basisPoints: 2500 }],
          netPrices: [],
        },
        certificate: { number: 'MI-RS-40021', states: ['MI', 'OH'], expiresOn: '2027-06-30' },
        updatedAt: '2026-11-29T05:00:00.000Z',
      },
    }),
  ),
);

describe("a trade account's terms on My Profile", () => {
  it('says the percent off and the certificate', async () => {
    await renderPage(<MyTradeTerms />);
    await shows('You buy at trade prices: 12.5% off list price.');
    expect(text()).toContain('Some categories and products have prices of their own.');
    expect(text()).toContain('Tax exempt for resale in MI, OH until 2027-06-30 (certificate MI-RS-40021).');
  });

  it('shows nothing to a retail customer', async () => {
    answer(http.get('/api/account/trade', () => json({ trade: null })));
    await renderPage(<MyTradeTerms />);
    await waitFor(() => expect(sent('GET', '/api/account/trade')).toHaveLength(1));
    expect(text()).not.toContain('Trade account');
  });
});
