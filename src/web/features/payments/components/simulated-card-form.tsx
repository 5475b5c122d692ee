import { type FormEvent, useState } from 'react';
import { TEST_CARDS } from '../../../../contract/payments';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { confirmSimulatedPayment } from '../api/payment-calls';
import { type CardErrors, cardErrors, formatExpiry } from './card-fields';

/**
 * Test mode: the store's own card form, charged by the simulated processor on the server with the
 * card networks' test numbers. Only brand and last four digits are kept.
 */
export function SimulatedCardForm({
  clientSecret,
  billing,
  amount,
  onPaid,
}: {
  clientSecret: string | undefined;
  billing: { name: string; email: string };
  amount: string;
  onPaid: (transactionId: string) => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<CardErrors>({});
  const [expiry, setExpiry] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!clientSecret) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const card = {
      cardNumber: String(data.get('cardNumber') ?? ''),
      expiry: String(data.get('expiry') ?? ''),
      cvc: String(data.get('cvc') ?? ''),
    };
    // Checked here first with the server's rules, so an empty or half-typed form shows its
    // messages under the fields, as every other form does.
    const invalid = cardErrors(card);
    setFieldErrors(invalid);
    setError(null);
    const first = Object.keys(invalid)[0];
    if (first) {
      form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { transactionId } = await confirmSimulatedPayment({
        clientSecret,
        ...card,
        name: billing.name,
        email: billing.email,
      });
      await onPaid(transactionId);
    } catch (failure) {
      setError(
        failure instanceof ApiError || failure instanceof Error ? failure.message : 'The payment failed.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2" aria-label="Card payment">
      <div role="note" className="alert alert-warning">
        <div>
          <p className="font-semibold">Test mode: no real card is charged.</p>
          <p className="text-sm">
            Use one of these card numbers with any future expiry date and any 3-digit CVC:
          </p>
          <ul className="mt-1 text-sm">
            {TEST_CARDS.map((card) => (
              <li key={card.number}>
                <span className="font-mono">{card.number}</span>: {card.outcome}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <TextField
        label="Card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        required
        error={fieldErrors.cardNumber}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/34"
          required
          value={expiry}
          onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          error={fieldErrors.expiry}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          required
          error={fieldErrors.cvc}
        />
      </div>
      {error ? (
        <p className="text-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary w-full" disabled={!clientSecret || busy}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Pay ${amount}
      </button>
    </form>
  );
}
