import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  type CategoryPercent,
  type DiscountRule,
  discountRules,
  type NetPrice,
  type QuantityBreak,
  tradeApplicationStatuses,
} from '../../../contract/trade';
import { user } from './auth-schema';

/**
 * Trade accounts (decision 095), written by the accounts module: a customer account that buys at
 * its price list and may hold a resale certificate. One row per account; no row is a retail buyer.
 * The category percentages and net prices are read whole with the row (a list is a few dozen
 * entries); a net price naming a product deleted since is never matched, so it is harmless.
 */
/**
 * Customer groups (decision 102), written by the accounts module: trade tiers the owner names, each
 * with the price list its member accounts buy at. Retail is no group (no trade account at all).
 */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    percentOffBasisPoints: integer('percent_off_bp').notNull().default(0),
    categoryPercents: jsonb('category_percents').$type<CategoryPercent[]>().notNull().default([]),
    netPrices: jsonb('net_prices').$type<NetPrice[]>().notNull().default([]),
    quantityBreaks: jsonb('quantity_breaks').$type<QuantityBreak[]>().notNull().default([]),
    discountRule: text('discount_rule', { enum: discountRules })
      .$type<DiscountRule>()
      .notNull()
      .default('stack'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_groups_name_key').on(sql`lower(${t.name})`),
    check('customer_groups_percent_range', sql`${t.percentOffBasisPoints} between 0 and 9000`),
  ],
);

export const tradeAccounts = pgTable(
  'trade_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    percentOffBasisPoints: integer('percent_off_bp').notNull().default(0),
    categoryPercents: jsonb('category_percents').$type<CategoryPercent[]>().notNull().default([]),
    netPrices: jsonb('net_prices').$type<NetPrice[]>().notNull().default([]),
    /** Lower unit prices from a quantity up, per product (decision 101's addendum). */
    quantityBreaks: jsonb('quantity_breaks').$type<QuantityBreak[]>().notNull().default([]),
    certificateNumber: text('certificate_number'),
    certificateStates: text('certificate_states').array().notNull().default([]),
    certificateExpiresOn: date('certificate_expires_on', { mode: 'string' }),
    discountRule: text('discount_rule', { enum: discountRules })
      .$type<DiscountRule>()
      .notNull()
      .default('stack'),
    /** Its customer group (decision 102): when set, the account buys at the group's list, not its own. */
    groupId: uuid('group_id').references(() => customerGroups.id, { onDelete: 'restrict' }),
    /** Orders on account (decision 102): the most it may owe, and its invoices' terms; both or neither. */
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }),
    termsDays: integer('terms_days'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('trade_accounts_percent_range', sql`${t.percentOffBasisPoints} between 0 and 9000`),
    check('trade_accounts_terms_whole', sql`(${t.creditLimitCents} is null) = (${t.termsDays} is null)`),
    check('trade_accounts_terms_days', sql`${t.termsDays} is null or ${t.termsDays} in (15, 30)`),
    index('trade_accounts_group_idx').on(t.groupId),
    check(
      'trade_accounts_certificate_whole',
      sql`(${t.certificateNumber} is null) = (${t.certificateExpiresOn} is null)`,
    ),
  ],
);

/** Raw bytes (a certificate's scan), the same type on PGlite and PostgreSQL. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A shop's application for trade terms (decision 101), written by the accounts module: what it
 * says of itself, its resale certificate and the certificate's scan (kept here, never under a public
 * address: only managers download it), and the decision. One pending application per account.
 */
export const tradeApplications = pgTable(
  'trade_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    taxId: text('tax_id').notNull(),
    certificateNumber: text('certificate_number'),
    certificateStates: text('certificate_states').array().notNull().default([]),
    certificateExpiresOn: date('certificate_expires_on', { mode: 'string' }),
    certificateFile: bytea('certificate_file'),
    certificateFileType: text('certificate_file_type'),
    note: text('note'),
    status: text('status', { enum: tradeApplicationStatuses }).notNull().default('pending'),
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('trade_applications_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('trade_applications_status_idx').on(t.status, t.createdAt),
  ],
);
