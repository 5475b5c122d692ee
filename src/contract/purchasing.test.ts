import { describe, expect, it } from 'vitest';
import { reorderOf } from './purchasing';

/** The reorder rule, as the owner would work it out on paper. */
describe('reorderOf', () => {
  const base = { days: 30, leadTimeDays: 5, coverDays: 30, lowStockAt: 3, onOrder: 0, packSize: 1 };

  it('reorders at what sells over the lead time, up to the lead time and the cover, in whole packs', () => {
    // 30 sold in 30 days: 1 a day. Point: 5 (the lead time's sales). Target: 35. 4 left: 31, as 6 packs of 6.
    expect(reorderOf({ ...base, sold: 30, available: 4, packSize: 6 })).toEqual({
      reorderPoint: 5,
      suggestedQuantity: 36,
    });
    expect(reorderOf({ ...base, sold: 30, available: 4 })).toEqual({
      reorderPoint: 5,
      suggestedQuantity: 31,
    });
  });

  it('counts what is on order, and suggests nothing above the point', () => {
    expect(reorderOf({ ...base, sold: 30, available: 4, onOrder: 2 })).toEqual({
      reorderPoint: 5,
      suggestedQuantity: 0,
    });
    expect(reorderOf({ ...base, sold: 30, available: 6 })).toEqual({ reorderPoint: 5, suggestedQuantity: 0 });
  });

  it('keeps a product that does not sell above its low-stock threshold', () => {
    // Nothing sold: the point is the threshold, and the order takes it one past.
    expect(reorderOf({ ...base, sold: 0, available: 3 })).toEqual({ reorderPoint: 3, suggestedQuantity: 1 });
    expect(reorderOf({ ...base, sold: 0, available: 0, packSize: 10 })).toEqual({
      reorderPoint: 3,
      suggestedQuantity: 10,
    });
  });

  it('rounds a slow seller up to a whole unit', () => {
    // 2 sold in 30 days: 0.33 units over the 5-day lead time, so the point is the threshold (3);
    // 2.33 over the lead time and the cover, under one past the point (4): 2 to order.
    expect(reorderOf({ ...base, sold: 2, available: 2 })).toEqual({ reorderPoint: 3, suggestedQuantity: 2 });
  });
});
