import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../kernel/db';
import { processedWebhookEvents, refunds } from '../../kernel/db';
import type { Outbox } from '../../kernel/outbox';
import { settleRefund } from '../orders';
import { refundSnapshotOf } from './stripe-provider';

/**
 * What the Stripe webhook reads and writes, kept out of its route: the events already handled
 * (a redelivery is acknowledged and changes nothing) and the refunds Stripe reports on.
 */

export async function webhookEventSeen(db: Db, id: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, id));
  return Boolean(seen);
}

export async function recordWebhookEvent(db: Db, id: string, type: string): Promise<void> {
  await db.insert(processedWebhookEvents).values({ id, type }).onConflictDoNothing();
}

export /** A Stripe refund's news: our refund is found by the id we sent along, or by Stripe's own id. */
async function settleStripeRefund(db: Db, outbox: Outbox, refund: Stripe.Refund) {
  const ours = refund.metadata?.refundId;
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      ours && /^[0-9a-f-]{36}$/.test(ours) ? eq(refunds.id, ours) : eq(refunds.providerRefundId, refund.id),
    );
  if (row) await settleRefund(db, outbox, row.id, refundSnapshotOf(refund), 'provider');
}
