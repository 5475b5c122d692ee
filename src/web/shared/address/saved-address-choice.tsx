import { type SavedAddress, shippingCountries } from '@contract/addresses';
import { useId } from 'react';

export const NEW_ADDRESS = 'new';

const countryName = (code: string) => shippingCountries.find((c) => c.code === code)?.name ?? code;

/** One line that tells saved addresses apart: "Ada Park, 12 Main St, Detroit, United States". */
export const addressSummary = (a: SavedAddress) =>
  [a.fullName, a.line1, a.city, countryName(a.country)].filter(Boolean).join(', ');

/** Which saved address to ship to, or a new one typed below. */
export function SavedAddressChoice({
  addresses,
  value,
  onChange,
}: {
  addresses: SavedAddress[];
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        Ship to
      </label>
      <select id={id} className="select w-full" value={value} onChange={(e) => onChange(e.target.value)}>
        {addresses.map((a) => (
          <option key={a.id} value={a.id}>
            {addressSummary(a)}
            {a.isDefault ? ' (default)' : ''}
          </option>
        ))}
        <option value={NEW_ADDRESS}>A new address</option>
      </select>
    </div>
  );
}
