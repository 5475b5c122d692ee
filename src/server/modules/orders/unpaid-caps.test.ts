import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyReservedUnitsMessage, tooManyUnpaidOrdersMessage } from '../../../contract/orders';
import { insertTool } from '../../test/fixtures';
import { createTestApp, realOrderCaps, type TestApp } from '../../test/harness';
import { stockOf } from '../../test/probes';
import { signUp } from '../../test/sessions';
import { as, PHONE, payOrder, placeOrder } from '../../test/store-flow';

// The store's own caps on unpaid orders (3 orders, 100 units, 30-minute holds), not the test defaults.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ orders: realOrderCaps() });
});
afterAll(() => t.close());

const order = (session: Awaited<ReturnType<typeof signUp>>, toolId: string, orderQuantity: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: as(session),
    payload: { orderId: toolId, orderQuantity, phone: PHONE },
  });

describe('nobody empties the shelves without paying', () => {
  it('holds unpaid orders for 30 minutes by default', async () => {
    const buyer = await signUp(t.app, { name: 'Hold Buyer' });
    const tool = await insertTool(t.database.db, { availableQuantity: 50, minimumOrderQuantity: 1 });
    const placed = await placeOrder(t.app, buyer, tool.id, 2);
    expect(Date.parse(placed.expiresAt ?? '') - Date.parse(placed.createdAt)).toBe(30 * 60_000);
  });

  it('one customer cannot stop another from buying: a hoarder gets at most 100 units and 3 unpaid orders', async () => {
    const mallory = await signUp(t.app, { name: 'Mallory Hoarder' });
    const alice = await signUp(t.app, { name: 'Alice Buyer' });
    const tool = await insertTool(t.database.db, { availableQuantity: 150, minimumOrderQuantity: 1 });

    // All of it in one request: refused, saying what to do.
    const all = await order(mallory, tool.id, 150);
    expect(all.statusCode).toBe(409);
    expect(all.json().error).toEqual({ code: 'CONFLICT', message: tooManyReservedUnitsMessage(100, 0) });
    expect(await stockOf(t.database.db, tool.id)).toBe(150);

    await placeOrder(t.app, mallory, tool.id, 40);
    await placeOrder(t.app, mallory, tool.id, 40);
    const over = await order(mallory, tool.id, 30);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(tooManyReservedUnitsMessage(100, 80));
    const third = await placeOrder(t.app, mallory, tool.id, 20);
    const fourth = await order(mallory, tool.id, 1);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toBe(tooManyUnpaidOrdersMessage(3));

    // Alice still buys what is left, and pays.
    expect(await stockOf(t.database.db, tool.id)).toBe(50);
    const hers = await placeOrder(t.app, alice, tool.id, 50);
    await payOrder(t.app, alice, hers._id);

    // Paying or cancelling frees Mallory's slot.
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${third._id}`,
      headers: as(mallory),
    });
    expect(cancel.statusCode).toBe(200);
    expect((await order(mallory, tool.id, 5)).statusCode).toBe(201);
  });

  it('counts orders sent at the same moment against each other', async () => {
    const rusher = await signUp(t.app, { name: 'Rush Orderer' });
    const tool = await insertTool(t.database.db, { availableQuantity: 500, minimumOrderQuantity: 1 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(rusher, tool.id, 10)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    expect(await stockOf(t.database.db, tool.id)).toBe(470);
  });
});

describe('quantities', () => {
  it.each([['0x10'], ['1e3'], [' 12 '], ['12.0'], ['-3']])(
    'refuses %j with 400 on orderQuantity',
    async (text) => {
      const buyer = await signUp(t.app, { name: 'Typed Quantity' });
      const tool = await insertTool(t.database.db, { availableQuantity: 5000, minimumOrderQuantity: 1 });
      const res = await order(buyer, tool.id, text);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues?.[0]?.path).toBe('orderQuantity');
      expect(await stockOf(t.database.db, tool.id)).toBe(5000);
    },
  );
});
