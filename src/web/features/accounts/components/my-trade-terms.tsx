import { percentText } from '@contract/discounts';
import { useMyTradeTerms } from '../api/trade-application-calls';

/**
 * A trade account's own terms on My Profile (decision 095): its percent off list, how many
 * categories and products have prices of their own, and its resale certificate. Nothing for a
 * retail customer; the store sets the terms, so nothing here changes them.
 */
export function MyTradeTerms() {
  const terms = useMyTradeTerms();
  const trade = terms.data?.trade;
  if (!trade) return null;
  const { priceList, certificate } = trade;
  const own = priceList.categories.length + priceList.netPrices.length;
  return (
    <section aria-labelledby="my-trade-title" className="card bg-base-200" data-testid="my-trade-terms">
      <div className="card-body gap-2">
        <h3 id="my-trade-title" className="text-lg font-semibold">
          Trade account
        </h3>
        <p>
          You buy at trade prices: {percentText(priceList.percentOffBasisPoints)} off list price.
          {own > 0 ? ' Some categories and products have prices of their own.' : ''} Your product pages, cart
          and checkout show your prices.
        </p>
        <p>
          {certificate
            ? `Tax exempt for resale in ${certificate.states.join(', ')} until ${certificate.expiresOn} (certificate ${certificate.number}).`
            : 'No tax exemption certificate is on file.'}
        </p>
      </div>
    </section>
  );
}
