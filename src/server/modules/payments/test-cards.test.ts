import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../contract/payments';
import { cardBrand, checkCard, luhnValid } from './test-cards';

const NOW = new Date('2026-05-15T12:00:00Z');
const card = (number: string, overrides: Partial<{ expiry: string; cvc: string }> = {}) => ({
  number,
  expiry: '12/30',
  cvc: '123',
  ...overrides,
});

describe('luhnValid', () => {
  it.each([
    '4242424242424242',
    '4000000000000002',
    '5555555555554444',
    '378282246310005',
    '6011111111111117',
    '79927398713',
  ])('accepts %s', (digits) => {
    expect(luhnValid(digits)).toBe(true);
  });

  it.each(['4242424242424241', '4242424242424243', '1234567812345678', '79927398710'])(
    'rejects %s',
    (digits) => {
      expect(luhnValid(digits)).toBe(false);
    },
  );
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4000056655665556', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['6445644564456445', 'discover'],
    ['3056930009020004', 'unknown'],
    ['2721000000000004', 'unknown'],
  ])('%s is %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });
});

describe('checkCard', () => {
  it('lets 4242 4242 4242 4242 through with only its brand and last four digits', () => {
    expect(checkCard(card('4242 4242 4242 4242'), NOW)).toEqual({ ok: true, brand: 'visa', last4: '4242' });
    expect(checkCard(card('4242-4242-4242-4242'), NOW)).toEqual({ ok: true, brand: 'visa', last4: '4242' });
  });

  it.each([
    ['5555555555554444', '123', 'mastercard', '4444'],
    ['378282246310005', '1234', 'amex', '0005'],
    ['6011111111111117', '123', 'discover', '1117'],
  ])('accepts %s (cvc %s) as %s', (number, cvc, brand, last4) => {
    expect(checkCard(card(number, { cvc }), NOW)).toEqual({ ok: true, brand, last4 });
  });

  it('wants a 4-digit CVC on amex and a 3-digit one elsewhere', () => {
    const invalid = { ok: false, code: 'invalid_cvc', message: "Your card's security code is invalid." };
    expect(checkCard(card('378282246310005', { cvc: '123' }), NOW)).toEqual(invalid);
    expect(checkCard(card('4242424242424242', { cvc: '1234' }), NOW)).toEqual(invalid);
    expect(checkCard(card('4242424242424242', { cvc: '12a' }), NOW)).toEqual(invalid);
  });

  it.each([
    ['4000000000000002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', "Your card's security code is incorrect."],
  ])('declines the test card %s with %s', (number, code, message) => {
    expect(checkCard(card(number), NOW)).toEqual({ ok: false, code, message });
  });

  it('knows every test card the payment page lists', () => {
    const outcomes = TEST_CARDS.map((c) => checkCard(card(c.number), NOW));
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, false, false, false]);
  });

  it.each([
    ['a Luhn-invalid number', '4242424242424241'],
    ['too few digits', '42424242424'],
    ['too many digits', '42424242424242424242'],
    ['letters', '4242abcd42424242'],
    ['nothing', ''],
  ])('refuses %s as an invalid number', (_label, number) => {
    expect(checkCard(card(number), NOW)).toEqual({
      ok: false,
      code: 'invalid_number',
      message: 'Your card number is invalid.',
    });
  });

  it('treats a card as good through the last day of its expiry month', () => {
    const ok = { ok: true, brand: 'visa', last4: '4242' };
    const past = {
      ok: false,
      code: 'invalid_expiry_year',
      message: "Your card's expiration date is in the past.",
    };
    expect(checkCard(card('4242424242424242', { expiry: '05/26' }), NOW)).toEqual(ok);
    expect(checkCard(card('4242424242424242', { expiry: '05/2026' }), NOW)).toEqual(ok);
    expect(checkCard(card('4242424242424242', { expiry: '05 / 26' }), NOW)).toEqual(ok);
    expect(
      checkCard(card('4242424242424242', { expiry: '05/26' }), new Date('2026-05-31T23:59:59Z')),
    ).toEqual(ok);
    expect(
      checkCard(card('4242424242424242', { expiry: '05/26' }), new Date('2026-06-01T00:00:00Z')),
    ).toEqual(past);
    expect(checkCard(card('4242424242424242', { expiry: '04/26' }), NOW)).toEqual(past);
    expect(checkCard(card('4242424242424242', { expiry: '12/25' }), NOW)).toEqual(past);
    expect(checkCard(card('4242424242424242', { expiry: '01/27' }), NOW)).toEqual(ok);
  });

  it.each(['00/30', '13/30', '1/30', '12-30', ''])('refuses the expiry %j as incomplete', (expiry) => {
    expect(checkCard(card('4242424242424242', { expiry }), NOW)).toEqual({
      ok: false,
      code: 'invalid_expiry_month',
      message: "Your card's expiration date is incomplete.",
    });
  });
});
