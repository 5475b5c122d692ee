import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../kernel/config/config';
import type { Db } from '../kernel/db/database';
import { rowsOf } from '../kernel/db/rows';
import {
  locationStock,
  orderEvents,
  orders,
  paymentIntents,
  products,
  stockLevels,
  stockMovements,
  user,
} from '../kernel/db/schema';
import type { SessionUser } from '../kernel/identity/session-user';
import { defaultSettings } from '../kernel/settings/settings-defaults';
import type { OrderLimits } from '../kernel/settings/settings-in-force';
import { moveStock } from '../modules/inventory/inventory.service';
import { insertProduct } from './fixtures';
import { type TestSession, uniqueEmail } from './sessions';
import { placeOrder } from './store-flow';

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A product's available quantity as the database has it: the sum of its stock levels, which for one
 * release must also be the figure on its product row (decision 089), so every test reading stock
 * checks the two agree.
 */
export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db
    .select({ q: products.availableQuantity })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new Error(`no tool ${productId}`);
  const [level] = await db
    .select({ q: sql<string>`coalesce(sum(${stockLevels.available}), 0)::text` })
    .from(stockLevels)
    .where(eq(stockLevels.productId, productId));
  const available = Number(level?.q ?? 0);
  if (available !== row.q)
    throw new Error(`tool ${productId}: its levels say ${available} available, its row ${row.q}`);
  return available;
}

/**
 * Stock that went down (or up) behind the buyer's back: on hand moves so that `available` is left,
 * through the inventory's one writer, as any change of stock is made.
 */
export async function setAvailable(db: Db, productId: string, available: number): Promise<void> {
  const now = await stockOf(db, productId);
  await db.transaction((tx) =>
    moveStock(tx, [{ productId, onHand: available - now, reason: 'admin_adjustment', note: 'test' }]),
  );
}

/** The sum of a product's stock ledger, which must always equal its available quantity. */
export async function ledgerSum(db: Db, productId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${stockMovements.delta}), 0)::text` })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId));
  return Number(row?.n ?? 0);
}

/** A product's three figures as stored (its levels, checked against its row), and the sums of its ledger's on-hand and reserved deltas. */
export async function stockFigures(db: Db, productId: string) {
  const [tool] = await db
    .select({
      onHand: sql<number>`coalesce(sum(${stockLevels.onHand}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${stockLevels.reserved}), 0)::int`,
      available: sql<number>`coalesce(sum(${stockLevels.available}), 0)::int`,
    })
    .from(stockLevels)
    .where(eq(stockLevels.productId, productId));
  const [row] = await db
    .select({
      onHand: products.onHandQuantity,
      reserved: products.reservedQuantity,
      available: products.availableQuantity,
    })
    .from(products)
    .where(eq(products.id, productId));
  const levels = {
    onHand: Number(tool?.onHand),
    reserved: Number(tool?.reserved),
    available: Number(tool?.available),
  };
  if (JSON.stringify(levels) !== JSON.stringify(row))
    throw new Error(
      `tool ${productId}: levels ${JSON.stringify(levels)}, product row ${JSON.stringify(row)}`,
    );
  await placesAddUp(db, productId, levels);
  const [sums] = await db
    .select({
      onHand: sql<string>`coalesce(sum(${stockMovements.onHandDelta}), 0)::text`,
      reserved: sql<string>`coalesce(sum(${stockMovements.reservedDelta}), 0)::text`,
    })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId));
  return { ...levels, ledgerOnHand: Number(sums?.onHand ?? 0), ledgerReserved: Number(sums?.reserved ?? 0) };
}

/**
 * The invariant per place (decision 099): the product's figures at each place equal its ledger's
 * sums there, and the places add up to the product's total. Throws naming the first that differs.
 */
export async function placesAddUp(
  db: Db,
  productId: string,
  total: { onHand: number; reserved: number; available: number },
) {
  const rows = rowsOf<{
    location_id: string;
    on_hand: number;
    reserved: number;
    l_on_hand: number;
    l_reserved: number;
  }>(
    await db.execute(sql`
      select coalesce(s.location_id, m.location_id) as location_id,
        coalesce(s.on_hand, 0)::int as on_hand, coalesce(s.reserved, 0)::int as reserved,
        coalesce(m.on_hand, 0)::int as l_on_hand, coalesce(m.reserved, 0)::int as l_reserved
      from (select * from ${locationStock} where product_id = ${productId}) s
      full join (
        select location_id, sum(on_hand_delta) as on_hand, sum(reserved_delta) as reserved
        from ${stockMovements} where product_id = ${productId} group by location_id
      ) m on m.location_id = s.location_id`),
  );
  for (const r of rows)
    if (Number(r.on_hand) !== Number(r.l_on_hand) || Number(r.reserved) !== Number(r.l_reserved))
      throw new Error(
        `tool ${productId} at ${r.location_id}: place ${JSON.stringify(r)} differs from its ledger`,
      );
  const onHand = rows.reduce((n, r) => n + Number(r.on_hand), 0);
  const reserved = rows.reduce((n, r) => n + Number(r.reserved), 0);
  if (onHand !== total.onHand || reserved !== total.reserved)
    throw new Error(
      `tool ${productId}: places add up to ${onHand}/${reserved}, the total is ${total.onHand}/${total.reserved}`,
    );
}

export const orderRow = async (db: Db, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0];

export const intentRow = async (db: Db, id: string) =>
  (await db.select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0];

/** An order's history as the events table has it, oldest first: `event:from>to` strings. */
export async function historyOf(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
  return rows.map((r) => `${r.event}:${r.fromStatus ?? '-'}>${r.toStatus}`);
}

/** A new product and an unpaid order of the customer's for it (through the API). */
export async function unpaidOrder(
  app: FastifyInstance,
  db: Db,
  customer: TestSession,
  { priceCents = 1999, availableQuantity = 100, quantity = 5 } = {},
) {
  const product = await insertProduct(db, { priceCents, availableQuantity, minimumOrderQuantity: 1 });
  const order = await placeOrder(app, customer, product.id, quantity);
  return { tool: product, order };
}

/** A customer straight into the database, as the services see one (no password, no session). */
export async function insertCustomer(db: Db, name = 'Module Customer'): Promise<SessionUser> {
  const id = randomUUID();
  const email = uniqueEmail('module');
  const now = new Date();
  await db
    .insert(user)
    .values({ id, name, email, emailVerified: false, role: 'user', createdAt: now, updatedAt: now });
  return { id, email, name, image: null, role: 'customer', token: '' };
}

/** Order limits for module tests: caps out of the way unless a test sets them. */
/** The store's default shipping and tax, as a fresh install has them. */
export const storePricing = () => defaultSettings(loadConfig({}));

export const freeLimits = (overrides: Partial<OrderLimits> = {}): OrderLimits => ({
  holdMs: 30 * 60_000,
  maxUnpaidOrders: 100_000,
  maxReservedUnits: 100_000_000,
  guestHoldMs: 15 * 60_000,
  guestStockSharePercent: 100,
  waitingMailMs: 0,
  accountOverdueDays: 30,
  ...overrides,
});
