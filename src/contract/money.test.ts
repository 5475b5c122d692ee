import { describe, expect, it } from 'vitest';
import {
  allocate,
  cents,
  centsToDecimal,
  centsToDollars,
  dollarsToCents,
  formatCents,
  formatPrice,
  MoneyError,
  parseMoney,
  percentOf,
  proportion,
  readMoney,
  sum,
  times,
} from './money';

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

describe('cents', () => {
  it('takes whole numbers and refuses anything else', () => {
    expect(cents(1999)).toBe(1999);
    expect(cents(-5)).toBe(-5);
    expect(() => cents(19.99)).toThrow(MoneyError);
    expect(() => cents(Number.NaN)).toThrow(MoneyError);
    expect(() => cents(2 ** 53)).toThrow(MoneyError);
  });

  it('sums whole cents only', () => {
    expect(sum([1999, 2, 500])).toBe(2501);
    expect(sum([])).toBe(0);
    expect(() => sum([1, 0.5])).toThrow(MoneyError);
  });

  it('multiplies an amount by whole units only', () => {
    expect(times(1899, 6)).toBe(11394);
    expect(times(2495, 0)).toBe(0);
    expect(() => times(1899, 1.5)).toThrow(MoneyError);
    expect(() => times(18.99, 6)).toThrow(MoneyError);
    expect(() => times(2 ** 52, 4)).toThrow(MoneyError);
  });
});

describe('parseMoney', () => {
  it.each([
    ['1249', 124900],
    ['1,249.00', 124900],
    ['1,249', 124900],
    ['$12.99', 1299],
    [' 12.5 ', 1250],
    ['0.07', 7],
    ['$0', 0],
    ['12,345,678.90', 1234567890],
  ])('reads %j as %d cents', (text, expected) => {
    expect(parseMoney(text, { maxDollars: 99_999_999 })).toBe(expected);
  });

  it.each([
    ['12,99', 'Write cents after a point, not a comma: 12.99'],
    ['$4,5', 'Write cents after a point, not a comma: $4.5'],
    ['1.999', 'An amount has at most two decimals (whole cents), like 12.99'],
    ['-3', 'The amount cannot be negative'],
    ['-$3.00', 'The amount cannot be negative'],
    ['', 'Enter an amount in dollars, like 12.99'],
    ['   ', 'Enter an amount in dollars, like 12.99'],
    ['1e3', 'Enter an amount in dollars, like 1,249.00 or 12.99'],
    ['1,24', 'Write cents after a point, not a comma: 1.24'],
    ['12,3456.00', 'Enter an amount in dollars, like 1,249.00 or 12.99'],
    ['12.', 'Enter an amount in dollars, like 1,249.00 or 12.99'],
    ['twelve', 'Enter an amount in dollars, like 1,249.00 or 12.99'],
    ['10000000', 'The amount can be at most $9,999,999.00'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseMoney(text)).toThrow(new MoneyError(message));
  });

  it('takes a sign where the caller allows one', () => {
    expect(parseMoney('-3.50', { allowNegative: true })).toBe(-350);
    expect(parseMoney('-$1,000', { allowNegative: true })).toBe(-100000);
    expect(parseMoney('-0', { allowNegative: true })).toBe(0);
  });

  it('readMoney answers undefined where parseMoney refuses', () => {
    expect(readMoney('4.99')).toBe(499);
    expect(readMoney('$12.5')).toBe(1250);
    expect(readMoney(' 7 ')).toBe(700);
    expect(readMoney('1.005')).toBeUndefined();
    expect(readMoney('-3')).toBeUndefined();
    expect(readMoney('12,99')).toBeUndefined();
    expect(readMoney('')).toBeUndefined();
  });
});

describe('dollars and cents', () => {
  it.each([
    [19.99, 1999],
    [0.07, 7],
    [1.1, 110],
    [4.35, 435],
    [1234.5, 123450],
    [0, 0],
    [-5.25, -525],
    // The one rounding rule: a third decimal rounds half away from zero, on the decimal as written.
    [1.005, 101],
    [1.004, 100],
    [-1.005, -101],
    [0.125, 13],
    [1e-7, 0],
  ])('%d dollars are %d cents', (dollars, expected) => {
    expect(dollarsToCents(dollars)).toBe(expected);
  });

  it('refuses what is not a number of dollars', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(MoneyError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(MoneyError);
  });

  it('writes cents back as the dollars of the wire', () => {
    expect(centsToDollars(5599)).toBe(55.99);
    expect(centsToDollars(7)).toBe(0.07);
    expect(centsToDollars(-110)).toBe(-1.1);
    expect(() => centsToDollars(0.5)).toThrow(MoneyError);
  });

  it.each([
    [5599, '55.99'],
    [7, '0.07'],
    [0, '0.00'],
    [123456789, '1234567.89'],
    [-5, '-0.05'],
    [-1999, '-19.99'],
  ])('writes %d cents for an export as %s', (amount, written) => {
    expect(centsToDecimal(amount)).toBe(written);
  });
});

describe('rounding a share', () => {
  it.each([
    // 7 % of $19.99 is 139.93 cents; 7.25 % of $10.00 is exactly 72.5 cents, rounded up.
    [1999, 700, 140],
    [1000, 725, 73],
    [5997, 700, 420],
    [0, 700, 0],
    [-1000, 725, -73],
  ])('%d cents at %d basis points is %d cents', (amount, rate, expected) => {
    expect(percentOf(amount, rate)).toBe(expected);
  });

  it('takes a part of an amount, half away from zero, and exactly in steps', () => {
    expect(proportion(100, 1, 3)).toBe(33);
    expect(proportion(100, 2, 3)).toBe(67);
    expect(proportion(100, 3, 3)).toBe(100);
    expect(proportion(5, 1, 2)).toBe(3);
    expect(proportion(-5, 1, 2)).toBe(-3);
    expect(proportion(100, 1, 0)).toBe(0);
    // Three steps of a third: 33, 34, 33 cents, 100 in all.
    const steps = [1, 2, 3].map((k) => proportion(100, k, 3) - proportion(100, k - 1, 3));
    expect(steps).toEqual([33, 34, 33]);
  });
});

describe('allocate', () => {
  it.each([
    // $10 across three equal lines: 334, 333, 333 (the cent left goes to the first tie).
    [1000, [1, 1, 1], [334, 333, 333]],
    [100, [1, 1, 1], [34, 33, 33]],
    // A $5 discount across $59.97 and $45.99 lines: 282.97… and 217.02…, the cent to the larger remainder.
    [500, [5997, 4599], [283, 217]],
    [1, [1, 1], [1, 0]],
    [7, [0, 5, 0], [0, 7, 0]],
    [0, [0, 0], [0, 0]],
    [-100, [1, 1, 1], [-34, -33, -33]],
    [10, [3, 3, 4], [3, 3, 4]],
  ])('splits %d across %j as %j', (total, weights, expected) => {
    expect(allocate(total, weights)).toEqual(expected);
  });

  it('refuses to split an amount across nothing, and refuses bad weights', () => {
    expect(() => allocate(100, [0, 0])).toThrow(MoneyError);
    expect(() => allocate(100, [])).toThrow(MoneyError);
    expect(() => allocate(100, [-1, 2])).toThrow(MoneyError);
    expect(() => allocate(100, [1.5])).toThrow(MoneyError);
    expect(() => allocate(1.5, [1])).toThrow(MoneyError);
  });

  it('always adds back up to the total, each part within a cent of its exact share (1,000 random splits)', () => {
    // A small seeded generator, so a failure can be replayed.
    let seed = 86;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (let run = 0; run < 1000; run++) {
      const weights: number[] = Array.from({ length: 1 + next(8) }, () =>
        next(4) === 0 ? 0 : next(100_000),
      );
      if (!weights.some((w) => w > 0)) weights[0] = 1;
      const total = next(2) === 0 ? next(1_000_000) : next(10);
      const parts = allocate(total, weights);
      const whole = weights.reduce((s, w) => s + w, 0);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
      parts.forEach((part, i) => {
        const exact = (total * (weights[i] ?? 0)) / whole;
        expect(Math.abs(part - exact)).toBeLessThan(1);
        if (weights[i] === 0) expect(part).toBe(0);
      });
      expect(allocate(total, weights)).toEqual(parts);
    }
  });
});
