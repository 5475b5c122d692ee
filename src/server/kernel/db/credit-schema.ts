import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storeCreditReasons } from '../../../contract/store-credit';
import { user } from './auth-schema';
import { orders } from './order-core-schema';

/**
 * Store credit (decision 100), written by modules/credit only: a customer's balance, which a
 * CHECK keeps at zero or above and every move changes by a conditional update (so two orders
 * spending it at once never spend it twice), and the entries it is the sum of.
 */
export const storeCreditAccounts = pgTable(
  'store_credit_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    balanceCents: integer('balance_cents').notNull().default(0),
  },
  (t) => [check('store_credit_never_negative', sql`${t.balanceCents} >= 0`)],
);

export const storeCreditEntries = pgTable(
  'store_credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deltaCents: integer('delta_cents').notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    reason: text('reason', { enum: storeCreditReasons }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** The refund that gave it, for a refund's credit (no reference: refunds point at this room's rows). */
    refundId: uuid('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('store_credit_entries_move', sql`${t.deltaCents} <> 0`),
    index('store_credit_entries_user_idx').on(t.userId, t.id),
    index('store_credit_entries_order_idx').on(t.orderId),
  ],
);
