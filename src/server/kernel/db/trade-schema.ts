import { sql } from 'drizzle-orm';
import {
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
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('trade_accounts_percent_range', sql`${t.percentOffBasisPoints} between 0 and 9000`),
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
