import type { PricedLine } from '@contract/pricing';
import type { SentQuote } from '@contract/staff-orders';

/** A quote's signed key, as the store's links carry it. */
export const QUOTE_TOKEN = 'q1Xy_Zt-9aBcDeFgHiJkLmNoP';

const line = (changes: Partial<PricedLine>): PricedLine => ({
  productId: 'p-1',
  name: 'A part',
  image: '/images/tools/part.svg',
  unitPriceCents: 1000,
  quantity: 1,
  minimum: 1,
  available: 20,
  lineTotalCents: 1000,
  discountCents: 0,
  coreChargeCents: 0,
  coreTotalCents: 0,
  problem: null,
  ...changes,
});

/**
 * A quote sent to Mia's garage: four brake pads at her trade price (list $45.99, hers $41.39) and
 * a rotor at list, standard shipping, 6% Michigan tax; open until Dec 15.
 */
export const sentQuote = (changes: Partial<SentQuote> = {}): SentQuote => ({
  id: 'q-1',
  userId: 'u-mia',
  customerName: 'Mia Garage',
  status: 'open',
  expiresAt: '2026-12-15T12:00:00.000Z',
  createdAt: '2026-12-01T12:00:00.000Z',
  shippingMethod: 'standard',
  address: {
    fullName: 'Mia Garage',
    line1: '12 Piston Rd',
    line2: 'Bay 3',
    city: 'Detroit',
    region: 'MI',
    postalCode: '48201',
    country: 'US',
    phone: '+1 313 555 0142',
  },
  note: 'Pads fit the 2019 F-150.',
  orderId: null,
  priced: {
    lines: [
      line({
        productId: 'p-pads',
        name: 'Ceramic brake pads',
        unitPriceCents: 4139,
        listUnitPriceCents: 4599,
        quantity: 4,
        lineTotalCents: 16556,
      }),
      line({ productId: 'p-rotor', name: 'Vented brake rotor', unitPriceCents: 8999, lineTotalCents: 8999 }),
    ],
    itemCount: 5,
    totals: {
      subtotalCents: 25555,
      coreChargeCents: 0,
      discountCents: 0,
      shippingCents: 799,
      taxCents: 1581,
      totalCents: 27935,
      shippingMethod: 'standard',
      shippingLabel: 'Standard shipping',
      shippingTaxCents: 48,
      taxRateBasisPoints: 600,
    },
    shippingOptions: [],
    freeShippingOverCents: null,
    discount: null,
    codeVerdict: null,
    weightLb: 30,
    shippingProblem: null,
  },
  ...changes,
});
