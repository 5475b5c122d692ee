import type { TradePrices } from '../../../contract/trade';
import type { Db } from '../../kernel/db';
import type { BuyerTerms } from '../accounts';
import { loadProductFacts } from './pricing';
import { tradeUnitPrice } from './trade-prices';

/**
 * A buyer's own prices for products as the product pages show them: only those their list puts
 * below list (a retail buyer gets none). The pages keep the list price for everyone else, search
 * engines included.
 */
export async function tradePricesOf(db: Db, terms: BuyerTerms, productIds: string[]): Promise<TradePrices> {
  if (!terms.priceList) return { prices: [] };
  const facts = await loadProductFacts(db, productIds);
  const prices: TradePrices['prices'] = [];
  for (const product of facts.values()) {
    const unitPriceCents = tradeUnitPrice(terms.priceList, product);
    if (unitPriceCents < product.priceCents)
      prices.push({ productId: product.id, unitPriceCents, listUnitPriceCents: product.priceCents });
  }
  return { prices };
}
