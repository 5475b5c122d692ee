import type { AccountStanding } from '@contract/invoices';
import { formatCents } from '@contract/money';
import type { OnAccountTerms } from '@contract/trade';
import { useId } from 'react';

export type PayWith = 'card' | 'account';

/** "On account (net 30, $1,200.00 available)": the terms, and the credit left once it is read. */
export const onAccountLabel = (terms: OnAccountTerms, standing: AccountStanding | null) =>
  `On account (net ${terms.termsDays}${standing ? `, ${formatCents(standing.availableCents)} available` : ''})`;

/**
 * A trade account with terms (decision 102) pays by card or on account: two radios, a group the
 * keyboard moves through with the arrow keys. On account is offered disabled, with the store's
 * words, while the account may not order on account (an invoice overdue too long), and until
 * where it stands is read.
 */
export function PayWithChoice({
  terms,
  standing,
  checking,
  value,
  onChange,
  disabled,
}: {
  terms: OnAccountTerms;
  standing: AccountStanding | null;
  /** Where the account stands is still being read. */
  checking: boolean;
  value: PayWith;
  onChange: (value: PayWith) => void;
  disabled: boolean;
}) {
  const name = useId();
  const whyId = useId();
  const stoppedBecause = standing?.stoppedBecause ?? null;
  const accountOff = disabled || checking || stoppedBecause !== null;
  return (
    <fieldset className="space-y-2" disabled={disabled} data-testid="pay-with">
      <legend className="mb-1 font-medium">Pay with</legend>
      <label className="flex cursor-pointer items-center gap-2 whitespace-normal">
        <input
          type="radio"
          className="radio radio-sm"
          name={name}
          value="card"
          checked={value === 'card'}
          onChange={() => onChange('card')}
        />
        <span>Card</span>
      </label>
      <label
        className={`flex items-center gap-2 whitespace-normal${accountOff ? ' cursor-not-allowed' : ' cursor-pointer'}`}
      >
        <input
          type="radio"
          className="radio radio-sm"
          name={name}
          value="account"
          checked={value === 'account'}
          disabled={accountOff}
          aria-describedby={stoppedBecause ? whyId : undefined}
          onChange={() => onChange('account')}
        />
        <span>{onAccountLabel(terms, standing)}</span>
      </label>
      {stoppedBecause ? (
        <p id={whyId} className="text-sm" data-testid="on-account-stopped">
          {stoppedBecause}
        </p>
      ) : null}
    </fieldset>
  );
}
