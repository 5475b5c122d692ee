import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { orders, paymentIntents, stockMovements, tools } from '../../db/schema';
import { AppError } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { insertTool } from '../../test/fixtures';
import { createTestDatabase } from '../../test/harness';
import { freeLimits, insertCustomer, storePricing } from '../../test/probes';
import { cancelUnpaidOrder, expireUnpaidOrders, placeOrder } from '../orders/orders.service';
import { markOrderPaid } from '../payments/payments.service';
import { adjustStock } from './inventory.service';

/**
 * Random sequences of place / cancel / expire / pay / adjust, run several at a time against the
 * real database (PGlite here, PostgreSQL when TEST_DATABASE_URL is set, with a pool of connections
 * that really run them at once). After each sequence, for every product: the column equals its
 * ledger, never below zero, and the units on the shelf plus the units held by live orders equal
 * what came in (opening stock and adjustments): nothing was sold twice and nothing vanished.
 */

let database: Database;
let customers: SessionUser[];
let admin: SessionUser;
beforeAll(async () => {
  database = await createTestDatabase();
  customers = await Promise.all([0, 1, 2].map(() => insertCustomer(database.db)));
  admin = await insertCustomer(database.db, 'Ledger Admin');
});
afterAll(() => database.close());

type Command =
  | { kind: 'place'; customer: number; tool: number; quantity: number }
  | { kind: 'cancel'; order: number; byAdmin: boolean }
  | { kind: 'pay'; order: number }
  | { kind: 'expire' }
  | { kind: 'adjust'; tool: number; delta: number }
  | { kind: 'set'; tool: number; to: number };

const TOOLS = 3;
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      customer: fc.nat(2),
      tool: fc.nat(TOOLS - 1),
      quantity: fc.integer({ min: 1, max: 12 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(40), byAdmin: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), order: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      tool: fc.nat(TOOLS - 1),
      delta: fc.integer({ min: -15, max: 15 }).filter((n) => n !== 0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('set' as const), tool: fc.nat(TOOLS - 1), to: fc.nat(40) }),
  },
);

/** Refusals a random sequence runs into (out of stock, already paid, not found): the rules working. */
const expected = (error: unknown) => {
  if (error instanceof AppError && error.status < 500) return;
  throw error;
};

async function run(commands: Command[][], toolIds: string[]) {
  const placed: string[] = [];
  const pick = (n: number) => placed[n % Math.max(placed.length, 1)];
  const perform = async (c: Command) => {
    if (c.kind === 'place') {
      const order = await placeOrder(
        database.db,
        customers[c.customer] as SessionUser,
        { orderId: toolIds[c.tool] as string, orderQuantity: c.quantity, phone: '01712345678' },
        // Some holds are already over, so the expiry job has something to release.
        freeLimits({ holdMs: c.quantity % 2 === 0 ? 0 : 3_600_000 }),
        storePricing(),
      );
      placed.push(order._id);
    } else if (c.kind === 'cancel') {
      const id = pick(c.order);
      if (id) await cancelUnpaidOrder(database.db, id, { userId: admin.id, admin: true });
    } else if (c.kind === 'pay') {
      const id = pick(c.order);
      if (!id) return;
      const [order] = await database.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [id]));
      if (!order) return;
      const intentId = `sim_pi_${randomUUID().replaceAll('-', '')}`;
      await database.db.insert(paymentIntents).values({
        id: intentId,
        orderId: id,
        provider: 'simulated',
        amountCents: order.totalCents,
        clientSecret: `${intentId}_secret`,
        status: 'succeeded',
      });
      await markOrderPaid(
        database.db,
        {
          id: intentId,
          status: 'succeeded',
          amountCents: order.totalCents,
          currency: 'usd',
          orderId: id,
          cardBrand: 'visa',
          cardLast4: '4242',
        },
        { error: () => {} },
      );
    } else if (c.kind === 'expire') {
      await expireUnpaidOrders(database.db);
    } else if (c.kind === 'adjust') {
      await adjustStock(database.db, toolIds[c.tool] as string, { delta: c.delta }, admin.id);
    } else {
      await adjustStock(database.db, toolIds[c.tool] as string, { set: c.to }, admin.id);
    }
  };
  // Each batch runs at once; batches one after another, so later commands find orders to act on.
  for (const batch of commands) await Promise.all(batch.map((c) => perform(c).catch(expected)));
}

async function checkInvariants(toolIds: string[]) {
  const rows = await database.db.execute(sql`
    select t.id, t.available_quantity::int as available,
      (select coalesce(sum(delta), 0)::int from ${stockMovements} m where m.tool_id = t.id) as ledger,
      (select coalesce(sum(delta), 0)::int from ${stockMovements} m
        where m.tool_id = t.id and m.reason in ('opening', 'admin_adjustment')) as came_in,
      (select coalesce(sum(quantity), 0)::int from ${orders} o
        where o.tool_id = t.id and o.status in ('unpaid', 'pending', 'shipped')) as held
    from ${tools} t where t.id in (${sql.join(
      toolIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  for (const t of (rows as unknown as { rows: Array<Record<string, number | string>> }).rows) {
    expect(Number(t.available), `tool ${t.id}`).toBeGreaterThanOrEqual(0);
    expect(Number(t.available), `tool ${t.id}: column = ledger`).toBe(Number(t.ledger));
    expect(Number(t.available) + Number(t.held), `tool ${t.id}: shelf + held = what came in`).toBe(
      Number(t.came_in),
    );
  }
  // Every order's own ledger rows: a live order holds exactly its quantity, a released one nothing.
  const perOrder = await database.db.execute(sql`
    select o.id, o.status, o.quantity,
      (select coalesce(sum(delta), 0)::int from ${stockMovements} m where m.order_id = o.id) as moved
    from ${orders} o where o.tool_id in (${sql.join(
      toolIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  for (const o of (perOrder as unknown as { rows: Array<Record<string, number | string>> }).rows) {
    const live = ['unpaid', 'pending', 'shipped'].includes(String(o.status));
    expect(Number(o.moved), `order ${o.id} (${o.status})`).toBe(live ? -Number(o.quantity) : 0);
  }
}

describe('stock ledger under random concurrent sequences', () => {
  it('keeps every product equal to its ledger, never negative, nothing sold twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(command, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: TOOLS, maxLength: TOOLS }),
        async (commands, stock) => {
          const toolIds: string[] = [];
          for (const available of stock) {
            toolIds.push(
              (await insertTool(database.db, { availableQuantity: available, minimumOrderQuantity: 1 })).id,
            );
          }
          await run(commands, toolIds);
          await checkInvariants(toolIds);
        },
      ),
      // A fixed seed: the same sequences on every run and both engines (no flakiness from chance).
      { numRuns: 25, seed: 1313, endOnFailure: true },
    );
  });
});
