import { ApiError } from '@web/lib/api-client';
import { type FormEvent, useId, useState } from 'react';
import { type CardErrors, cardErrors } from './card-fields';
import { type Payer, payByCard } from './payer';
import { readCardFields, SimulatedCardFields } from './simulated-card-fields';

/**
 * Test mode: the store's own card form, charged by the simulated processor on the server with the
 * card networks' test numbers. Only brand and last four digits are kept.
 */
export function SimulatedCardForm({
  clientSecret,
  billing,
  amount,
  payer,
  onCharged,
  onPaid,
  note,
}: {
  clientSecret: string | undefined;
  billing: { name: string; email: string };
  amount: string;
  /** A customer's or a guest's order: who pays, and how the store is told. */
  payer: Payer;
  /** The card was charged; the store is told next. */
  onCharged?: (transactionId: string) => void;
  /** The order is paid and the store knows it. */
  onPaid: (transactionId: string) => Promise<void>;
  /** Why Pay waits, said under it (the payment page's missing address). */
  note?: string | undefined;
}) {
  const noteId = useId();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<CardErrors>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!clientSecret) return;
    const form = event.currentTarget;
    const card = readCardFields(form);
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
      const transactionId = await payByCard(
        payer,
        { clientSecret, ...card, name: billing.name, email: billing.email },
        onCharged,
      );
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
      <SimulatedCardFields errors={fieldErrors} />
      {error ? (
        <p className="text-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={!clientSecret || busy}
        aria-describedby={note ? noteId : undefined}
      >
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Pay ${amount}
      </button>
      {note ? (
        <p id={noteId} className="text-sm text-base-content/70">
          {note}
        </p>
      ) : null}
    </form>
  );
}
