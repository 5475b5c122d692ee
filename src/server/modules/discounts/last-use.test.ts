import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutAnswer } from '../../../contract/checkout';
import { DiscountInput } from '../../../contract/discounts';
import type { Quote } from '../../../contract/pricing';
import type { Db } from '../../kernel/db/database';
import { discounts, discountUses, orders, products } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import { createTestApp, instancesOnOneDatabase, type TestApp, testConfig } from '../../test/harness';
import { postgresOnly } from '../../test/postgres-only';
import { signUp, type TestSession } from '../../test/sessions';
import { as, fillCart, HOME_ADDRESS } from '../../test/store-flow';
import { createDiscount } from './discounts.service';

/**
 * A code with one use left and twenty buyers checking out at the same moment: exactly one order
 * takes it; every other buyer is told the code is used up, has no order and keeps their cart.
 * Each buyer buys a product of their own, so the discount's row is the only thing they share (a
 * shared product would queue them on its stock lock before they reached the discount). On
 * PostgreSQL the twenty checkouts run on parallel connections, then on two instances of the store.
 */

const BUYERS = 20;

interface Buyer {
  app: FastifyInstance;
  session: TestSession;
  productId: string;
}

/** A code with `limit` uses of which all but one are taken. */
async function codeWithOneUseLeft(db: Db) {
  const code = `LAST${randomUUID().slice(0, 6).toUpperCase()}`;
  const discount = await createDiscount(
    db,
    DiscountInput.parse({ code, name: '$10 off', kind: 'fixed', value: 1000, usageLimit: 5 }),
  );
  await db.update(discounts).set({ usedCount: 4 }).where(eq(discounts.id, discount.id));
  return { code, id: discount.id };
}

async function buyers(db: Db, apps: FastifyInstance[]): Promise<Buyer[]> {
  const all: Buyer[] = [];
  for (let i = 0; i < BUYERS; i += 1) {
    const app = apps[i % apps.length] as FastifyInstance;
    const session = await signUp(app, { name: `Racing Buyer ${i}` });
    const product = await insertProduct(db, {
      priceCents: 5000,
      minimumOrderQuantity: 1,
      availableQuantity: 10,
    });
    await fillCart(app, session, [{ productId: product.id, quantity: 1 }]);
    all.push({ app, session, productId: product.id });
  }
  return all;
}

/** Every buyer prices the cart with the code (one use left: all see it applied), then all check out at once. */
async function raceForTheLastUse(db: Db, apps: FastifyInstance[]) {
  const { code, id } = await codeWithOneUseLeft(db);
  const racers = await buyers(db, apps);
  const shown = await Promise.all(
    racers.map(async (b) => {
      const cart = (
        await b.app.inject({ url: `/api/cart?region=MI&code=${code}`, headers: as(b.session) })
      ).json() as Quote;
      expect(cart.codeVerdict?.applied).toBe(true);
      return cart.totals.totalCents;
    }),
  );
  const answers = await Promise.all(
    racers.map((b, i) =>
      b.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: as(b.session),
        payload: {
          idempotencyKey: randomUUID(),
          address: HOME_ADDRESS,
          shippingMethod: 'standard',
          expectedTotalCents: shown[i],
          discountCode: code,
        },
      }),
    ),
  );

  const placed = answers.filter((a) => a.statusCode === 201);
  const refused = answers.filter((a) => a.statusCode !== 201);
  expect(placed).toHaveLength(1);
  expect(refused).toHaveLength(BUYERS - 1);
  for (const answer of refused) {
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().error.message).toBe(`Code ${code} has been used up.`);
  }
  const winner = ((placed[0] as (typeof answers)[number]).json() as CheckoutAnswer).order;
  expect(winner.discount).toMatchObject({ code, goodsCents: 1000 });

  // The counter and the uses agree: five taken, one by this race.
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  expect(row?.usedCount).toBe(5);
  const uses = await db.select().from(discountUses).where(eq(discountUses.discountId, id));
  expect(uses.map((u) => u.orderId)).toEqual([winner._id]);

  // No order was lost silently: the refused buyers have none, their stock is untouched and their
  // carts still hold the line to check out again (without the code).
  for (const [i, b] of racers.entries()) {
    const theirs = await db
      .select()
      .from(orders)
      .where(sql`${orders.id} in (select order_id from order_lines where product_id = ${b.productId})`);
    const [tool] = await db.select().from(products).where(eq(products.id, b.productId));
    if (answers[i]?.statusCode === 201) {
      expect(theirs).toHaveLength(1);
      expect(tool?.availableQuantity).toBe(9);
      continue;
    }
    expect(theirs).toHaveLength(0);
    expect(tool?.availableQuantity).toBe(10);
    const cart = (await b.app.inject({ url: '/api/cart', headers: as(b.session) })).json() as Quote;
    expect(cart.lines.map((l) => l.productId)).toEqual([b.productId]);
  }
}

describe('the last use of a code, twenty buyers at once (this engine)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('goes to exactly one of them; the others are told and keep their carts', async () => {
    await raceForTheLastUse(t.database.db, [t.app]);
  }, 120_000);
});

postgresOnly('the last use of a code on two instances of one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  const shared = instancesOnOneDatabase();

  it('goes to exactly one buyer across both instances', async () => {
    const a = await shared.instance(testConfig());
    const b = await shared.instance(testConfig());
    await raceForTheLastUse(shared.database.db, [a, b]);
  }, 120_000);
});
