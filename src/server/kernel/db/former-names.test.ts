import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCurrentNames } from '../../../contract/former-names';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase } from '../../test/harness';
import { insertPerson, kitOn, orderIn } from '../../test/kit';
import type { Database } from './database';
import { rowsOf as rowsIn } from './rows';
import { cartLines, fitments, orderLines, refunds, stockLevels } from './schema';

/**
 * The rename to one product name (drizzle/0044, decision 096) during a rolling restart: statements
 * of the release before, in its names (`tools`, `tool_id`, `tool_name`, `toolId` in stored lines),
 * run against the renamed tables beside this release's, and each sees what the other wrote.
 */
let database: Database;
const rowsOf = async <T>(query: ReturnType<typeof sql>) => rowsIn<T>(await database.db.execute(query));
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the release before, on the renamed tables', () => {
  it('adds a product through the view `tools`, which this release reads from `products` with its opening stock', async () => {
    const [made] = await rowsOf<{ id: string }>(sql`
      insert into tools (name, image, price_cents, description, available_quantity, minimum_order_quantity)
      values ('Former wrench', '/images/tools/torque-wrench.svg', 2500, array['Old names.'], 7, 1)
      returning id`);
    const id = made?.id as string;
    const [level] = await database.db.select().from(stockLevels).where(eq(stockLevels.productId, id));
    expect(level).toMatchObject({ onHand: 7, reserved: 0, available: 7 });
    const [both] = await rowsOf<{ product_id: string; tool_id: string }>(
      sql`select product_id, tool_id from product_stock where product_id = ${id}`,
    );
    expect(both).toEqual({ product_id: id, tool_id: id });
  });

  it('keeps each twin column equal to its new name, whichever of the two a statement wrote', async () => {
    const a = await insertProduct(database.db);
    const b = await insertProduct(database.db);
    // Written by this release: the twin follows.
    await database.db
      .insert(fitments)
      .values({ productId: a.id, make: 'Honda', model: 'Civic', yearFrom: 2016, yearTo: 2020 });
    const twin = () =>
      rowsOf<{ product_id: string; tool_id: string }>(
        sql`select product_id, tool_id from fitments where make = 'Honda' and model = 'Civic' and year_from = 2016`,
      );
    expect(await twin()).toEqual([{ product_id: a.id, tool_id: a.id }]);
    // Moved by the release before, through the former name: the new name follows.
    await database.db.execute(
      sql`update fitments set tool_id = ${b.id} where model = 'Civic' and year_from = 2016`,
    );
    expect(await twin()).toEqual([{ product_id: b.id, tool_id: b.id }]);
    // Moved by this release: the former follows.
    await database.db.update(fitments).set({ productId: a.id }).where(eq(fitments.model, 'Civic'));
    expect(await twin()).toEqual([{ product_id: a.id, tool_id: a.id }]);
  });

  it("runs the release before's cart upsert, named by the former key, on the line this release wrote", async () => {
    const buyer = await insertPerson(database.db);
    const part = await insertProduct(database.db);
    await database.db.insert(cartLines).values({ userId: buyer.id, productId: part.id, quantity: 2 });
    await database.db.execute(sql`
      insert into cart_lines (user_id, tool_id, quantity) values (${buyer.id}, ${part.id}, 5)
      on conflict (user_id, tool_id) do update set quantity = excluded.quantity`);
    const lines = await database.db.select().from(cartLines).where(eq(cartLines.userId, buyer.id));
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[part.id, 5]]);
  });

  it('places an order as the release before did (summary columns, `tool_id` and `tool_name` on the line), which this release reads', async () => {
    const buyer = await insertPerson(database.db);
    const part = await insertProduct(database.db, { name: 'Former pads', priceCents: 4000 });
    const [order] = await rowsOf<{ id: string }>(sql`
      insert into orders (tool_id, user_id, tool_name, unit_price_cents, quantity, total_cents, subtotal_cents,
        user_name, user_email, phone)
      values (${part.id}, ${buyer.id}, 'Former pads', 4000, 1, 4000, 4000, ${buyer.name}, ${buyer.email}, '01712345678')
      returning id`);
    const orderId = order?.id as string;
    await database.db.execute(sql`
      insert into order_lines (order_id, line_no, tool_id, tool_name, unit_price_cents, quantity)
      values (${orderId}, 1, ${part.id}, 'Former pads', 4000, 1)`);
    const [line] = await database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({ productId: part.id, productName: 'Former pads', unitPriceCents: 4000 });
  });

  it("leaves the summary columns empty on this release's orders and fills the former line columns", async () => {
    const kit = kitOn(database.db);
    const placed = await orderIn(kit, 'placed');
    const [row] = await rowsOf<Record<string, unknown>>(sql`
      select o.tool_id as summary_product, o.tool_name as summary_name, o.unit_price_cents as summary_price,
        l.tool_id, l.tool_name, l.product_id, l.product_name
      from orders o join order_lines l on l.order_id = o.id where o.id = ${placed.order._id}`);
    expect(row).toMatchObject({ summary_product: null, summary_name: null, summary_price: null });
    expect(row?.tool_id).toBe(row?.product_id);
    expect(row?.tool_name).toBe(row?.product_name);
  });

  it('stores both names of a product in the lines of a refund, whichever release wrote them', async () => {
    const kit = kitOn(database.db);
    const placed = await orderIn(kit, 'refunded');
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.orderId, placed.order._id));
    const written = refund?.lines[0] as unknown as Record<string, unknown>;
    expect(written.toolId).toBe(written.productId);
    // A refund row as the release before writes its lines: the new name is added.
    await database.db.execute(
      sql`update refunds set lines = ${JSON.stringify([{ toolId: written.productId, quantity: 1 }])}::jsonb
          where id = ${refund?.id as string}`,
    );
    const [again] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.id, refund?.id as string));
    expect(again?.lines).toEqual([{ productId: written.productId, toolId: written.productId, quantity: 1 }]);
  });

  it('announces a change of the catalog under both names', async () => {
    const part = await insertProduct(database.db);
    const heard = new Set<string>();
    const both = new Promise<void>((resolve) => {
      const stop = database.changes.subscribe((table) => {
        heard.add(table);
        if (heard.has('products') && heard.has('tools')) {
          stop();
          resolve();
        }
      });
    });
    await database.db.execute(sql`update products set brand = 'Renamed' where id = ${part.id}`);
    await both;
    expect([...heard].filter((t) => t === 'products' || t === 'tools').sort()).toEqual(['products', 'tools']);
  });
});

describe("a request from a page loaded before the release (the store's own calls)", () => {
  it('is read with `toolId` renamed `productId` near its top, a value already named winning', () => {
    expect(withCurrentNames({ lines: [{ toolId: 'a', quantity: 1 }], reason: 'x' })).toEqual({
      lines: [{ productId: 'a', quantity: 1 }],
      reason: 'x',
    });
    expect(withCurrentNames({ toolId: 'old', productId: 'new' })).toEqual({ productId: 'new' });
    expect(withCurrentNames('toolId')).toBe('toolId');
    const untouched = { lines: [{ productId: 'a' }] };
    expect(withCurrentNames(untouched)).toBe(untouched);
    // Nested past any call's depth: left alone, and no stack is exhausted.
    let deep: unknown = { toolId: 'x' };
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(withCurrentNames(deep)).toBe(deep);
    const polluted = withCurrentNames(JSON.parse('{"__proto__": {"toolId": 1}, "toolId": 2}')) as object;
    expect(Object.getPrototypeOf(polluted)).toBe(Object.prototype);
    expect(Object.keys(polluted).sort()).toEqual(['__proto__', 'productId']);
    expect(withCurrentNames(null)).toBeNull();
  });
});
