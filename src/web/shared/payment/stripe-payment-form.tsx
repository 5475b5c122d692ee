import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key) as Promise<Stripe | null>;
};

interface Props {
  publishableKey: string;
  clientSecret: string;
  billing: { name: string; email: string };
  amount: string;
  onPaid: (transactionId: string) => Promise<void>;
}

function StripeForm({ billing, amount, onPaid }: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: {
        payment_method_data: { billing_details: { name: billing.name, email: billing.email } },
      },
      redirect: 'if_required',
    });
    if (result.error) {
      setError(result.error.message ?? 'The payment failed.');
    } else if (result.paymentIntent?.status === 'succeeded') {
      await onPaid(result.paymentIntent.id);
    } else {
      setError('The payment is being processed. Your order updates when the bank confirms it.');
    }
    setBusy(false);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-label="Card payment">
      <PaymentElement options={{ fields: { billingDetails: { name: 'never', email: 'never' } } }} />
      {error ? (
        <p className="text-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary w-full" disabled={!stripe || busy}>
        Pay ${amount}
      </button>
    </form>
  );
}

/** Stripe's Payment Element, loaded only when the store has Stripe keys (its own chunk). */
export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <StripeForm {...rest} />
    </Elements>
  );
}
