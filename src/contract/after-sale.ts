import { z } from 'zod';
import { Address } from './addresses';
import { Vehicle } from './catalog';

/**
 * What happens to an order after the card is charged (docs/decisions/038-040): shipments of some
 * or all of its units, an admin's cancellation of a paid order, refunds by line, shipping or amount.
 * Quantities are per product (`productId`), as the order's lines name them.
 */

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

const reasonField = (label: string) =>
  z
    .string({ error: `Enter a ${label}` })
    .trim()
    .min(1, `Enter a ${label}`)
    .max(500, `The ${label} must be 500 characters or fewer`);

const lineQuantity = z.object({
  productId: z.string().min(1).max(100),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(1_000_000),
});
export type LineQuantityInput = z.infer<typeof lineQuantity>;

const linesField = z
  .array(lineQuantity)
  .min(1, 'Choose at least one line')
  .max(100)
  .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, 'Name each product once');

const carrierField = z.string().trim().max(60, 'Carrier must be 60 characters or fewer');
const trackingField = z
  .string()
  .trim()
  .max(60, 'Tracking number must be 60 characters or fewer')
  .regex(/^[A-Za-z0-9 -]*$/, 'A tracking number has letters, digits, spaces and dashes only');

/** What a parcel's carrier and tracking number fields say when left empty, word for word. */
export const trackingMessages = {
  carrier: 'Enter the carrier, or tick "No tracking"',
  trackingNumber: 'Enter the tracking number, or tick "No tracking"',
  notBoth: 'A parcel without tracking has no tracking number',
} as const;

/**
 * A parcel is followed by its carrier and tracking number, or is said to have none
 * (`noTracking`, e.g. handed over at the counter; a carrier may still be named). An empty carrier
 * or tracking number is never taken for "none": the person shipping says so.
 */
function checkTracking(
  parcel: {
    carrier?: string | undefined;
    trackingNumber?: string | undefined;
    noTracking?: boolean | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (parcel.noTracking === true) {
    if (parcel.trackingNumber)
      ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: trackingMessages.notBoth });
    return;
  }
  if (!parcel.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: trackingMessages.carrier });
  if (!parcel.trackingNumber)
    ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: trackingMessages.trackingNumber });
}

const trackingFields = {
  carrier: carrierField.optional(),
  trackingNumber: trackingField.optional(),
  noTracking: z.boolean().optional(),
};

/**
 * POST /manage/:id/shipments (admin): ship some lines (quantities per product) or, without
 * `lines`, every unit not yet shipped. Each shipment has its own carrier, tracking number (or
 * `noTracking`) and mail.
 */
export const ShipmentInput = z
  .object({
    lines: linesField.optional(),
    ...trackingFields,
    /**
     * The place the parcel leaves from (decision 099). Without it, the place that holds most of
     * what the parcel takes for the order; a parcel always leaves from one place.
     */
    locationId: z.string().min(1).max(60).optional(),
  })
  .superRefine(checkTracking);
export type ShipmentInput = z.infer<typeof ShipmentInput>;

/**
 * PUT /manage/:id ships every unit left (the spec's Ship button, which sends no body: shipped
 * without tracking, as the spec has it). A body that says anything about tracking follows the
 * parcel's rule: carrier and tracking number, or `noTracking`.
 */
export const ShipInput = z
  .object(trackingFields)
  .superRefine((parcel, ctx) => {
    const saysSomething =
      parcel.carrier !== undefined || parcel.trackingNumber !== undefined || parcel.noTracking !== undefined;
    if (saysSomething) checkTracking(parcel, ctx);
  })
  .nullish();

export const Shipment = z.object({
  id: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  lines: z.array(z.object({ productId: z.string(), quantity: z.number().int() })),
  /** The place the parcel left from (decision 099); absent for parcels shipped before places. */
  locationId: z.string().nullish(),
  at: z.string(),
});
export type Shipment = z.infer<typeof Shipment>;

/**
 * POST /manage/:id/refunds (admin), with an `Idempotency-Key` header: a repeat with the same key
 * answers with the first refund. Refund units of lines (each with its share of the order's tax),
 * shipping, a free amount, or any of them together; never more than was paid and not yet
 * refunded. `restock` puts refunded units that had shipped back on the shelf (they came back);
 * refunded units that never shipped are released from the reservation whatever it says.
 */
/** POST /manage/returns/:id/refund: no body, or `{ toStoreCredit: true }` to give it as store credit (decision 100). */
export const ReturnRefundInput = z.object({ toStoreCredit: z.boolean().optional() }).nullish();

export const RefundInput = z
  .object({
    lines: linesField.optional(),
    shippingCents: z.number().int().min(0, 'Shipping to refund cannot be negative').optional(),
    amountCents: z.number().int().min(1, 'The amount must be at least 1 cent').optional(),
    restock: z.boolean({ error: 'Say whether refunded parts go back on the shelf' }),
    reason: reasonField('reason'),
    /** Give it as store credit instead of money back to the card (an account's order only; decision 100). */
    toStoreCredit: z.boolean().optional(),
  })
  .refine((r) => r.lines || r.shippingCents || r.amountCents, {
    message: 'Choose lines, shipping or an amount to refund',
    path: ['lines'],
  });
export type RefundInput = z.infer<typeof RefundInput>;

export const Refund = z.object({
  id: z.string(),
  status: z.enum(refundStatuses),
  amountCents: z.number().int(),
  goodsCents: z.number().int(),
  /** Core charges given back (a core return, or with the units whose charge it was). */
  coreCents: z.number().int(),
  taxCents: z.number().int(),
  shippingCents: z.number().int(),
  otherCents: z.number().int(),
  lines: z.array(
    z.object({
      productId: z.string(),
      quantity: z.number().int(),
      amountCents: z.number().int(),
      /** Tax on the goods and on the core charges of this line given back. */
      taxCents: z.number().int(),
      /** Units whose core charge this refund gives back, and how much. */
      cores: z.number().int().optional(),
      coreCents: z.number().int().optional(),
    }),
  ),
  restock: z.boolean(),
  reason: z.string(),
  /** The part given as store credit rather than back to the card (decision 100). */
  storeCreditCents: z.number().int(),
  /** The part taken off the order's invoice on account (decision 102). */
  onAccountCents: z.number().int().optional(),
  /** Present only when part of it was taken off what the order owed for parts added (decision 104). */
  balanceCents: z.number().int().optional(),
  /** Set when the provider refused it. */
  failure: z.string().nullable(),
  /** "CN-000042", given when the refund succeeds; null before. */
  creditNoteNumber: z.string().nullable().optional(),
  at: z.string(),
});
export type Refund = z.infer<typeof Refund>;

/** A refund's state as a person reads it, on pages and credit notes. */
export const refundStatusWords: Record<RefundStatus, string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

/**
 * What a refund would give back, worked out by the server before anyone confirms it (POST
 * /manage/:id/refunds/quote, GET /manage/returns/:id/refund-quote): the same arithmetic as the
 * refund itself. `otherCents` is negative when a restocking fee is kept.
 */
export const RefundQuote = Refund.pick({
  amountCents: true,
  goodsCents: true,
  coreCents: true,
  taxCents: true,
  shippingCents: true,
  otherCents: true,
  lines: true,
});
export type RefundQuote = z.infer<typeof RefundQuote>;

/** POST /manage/:id/refunds/quote: what the refund dialog holds so far (no reason needed yet). */
export const RefundQuoteInput = z
  .object({
    lines: RefundInput.shape.lines,
    shippingCents: RefundInput.shape.shippingCents,
    amountCents: RefundInput.shape.amountCents,
  })
  .refine((r) => r.lines || r.shippingCents || r.amountCents, {
    message: 'Choose lines, shipping or an amount to refund',
    path: ['lines'],
  });
export type RefundQuoteInput = z.infer<typeof RefundQuoteInput>;

/** POST /manage/:id/cancel (admin): cancel a paid order nothing of which has shipped; the customer reads the reason. */
export const CancelPaidInput = z.object({ reason: reasonField('reason the customer will read') });

/** POST /order/:id/cancel-request (customer): ask the store to cancel a paid, unshipped order. */
export const CancelRequestInput = z.object({
  reason: z.string().trim().max(500, 'The reason must be 500 characters or fewer').optional(),
});

/** The refusals of after-sale requests, word for word. */
export const afterSaleMessages = {
  nothingToShip: 'Every unit of this order has already shipped',
  notShippable: 'Only paid orders can be shipped',
  lineNotInOrder: 'This order has no such product',
  tooManyToShip: (name: string, left: number) => `Only ${left} of ${name} are left to ship`,
  tooManyToRefund: (name: string, left: number) => `Only ${left} of ${name} can still be refunded`,
  /** Units a return holds are refunded by the return (less its restocking fee), never apart from it. */
  inReturn: (name: string, units: number) =>
    `${units} of ${name} ${units === 1 ? 'is' : 'are'} in a return: refund ${units === 1 ? 'it' : 'them'} with the return on the returns desk`,
  shippingTooMuch: (left: string) => `At most ${left} of shipping can still be refunded`,
  moreThanPaid: (left: string) => `At most ${left} can still be refunded on this order`,
  notPaid: 'Only paid orders can be refunded',
  /** An order paid in several payments (parts added after it was paid, decision 104). */
  paidInParts: (payments: number, most: string) =>
    `This order was paid in ${payments} payments and a refund goes back to one of them: refund at most ${most} at once, then the rest`,
  cancelShipped: 'Parts of this order have shipped: refund or return them instead',
  cancelNotPaid: 'Only a paid order that has not shipped can be cancelled here',
  keyRequired: 'Send an Idempotency-Key header with each refund',
  keyReused: 'This Idempotency-Key was used for a different refund',
  refundFailed: 'The card provider refused the refund',
} as const;

/**
 * PUT /order/:id/address (customer): where an order placed without an address ships to, from the
 * address book (`addressId`) or given here (`address`). Before payment the order's tax follows the
 * address's state (the payment page then charges the new total); after payment only an order still
 * waiting for its address takes one, and its total stays what was charged.
 */
export const OrderAddressInput = z
  .object({
    addressId: z.string().min(1).max(100).optional(),
    address: Address.optional(),
  })
  .refine((input) => (input.addressId === undefined) !== (input.address === undefined), {
    message: 'Choose an address from your book or enter one',
    path: ['address'],
  });
export type OrderAddressInput = z.infer<typeof OrderAddressInput>;

export const ADDRESS_LOCKED = "This order's shipping address can no longer be changed";

/** Why a part comes back. */
export const returnReasons = [
  'does_not_fit',
  'wrong_part_ordered',
  'damaged',
  'defective',
  'no_longer_needed',
] as const;
export type ReturnReason = (typeof returnReasons)[number];
export const returnReasonWords: Record<ReturnReason, string> = {
  does_not_fit: 'Does not fit',
  wrong_part_ordered: 'Wrong part ordered',
  damaged: 'Damaged',
  defective: 'Defective',
  no_longer_needed: 'No longer needed',
};

/**
 * A return of `parts` (sent back for their price) or a `core` return: the old parts a core charge
 * was a deposit on, given back for that charge and its tax (docs/decisions/061).
 */
export const returnKinds = ['parts', 'core'] as const;
export type ReturnKind = (typeof returnKinds)[number];

/** A core return's lines carry this reason: the old part, not the one sold. */
export const returnLineReasons = [...returnReasons, 'core'] as const;
export type ReturnLineReason = (typeof returnLineReasons)[number];
export const returnLineReasonWords: Record<ReturnLineReason, string> = {
  ...returnReasonWords,
  core: 'Old part (core)',
};

export { CORE_CHARGE_LABEL } from './summary-words';

/** A refund line in words: its units, and the old parts whose core charge went back with it. */
export function refundLineWords(
  o: { lines: { productId: string; name: string }[] },
  l: { productId: string; quantity: number; cores?: number | undefined },
): string {
  const name = o.lines.find((line) => line.productId === l.productId)?.name ?? 'part';
  const cores = l.cores ?? 0;
  if (l.quantity === 0) return `Core charge of ${cores} x ${name}`;
  return cores > 0 ? `${l.quantity} x ${name} with ${cores} core charge(s)` : `${l.quantity} x ${name}`;
}

/** requested -> approved | refused; approved -> received (the parts are back); received -> refunded. */
export const returnStatuses = ['requested', 'approved', 'refused', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];
export const returnStatusWords: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved: send the parts back',
  refused: 'Return refused',
  received: 'Parts received',
  refunded: 'Return refunded',
};

/** A core return opens approved (the store always takes its cores back): no decision to wait for. */
export const coreReturnStatusWords: Record<ReturnStatus, string> = {
  requested: 'Core return requested',
  approved: 'Core return: send the old part back',
  refused: 'Core return refused',
  received: 'Old part received',
  refunded: 'Core charge refunded',
};

/** Where the vehicle of a "does not fit" claim came from (docs/decisions/092). */
export const claimSources = ['garage', 'vin', 'picker'] as const;
export type ClaimSource = (typeof claimSources)[number];
export const claimSourceWords: Record<ClaimSource, string> = {
  garage: 'from My Garage',
  vin: 'read from its VIN',
  picker: "chosen from the store's lists",
};

/**
 * The vehicle a part did not fit: one of My Garage's or one chosen from the picker's lists (its
 * year, make, model and engine, which the store checks against its vehicle data), or a VIN the
 * store reads itself (the buyer names the model only when the VIN does not say it).
 */
export const ClaimVehicle = z.union([
  Vehicle.extend({ from: z.enum(['garage', 'picker']).default('picker') }),
  z.object({
    from: z.literal('vin'),
    vin: z.string().trim().min(1, 'Enter the VIN').max(20, 'A VIN has 17 characters'),
    model: z.string().trim().min(1).max(60).optional(),
  }),
]);
export type ClaimVehicle = z.infer<typeof ClaimVehicle>;

/** What a product's listing said about a vehicle: it fits, it fits every vehicle, or neither. */
export const listingFits = ['fits', 'universal', 'no'] as const;
export type ListingFit = (typeof listingFits)[number];
export const listingFitWords: Record<ListingFit, string> = {
  fits: 'The listing says it fits this vehicle',
  universal: 'The listing says it fits every vehicle',
  no: 'The listing does not say it fits this vehicle',
};

/**
 * A "does not fit" line's claim: where its vehicle came from, what the product's listing said about
 * that vehicle when the return was asked for (`listed`: this decides the restocking fee, whatever
 * the listing says later) and what it says now, and when staff took the vehicle out of its fitment.
 */
export const FitClaim = z.object({
  productId: z.string(),
  from: z.enum(claimSources),
  vin: z.string().nullable(),
  listed: z.enum(listingFits),
  listsNow: z.enum(listingFits),
  correctedAt: z.string().nullable(),
});
export type FitClaim = z.infer<typeof FitClaim>;

/** A wrong listing: it said the part fits the vehicle the part did not fit. Its fee is waived. */
export const wrongListing = (c: Pick<FitClaim, 'listed'>) => c.listed !== 'no';

/**
 * POST /manage/returns/:id/fitment-correction: take the return's vehicle out of the product's
 * fitment (its model year, from every row that claimed it), recorded in the product's history and
 * the audit log.
 */
export const FitmentCorrectionInput = z.object({ productId: z.string().min(1).max(100) });

export const fitClaimMessages = {
  unknownVehicle: (label: string) =>
    `We do not know a ${label}: choose the vehicle from My Garage, from the lists, or by its VIN`,
  vinModelNeeded: 'Choose the model of the vehicle this VIN belongs to',
  vinModelNotOfVin: (model: string, label: string) => `${model} is not a model of this VIN's ${label}`,
  noClaim: 'This return has no fit claim for that product',
  notClaimed: "The product's listing does not claim this vehicle: there is nothing to correct",
  universal: 'The product is listed as fitting every vehicle: change that in its editor',
} as const;

/**
 * POST /order/:id/returns (customer): shipped units to send back, each with its reason, within
 * RETURN_WINDOW_DAYS of shipping. A part that does not fit names the vehicle it did not fit, from
 * My Garage, the picker's lists or its VIN, never typed.
 */
export const ReturnInput = z
  .object({
    lines: z
      .array(lineQuantity.extend({ reason: z.enum(returnReasons, { error: 'Choose why it comes back' }) }))
      .min(1, 'Choose at least one line')
      .max(100),
    vehicle: ClaimVehicle.optional(),
    note: z.string().trim().max(1000, 'The note must be 1000 characters or fewer').optional(),
  })
  .refine((r) => !r.lines.some((l) => l.reason === 'does_not_fit') || r.vehicle !== undefined, {
    message: 'Tell us which vehicle the part did not fit',
    path: ['vehicle'],
  });
export type ReturnInput = z.infer<typeof ReturnInput>;

/**
 * POST /order/:id/core-returns (customer) and POST /manage/:id/core-returns (staff, an old part
 * handed in at the desk): old parts coming back for the core charge of lines that had one, never
 * more than were bought less those already given back or on their way.
 */
export const CoreReturnInput = z.object({
  lines: linesField,
  note: z.string().trim().max(1000, 'The note must be 1000 characters or fewer').optional(),
});
export type CoreReturnInput = z.infer<typeof CoreReturnInput>;

export const ReturnDecisionInput = z.object({
  approve: z.boolean(),
  note: z.string().trim().max(1000, 'The note must be 1000 characters or fewer').optional(),
});

/**
 * POST /manage/returns/:id/received: per line, back on the shelf or written off (a line not named
 * goes back on the shelf). A core return's old parts are scrap, never stock: it takes no lines.
 */
export const ReturnReceivedInput = z.object({
  lines: z
    .array(z.object({ productId: z.string().min(1).max(100), outcome: z.enum(['restock', 'damaged']) }))
    .min(1)
    .max(100)
    .optional(),
});

export const Return = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  kind: z.enum(returnKinds),
  status: z.enum(returnStatuses),
  statusText: z.string(),
  lines: z.array(
    z.object({
      productId: z.string(),
      quantity: z.number().int(),
      reason: z.enum(returnLineReasons),
      outcome: z.enum(['restock', 'damaged']).nullable(),
    }),
  ),
  vehicle: Vehicle.nullable(),
  /** The "does not fit" lines' claims, one per product; empty when there is none. */
  fitClaims: z.array(FitClaim),
  note: z.string().nullable(),
  adminNote: z.string().nullable(),
  refundId: z.string().nullable(),
  at: z.string(),
});
export type Return = z.infer<typeof Return>;

export const ManageReturnsQuery = z.object({ status: z.enum(returnStatuses).optional() });

export const returnMessages = {
  notShipped: 'Only parts that have shipped can be returned',
  windowClosed: (days: number) => `Parts can be returned within ${days} days of shipping`,
  tooMany: (name: string, left: number) => `Only ${left} of ${name} can still be returned`,
  refundedAlready: (name: string, left: number) =>
    `Only ${left} of ${name} can still be returned: the others were refunded already`,
  /** Approving a return whose units were refunded (and taken back) after it was asked for. */
  refundedSince: (name: string, left: number) =>
    `Only ${left} of ${name} in this return can still come back: the others were refunded after it was asked for. Refuse this return instead`,
  /** A return whose units were all refunded apart from it: its refund has nothing left to pay. */
  refundedApart: 'The parts of this return were already refunded apart from it: nothing is left to refund',
  notRequested: 'This return has already been decided',
  notApproved: 'Only an approved return can be received',
  notReceived: 'Only a received return can be refunded',
  notFound: 'Return was not found',
  noCoreCharge: (name: string) => `${name} had no core charge`,
  tooManyCores: (name: string, left: number) =>
    `Only ${left} old ${left === 1 ? 'part' : 'parts'} of ${name} can still come back for the core charge`,
  coreNotShipped: 'Old parts can come back once the new ones have shipped',
} as const;
