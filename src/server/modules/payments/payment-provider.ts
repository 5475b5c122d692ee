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
}
