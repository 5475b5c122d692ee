import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';
import { discounts } from './discount-schema';
import { orders } from './order-core-schema';

/** Written by the discounts module inside the order's transaction (docs/decisions/057, 058). */

/** One row per order that took a use of a discount; released when an unpaid order ends. */
export const discountUses = pgTable(
  'discount_uses',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id),
    /** The customer's account; null for a guest's order. */
    userId: text('user_id').references(() => user.id),
    /** Whose use it is, for the limit per customer: the account's id, or `guest:` and the e-mail. */
    buyer: text('buyer').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('discount_uses_customer_idx').on(t.discountId, t.buyer).where(sql`${t.releasedAt} is null`)],
);
