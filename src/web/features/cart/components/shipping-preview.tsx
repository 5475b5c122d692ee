import type { Quote } from '../../../../contract/pricing';
import { formatCents } from '../../../lib/format';

/** What each shipping method would cost this cart, and when it arrives; the choice is made at checkout. */
export function ShippingPreview({ quote }: { quote: Quote }) {
  const free = quote.freeShippingOverCents;
  const standard = quote.shippingOptions.find((o) => o.method === 'standard');
  return (
    <section aria-labelledby="shipping-preview" className="space-y-1 text-sm">
      <h2 id="shipping-preview" className="font-semibold">
        Shipping options
      </h2>
      <ul className="space-y-1">
        {quote.shippingOptions.map((option) => (
          <li key={option.method} className="flex justify-between gap-4">
            <span>
              {option.label} <span className="text-base-content/70">({option.estimate})</span>
            </span>
            <span className="tabular-nums">
              {option.priceCents === 0 ? 'Free' : formatCents(option.priceCents)}
            </span>
          </li>
        ))}
      </ul>
      {free !== null && standard && standard.priceCents > 0 ? (
        <p className="text-base-content/70">Standard shipping is free from {formatCents(free)}.</p>
      ) : null}
    </section>
  );
}
