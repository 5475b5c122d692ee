import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAgainWords } from '../../../contract/trade';
import { products, user } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUp } from '../../test/sessions';
import { cartLinesOf, putBackInCart } from './cart.service';

// Buy again's half in the cart: a past order's lines added to the cart as the stock allows today.

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const session = await signUp(t.app, { name: 'Weekly Reorder' });
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, session.email));
  if (!row) throw new Error('no account');
  userId = row.id;
});
afterAll(() => t.close());

describe('putting a past order back into the cart', () => {
  it('adds what is sold, caps at stock, raises to the minimum, and names what is not sold', async () => {
    const db = t.database.db;
    const filters = await insertProduct(db, {
      name: 'Oil filter',
      availableQuantity: 50,
      minimumOrderQuantity: 1,
    });
    const wipers = await insertProduct(db, {
      name: 'Wiper blade',
      availableQuantity: 3,
      minimumOrderQuantity: 1,
    });
    const bulbs = await insertProduct(db, {
      name: 'Bulb pack',
      availableQuantity: 40,
      minimumOrderQuantity: 10,
    });
    const gone = await insertProduct(db, { name: 'Old gasket', minimumOrderQuantity: 1 });
    const empty = await insertProduct(db, {
      name: 'Spark plug',
      availableQuantity: 0,
      minimumOrderQuantity: 1,
    });
    await db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, gone.id));

    const answer = await putBackInCart(db, userId, [
      { productId: filters.id, name: 'Oil filter', quantity: 6 },
      { productId: wipers.id, name: 'Wiper blade', quantity: 5 },
      { productId: bulbs.id, name: 'Bulb pack', quantity: 2 },
      { productId: gone.id, name: 'Old gasket', quantity: 1 },
      { productId: empty.id, name: 'Spark plug', quantity: 4 },
    ]);
    expect(answer).toEqual({
      added: [
        { productId: filters.id, name: 'Oil filter', quantity: 6, note: null },
        { productId: wipers.id, name: 'Wiper blade', quantity: 3, note: 'Only 3 in stock: 3 added.' },
        { productId: bulbs.id, name: 'Bulb pack', quantity: 10, note: 'Sold in at least 10: 10 added.' },
      ],
      notAdded: [
        { productId: gone.id, name: 'Old gasket', reason: buyAgainWords.notSold },
        { productId: empty.id, name: 'Spark plug', reason: buyAgainWords.outOfStock },
      ],
    });

    // Pressed again: the filters add up in the cart, the wipers stay at what is in stock.
    const again = await putBackInCart(db, userId, [
      { productId: filters.id, name: 'Oil filter', quantity: 6 },
      { productId: wipers.id, name: 'Wiper blade', quantity: 1 },
    ]);
    expect(again.added.map((a) => [a.quantity, a.note])).toEqual([
      [12, null],
      [3, 'Only 3 in stock: 3 added.'],
    ]);
    const cart = new Map((await cartLinesOf(db, userId)).map((l) => [l.productId, l.quantity]));
    expect(Object.fromEntries(cart)).toEqual({ [filters.id]: 12, [wipers.id]: 3, [bulbs.id]: 10 });
  });
});
