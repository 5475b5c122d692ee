import { formatCents } from '@contract/money';
import type { ShippingMethod, ShippingOption } from '@contract/pricing';

/**
 * The methods that carry this cart to the address, each with its price and when it arrives; or,
 * when none does (no shipping zone for the address, a parcel too heavy), why.
 */
export function ShippingMethodChoice({
  options,
  value,
  disabled,
  onChange,
  problem = null,
}: {
  options: ShippingOption[];
  value: ShippingMethod;
  disabled: boolean;
  onChange: (method: ShippingMethod) => void;
  problem?: string | null;
}) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-2 text-xl font-semibold">Shipping method</legend>
      {problem ? (
        <p role="alert" className="alert alert-warning text-sm" data-testid="shipping-problem">
          {problem}
        </p>
      ) : null}
      {options.map((option) => (
        <label
          key={option.method}
          className={`flex cursor-pointer items-center gap-3 rounded-box border p-3 ${
            value === option.method ? 'border-primary bg-primary/5' : 'border-base-300'
          }`}
        >
          <input
            type="radio"
            name="shippingMethod"
            className="radio radio-primary"
            value={option.method}
            checked={value === option.method}
            onChange={() => onChange(option.method)}
          />
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{option.label}</span>
            {option.estimate ? (
              <span className="block text-sm text-base-content/70">{option.estimate}</span>
            ) : null}
          </span>
          <span className="font-semibold tabular-nums">
            {option.priceCents === 0 ? 'Free' : formatCents(option.priceCents)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
