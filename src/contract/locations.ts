import { z } from 'zod';
import { STOCK_MAX } from './inventory';

export { StockAtLocation } from './inventory';

/**
 * Places where stock is kept (decision 099) and the units moved between them. A product has on
 * hand, reserved and available figures and a bin at each place; buyers see one figure, the sum
 * over every place (the spec's `available_quantity`).
 */

export const locationKinds = ['warehouse', 'shop', 'dropship'] as const;
export type LocationKind = (typeof locationKinds)[number];
export const LOCATION_KIND_LABELS: Record<LocationKind, string> = {
  warehouse: 'Warehouse',
  shop: "The shop's shelf",
  dropship: 'A supplier that ships for us',
};

export const transferStatuses = ['in_transit', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

const Text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be ${max} characters or fewer`);
const Optional = (max: number, label: string) =>
  Text(max, label)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** POST /api/locations and PATCH /api/locations/:id (stock.write). */
export const LocationInput = z.object({
  name: Text(80, 'The name').min(1, 'Give the place a name'),
  kind: z.enum(locationKinds, { error: 'Choose what kind of place it is' }),
  line1: Optional(120, 'The street'),
  city: Optional(80, 'The city'),
  region: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'A state or province is two letters, such as TX')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  postalCode: Optional(20, 'The postal code'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'A country is two letters, such as US')
    .default('US'),
  pickOrder: z
    .number({ error: 'Give the pick order as a whole number' })
    .int('Give the pick order as a whole number')
    .min(1, 'The pick order starts at 1')
    .max(999, 'The pick order is at most 999'),
  /** Closing a place is refused while it holds any unit (on hand, reserved or in transit to it). */
  active: z.boolean().default(true),
});
export type LocationInput = z.input<typeof LocationInput>;

export const Location = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(locationKinds),
  line1: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  pickOrder: z.number().int(),
  active: z.boolean(),
  /** Units on hand over every product here, and units on their way here. */
  onHand: z.number().int(),
  incoming: z.number().int(),
});
export type Location = z.infer<typeof Location>;
export const LocationList = z.object({ locations: z.array(Location) });
export type LocationList = z.infer<typeof LocationList>;

/** PUT /tool/:id/stock/:location/bin: where the product sits at that place. */
export const BinInput = z.object({
  bin: z
    .string()
    .trim()
    .max(40, 'A bin is 40 characters or fewer')
    .regex(/^[\w .\-/#]*$/, 'A bin is letters, digits, spaces and . - / #')
    .transform((v) => (v ? v.toUpperCase() : null)),
});

/** POST /api/transfers (stock.write): units of one product sent from one place to another. */
export const TransferInput = z
  .object({
    productId: z.string().uuid('Choose the product'),
    fromLocationId: z.string().min(1, 'Choose where the units leave from').max(60),
    toLocationId: z.string().min(1, 'Choose where the units go').max(60),
    quantity: z
      .number({ error: 'Give the units as a whole number' })
      .int('Give the units as a whole number')
      .min(1, 'Send at least one unit')
      .max(STOCK_MAX, `At most ${STOCK_MAX} units`),
    note: Optional(200, 'The note'),
  })
  .refine((t) => t.fromLocationId !== t.toLocationId, {
    message: 'Send the units to another place',
    path: ['toLocationId'],
  });
export type TransferInput = z.input<typeof TransferInput>;

export const Transfer = z.object({
  id: z.string(),
  number: z.string(),
  productId: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  fromLocationId: z.string(),
  fromLocationName: z.string(),
  toLocationId: z.string(),
  toLocationName: z.string(),
  quantity: z.number().int(),
  status: z.enum(transferStatuses),
  note: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Transfer = z.infer<typeof Transfer>;
export const TransferList = z.object({ transfers: z.array(Transfer) });
export type TransferList = z.infer<typeof TransferList>;

/** A transfer's number as staff say it on the phone and write it on the carton. */
export const transferNumber = (n: number) => `TR-${n}`;

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  in_transit: 'In transit',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** Said when a place has fewer units than a move takes from it. */
export const notEnoughAtMessage = (name: string, place: string, left: number) =>
  left > 0 ? `Only ${left} of ${name} at ${place}.` : `There is no ${name} at ${place}.`;
