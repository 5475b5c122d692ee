import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paymentPurposes } from '../../../contract/payments';
import { orders } from './order-core-schema';

/** Written only by the payments module; marking an order paid is the orders module's `pay` event. */

/**
 * One payment intent per order and provider attempt. For the simulated processor this table is
 * the processor's own record; for Stripe it mirrors what Stripe reported.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider', { enum: ['simulated', 'stripe'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /**
     * `order`: the order's payment. `balance`: what parts added after it was paid by card cost
     * (decision 104); the order keeps which balance payments it took (order_balance_payments).
     */
    purpose: text('purpose', { enum: paymentPurposes }).notNull().default('order'),
    currency: text('currency').notNull().default('usd'),
    clientSecret: text('client_secret').notNull(),
    status: text('status', { enum: ['open', 'succeeded', 'failed'] })
      .notNull()
      .default('open'),
    lastError: text('last_error'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('payment_intents_order_idx').on(t.orderId, t.provider)],
);

/**
 * Stripe webhook events already handled: the webhook reads it first, so a redelivered event is
 * answered 200 and changes nothing.
 */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
