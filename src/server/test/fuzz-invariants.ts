import { and, eq, getTableName, is, ne, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { PHONE_SHAPE } from '../../contract/fields';
import type { Db } from '../kernel/db/database';
import * as schema from '../kernel/db/schema';
import {
  orderLines,
  orders,
  paymentIntents,
  products,
  profiles,
  reviews,
  session,
  stockLevels,
  user,
} from '../kernel/db/schema';
import type { FuzzWorld } from './fuzz-world';
import { FORBIDDEN_MARKER } from './openapi-arbitraries';

/**
 * What the database must look like after any amount of fuzzing: nobody raised their own rights,
 * no order is paid without a payment, nothing stored came from a field the caller may not set, and,
 * while no admin is calling, prices and stock moved only by orders.
 */

/** Prices and stock before calls that may not change them (anyone's but an admin's). */
export interface StoreSnapshot {
  /** Per tool: its price, and its stock counted with what its live orders hold (orders only move stock). */
  tools: Map<string, { priceCents: number; stock: number }>;
  orderIds: Set<string>;
}

async function stockByProduct(db: Db) {
  const held = await db
    .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(ne(orders.status, 'cancelled'))
    .groupBy(orderLines.productId);
  const heldBy = new Map(held.map((h) => [h.productId, Number(h.quantity)]));
  const rows = await db
    // What is left is the inventory's level, as the store serves it (decision 089).
    .select({
      id: products.id,
      priceCents: products.priceCents,
      available: sql<number>`coalesce((select s.available from ${stockLevels} s where s.product_id = ${products.id}), 0)::int`,
    })
    .from(products);
  return new Map(
    rows.map((r) => [r.id, { priceCents: r.priceCents, stock: r.available + (heldBy.get(r.id) ?? 0) }]),
  );
}

export async function snapshotStore(db: Db): Promise<StoreSnapshot> {
  const ids = await db.select({ id: orders.id }).from(orders);
  return { tools: await stockByProduct(db), orderIds: new Set(ids.map((o) => o.id)) };
}

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Tables with a row whose text holds the forbidden-field marker (a row cast to text covers every column). */
async function markedRows(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${table} as t where t::text like ${`%${FORBIDDEN_MARKER}%`}`,
    );
    const n = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
    if (n > 0) found.push(`${n} row(s) of ${getTableName(table)} hold a value sent in a forbidden field`);
  }
  return found;
}

export async function invariantProblems(world: FuzzWorld, before?: StoreSnapshot): Promise<string[]> {
  const { db } = world;
  const problems: string[] = [];
  const mayBeAdmin = new Set([world.admin.email, world.bystander.email]);

  for (const u of await db.select().from(user)) {
    // Staff roles come from ADMIN_EMAILS (the owner) and the owner's own promotions (the bystander).
    const staff = u.role === 'owner' || u.role === 'manager' || u.role === 'staff';
    if (staff && !mayBeAdmin.has(u.email)) problems.push(`${u.email} became one of the staff (${u.role})`);
    if (u.role === 'owner' && u.email !== world.admin.email) problems.push(`${u.email} became an owner`);
    if (!staff && u.role !== 'user') problems.push(`${u.email} has the role ${u.role}`);
    if (u.emailVerified) problems.push(`${u.email} got a verified email without verifying`);
    if (u.banned) problems.push(`${u.email} got banned`);
  }
  const impersonated = await db
    .select({ id: session.id })
    .from(session)
    .where(sql`${session.impersonatedBy} is not null`);
  if (impersonated.length) problems.push(`${impersonated.length} impersonation session(s) exist`);

  // Paid and shipped orders each have a succeeded payment of their own, for their own total.
  const paid = await db
    .select({ order: orders, intent: paymentIntents })
    .from(orders)
    .leftJoin(paymentIntents, eq(paymentIntents.id, orders.transactionId))
    .where(ne(orders.status, 'unpaid'));
  for (const { order, intent } of paid) {
    if (order.status === 'cancelled') continue;
    const ok =
      intent?.orderId === order.id &&
      intent.status === 'succeeded' &&
      intent.amountCents === order.totalCents &&
      order.paidAt !== null &&
      (order.status !== 'shipped' || order.shippedAt !== null);
    if (!ok) problems.push(`order ${order.id} is ${order.status} without a matching succeeded payment`);
  }
  const unpaidWithPayment = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'unpaid'),
        sql`(${orders.transactionId} is not null or ${orders.paidAt} is not null)`,
      ),
    );
  for (const o of unpaidWithPayment) problems.push(`unpaid order ${o.id} carries payment details`);

  // Who an order and a review belong to comes from the session: the stored names must agree.
  const owners = await db
    .select({
      id: orders.id,
      email: orders.userEmail,
      name: orders.userName,
      ownerId: user.id,
      ownerEmail: user.email,
    })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId));
  for (const o of owners) {
    if (o.email !== o.ownerEmail)
      problems.push(`order ${o.id} names ${o.email} but belongs to ${o.ownerEmail}`);
    if (!world.names.get(o.ownerId)?.has(o.name))
      problems.push(`order ${o.id} is in the name ${o.name}, never its owner's`);
  }
  for (const r of await db.select().from(reviews)) {
    if (!r.userId) problems.push(`review ${r.id} has no author`);
    else if (!world.names.get(r.userId)?.has(r.commenter))
      problems.push(`review ${r.id} is signed ${r.commenter}, never its author's name`);
  }
  for (const p of await db.select().from(profiles)) {
    if (!PHONE_SHAPE.test(p.phone))
      problems.push(`profile of ${p.userId} holds the phone ${JSON.stringify(p.phone)}`);
  }

  problems.push(...(await markedRows(db)));

  if (before) {
    const now = await stockByProduct(db);
    for (const [id, then] of before.tools) {
      const current = now.get(id);
      if (!current) continue; // deleted: only an admin can, and the admin's own run has no snapshot
      if (current.priceCents !== then.priceCents)
        problems.push(`tool ${id}'s price went from ${then.priceCents} to ${current.priceCents} cents`);
      if (current.stock !== then.stock)
        problems.push(`tool ${id}'s stock (with its orders) went from ${then.stock} to ${current.stock}`);
    }
    const newOrders = await db
      .select({ id: orderLines.orderId, unit: orderLines.unitPriceCents, price: products.priceCents })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId));
    for (const o of newOrders) {
      if (!before.orderIds.has(o.id) && o.unit !== o.price)
        problems.push(`order ${o.id} was placed at ${o.unit} cents, the tool costs ${o.price}`);
    }
  }
  return problems;
}
