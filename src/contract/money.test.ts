import { describe, expect, it } from 'vitest';
import { formatCents, formatPrice } from './money';

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

describe('formatPrice', () => {
  it.each([
    [89.9, '89.90'],
    [0, '0.00'],
    [1234.5, '1234.50'],
    [10.05, '10.05'],
  ])('writes %d dollars as %s', (dollars, written) => {
    expect(formatPrice(dollars)).toBe(written);
  });
});
