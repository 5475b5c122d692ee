import { describe, expect, it } from 'vitest';
import { cardErrors, formatExpiry } from './card-fields';

describe('the card form', () => {
  it('shapes the expiry as MM/YY while it is typed', () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('12 / 30')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12/')).toBe('12/');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12345')).toBe('12/34');
    expect(formatExpiry('ab')).toBe('');
  });

  it('names every empty field with the server’s own message', () => {
    expect(cardErrors({ cardNumber: '', expiry: '', cvc: '' })).toEqual({
      cardNumber: 'Enter a card number',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(cardErrors({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' })).toEqual({});
  });
});
