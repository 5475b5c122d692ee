import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Address } from '../../../contract/addresses';
import type { LineInput } from '../../../contract/pricing';
import { user } from './auth-schema';
import { orders } from './order-core-schema';

/**
 * Quotes (decision 103), written by the orders module: what staff offered a customer (lines,
 * shipping, address, a discount code), until when, and the order its acceptance placed. A quote
 * holds no stock and no price: it is priced each time it is read, and its order is placed (stock
 * held, prices read) when the customer accepts it. Its link is signed with the store's secret, not
 * kept.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    lines: jsonb('lines').$type<LineInput[]>().notNull(),
    shippingMethod: text('shipping_method').notNull(),
    shippingAddress: jsonb('shipping_address').$type<Address>().notNull(),
    discountCode: text('discount_code'),
    note: text('note'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('quotes_order_key').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);
