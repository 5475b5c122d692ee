import { formatCents } from '@contract/money';
import type { TradePrices } from '@contract/trade';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { accountRoot } from '@web/lib/query-keys';
import { useSession } from '@web/shared/session/session';

/**
 * A signed-in trade buyer's own price of a product, under its list price (decision 095): asked of
 * the store, which prices from the buyer's list. Nothing for a visitor or a retail buyer, and
 * nothing while it loads or if it fails: the list price stands above it either way.
 */
export function OwnPrice({ productId }: { productId: string }) {
  const { user } = useSession();
  const prices = useQuery({
    queryKey: [...accountRoot, 'trade-prices', user?.id ?? '', productId],
    queryFn: ({ signal }) =>
      apiGet<TradePrices>(`/account/trade-prices?ids=${encodeURIComponent(productId)}`, signal),
    enabled: user !== null,
  });
  const own = prices.data?.prices.find((p) => p.productId === productId);
  if (!own) return null;
  return (
    <p className="text-xl font-semibold text-success" data-testid="own-price">
      Your trade price: {formatCents(own.unitPriceCents)}
    </p>
  );
}
