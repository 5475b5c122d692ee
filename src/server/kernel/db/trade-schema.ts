import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CategoryPercent, NetPrice } from '../../../contract/trade';
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
