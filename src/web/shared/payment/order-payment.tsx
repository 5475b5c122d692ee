import type { PaymentIntentAnswer } from '@contract/payments';
import { PageLoading } from '@web/components/ui/page-loading';
import { lazy, Suspense } from 'react';
import type { Payer } from './payer';
import { SimulatedCardForm } from './simulated-card-form';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/**
 * Paying an order that exists: Stripe's Payment Element when the store has Stripe keys, test
 * mode's own card form otherwise. Either way the payment is then reported through the `payer`
 * (a customer's or a guest's), and only then is `onPaid` told.
 */
export function OrderPayment({
  intent,
  payer,
  billing,
  amount,
  onCharged,
  onPaid,
  note,
}: {
  /** The order's payment intent; undefined while it opens (Pay waits for it). */
  intent: PaymentIntentAnswer | undefined;
  payer: Payer;
  billing: { name: string; email: string };
  amount: string;
  onCharged?: (transactionId: string) => void;
  onPaid: (transactionId: string) => Promise<void>;
  /** Why Pay waits, said under it. */
  note?: string | undefined;
}) {
  if (intent?.provider === 'stripe' && intent.publishableKey) {
    const paidWithStripe = async (transactionId: string) => {
      onCharged?.(transactionId);
      await payer.reportPaid(transactionId);
      await onPaid(transactionId);
    };
    return (
      <Suspense fallback={<PageLoading />}>
        <StripePaymentForm
          key={intent.clientSecret}
          publishableKey={intent.publishableKey}
          clientSecret={intent.clientSecret}
          billing={billing}
          amount={amount}
          onPaid={paidWithStripe}
        />
      </Suspense>
    );
  }
  return (
    <SimulatedCardForm
      clientSecret={intent?.clientSecret}
      billing={billing}
      amount={amount}
      payer={payer}
      onCharged={onCharged}
      onPaid={onPaid}
      note={note}
    />
  );
}
