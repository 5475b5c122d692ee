import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase } from '../../test/harness';
import { postgresOnly } from '../../test/postgres-only';
import { insertCustomer } from '../../test/probes';
import type { Database, Db, Tx } from './database';
import { insertRow, preparedStatement, tableRow, updateRow } from './prepared';
import { rowsOf } from './rows';
import { orders, products } from './schema';

// Statements built once and sent by name, on PGlite and (CI's second pass) on PostgreSQL.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const productById = preparedStatement<{ id: string }, typeof products.$inferSelect>(
  'test tool by id',
  (db) =>
    db
      .select()
      .from(products)
      .where(eq(products.id, sql.placeholder('id'))),
  tableRow(products),
);
const insertOrder = insertRow(orders, 'test insert order');
const updateOrder = updateRow(orders, orders.id, 'test update order');

async function newOrder(overrides: Partial<typeof orders.$inferInsert> = {}, handle: Db | Tx = database.db) {
  // PGlite has one connection: inside a transaction, everything goes through it.
  const customer = await insertCustomer(handle as Db);
  const product = await insertProduct(handle as Db);
  return insertOrder(handle, {
    id: randomUUID(),
    userId: customer.id,
    quantity: 1,
    subtotalCents: product.priceCents,
    totalCents: product.priceCents,
    userName: customer.name,
    userEmail: customer.email,
    phone: '01712345678',
    status: 'unpaid',
    ...overrides,
  });
}

describe('a prepared statement', () => {
  it('reads a row exactly as drizzle reads it: dates, numbers, arrays, numeric text, nulls', async () => {
    const product = await insertProduct(database.db, { weightLb: '2.5', retiredAt: null });
    const [own] = await database.db.select().from(products).where(eq(products.id, product.id));
    const [prepared] = await productById(database.db, { id: product.id });
    expect(prepared).toEqual(own);
    expect(prepared?.createdAt).toBeInstanceOf(Date);
    expect(await productById(database.db, { id: randomUUID() })).toEqual([]);
  });

  it('writes and reads a status in the stored words, and JSON as JSON', async () => {
    const address = { fullName: 'Ada Buyer', country: 'US' };
    const order = await newOrder({ status: 'awaiting_shipment', shippingAddress: address as never });
    expect(order?.status).toBe('awaiting_shipment');
    expect(order?.shippingAddress).toEqual(address);
    const [stored] = rowsOf<{ status: string; address: unknown }>(
      await database.db.execute(
        sql`select status, shipping_address as address from ${orders} where id = ${order?.id}`,
      ),
    );
    // The spec's word on the wire and in the database; the code's word in the row.
    expect(stored?.status).toBe('pending');
    expect(typeof stored?.address === 'string' ? JSON.parse(stored.address) : stored?.address).toEqual(
      address,
    );
    const [own] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? ''));
    expect(order).toEqual(own);
  });

  it("runs inside the caller's transaction: it sees its writes, and a rollback takes its own back", async () => {
    const product = await insertProduct(database.db, { availableQuantity: 7 });
    const rolledBack = new Error('roll back');
    let insertedId = '';
    await expect(
      database.db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({ name: 'Renamed in the transaction' })
          .where(eq(products.id, product.id));
        const [seen] = await productById(tx, { id: product.id });
        expect(seen?.name).toBe('Renamed in the transaction');
        insertedId = (await newOrder({}, tx))?.id ?? '';
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const [after] = await productById(database.db, { id: product.id });
    expect(after?.name).toBe(product.name);
    expect(await database.db.select().from(orders).where(eq(orders.id, insertedId))).toEqual([]);
  });

  it('sends a null for a date column given none, and takes defaults for columns left out', async () => {
    const order = await newOrder({ expiresAt: null, paidAt: null });
    expect(order?.expiresAt).toBeNull();
    // Not given: the database's defaults (the order's number from its sequence, refunds at zero).
    expect(order?.number).toBeGreaterThan(0);
    expect(order?.refundedCents).toBe(0);
    const paidAt = new Date('2026-11-28T10:00:00.000Z');
    const paid = await updateOrder(database.db, order?.id, { status: 'awaiting_shipment', paidAt });
    expect(paid?.paidAt).toEqual(paidAt);
    expect(paid?.status).toBe('awaiting_shipment');
    const unpaid = await updateOrder(database.db, order?.id, { paidAt: null, cancelledAt: null });
    expect(unpaid?.paidAt).toBeNull();
    // The columns not named are left as they were.
    expect(unpaid?.status).toBe('awaiting_shipment');
  });

  it('refuses to run without a value for one of its placeholders, naming it', async () => {
    await expect(productById(database.db, {} as { id: string })).rejects.toThrow('No value for id');
  });
});

// PGlite has no named statements to list: only a PostgreSQL server shows what it kept.
postgresOnly('a prepared statement on PostgreSQL', () => {
  it('is parsed once per connection, under a name ending in a hash of its text', async () => {
    const product = await insertProduct(database.db);
    const names = await database.db.transaction(async (tx) => {
      await productById(tx, { id: product.id });
      await productById(tx, { id: product.id });
      // Its plans, custom or generic, count the times it ran; it was parsed when it was prepared.
      return rowsOf<{ name: string; runs: number }>(
        await tx.execute(sql`select name, (generic_plans + custom_plans)::int as runs
          from pg_prepared_statements where name like 'test_tool_by_id_%'`),
      );
    });
    expect(names).toHaveLength(1);
    expect(names[0]?.name).toMatch(/^test_tool_by_id_[0-9a-f]{16}$/);
    expect(names[0]?.runs).toBeGreaterThanOrEqual(2);
  });
});
