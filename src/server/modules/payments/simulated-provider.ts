import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db';
import { paymentIntents, refunds, rowsOf, updateRow } from '../../kernel/db';
import { AppError } from '../../kernel/errors';

import type { IntentSnapshot, PaymentProvider } from './payment-provider';

type IntentRow = typeof paymentIntents.$inferSelect;
const updateIntent = updateRow(paymentIntents, paymentIntents.id, 'update intent');

import { checkCard } from './test-cards';

/**
 * The built-in card processor for stores without Stripe keys (and for every test): intents live
 * in our payment_intents table and cards follow the test-card rules. Only brand and last four
 * digits are ever stored. The UI labels it "test mode".
 */
export function createSimulatedProvider(db: Db): PaymentProvider & {
  confirm(
    intent: IntentRow,
    card: { number: string; expiry: string; cvc: string },
  ): Promise<{ snapshot: IntentSnapshot; row: IntentRow }>;
} {
  const snapshot = (row: typeof paymentIntents.$inferSelect): IntentSnapshot => ({
    id: row.id,
    status: row.status === 'succeeded' ? 'succeeded' : row.status === 'failed' ? 'failed' : 'open',
    amountCents: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
  });

  return {
    name: 'simulated',
    publishableKey: null,
    // As a real processor does, one idempotency key names one intent: a payment opened twice at
    // once (a checkout sent twice) is one intent, whichever request records it first.
    async createIntent({ idempotencyKey }) {
      const id = `sim_pi_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}` };
    },
    /**
     * Refunds one of our intents at once. The processor's own check: what its non-failed refunds
     * return (this one included, already recorded pending) never exceeds what the card paid.
     */
    async refund({ paymentIntentId, refundId }) {
      const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, paymentIntentId));
      if (row?.status !== 'succeeded')
        return { id: `sim_re_${refundId}`, status: 'failed', failure: 'charge_not_found' };
      const [given] = rowsOf<{ n: string }>(
        await db.execute(
          // What goes back to the card: a refund's store credit part (decision 100), invoice part
          // (decision 102) and part taken off a balance owed (decision 104) are not the processor's.
          sql`select coalesce(sum(amount_cents - store_credit_cents - on_account_cents - balance_cents), 0)::text as n from ${refunds} where payment_intent_id = ${paymentIntentId} and status <> 'failed'`,
        ),
      );
      if (Number(given?.n ?? 0) > row.amountCents)
        return { id: `sim_re_${refundId}`, status: 'failed', failure: 'amount_too_large' };
      return { id: `sim_re_${refundId.replaceAll('-', '')}`, status: 'succeeded', failure: null };
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
      if (!row) throw new AppError('NOT_FOUND', 'Payment was not found');
      return snapshot(row);
    },
    /** Charges the card for one of our intents (the caller found it by its client secret); a repeat after success is a no-op. */
    async confirm(row, card) {
      if (row.provider !== 'simulated') throw new AppError('NOT_FOUND', 'Payment was not found');
      if (row.status === 'succeeded') return { snapshot: snapshot(row), row };
      const result = checkCard(card);
      if (!result.ok) {
        await db
          .update(paymentIntents)
          .set({ lastError: result.code, updatedAt: new Date() })
          .where(eq(paymentIntents.id, row.id));
        throw new AppError('PAYMENT_FAILED', result.message);
      }
      const updated = await updateIntent(db, row.id, {
        status: 'succeeded',
        cardBrand: result.brand,
        cardLast4: result.last4,
        lastError: null,
        updatedAt: new Date(),
      });
      if (!updated) throw new Error('intent vanished');
      return { snapshot: snapshot(updated), row: updated };
    },
  };
}

export type SimulatedProvider = ReturnType<typeof createSimulatedProvider>;
