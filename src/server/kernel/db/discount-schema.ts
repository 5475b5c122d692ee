import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { discountKinds, discountScopes } from '../../../contract/discounts';

/**
 * Discounts and their uses, written only by the discounts module (docs/decisions/057, 058). A code
 * is kept in upper case; an automatic discount has none. `used_count` is the counter a checkout
 * takes a use from in one conditional statement, so the last use goes to one buyer only;
 * `discount_uses` says which order took each use (a cancelled or expired unpaid order gives its
 * use back by setting `released_at`).
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code'),
    /** What buyers read ("10% off brake parts"). */
    name: text('name').notNull(),
    automatic: boolean('automatic').notNull().default(false),
    kind: text('kind', { enum: discountKinds }).notNull(),
    /** Basis points for a percent (1000 = 10%), cents for a fixed amount. */
    value: bigint('value', { mode: 'number' }).notNull(),
    appliesTo: text('applies_to', { enum: discountScopes }).notNull().default('order'),
    categorySlugs: text('category_slugs').array().notNull().default(sql`'{}'`),
    brandNames: text('brand_names').array().notNull().default(sql`'{}'`),
    minSubtotalCents: bigint('min_subtotal_cents', { mode: 'number' }).notNull().default(0),
    freeShipping: boolean('free_shipping').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('discounts_code_or_automatic', sql`(${t.code} is null) = ${t.automatic}`),
    check('discounts_code_shape', sql`${t.code} is null or ${t.code} ~ '^[A-Z0-9_-]{3,32}$'`),
    check('discounts_kind_known', sql`${t.kind} in ('percent', 'fixed')`),
    check(
      'discounts_value_in_range',
      sql`(${t.kind} = 'percent' and ${t.value} between 0 and 10000) or (${t.kind} = 'fixed' and ${t.value} >= 0)`,
    ),
    check('discounts_applies_to_known', sql`${t.appliesTo} in ('order', 'categories', 'brands')`),
    check(
      'discounts_limits_positive',
      sql`(${t.usageLimit} is null or ${t.usageLimit} >= 1) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1) and ${t.minSubtotalCents} >= 0`,
    ),
    check('discounts_used_count_not_negative', sql`${t.usedCount} >= 0`),
    check('discounts_ends_after_start', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('discounts_code_idx').on(t.code),
    index('discounts_automatic_idx').on(t.startsAt).where(sql`${t.automatic}`),
  ],
);
