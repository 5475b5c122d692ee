import { describe, expect, it } from 'vitest';
import { chosenLines, newIdempotencyKey } from './after-sale';

describe('refund and shipment dialogs read what the admin typed', () => {
  it('sends only the lines given a quantity', () => {
    expect(chosenLines({ a: 2, b: 0, c: 1 })).toEqual([
      { productId: 'a', quantity: 2 },
      { productId: 'c', quantity: 1 },
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
