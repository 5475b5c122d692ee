import { z } from 'zod';

/**
 * The owner's settings (GET /settings, PUT /settings/:section). Each section is kept in the
 * database once the owner saves it; until then it is what the environment says (the defaults of a
 * new store). Money is integer cents, rates are basis points (725 = 7.25 %), weights are pounds.
 */

export const settingsSections = [
  'store',
  'shipping',
  'tax',
  'orders',
  'returns',
  'inventory',
  'reviews',
] as const;
export type SettingsSection = (typeof settingsSections)[number];

const cents = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000, `${label} is too large`);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);

/** A weight in pounds, to the thousandth (an ounce is 0.0625). */
const pounds = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .positive(`${label} must be more than 0`)
    .max(100_000, `${label} is too large`)
    .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, `${label}: at most 3 decimals`);

const basisPoints = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be whole hundredths of a percent`)
    .min(0, `${label} cannot be negative`)
    .max(10_000, `${label} cannot be above 100 %`);

/** A method's or a zone's code: what an order records and a checkout sends. */
export const ShippingCode = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,39}$/,
    'Use 1 to 40 lower-case letters, digits or -, like "ground" or "next-day"',
  );

export const StoreDetails = z.object({
  brand: text('Brand', 60),
  wordmark: text('Wordmark', 60),
  contact: z.object({
    email: z.email('Enter a contact e-mail address').max(254),
    phone: text('Contact phone', 40),
    address: text('Contact address', 200),
  }),
});
export type StoreDetails = z.infer<typeof StoreDetails>;

/** One weight bracket: a parcel up to this weight (inclusive) costs this; null: any heavier parcel. */
export const WeightBracket = z.object({
  upToLb: pounds('Weight').nullable(),
  priceCents: cents('Price'),
});
export type WeightBracket = z.infer<typeof WeightBracket>;

/** How a method travels: ground-only parts (batteries, aerosols) never go by air. */
export const shippingModes = ['ground', 'air'] as const;

export const ZoneMethod = z
  .object({
    id: ShippingCode,
    name: text('Method name', 60),
    estimate: z.string().trim().max(60, 'Estimate must be 60 characters or fewer').default(''),
    mode: z.enum(shippingModes),
    brackets: z.array(WeightBracket).min(1, 'Give the method at least one weight bracket').max(20),
    /** Free from this subtotal on; null: never free. */
    freeOverCents: cents('Free over').nullable(),
  })
  .superRefine((method, ctx) => {
    let last = 0;
    method.brackets.forEach((bracket, index) => {
      const open = bracket.upToLb === null;
      if (open && index !== method.brackets.length - 1)
        ctx.addIssue({
          code: 'custom',
          path: ['brackets', index, 'upToLb'],
          message: 'Only the last bracket may have no upper weight',
        });
      if (!open && (bracket.upToLb as number) <= last)
        ctx.addIssue({
          code: 'custom',
          path: ['brackets', index, 'upToLb'],
          message: 'Each bracket must go up to a heavier weight than the one before',
        });
      if (!open) last = bracket.upToLb as number;
    });
  });
export type ZoneMethod = z.infer<typeof ZoneMethod>;

/** "US" (the whole country) or "US-MI" (one state or province of it). */
export const ZoneArea = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/,
    'Write an area as a country code ("US") or country and region ("US-MI")',
  );

export const ShippingZone = z
  .object({
    id: ShippingCode,
    name: text('Zone name', 60),
    areas: z.array(ZoneArea).min(1, 'A zone covers at least one country or region').max(300),
    methods: z.array(ZoneMethod).min(1, 'A zone offers at least one method').max(10),
  })
  .superRefine((zone, ctx) => {
    const seen = new Set<string>();
    zone.methods.forEach((m, index) => {
      if (seen.has(m.id))
        ctx.addIssue({
          code: 'custom',
          path: ['methods', index, 'id'],
          message: `Two methods are called "${m.id}"`,
        });
      seen.add(m.id);
    });
  });
export type ShippingZone = z.infer<typeof ShippingZone>;

export const ShippingSettings = z
  .object({
    /** Without zones: the flat standard and express rates, standard free from a subtotal. */
    standardCents: cents('Standard shipping'),
    expressCents: cents('Express shipping'),
    freeStandardOverCents: cents('Free standard shipping over').nullable(),
    /** What a product without a weight of its own counts as. */
    defaultWeightLb: pounds('Default weight'),
    /** Zones with their methods; none: the flat rates above, everywhere. */
    zones: z.array(ShippingZone).max(50),
  })
  .superRefine((shipping, ctx) => {
    const ids = new Set<string>();
    const areas = new Map<string, string>();
    shipping.zones.forEach((zone, index) => {
      if (ids.has(zone.id))
        ctx.addIssue({
          code: 'custom',
          path: ['zones', index, 'id'],
          message: `Two zones are called "${zone.id}"`,
        });
      ids.add(zone.id);
      zone.areas.forEach((area, a) => {
        const other = areas.get(area);
        if (other !== undefined && other !== zone.id)
          ctx.addIssue({
            code: 'custom',
            path: ['zones', index, 'areas', a],
            message: `${area} is already in the zone "${other}"`,
          });
        areas.set(area, zone.id);
      });
    });
  });
export type ShippingSettings = z.infer<typeof ShippingSettings>;

/**
 * A tax rate for a place: a region of a country, a region in any country (the older
 * `TAX_RATES=MI=6` form), or a whole country. `taxShipping` taxes the shipping too.
 */
export const TaxRate = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'A country is a two-letter code, like US')
    .nullable(),
  region: z.string().trim().toUpperCase().min(1, 'Region is required').max(100).nullable(),
  rateBasisPoints: basisPoints('Rate'),
  taxShipping: z.boolean(),
});
export type TaxRate = z.infer<typeof TaxRate>;

export const TaxSettings = z
  .object({
    /** Where no rate of the list applies. */
    defaultRateBasisPoints: basisPoints('Default rate'),
    taxShippingByDefault: z.boolean(),
    rates: z.array(TaxRate).max(500),
  })
  .superRefine((tax, ctx) => {
    const seen = new Set<string>();
    tax.rates.forEach((rate, index) => {
      if (rate.country === null && rate.region === null)
        ctx.addIssue({
          code: 'custom',
          path: ['rates', index, 'country'],
          message: 'Give a country, a region or both',
        });
      const key = `${rate.country ?? '*'}/${rate.region ?? '*'}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['rates', index, 'region'],
          message: 'This place already has a rate',
        });
      seen.add(key);
    });
  });
export type TaxSettings = z.infer<typeof TaxSettings>;

export const OrderSettings = z.object({
  /** How long an unpaid order holds its stock (ORDER_HOLD_MINUTES may set a fraction of one). */
  holdMinutes: z.number().positive('More than 0 minutes').max(43_200, 'At most 30 days'),
  /** Open unpaid orders one customer may have, and the units they may hold. */
  maxUnpaidOrders: z.number().int().min(1, 'At least 1').max(1_000_000, 'At most 1,000,000'),
  maxUnpaidUnits: z.number().int().min(1, 'At least 1').max(100_000_000, 'At most 100,000,000'),
  /** One reminder mail for a customer's cart untouched a day (decision 060). */
  cartReminders: z.boolean().default(true),
  /** How long a guest's unpaid order holds its stock (never longer than the hold above; decision 073). */
  guestHoldMinutes: z.number().positive('More than 0 minutes').max(43_200, 'At most 30 days').default(15),
  /** The share of a product's units on hand that unpaid guest orders may hold at once, in %. */
  guestStockSharePercent: z.number().min(1, 'At least 1 %').max(100, 'At most 100 %').default(50),
  /** Minutes after the order the "waiting for payment" mail goes, if the order is still unpaid. */
  waitingMailMinutes: z.number().min(0, 'At least 0 minutes').max(1440, 'At most 1,440 minutes').default(5),
  /** A trade account orders on account no more while an invoice is overdue longer than this (decision 102). */
  accountOverdueDays: z
    .number({ error: 'Give a number of days' })
    .int('Give whole days')
    .min(0, 'At least 0 days')
    .max(365, 'At most 365 days')
    .default(30),
});
export type OrderSettings = z.infer<typeof OrderSettings>;

export const ReturnSettings = z.object({
  windowDays: z.number().int().min(0, 'At least 0 days').max(365, 'At most 365 days'),
  restockingFeePercent: z.number().min(0, 'At least 0 %').max(100, 'At most 100 %'),
});
export type ReturnSettings = z.infer<typeof ReturnSettings>;

export const InventorySettings = z.object({
  /** A product without its own threshold is low at or under its minimum order times this. */
  lowStockFactor: z.number().positive('More than 0').max(100, 'At most 100'),
});
export type InventorySettings = z.infer<typeof InventorySettings>;

/** Which new reviews wait for a manager's approval: none, those from non-buyers (the default), or all. */
export const reviewHolds = ['none', 'nonBuyers', 'all'] as const;
export type ReviewHold = (typeof reviewHolds)[number];

export const ReviewSettings = z.object({
  hold: z.enum(reviewHolds, { error: 'Choose which reviews wait for approval' }),
});
export type ReviewSettings = z.infer<typeof ReviewSettings>;

export const StoreSettings = z.object({
  store: StoreDetails,
  shipping: ShippingSettings,
  tax: TaxSettings,
  orders: OrderSettings,
  returns: ReturnSettings,
  inventory: InventorySettings,
  reviews: ReviewSettings,
});
export type StoreSettings = z.infer<typeof StoreSettings>;

/** The schema of each section's value, by name. */
export const sectionSchemas = {
  store: StoreDetails,
  shipping: ShippingSettings,
  tax: TaxSettings,
  orders: OrderSettings,
  returns: ReturnSettings,
  inventory: InventorySettings,
  reviews: ReviewSettings,
} as const satisfies Record<SettingsSection, z.ZodType>;

/** GET /settings: every section as in force, and for each whether the owner saved it and when. */
export const SettingsAnswer = z.object({
  settings: StoreSettings,
  sections: z.record(
    z.enum(settingsSections),
    z.object({
      /** Bumped by every save; a save names the revision it started from (0: never saved). */
      revision: z.number().int(),
      updatedAt: z.string().nullable(),
    }),
  ),
});
export type SettingsAnswer = z.infer<typeof SettingsAnswer>;

/** PUT /settings/:section: the section's new value and the revision the form was opened at. */
export const settingsInput = <S extends SettingsSection>(section: S) =>
  z.object({ value: sectionSchemas[section], revision: z.number().int().min(0) });

export const SETTINGS_CHANGED =
  'Someone saved these settings while you were editing them. Your changes are still in the form: reload to see theirs, then save again.';

/** Why a cart has no shipping method: nowhere the store ships to, or nothing that carries it. */
export const noZoneMessage = (place: string) =>
  `We do not ship to ${place} yet. Choose another address, or contact us for a quote.`;
export const noMethodMessage = 'No shipping method carries this parcel. Contact us for a quote.';
