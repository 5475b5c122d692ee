import { describe, expect, it } from 'vitest';
import { dollarsToCents } from './money-input';

describe('money as staff type it', () => {
  it('reads dollars as whole cents without float arithmetic', () => {
    expect(dollarsToCents('4.99')).toBe(499);
    expect(dollarsToCents('$12.5')).toBe(1250);
    expect(dollarsToCents(' 7 ')).toBe(700);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('1.005')).toBeUndefined();
    expect(dollarsToCents('-3')).toBeUndefined();
    expect(dollarsToCents('1e3')).toBeUndefined();
    expect(dollarsToCents('')).toBeUndefined();
  });
});
