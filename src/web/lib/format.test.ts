import { describe, expect, it } from 'vitest';
import { formatCents, formatNumber, formatPrice, formatTotal } from './format';

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [4200, '4,200'],
    [100000, '100,000'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
  ])('writes %d as %s, as en-US does', (value, written) => {
    expect(formatNumber(value)).toBe(written);
    expect(formatNumber(value)).toBe(value.toLocaleString('en-US'));
  });
});

describe('prices', () => {
  it('shows a price with two decimals and a total in whole dollars with .00', () => {
    expect(formatPrice(89.9)).toBe('89.90');
    expect(formatTotal(12.5, 3)).toBe('38.00');
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [799, '$7.99'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-1999, '-$19.99'],
  ])('writes %d cents as %s', (cents, written) => {
    expect(formatCents(cents)).toBe(written);
  });
});
