import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderStatus, orderStatuses } from '../../../contract/orders';
import { markOrderPaid } from '../../flows/pay';
import { placeOrder } from '../../flows/place-order';
import type { Database } from '../../kernel/db/database';
import { orderEvents, orders, outboxMessages, paymentIntents, refunds } from '../../kernel/db/schema';
import { AppError } from '../../kernel/errors/errors';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testOutbox } from '../../test/harness';
import {
  freeLimits,
  historyOf,
  insertCustomer,
  intentRow,
  ledgerSum,
  orderRow,
  stockOf,
  storePricing,
} from '../../test/probes';
import { createSimulatedProvider } from '../payments/simulated-provider';
import { cancelUnpaidOrder } from './cancel';
import { expireUnpaidOrders } from './expiry';
import {
  applyOrderEvent,
  canApply,
  lockOrder,
  type OrderEventName,
  type OrderTransition,
  payUnpaidOrder,
} from './order-state';
import { LATE_PAYMENT_REASON } from './refunds';

// The order state machine against the real database, without HTTP.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const PHONE = '01712345678';
const payment = { transactionId: 'sim_pi_test', cardBrand: 'visa', cardLast4: '4242' };

async function newOrder(quantity = 4, availableQuantity = 50) {
  const me = await insertCustomer(database.db);
  const product = await insertProduct(database.db, { availableQuantity, minimumOrderQuantity: 1 });
  const order = await placeOrder(
    database.db,
    testOutbox(database.db),
    me,
    { productId: product.id, orderQuantity: quantity, phone: PHONE },
    freeLimits(),
    storePricing(),
  );
  return { me, tool: product, order };
}

const transitionOf = (event: OrderEventName): OrderTransition => {
  switch (event) {
    case 'pay':
      return { type: 'pay', payment };
    case 'ship':
      return {
        type: 'ship',
        shipment: { id: randomUUID(), carrier: null, trackingNumber: null },
        complete: true,
      };
    case 'refund':
      return { type: 'refund', refundId: randomUUID() };
    case 'partial_refund':
      return { type: 'partial_refund', refundId: randomUUID(), rest: false };
    default:
      return { type: event };
  }
};

const apply = (id: string, event: OrderEventName) =>
  database.db.transaction(async (tx) =>
    applyOrderEvent(tx, await lockOrder(tx, id), transitionOf(event), {
      outbox: testOutbox(database.db),
      actor: 'admin',
    }),
  );

/** Puts an order straight into a state, for the table test. */
const force = (id: string, status: OrderStatus) =>
  database.db.update(orders).set({ status }).where(eq(orders.id, id));

describe('the transition table', () => {
  const legal: Record<OrderEventName, OrderStatus[]> = {
    pay: ['unpaid', 'expired', 'cancelled'],
    ship: ['awaiting_shipment', 'partially_shipped'],
    cancel: ['unpaid', 'awaiting_shipment'],
    expire: ['unpaid'],
    // partially_refunded is an old rows' word only: no move leaves it (the charge status says it).
    refund: ['awaiting_shipment', 'partially_shipped', 'shipped'],
    partial_refund: ['awaiting_shipment', 'partially_shipped', 'shipped'],
  };

  it('allows exactly the moves of the table', () => {
    for (const [event, from] of Object.entries(legal) as Array<[OrderEventName, OrderStatus[]]>) {
      for (const status of orderStatuses)
        expect(canApply(event, { status, paidAt: null }), `${event} from ${status}`).toBe(
          from.includes(status),
        );
    }
  });

  it('refuses every illegal move with 409 and changes nothing: no status, no stock, no history', async () => {
    const { tool, order } = await newOrder();
    const before = await historyOf(database.db, order._id);
    for (const [event, from] of Object.entries(legal) as Array<[OrderEventName, OrderStatus[]]>) {
      for (const status of orderStatuses.filter((s) => !from.includes(s))) {
        await force(order._id, status);
        const error = await apply(order._id, event).catch((e: unknown) => e);
        expect(error, `${event} from ${status}`).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(409);
        expect((await orderRow(database.db, order._id))?.status).toBe(status);
      }
    }
    expect(await historyOf(database.db, order._id)).toEqual(before);
    expect(await stockOf(database.db, tool.id)).toBe(46);
  });
});

describe('an order through its life', () => {
  it('writes one history row per move, with who and the stock moved by the inventory module', async () => {
    const { tool, order } = await newOrder(4, 50);
    expect(await stockOf(database.db, tool.id)).toBe(46);
    await apply(order._id, 'pay');
    await apply(order._id, 'ship');
    expect(await historyOf(database.db, order._id)).toEqual([
      'place:->unpaid',
      'pay:unpaid>awaiting_shipment',
      'ship:awaiting_shipment>shipped',
    ]);
    const row = await orderRow(database.db, order._id);
    expect(row).toMatchObject({ status: 'shipped', transactionId: 'sim_pi_test', cardLast4: '4242' });
    expect(row?.paidAt).toBeInstanceOf(Date);
    expect(row?.shippedAt).toBeInstanceOf(Date);
    // Paying and shipping do not move stock; the ledger still adds up.
    expect(await stockOf(database.db, tool.id)).toBe(46);
    expect(await ledgerSum(database.db, tool.id)).toBe(46);
  });

  it('returns the stock of a cancelled order once, with the customer as actor', async () => {
    const { me, tool, order } = await newOrder(6, 30);
    expect(
      await cancelUnpaidOrder(database.db, testOutbox(database.db), order._id, {
        userId: me.id,
        admin: false,
      }),
    ).toEqual({
      deletedCount: 1,
    });
    await expect(
      cancelUnpaidOrder(database.db, testOutbox(database.db), order._id, { userId: me.id, admin: false }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await stockOf(database.db, tool.id)).toBe(30);
    expect(await ledgerSum(database.db, tool.id)).toBe(30);
    expect(await historyOf(database.db, order._id)).toEqual(['place:->unpaid', 'cancel:unpaid>cancelled']);
  });

  it('expires only what is past its hold, returning its stock; a payment then revives it if the stock is there', async () => {
    const { tool, order } = await newOrder(5, 20);
    const expiresAt = Date.parse(order.expiresAt ?? '');
    expect(await expireUnpaidOrders(database.db, testOutbox(database.db), new Date(expiresAt - 1))).toBe(0);
    expect(
      await expireUnpaidOrders(database.db, testOutbox(database.db), new Date(expiresAt)),
    ).toBeGreaterThanOrEqual(1);
    expect((await orderRow(database.db, order._id))?.status).toBe('expired');
    expect(await stockOf(database.db, tool.id)).toBe(20);
    await apply(order._id, 'pay');
    expect((await orderRow(database.db, order._id))?.status).toBe('awaiting_shipment');
    expect(await stockOf(database.db, tool.id)).toBe(15);
    expect(await historyOf(database.db, order._id)).toEqual([
      'place:->unpaid',
      'expire:unpaid>expired',
      'pay:expired>awaiting_shipment',
    ]);
    expect(await ledgerSum(database.db, tool.id)).toBe(15);
  });

  it('refuses to revive a released order whose stock was sold meanwhile, changing nothing', async () => {
    const { me, tool, order } = await newOrder(5, 5);
    await cancelUnpaidOrder(database.db, testOutbox(database.db), order._id, { userId: me.id, admin: false });
    const other = await insertCustomer(database.db);
    await placeOrder(
      database.db,
      testOutbox(database.db),
      other,
      { productId: tool.id, orderQuantity: 5, phone: PHONE },
      freeLimits(),
      storePricing(),
    );
    await expect(apply(order._id, 'pay')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await orderRow(database.db, order._id))?.status).toBe('cancelled');
    expect(await stockOf(database.db, tool.id)).toBe(0);
    expect(await ledgerSum(database.db, tool.id)).toBe(0);
  });

  it('keeps on record a payment that arrived for an order it could not revive: the refund it owes', async () => {
    const { me, tool, order } = await newOrder(5, 5);
    await cancelUnpaidOrder(database.db, testOutbox(database.db), order._id, { userId: me.id, admin: false });
    await placeOrder(
      database.db,
      testOutbox(database.db),
      await insertCustomer(database.db),
      { productId: tool.id, orderQuantity: 5, phone: PHONE },
      freeLimits(),
      storePricing(),
    );
    const intentId = `sim_pi_refund_${order._id.slice(0, 8)}`;
    await database.db.insert(paymentIntents).values({
      id: intentId,
      orderId: order._id,
      provider: 'simulated',
      amountCents: Math.round(order.total * 100),
      clientSecret: `${intentId}_secret`,
    });
    const snapshot = {
      id: intentId,
      status: 'succeeded' as const,
      amountCents: Math.round(order.total * 100),
      currency: 'usd',
      orderId: order._id,
      cardBrand: 'visa',
      cardLast4: '4242',
    };
    const logged: string[] = [];
    await expect(
      markOrderPaid(database.db, testOutbox(database.db), createSimulatedProvider(database.db), snapshot, {
        error: (_o, msg) => logged.push(msg),
      }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await intentRow(database.db, intentId)).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    // Not a note: a refund of the whole payment, through the processor, on the order's record.
    const [late] = await database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(late).toMatchObject({
      status: 'succeeded',
      paymentIntentId: intentId,
      amountCents: Math.round(order.total * 100),
      reason: LATE_PAYMENT_REASON,
    });
    expect(await historyOf(database.db, order._id)).toContain('late_payment_refund:cancelled>cancelled');
    expect(logged).toContain('paid for an order released meanwhile: refund it');
    expect((await orderRow(database.db, order._id))?.status).toBe('cancelled');
  });

  it('queues every move for the outside world in the same transaction, once per event', async () => {
    // The outbox of a store without a webhook address (testOutbox, as testConfig has none).
    const { order } = await newOrder();
    await apply(order._id, 'pay');
    const messages = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.topic, 'order.status_changed'))
      .orderBy(outboxMessages.id);
    const mine = messages.filter((m) => (m.payload as { orderId: string }).orderId === order._id);
    // One message per event for each subscriber that will act on it: the customer's mail hears of
    // both, the admins' notice only of the payment, and the webhook of nothing, none being set.
    const eventsOf = (subscriber: string) =>
      mine.filter((m) => m.subscriber === subscriber).map((m) => (m.payload as { event: string }).event);
    expect(eventsOf('order-mail')).toEqual(['place', 'pay']);
    expect(eventsOf('admin-notify')).toEqual(['pay']);
    expect(eventsOf('order-webhook')).toEqual([]);
    expect(new Set(mine.map((m) => m.key)).size).toBe(2);
    // A refused move rolls its message back with it.
    await expect(apply(order._id, 'expire')).rejects.toMatchObject({ status: 409 });
    const after = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.topic, 'order.status_changed'));
    expect(after.length).toBe(messages.length);
  });
});

describe('the usual payment in one statement', () => {
  /** What an order's payment left behind: its row less its time, its history, its outbox messages. */
  async function afterPayment(id: string) {
    const row = await orderRow(database.db, id);
    const messages = (
      await database.db.select().from(outboxMessages).where(eq(outboxMessages.topic, 'order.status_changed'))
    ).filter((m) => (m.payload as { orderId: string }).orderId === id);
    return {
      status: row?.status,
      transactionId: row?.transactionId,
      card: [row?.cardBrand, row?.cardLast4],
      paid: row?.paidAt instanceof Date,
      history: (
        await database.db
          .select()
          .from(orderEvents)
          .where(eq(orderEvents.orderId, id))
          .orderBy(orderEvents.id)
      ).map((e) => [e.event, e.fromStatus, e.toStatus, e.actor]),
      messages: messages
        .map((m) => [m.subscriber, (m.payload as { event: string; from: string; to: string }).event])
        .sort(),
    };
  }

  it('writes what the state machine writes: the status, the payment, one history row, the messages', async () => {
    const byStatement = await newOrder();
    const byMachine = await newOrder();
    const paid = await payUnpaidOrder(
      database.db,
      byStatement.order._id,
      Math.round(byStatement.order.total * 100),
      payment,
      {
        outbox: testOutbox(database.db),
        actor: 'provider',
      },
    );
    expect(paid?.status).toBe('awaiting_shipment');
    await database.db.transaction(async (tx) =>
      applyOrderEvent(tx, await lockOrder(tx, byMachine.order._id), transitionOf('pay'), {
        outbox: testOutbox(database.db),
        actor: 'provider',
      }),
    );
    const expected = await afterPayment(byMachine.order._id);
    expect(expected.history).toContainEqual(['pay', 'unpaid', 'awaiting_shipment', 'provider']);
    expect(await afterPayment(byStatement.order._id)).toEqual(expected);
    // The stock stays reserved as the order took it: a payment moves none.
    expect(await stockOf(database.db, byStatement.tool.id)).toBe(46);
    expect(await ledgerSum(database.db, byStatement.tool.id)).toBe(46);
  });

  it('changes nothing for an order that is not unpaid, or for another amount, and says so', async () => {
    const { order } = await newOrder();
    const wrongAmount = await payUnpaidOrder(
      database.db,
      order._id,
      Math.round(order.total * 100) + 1,
      payment,
      {
        outbox: testOutbox(database.db),
        actor: 'provider',
      },
    );
    expect(wrongAmount).toBeUndefined();
    await expireUnpaidOrders(
      database.db,
      testOutbox(database.db),
      new Date(Date.now() + 365 * 24 * 3600_000),
    );
    const before = await afterPayment(order._id);
    expect(before.status).toBe('expired');
    expect(
      await payUnpaidOrder(database.db, order._id, Math.round(order.total * 100), payment, {
        outbox: testOutbox(database.db),
        actor: 'provider',
      }),
    ).toBeUndefined();
    expect(await afterPayment(order._id)).toEqual(before);
  });
});
