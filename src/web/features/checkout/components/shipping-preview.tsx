import { formatCents } from '@contract/money';
import type { Quote } from '@contract/pricing';

/**
 * What each shipping method would cost this cart (to the checkout's default country until an
 * address is given), and when it arrives; the choice is made at checkout.
 */
export function ShippingPreview({ quote }: { quote: Quote }) {
  return (
    <section aria-labelledby="shipping-preview" className="space-y-1 text-sm">
      <h2 id="shipping-preview" className="font-semibold">
        Shipping options
      </h2>
      {quote.shippingProblem ? <p className="text-error">{quote.shippingProblem}</p> : null}
      <ul className="space-y-1">
        {quote.shippingOptions.map((option) => (
          <li key={option.method} className="flex justify-between gap-4">
            <span>
              {option.label}
              {option.estimate ? <span className="text-base-content/70"> ({option.estimate})</span> : null}
            </span>
            <span className="tabular-nums">
              {option.priceCents === 0 ? 'Free' : formatCents(option.priceCents)}
            </span>
          </li>
        ))}
      </ul>
      {quote.shippingOptions.map((option) =>
        option.freeOverCents !== null && option.priceCents > 0 ? (
          <p key={option.method} className="text-base-content/70">
            {option.label} is free from {formatCents(option.freeOverCents)}.
          </p>
        ) : null,
      )}
      {quote.weightLb > 0 ? (
        <p className="text-base-content/70">
          Parcel weight: about {quote.weightLb.toLocaleString('en-US')} lb.
        </p>
      ) : null}
    </section>
  );
}
