import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscountInput } from '../../../contract/discounts';
import type { Quote } from '../../../contract/pricing';
import { insertProduct } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUp } from '../../test/sessions';
import { as, fillCart } from '../../test/store-flow';
import { createDiscount, endDiscount } from './discounts.service';

// A store without automatic discounts prices carts without reading them; the first one created
// applies to the very next cart, on this instance as soon as its commit returns.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('pricing while the store has no automatic discount', () => {
  it('reads no discounts, and applies one the moment it is created', async () => {
    const wrench = await insertProduct(t.database.db, { priceCents: 5000, minimumOrderQuantity: 1 });
    const buyer = await signUp(t.app, { name: 'Watch Buyer' });
    await fillCart(t.app, buyer, [{ productId: wrench.id, quantity: 1 }]);
    const cart = async () => {
      const before = t.database.queryCount();
      const res = await t.app.inject({ url: '/api/cart?shippingMethod=standard', headers: as(buyer) });
      expect(res.statusCode, res.body).toBe(200);
      return { quote: res.json() as Quote, statements: t.database.queryCount() - before };
    };
    // The first pricing asks, in the background, whether there is any; the ones after know. On
    // PostgreSQL every pooled connection hears a commit's announcement, some a little later than
    // others, and each late one makes the next pricing ask again: priced until it stops asking.
    const settled = async () => {
      let last = await cart();
      for (let tries = 0; tries < 50; tries += 1) {
        const next = await cart();
        if (next.statements === last.statements) return next;
        last = next;
      }
      throw new Error('the pricing never stopped asking about discounts');
    };
    const without = await settled();
    expect(without.quote.discount).toBeNull();

    const discount = await createDiscount(
      t.database.db,
      DiscountInput.parse({ name: '10% off everything', kind: 'percent', value: 1000, appliesTo: 'order' }),
    );
    const withOne = await cart();
    expect(withOne.quote.discount).toMatchObject({ label: '10% off everything', goodsCents: 500 });
    // Once the store knows again: the one read it skipped while it had none.
    const known = await settled();
    expect(known.quote.discount).toMatchObject({ goodsCents: 500 });
    expect(known.statements).toBe(without.statements + 1);

    // Ended, it no longer applies; the store still has an automatic discount on record and reads.
    await endDiscount(t.database.db, discount.id);
    expect((await cart()).quote.discount).toBeNull();
  });
});
