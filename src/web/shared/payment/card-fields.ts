import { SimulatedConfirmInput } from '@contract/payments';

export type CardField = 'cardNumber' | 'expiry' | 'cvc';
export type CardErrors = Partial<Record<CardField, string>>;

const CardFields = SimulatedConfirmInput.pick({ cardNumber: true, expiry: true, cvc: true });

/** The card fields checked with the server's own rules; one message per field, as every form shows them. */
export function cardErrors(values: Record<CardField, string>): CardErrors {
  const result = CardFields.safeParse(values);
  if (result.success) return {};
  const errors: CardErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as CardField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The expiry as typed, shaped as MM/YY: "1230" becomes "12/30", "0" stays "0", "1230" typed with
 * a slash stays as it is. Only digits and one slash are kept.
 */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return typed.includes('/') && digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
