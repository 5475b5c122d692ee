import type { PaymentProviderName } from '../../../contract/payments';

/** What a card provider reports about one payment intent. */
export interface IntentSnapshot {
  id: string;
  status: 'succeeded' | 'processing' | 'requires_action' | 'failed' | 'open';
  amountCents: number;
  currency: string;
  /** The order the intent was created for (Stripe metadata; our own record for the simulator). */
  orderId: string | undefined;
  cardBrand: string | null;
  cardLast4: string | null;
}

/**
 * The one seam between the store and a card provider: the simulated
 * processor (no keys, no network) and Stripe implement it.
 */
export interface PaymentProvider {
  name: PaymentProviderName;
  publishableKey: string | null;
  createIntent(input: {
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<IntentSnapshot>;
  /**
   * Gives back part or all of a payment. The key makes a retry find the first refund instead of
   * a second one; `refundId` is ours, sent along so the provider's events can name it.
   */
  refund(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
    refundId: string;
    orderId: string;
  }): Promise<RefundSnapshot>;
}

/** What a provider says about one refund. */
export interface RefundSnapshot {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  failure: string | null;
}
