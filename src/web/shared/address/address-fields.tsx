import { type AddressInput, addressLabels, shippingCountries } from '@contract/addresses';
import { TextField } from '@web/components/ui/text-field';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SelectField } from './select-field';

/** The shipping address's fields, labelled as carriers and the address book name them. */
export function AddressFields({
  register,
  errors,
}: {
  register: UseFormRegister<AddressInput>;
  errors: FieldErrors<AddressInput>;
}) {
  const text = (name: Exclude<keyof AddressInput, 'country'>, autoComplete: string, extra = {}) => (
    <TextField
      label={addressLabels[name]}
      autoComplete={autoComplete}
      error={errors[name]?.message}
      {...extra}
      {...register(name)}
    />
  );
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <div className="sm:col-span-2">{text('fullName', 'shipping name')}</div>
      <div className="sm:col-span-2">{text('line1', 'shipping address-line1')}</div>
      <div className="sm:col-span-2">{text('line2', 'shipping address-line2')}</div>
      {text('city', 'shipping address-level2')}
      {text('region', 'shipping address-level1')}
      {text('postalCode', 'shipping postal-code')}
      <SelectField
        label={addressLabels.country}
        autoComplete="shipping country"
        error={errors.country?.message}
        {...register('country')}
      >
        {shippingCountries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">{text('phone', 'shipping tel', { type: 'tel', inputMode: 'tel' })}</div>
    </div>
  );
}
