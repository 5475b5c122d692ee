import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscountInput } from '../../contract/discounts';
import type { OrderInput } from '../../contract/orders';
import type { Database } from '../kernel/db/database';
import { discountUses, orderLines, orders, outboxMessages, stockMovements } from '../kernel/db/schema';
import type { SessionUser } from '../kernel/identity';
import { createDiscount } from '../modules/discounts/discounts.service';
import { insertProduct } from '../test/fixtures';
import { createTestDatabase, testOutbox } from '../test/harness';
import { freeLimits, historyOf, insertCustomer, stockFigures, storePricing } from '../test/probes';
import { HOME_ADDRESS } from '../test/store-flow';
import {
  insertOrder,
  newOrderSteps,
  type PlaceOrderContext,
  placeOrder,
  placeOrderSteps,
} from './place-order';
import { failingAt, type Step } from './steps';

// Placing an order killed at each of its steps in turn. Inside its transaction a failure at any
// step leaves nothing: no order, no line, no history, no outbox message, no discount use, no stock
// held. Once committed, a failure of the flow's own later step releases the order.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A customer and a $45.99 product with 10 in stock. */
async function ready() {
  const me: SessionUser = await insertCustomer(database.db, 'Morgan Modal');
  const product = await insertProduct(database.db, {
    name: 'Oil filter',
    priceCents: 4599,
    availableQuantity: 10,
    minimumOrderQuantity: 1,
  });
  return { me, tool: product };
}

const modal = (productId: string): OrderInput => ({
  productId: productId,
  orderQuantity: 2,
  phone: '01712345678',
});

const ordersOf = (userId: string) =>
  database.db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.userId, userId));

const countOf = async (table: typeof orderLines | typeof outboxMessages | typeof discountUses) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n;

const movesOf = (productId: string) =>
  database.db
    .select({ reason: stockMovements.reason })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId));

const untouched = { onHand: 10, reserved: 0, available: 10 };

describe('placing an order, killed at each step', () => {
  it('reads top to bottom, inside one transaction and around it', () => {
    expect(newOrderSteps.map((s) => s.name)).toEqual([
      'check the caps',
      'read the products',
      "read the buyer's terms",
      'refuse what cannot be sold',
      'price the order',
      'write the order',
      'redeem the discount',
      'reserve the stock',
    ]);
    // The transaction is the compensation of the steps inside it.
    expect(newOrderSteps.filter((s) => s.compensate || s.pivot)).toEqual([]);
    expect(placeOrderSteps.map((s) => [s.name, Boolean(s.compensate), Boolean(s.pivot)])).toEqual([
      ['check the product id', false, false],
      ['place the order', true, false],
      ['answer with the order', false, false],
    ]);
  });

  it.each(newOrderSteps.map((s) => s.name))(
    'inside the transaction, at "%s": nothing written, no stock held, no discount used',
    async (step) => {
      const { me, tool } = await ready();
      const code = `OIL${randomUUID().slice(0, 6).toUpperCase()}`;
      await createDiscount(
        database.db,
        DiscountInput.parse({ code, name: '10% off', kind: 'percent', value: 1000 }),
      );
      const lines = await countOf(orderLines);
      const messages = await countOf(outboxMessages);
      const uses = await countOf(discountUses);
      const moves = (await movesOf(tool.id)).length;
      const outbox = testOutbox(database.db);
      const place = (steps: typeof newOrderSteps) =>
        database.db.transaction((tx) =>
          insertOrder(
            tx,
            outbox,
            me,
            {
              lines: [{ productId: tool.id, quantity: 2 }],
              phone: HOME_ADDRESS.phone,
              shippingMethod: 'standard',
              shippingAddress: HOME_ADDRESS,
              discountCode: code,
            },
            freeLimits(),
            storePricing(),
            new Date(),
            steps,
          ),
        );
      await expect(place(failingAt(newOrderSteps, step))).rejects.toThrow(`${step} killed`);
      expect(await ordersOf(me.id)).toEqual([]);
      expect(await countOf(orderLines)).toBe(lines);
      expect(await countOf(outboxMessages)).toBe(messages);
      expect(await countOf(discountUses)).toBe(uses);
      expect(await stockFigures(database.db, tool.id)).toMatchObject(untouched);
      expect(await movesOf(tool.id)).toHaveLength(moves);

      // The same order whole: $91.98 less 10% ($9.20) is $82.78 before shipping and tax.
      const { row } = await place(newOrderSteps);
      expect(row).toMatchObject({ subtotalCents: 9198, discountCents: 920, discountCode: code });
      expect(await countOf(discountUses)).toBe((uses ?? 0) + 1);
      expect(await stockFigures(database.db, tool.id)).toMatchObject({ reserved: 2, available: 8 });
    },
  );

  it.each(['check the product id', 'place the order'])(
    'from the order modal, at "%s": no order, the stock as it was',
    async (step) => {
      const { me, tool } = await ready();
      await expect(
        placeOrder(
          database.db,
          testOutbox(database.db),
          me,
          modal(tool.id),
          freeLimits(),
          storePricing(),
          new Date(),
          { place: failingAt(placeOrderSteps, step) },
        ),
      ).rejects.toThrow(`${step} killed`);
      expect(await ordersOf(me.id)).toEqual([]);
      expect(await stockFigures(database.db, tool.id)).toMatchObject(untouched);
    },
  );

  it('from the order modal, a step inside its transaction killed: refused as before, nothing left', async () => {
    const { me, tool } = await ready();
    await expect(
      placeOrder(
        database.db,
        testOutbox(database.db),
        me,
        modal(tool.id),
        freeLimits(),
        storePricing(),
        new Date(),
        { newOrder: failingAt(newOrderSteps, 'reserve the stock') },
      ),
    ).rejects.toThrow('reserve the stock killed');
    expect(await ordersOf(me.id)).toEqual([]);
    expect(await stockFigures(database.db, tool.id)).toMatchObject(untouched);
  });

  it('after the order is placed: it is released, its stock back, its history saying so', async () => {
    const { me, tool } = await ready();
    const [check, place, ...rest] = placeOrderSteps;
    if (!check || !place) throw new Error('steps missing');
    const broken: Step<PlaceOrderContext> = {
      name: 'a step that breaks',
      run: async () => {
        throw new Error('broken');
      },
    };
    await expect(
      placeOrder(
        database.db,
        testOutbox(database.db),
        me,
        modal(tool.id),
        freeLimits(),
        storePricing(),
        new Date(),
        { place: [check, place, broken, ...rest] },
      ),
    ).rejects.toThrow('broken');
    const [order] = await ordersOf(me.id);
    expect(order?.status).toBe('cancelled');
    expect(await historyOf(database.db, order?.id ?? '')).toEqual([
      'place:->unpaid',
      'cancel:unpaid>cancelled',
    ]);
    expect(await stockFigures(database.db, tool.id)).toMatchObject(untouched);
  });

  it('at the answer: the committed order is released in the same way', async () => {
    const { me, tool } = await ready();
    await expect(
      placeOrder(
        database.db,
        testOutbox(database.db),
        me,
        modal(tool.id),
        freeLimits(),
        storePricing(),
        new Date(),
        { place: failingAt(placeOrderSteps, 'answer with the order') },
      ),
    ).rejects.toThrow('answer with the order killed');
    expect((await ordersOf(me.id)).map((o) => o.status)).toEqual(['cancelled']);
    expect(await stockFigures(database.db, tool.id)).toMatchObject(untouched);
  });

  it('to the end: one unpaid order of 2 at $45.99, its stock held; a refusal in the modal’s words', async () => {
    const { me, tool } = await ready();
    const order = await placeOrder(
      database.db,
      testOutbox(database.db),
      me,
      modal(tool.id),
      freeLimits(),
      storePricing(),
    );
    expect(order.status).toBe('unpaid');
    expect(order.amounts.subtotalCents).toBe(9198);
    expect(await stockFigures(database.db, tool.id)).toMatchObject({ reserved: 2, available: 8 });
    // Out of stock is a code inside the flow; it leaves in the order modal's words.
    await expect(
      placeOrder(
        database.db,
        testOutbox(database.db),
        me,
        { ...modal(tool.id), orderQuantity: 9 },
        freeLimits(),
        storePricing(),
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Maximum order quantity must be 8 or below.',
    });
    expect(await stockFigures(database.db, tool.id)).toMatchObject({ reserved: 2, available: 8 });
  });
});
