import { z } from 'zod';

/**
 * A shipping address: the fields every carrier asks for. The phone takes any real format a buyer
 * types (+1 313 555 0142, (313) 555-0142, 07700 900123): 7 to 15 digits, the range E.164 allows,
 * with spaces, dots, dashes and brackets between. The spec's 11-digit rule stays on its order modal.
 */

/** Countries the store ships to, by ISO 3166 code; the checkout's Country select lists them. */
export const shippingCountries = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'MX', name: 'Mexico' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'BD', name: 'Bangladesh' },
  { code: 'IN', name: 'India' },
] as const;
const countryCodes = shippingCountries.map((c) => c.code) as [string, ...string[]];

export const ADDRESS_PHONE_SHAPE = /^\+?[\d\s().-]{7,25}$/;
const digitCount = (s: string) => s.replace(/\D/g, '').length;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);

export const Address = z.object({
  fullName: required('Full name', 100),
  line1: required('Address line 1', 200),
  line2: z.string().trim().max(200, 'Address line 2 must be 200 characters or fewer').default(''),
  city: required('City', 100),
  region: required('State / province', 100),
  postalCode: required('Postal code', 12).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Enter a valid postal code'),
  country: z.enum(countryCodes, { error: 'Choose a country we ship to' }),
  phone: required('Phone', 25).refine(
    (s) => ADDRESS_PHONE_SHAPE.test(s) && digitCount(s) >= 7 && digitCount(s) <= 15,
    'Enter a phone number with 7 to 15 digits, e.g. +1 313 555 0142',
  ),
});
export type Address = z.infer<typeof Address>;
export type AddressInput = z.input<typeof Address>;

/** How the form labels each field, in order. */
export const addressLabels: Record<keyof Address, string> = {
  fullName: 'Full name',
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  region: 'State / province',
  postalCode: 'Postal code',
  country: 'Country',
  phone: 'Phone',
};

/** An address form before anything is typed (the store ships from the US, so that is preselected). */
export const BLANK_ADDRESS: AddressInput = {
  fullName: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
  phone: '',
};

/** One entry of a customer's address book. */
export const SavedAddress = Address.extend({ id: z.string(), isDefault: z.boolean() });
export type SavedAddress = z.infer<typeof SavedAddress>;

/** POST / PUT /addresses: the address, and whether it becomes the default. */
export const SavedAddressInput = Address.extend({ isDefault: z.boolean().optional() });

export const ADDRESS_BOOK_MAX = 20;
export const ADDRESS_NOT_FOUND = 'Address was not found';
