import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, orders, products, reviews, stockLevels, user } from '../kernel/db/schema';
import { invariantProblems, snapshotStore } from '../test/fuzz-invariants';
import { createFuzzWorld, type FuzzWorld, fuzzAdminEmail, fuzzConfig } from '../test/fuzz-world';
import { createTestApp, type TestApp } from '../test/harness';
import { FORBIDDEN_MARKER } from '../test/openapi-arbitraries';

/**
 * The fuzzer's database checks must be able to fail: each test plants one thing a forbidden field
 * could have caused, straight in the database, and expects the checks to name it. Each test has a
 * world of its own, so none depends on another's leftovers.
 */

const apps: TestApp[] = [];
async function freshWorld(): Promise<FuzzWorld> {
  const adminEmail = fuzzAdminEmail();
  const t = await createTestApp({ auth: fuzzConfig(adminEmail).auth });
  apps.push(t);
  return createFuzzWorld(t.app, t.database.db, adminEmail);
}
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('the database checks after a fuzz run', () => {
  let world: FuzzWorld;
  beforeAll(async () => {
    world = await freshWorld();
  });

  it('find nothing in a world made only through the API', async () => {
    expect(await invariantProblems(world, await snapshotStore(world.db))).toEqual([]);
  });
});

describe('the database checks name', () => {
  it('a customer who became an admin (a manager), and one who became an owner', async () => {
    const world = await freshWorld();
    await world.db.update(user).set({ role: 'manager' }).where(eq(user.id, world.customer.id));
    expect(await invariantProblems(world)).toContain(
      `${world.customer.email} became one of the staff (manager)`,
    );
    await world.db.update(user).set({ role: 'owner' }).where(eq(user.id, world.customer.id));
    expect(await invariantProblems(world)).toContain(`${world.customer.email} became an owner`);
  });

  it('an order marked paid without a payment', async () => {
    const world = await freshWorld();
    const [order] = world.pools.otherOrderIds;
    await world.db
      .update(orders)
      .set({ status: 'awaiting_shipment', paidAt: new Date() })
      .where(eq(orders.id, order ?? ''));
    expect(await invariantProblems(world)).toContain(
      `order ${order} is awaiting_shipment without a matching succeeded payment`,
    );
  });

  it("a stored value sent in a forbidden field, and a review signed with someone else's name", async () => {
    const world = await freshWorld();
    await world.db.insert(contactMessages).values({ email: 'a@b.com', name: FORBIDDEN_MARKER, message: 'm' });
    const [review] = await world.db
      .insert(reviews)
      .values({ comment: 'Great', commenter: world.other.name, ratings: 5, userId: world.customer.id })
      .returning();
    const problems = await invariantProblems(world);
    expect(problems).toContain('1 row(s) of contact_messages hold a value sent in a forbidden field');
    expect(problems).toContain(`review ${review?.id} is signed ${world.other.name}, never its author's name`);
  });

  it('a price or stock changed while no admin was calling', async () => {
    const world = await freshWorld();
    const before = await snapshotStore(world.db);
    const [productId] = world.pools.productIds;
    await world.db
      .update(products)
      .set({
        priceCents: 99_999,
        availableQuantity: 5,
        onHandQuantity: sql`${products.reservedQuantity} + 5`,
      })
      .where(eq(products.id, productId ?? ''));
    await world.db
      .update(stockLevels)
      .set({ available: 5, onHand: sql`${stockLevels.reserved} + 5` })
      .where(eq(stockLevels.productId, productId ?? ''));
    const problems = (await invariantProblems(world, before)).join('\n');
    expect(problems).toContain(`tool ${productId}'s price went from`);
    expect(problems).toContain(`tool ${productId}'s stock (with its orders) went from`);
  });
});
