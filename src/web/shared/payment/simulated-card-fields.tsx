import { TEST_CARDS } from '@contract/payments';
import { TextField } from '@web/components/ui/text-field';
import { useState } from 'react';
import { type CardErrors, type CardField, formatExpiry } from './card-fields';

/** The card as typed into the fields below, read from their form. */
export function readCardFields(form: HTMLFormElement): Record<CardField, string> {
  const data = new FormData(form);
  return {
    cardNumber: String(data.get('cardNumber') ?? ''),
    expiry: String(data.get('expiry') ?? ''),
    cvc: String(data.get('cvc') ?? ''),
  };
}

/**
 * Test mode's card fields and the list of test cards, inside whichever form pays: the payment
 * page's own or the checkout's one-button form.
 */
export function SimulatedCardFields({ errors }: { errors: CardErrors }) {
  const [expiry, setExpiry] = useState('');
  return (
    <>
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
        error={errors.cardNumber}
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
          error={errors.expiry}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          required
          error={errors.cvc}
        />
      </div>
    </>
  );
}
