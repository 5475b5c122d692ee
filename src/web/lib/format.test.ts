import { describe, expect, it } from 'vitest';
import { formatNumber, formatTotal } from './format';

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
  it('shows a total in whole dollars with .00', () => {
    expect(formatTotal(12.5, 3)).toBe('38.00');
  });
});
