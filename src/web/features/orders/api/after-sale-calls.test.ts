import { describe, expect, it } from 'vitest';
import { chosenLines, dollarsToCents, newIdempotencyKey } from './after-sale-calls';

describe('refund and shipment dialogs read what the admin typed', () => {
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

  it('sends only the lines given a quantity', () => {
    expect(chosenLines({ a: 2, b: 0, c: 1 })).toEqual([
      { toolId: 'a', quantity: 2 },
      { toolId: 'c', quantity: 1 },
    ]);
    expect(chosenLines({ a: 0 })).toEqual([]);
  });

  it('makes a new idempotency key each time, long enough for the server', () => {
    const one = newIdempotencyKey();
    const two = newIdempotencyKey();
    expect(one).not.toBe(two);
    expect(one.length).toBeGreaterThanOrEqual(8);
  });
});
