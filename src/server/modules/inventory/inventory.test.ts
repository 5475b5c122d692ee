import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countBelowReservedMessage } from '../../../contract/inventory';
import { placeOrder } from '../../flows/place-order';
import type { Database } from '../../kernel/db/database';
import { rowsOf } from '../../kernel/db/rows';
import { orders, products, stockLevels, stockMovements } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testOutbox } from '../../test/harness';
import {
  freeLimits,
  insertCustomer,
  ledgerSum,
  stockFigures,
  stockOf,
  storePricing,
} from '../../test/probes';
import { HOME_ADDRESS } from '../../test/store-flow';
import { updateProduct } from '../catalog/catalog.service';
import { shipOrder } from '../orders/shipments';
import {
  adjustStock,
  moveStock,
  OutOfStock,
  ProductChanged,
  readForSale,
  stockLedger,
} from './inventory.service';
import { availableAtLeast, availableAtMost, availableOf, stockOf as levelsOf } from './stock-read';

// The inventory module against the real database, without HTTP.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const reasonsOf = async (productId: string) =>
  (
    await database.db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId))
      .orderBy(stockMovements.id)
  ).map((m) => `${m.reason}${m.delta > 0 ? '+' : ''}${m.delta}`);

describe('stock ledger', () => {
  it('opens every new product with its stock, however it is inserted', async () => {
    const one = await insertProduct(database.db, { availableQuantity: 70 });
    const [a, b] = await database.db
      .insert(products)
      .values([
        {
          name: 'Bulk A',
          image: '/a.svg',
          priceCents: 500,
          description: ['A.'],
          availableQuantity: 20,
          minimumOrderQuantity: 1,
        },
        {
          name: 'Bulk B',
          image: '/b.svg',
          priceCents: 500,
          description: ['B.'],
          availableQuantity: 0,
          minimumOrderQuantity: 1,
        },
      ])
      .returning();
    expect(await reasonsOf(one.id)).toEqual(['opening+70']);
    expect(await reasonsOf(a?.id ?? '')).toEqual(['opening+20']);
    // Nothing to open with: no zero row.
    expect(await reasonsOf(b?.id ?? '')).toEqual([]);
    // Each gets its one level, at the main location, with the same figures (even none).
    const levels = await database.db
      .select()
      .from(stockLevels)
      .where(sql`${stockLevels.productId} in (${one.id}, ${a?.id}, ${b?.id})`);
    expect(
      levels
        .map(
          (l) =>
            `${l.productId === one.id ? 'one' : l.productId === a?.id ? 'a' : 'b'} ${l.locationId} ${l.onHand}/${l.reserved}/${l.available}`,
        )
        .sort(),
    ).toEqual(['a main 20/0/20', 'b main 0/0/0', 'one main 70/0/70']);
  });

  it('moves the level, the product row and the ledger in one statement, the product row locked first', async () => {
    const product = await insertProduct(database.db, { availableQuantity: 10 });
    await database.db.transaction((tx) =>
      moveStock(tx, [{ productId: product.id, reserved: 4, reason: 'order_placed' }]),
    );
    expect(await stockFigures(database.db, product.id)).toEqual({
      onHand: 10,
      reserved: 4,
      available: 6,
      ledgerOnHand: 10,
      ledgerReserved: 4,
    });
    expect((await levelsOf(database.db, [product.id])).get(product.id)).toEqual({
      onHand: 10,
      reserved: 4,
      available: 6,
    });
    // The level's own CHECKs hold even against a write that skips the move.
    await expect(
      database.db
        .update(stockLevels)
        .set({ available: -1, onHand: 3, reserved: 4 })
        .where(eq(stockLevels.productId, product.id)),
    ).rejects.toThrow();
    await expect(
      database.db.update(stockLevels).set({ available: 7 }).where(eq(stockLevels.productId, product.id)),
    ).rejects.toThrow();
  });

  it("catches up with an instance of the release before, which moves only the product's row and the ledger", async () => {
    const product = await insertProduct(database.db, { availableQuantity: 10 });
    // What the release before's move statement does during a rolling restart: 3 units reserved.
    await database.db.execute(sql`
      with moved as (
        update products set available_quantity = available_quantity - 3, reserved_quantity = reserved_quantity + 3
        where id = ${product.id} returning id)
      insert into stock_movements (product_id, delta, on_hand_delta, reserved_delta, reason)
      select id, -3, 0, 3, 'order_placed' from moved`);
    expect((await levelsOf(database.db, [product.id])).get(product.id)?.available).toBe(10);
    // The next move of this release takes the row's figures, so the level is the ledger's again.
    await database.db.transaction((tx) =>
      moveStock(tx, [{ productId: product.id, onHand: 5, reason: 'admin_adjustment' }]),
    );
    expect(await stockFigures(database.db, product.id)).toEqual({
      onHand: 15,
      reserved: 3,
      available: 12,
      ledgerOnHand: 15,
      ledgerReserved: 3,
    });
    // A level lost altogether (none is, but a move never depends on it) is made again.
    await database.db.delete(stockLevels).where(eq(stockLevels.productId, product.id));
    expect((await levelsOf(database.db, [product.id])).get(product.id)).toEqual({
      onHand: 0,
      reserved: 0,
      available: 0,
    });
    await database.db.transaction((tx) =>
      moveStock(tx, [{ productId: product.id, reserved: 2, reason: 'order_placed' }]),
    );
    expect(await stockOf(database.db, product.id)).toBe(10);
  });

  it("gives other rooms a product's stock, one location per product for now", async () => {
    const product = await insertProduct(database.db, { availableQuantity: 9 });
    await database.db.transaction((tx) =>
      moveStock(tx, [{ productId: product.id, reserved: 2, reason: 'order_placed' }]),
    );
    expect((await levelsOf(database.db, [product.id])).get(product.id)).toEqual({
      onHand: 9,
      reserved: 2,
      available: 7,
    });
    const [row] = rowsOf<{ n: number; seven: boolean; eight: boolean; at_most_seven: boolean }>(
      await database.db.execute(
        sql`select ${availableOf(sql`t.id`)} as n, ${availableAtLeast(sql`t.id`, sql`7`)} as seven,
          ${availableAtLeast(sql`t.id`, sql`8`)} as eight, ${availableAtMost(sql`t.id`, sql`7`)} as at_most_seven
        from products t where t.id = ${product.id}`,
      ),
    );
    expect(row).toEqual({ n: 7, seven: true, eight: false, at_most_seven: true });
    // A second location waits for the issue that brings locations (and the view's sum).
    await expect(
      database.db
        .insert(stockLevels)
        .values({ productId: product.id, locationId: 'back room', onHand: 4, reserved: 1, available: 3 }),
    ).rejects.toThrow();
  });

  it('moves the column and the ledger together, and refuses to go below zero leaving both alone', async () => {
    const product = await insertProduct(database.db, { availableQuantity: 10 });
    await database.db.transaction(async (tx) => {
      const moved = await moveStock(tx, [{ productId: product.id, reserved: 7, reason: 'order_placed' }]);
      expect(moved.get(product.id)).toMatchObject({
        available: 3,
        name: product.name,
        priceCents: product.priceCents,
      });
    });
    const refused = database.db.transaction((tx) =>
      moveStock(tx, [{ productId: product.id, reserved: 4, reason: 'order_placed' }]),
    );
    await expect(refused).rejects.toBeInstanceOf(OutOfStock);
    await expect(refused).rejects.toMatchObject({
      code: 'OUT_OF_STOCK',
      left: 3,
      message: `Only 3 of ${product.name} left in stock.`,
    });
    expect(await stockOf(database.db, product.id)).toBe(3);
    expect(await ledgerSum(database.db, product.id)).toBe(3);
    expect(await reasonsOf(product.id)).toEqual(['opening+10', 'order_placed-7']);
  });

  it('reserves for an order only while the product is as the order read it', async () => {
    const product = await insertProduct(database.db, { availableQuantity: 10 });
    const [read] = (await database.db.transaction((tx) => readForSale(tx, [product.id]))).values();
    if (!read) throw new Error('not read');
    // Repriced between the order's read and its reservation: nothing moves, the buyer is told.
    await database.db
      .update(products)
      .set({ priceCents: product.priceCents + 100 })
      .where(eq(products.id, product.id));
    const repriced = database.db.transaction((tx) =>
      moveStock(tx, [{ productId: product.id, reserved: 2, reason: 'order_placed', asRead: read }]),
    );
    await expect(repriced).rejects.toBeInstanceOf(ProductChanged);
    await expect(repriced).rejects.toMatchObject({ status: 409 });
    expect(await stockOf(database.db, product.id)).toBe(10);
    // As read (the new price), it moves; short of stock it is out of stock, not changed.
    const [again] = (await database.db.transaction((tx) => readForSale(tx, [product.id]))).values();
    if (!again) throw new Error('not read');
    await database.db.transaction((tx) =>
      moveStock(tx, [{ productId: product.id, reserved: 2, reason: 'order_placed', asRead: again }]),
    );
    expect(await stockOf(database.db, product.id)).toBe(8);
    await expect(
      database.db.transaction((tx) =>
        moveStock(tx, [{ productId: product.id, reserved: 9, reason: 'order_placed', asRead: again }]),
      ),
    ).rejects.toMatchObject({ code: 'OUT_OF_STOCK', left: 8 });
    // Retired meanwhile: changed.
    await database.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, product.id));
    await expect(
      database.db.transaction((tx) =>
        moveStock(tx, [{ productId: product.id, reserved: 1, reason: 'order_placed', asRead: again }]),
      ),
    ).rejects.toBeInstanceOf(ProductChanged);
    expect(await reasonsOf(product.id)).toEqual(['opening+10', 'order_placed-2']);
  });

  it('rolls back every move of a transaction when one product is short', async () => {
    const plenty = await insertProduct(database.db, { availableQuantity: 50 });
    const scarce = await insertProduct(database.db, { availableQuantity: 2 });
    await expect(
      database.db.transaction((tx) =>
        moveStock(tx, [
          { productId: plenty.id, reserved: 5, reason: 'order_placed' },
          { productId: scarce.id, reserved: 5, reason: 'order_placed' },
        ]),
      ),
    ).rejects.toMatchObject({ productId: scarce.id, left: 2 });
    expect(await stockOf(database.db, plenty.id)).toBe(50);
    expect(await reasonsOf(plenty.id)).toEqual(['opening+50']);
  });

  it('adjusts by a delta or to a counted number, with the admin and the note on the ledger', async () => {
    const admin = await insertCustomer(database.db, 'Stock Admin');
    const product = await insertProduct(database.db, { availableQuantity: 40 });
    expect(await adjustStock(database.db, product.id, { delta: 15, note: 'delivery' }, admin.id)).toBe(55);
    expect(await adjustStock(database.db, product.id, { set: 30, note: 'counted' }, admin.id)).toBe(30);
    // Setting what is already there records nothing.
    expect(await adjustStock(database.db, product.id, { set: 30 }, admin.id)).toBe(30);
    const ledger = await stockLedger(database.db, product.id);
    expect(ledger).toMatchObject({ onHand: 30, reserved: 0, available: 30 });
    expect(ledger.movements.map((m) => [m.reason, m.delta, m.note])).toEqual([
      ['admin_adjustment', -25, 'counted'],
      ['admin_adjustment', 15, 'delivery'],
      ['opening', 40, null],
    ]);
    await expect(adjustStock(database.db, product.id, { delta: -31 }, admin.id)).rejects.toBeInstanceOf(
      OutOfStock,
    );
    expect(await ledgerSum(database.db, product.id)).toBe(30);
  });

  it('stocks a draft before it goes on sale, and refuses an archived product', async () => {
    const admin = await insertCustomer(database.db, 'Stock Admin');
    const draft = await insertProduct(database.db, {
      availableQuantity: 0,
      status: 'draft',
      retiredAt: new Date(Date.UTC(2026, 10, 1)),
    });
    expect(await adjustStock(database.db, draft.id, { set: 12, note: 'first delivery' }, admin.id)).toBe(12);
    const archived = await insertProduct(database.db, {
      availableQuantity: 3,
      status: 'archived',
      retiredAt: new Date(Date.UTC(2026, 10, 1)),
    });
    await expect(adjustStock(database.db, archived.id, { delta: 1 }, admin.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await ledgerSum(database.db, archived.id)).toBe(3);
  });

  it("keeps a reservation made while the admin's form was open (the edit is the difference from what it showed)", async () => {
    const admin = await insertCustomer(database.db, 'Form Admin');
    const buyer = await insertCustomer(database.db, 'Form Buyer');
    const product = await insertProduct(database.db, { availableQuantity: 100, minimumOrderQuantity: 1 });
    // The admin's form shows 100; meanwhile a customer reserves 10; the admin types 150.
    await placeOrder(
      database.db,
      testOutbox(database.db),
      buyer,
      { productId: product.id, orderQuantity: 10, phone: '01712345678' },
      freeLimits(),
      storePricing(),
    );
    const edited = await updateProduct(
      database.db,
      product.id,
      { available_quantity: 150, available_quantity_was: 100 },
      admin.id,
    );
    expect(edited.available_quantity).toBe(140);
    expect(await reasonsOf(product.id)).toEqual(['opening+100', 'order_placed-10', 'admin_adjustment+50']);
    expect(await ledgerSum(database.db, product.id)).toBe(140);
    // An API client without the form's number sets the stock to what it says, through the ledger too.
    expect(
      (await updateProduct(database.db, product.id, { available_quantity: 120 }, admin.id))
        .available_quantity,
    ).toBe(120);
    expect(await ledgerSum(database.db, product.id)).toBe(120);
  });

  it('counts on hand while orders wait to ship: the count never sells reserved units twice', async () => {
    const admin = await insertCustomer(database.db, 'Count Admin');
    const buyer = await insertCustomer(database.db, 'Count Buyer');
    const product = await insertProduct(database.db, { availableQuantity: 20, minimumOrderQuantity: 1 });
    const order = await placeOrder(
      database.db,
      testOutbox(database.db),
      buyer,
      { productId: product.id, orderQuantity: 3, phone: '01712345678' },
      freeLimits(),
      storePricing(),
    );
    expect(await stockFigures(database.db, product.id)).toMatchObject({
      onHand: 20,
      reserved: 3,
      available: 17,
    });
    // The admin counts 10 on the shelf while the 3 units wait: 7 are left to sell, not 10 or 13.
    expect(await adjustStock(database.db, product.id, { set: 10, note: 'counted' }, admin.id)).toBe(7);
    expect(await stockFigures(database.db, product.id)).toEqual({
      onHand: 10,
      reserved: 3,
      available: 7,
      ledgerOnHand: 10,
      ledgerReserved: 3,
    });
    // A count below what is reserved is refused and changes nothing.
    await expect(adjustStock(database.db, product.id, { set: 2 }, admin.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: countBelowReservedMessage(3),
    });
    // Shipping takes the units off the shelf and out of the reservation: buyers still see 7.
    await database.db
      .update(orders)
      .set({ status: 'awaiting_shipment', shippingAddress: HOME_ADDRESS })
      .where(eq(orders.id, order._id));
    await shipOrder(database.db, testOutbox(database.db), order._id, admin.id);
    expect(await stockFigures(database.db, product.id)).toEqual({
      onHand: 7,
      reserved: 0,
      available: 7,
      ledgerOnHand: 7,
      ledgerReserved: 0,
    });
    const ledger = await stockLedger(database.db, product.id);
    expect(ledger).toMatchObject({ onHand: 7, reserved: 0, available: 7 });
    expect(ledger.movements.map((m) => [m.reason, m.onHand, m.reserved])).toEqual([
      ['sale', -3, -3],
      ['admin_adjustment', -10, 0],
      ['order_placed', 0, 3],
      ['opening', 20, 0],
    ]);
  });
});
