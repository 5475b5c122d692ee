/**
 * The simulated card processor's rules: the card networks' well-known test numbers behave as they
 * do in Stripe's test mode, and every card is checked like a real one (Luhn, expiry, CVC).
 * Messages are Stripe's, so the page reads the same with either provider.
 */
export type CardCheck =
  | { ok: true; brand: string; last4: string }
  | { ok: false; code: string; message: string };

const DECLINES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** `expiry` is MM/YY or MM/YYYY; `now` decides what is in the past. */
export function checkCard(
  card: { number: string; expiry: string; cvc: string },
  now = new Date(),
): CardCheck {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    return { ok: false, code: 'invalid_number', message: 'Your card number is invalid.' };
  }
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = Number(match?.[1]);
  const year = match?.[2] ? (match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2])) : Number.NaN;
  if (!match || month < 1 || month > 12) {
    return { ok: false, code: 'invalid_expiry_month', message: "Your card's expiration date is incomplete." };
  }
  // A card is good through the last day of its expiry month.
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." };
  }
  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) {
    return { ok: false, code: 'invalid_cvc', message: "Your card's security code is invalid." };
  }
  const decline = DECLINES[digits];
  if (decline) return { ok: false, ...decline };
  return { ok: true, brand, last4: digits.slice(-4) };
}
