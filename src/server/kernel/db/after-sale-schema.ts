import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  claimSources,
  listingFits,
  type ReturnKind,
  type ReturnLineReason,
  refundStatuses,
  returnKinds,
  returnStatuses,
} from '../../../contract/after-sale';
import type { Vehicle } from '../../../contract/catalog';
import { user } from './auth-schema';
import { stockLocations } from './inventory-schema';
import { orders } from './order-core-schema';

/** Units of one product in a shipment, refund or return. */
export interface LineQuantity {
  productId: string;
  quantity: number;
}

/**
 * What happened to an order after it was paid, written only by the orders module under the order's
 * row lock (docs/decisions/038, 039).
 */

/** One parcel: the units it took, how it travels. The order's own carrier fields name the latest. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    lines: jsonb('lines').$type<LineQuantity[]>().notNull(),
    /** The place the parcel left from (decision 099); null for parcels shipped before places. */
    locationId: text('location_id').references(() => stockLocations.id),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * A refund line: its units and the money they return (goods, and their share of tax on the goods
 * and on any core charges given back with them). `cores` are units whose core charge this refund
 * gives back (a core return has cores and no units).
 */
export interface RefundLine extends LineQuantity {
  amountCents: number;
  taxCents: number;
  cores?: number;
  coreCents?: number;
}

/**
 * Money given back. A row is written `pending` in the order's lock, so its amount counts against
 * what may still be refunded before the provider is asked; the provider's answer makes it
 * `succeeded` or `failed` (a failed refund no longer counts). `key` makes a retried request find
 * the first refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    key: text('key').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    /** Everything returned: goods + core charges + tax + shipping + a free amount. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The part given as store credit rather than back to the card (decision 100). */
    storeCreditCents: bigint('store_credit_cents', { mode: 'number' }).notNull().default(0),
    /** The part taken off the order's invoice on account (decision 102): no money moves. */
    onAccountCents: bigint('on_account_cents', { mode: 'number' }).notNull().default(0),
    /**
     * The part taken off what the order still owed for parts added after it was paid (decision
     * 104): no money moves, the balance due is smaller.
     */
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    goodsCents: bigint('goods_cents', { mode: 'number' }).notNull().default(0),
    /** Core charges given back (docs/decisions/061). */
    coreCents: bigint('core_cents', { mode: 'number' }).notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    /** A free amount not tied to lines or shipping (a goodwill refund, a late payment). */
    otherCents: bigint('other_cents', { mode: 'number' }).notNull().default(0),
    lines: jsonb('lines').$type<RefundLine[]>().notNull(),
    restock: boolean('restock').notNull().default(false),
    reason: text('reason').notNull(),
    /** The payment refunded: the order's transaction, or a payment that arrived too late. */
    paymentIntentId: text('payment_intent_id').notNull(),
    provider: text('provider', { enum: ['simulated', 'stripe'] }).notNull(),
    providerRefundId: text('provider_refund_id'),
    failure: text('failure'),
    returnId: uuid('return_id'),
    /** The credit note's number, given by the database when the refund succeeds (like an order's invoice number). */
    creditNoteNumber: bigint('credit_note_number', { mode: 'number' }),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'refunds_amount_adds_up',
      sql`${t.amountCents} = ${t.goodsCents} + ${t.coreCents} + ${t.taxCents} + ${t.shippingCents} + ${t.otherCents} and ${t.amountCents} > 0`,
    ),
    check('refunds_store_credit_within_amount', sql`${t.storeCreditCents} between 0 and ${t.amountCents}`),
    check(
      'refunds_on_account_within_amount',
      sql`${t.onAccountCents} >= 0 and ${t.onAccountCents} + ${t.storeCreditCents} <= ${t.amountCents}`,
    ),
    check(
      'refunds_balance_within_amount',
      sql`${t.balanceCents} >= 0 and ${t.balanceCents} + ${t.onAccountCents} + ${t.storeCreditCents} <= ${t.amountCents}`,
    ),
    uniqueIndex('refunds_order_key_idx').on(t.orderId, t.key),
    uniqueIndex('refunds_provider_refund_idx').on(t.providerRefundId),
    uniqueIndex('refunds_credit_note_number_idx').on(t.creditNoteNumber),
    // The books read the refunds that succeeded in a period (dated by their last change).
    index('refunds_succeeded_idx').on(t.updatedAt, t.id).where(sql`${t.status} = 'succeeded'`),
    index('refunds_created_idx').on(t.createdAt),
  ],
);

/**
 * A returned line: its units, why, and (once received) whether they went back on the shelf. A core
 * return's lines are old parts (reason `core`), never stock: their outcome stays null.
 */
export interface ReturnLine extends LineQuantity {
  reason: ReturnLineReason;
  outcome: 'restock' | 'damaged' | null;
}

/** A customer's return of shipped parts, and the admin's decisions on it (docs/decisions/040). */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status', { enum: returnStatuses }).notNull().default('requested'),
    /** `parts` sent back for a refund of their price, or a `core` return of old parts for their core charge. */
    kind: text('kind', { enum: returnKinds }).notNull().default('parts').$type<ReturnKind>(),
    lines: jsonb('lines').$type<ReturnLine[]>().notNull(),
    /** The vehicle the customer had chosen, for parts that did not fit. */
    vehicle: jsonb('vehicle').$type<Vehicle>(),
    note: text('note'),
    adminNote: text('admin_note'),
    refundId: uuid('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_status_idx').on(t.status, t.createdAt),
    check('returns_kind_known', sql`${t.kind} in ('parts', 'core')`),
  ],
);

/**
 * A "does not fit" claim of a return, one per product (docs/decisions/092): where the return's
 * vehicle came from (My Garage, the picker's lists, or a VIN the store read), and what the
 * product's listing said about that vehicle when the return was asked for. `listed` is kept as it
 * was: it decides the restocking fee and the wrong-listing figures even after the fitment is
 * corrected (`corrected_at`, by `corrected_by`).
 */
export const returnFitClaims = pgTable(
  'return_fit_claims',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    source: text('source', { enum: claimSources }).notNull(),
    vin: text('vin'),
    listed: text('listed', { enum: listingFits }).notNull(),
    correctedAt: timestamp('corrected_at', { withTimezone: true, mode: 'date' }),
    correctedBy: text('corrected_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.productId] }),
    // The owner's numbers count wrong listings by product.
    index('return_fit_claims_product_idx').on(t.productId),
    check('return_fit_claims_source_known', sql`${t.source} in ('garage', 'vin', 'picker')`),
    check('return_fit_claims_listed_known', sql`${t.listed} in ('fits', 'universal', 'no')`),
  ],
);
