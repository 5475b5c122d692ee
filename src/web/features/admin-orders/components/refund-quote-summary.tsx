import type { RefundQuote } from '@contract/after-sale';
import { formatCents } from '@contract/money';

/**
 * What a refund gives back, as the store worked it out before it is confirmed (the refund's own
 * arithmetic, never the browser's): the total, then each part of it.
 */
export function RefundQuoteSummary({
  quote,
  loading,
  error,
  toStoreCredit = false,
}: {
  quote: RefundQuote | undefined;
  loading: boolean;
  error: Error | null;
  /** Given as store credit rather than back to the card (decision 100). */
  toStoreCredit?: boolean;
}) {
  if (error)
    return (
      <p className="text-error text-sm" role="alert" data-testid="refund-quote">
        {error.message}
      </p>
    );
  if (loading || !quote)
    return (
      <p role="status" className="flex items-center gap-2 text-sm" data-testid="refund-quote">
        <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Working out the refund
      </p>
    );
  const parts: [string, number][] = [
    ['Parts', quote.goodsCents],
    ['Core charges', quote.coreCents],
    ['Shipping', quote.shippingCents],
    ['Tax', quote.taxCents],
    [quote.otherCents < 0 ? 'Restocking fee' : 'Other amount', quote.otherCents],
  ];
  return (
    <div className="rounded-box bg-base-200 p-3" data-testid="refund-quote" role="status">
      <p className="font-semibold">
        {toStoreCredit ? 'Refund as store credit: ' : 'Refund to the card: '}
        <span className="tabular-nums">{formatCents(quote.amountCents)}</span>
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm">
        {parts
          .filter(([, cents]) => cents !== 0)
          .map(([label, cents]) => (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className="tabular-nums text-right">
                {cents < 0 ? `−${formatCents(-cents)}` : formatCents(cents)}
              </dd>
            </div>
          ))}
      </dl>
    </div>
  );
}
