import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../kernel/db/database';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase } from '../../test/harness';
import { postgresOnly } from '../../test/postgres-only';
import { stockFigures } from '../../test/probes';
import { moveStock } from './inventory.service';

/**
 * A rolling restart onto the release that moved stock into stock_levels (decision 089): instances
 * of the release before, which move only the product's row and the ledger, and instances of this
 * one, which move the row, the level and the ledger, sell the same products at once on one
 * PostgreSQL. Both lock the product's row first, so none of them deadlocks; after the roll, the
 * next move of each product leaves its level equal to its row and its ledger.
 */
postgresOnly('stock during a rolling restart (needs TEST_DATABASE_URL)', { timeout: 120_000 }, () => {
  let database: Database & { url?: string };
  let before: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    before = openPostgres(database.url as string, 5);
  });
  afterAll(async () => {
    await before.close();
    await database.close();
  });

  /**
   * The reservation of one unit by the release before stock levels: its move statement, without the
   * level, in its names (the table `products` and the column `tool_id`, kept for it by drizzle/0044).
   */
  const reserveAsBefore = (productId: string) => sql`
    with moved as (
      update tools set available_quantity = available_quantity - 1, reserved_quantity = reserved_quantity + 1
      where id = ${productId} and available_quantity - 1 >= 0 returning id)
    insert into stock_movements (tool_id, delta, on_hand_delta, reserved_delta, reason)
    select id, -1, 0, 1, 'order_placed' from moved`;

  it('sells the same products from both releases at once without a deadlock, and the levels catch up', async () => {
    const a = await insertProduct(database.db, { availableQuantity: 200 });
    const b = await insertProduct(database.db, { availableQuantity: 200 });
    const ids = [a.id, b.id].sort();
    const rounds = 25;
    const results = await Promise.allSettled([
      ...Array.from({ length: rounds }, () =>
        database.db.transaction((tx) =>
          moveStock(
            tx,
            ids.map((productId) => ({ productId, reserved: 1, reason: 'order_placed' as const })),
          ),
        ),
      ),
      ...Array.from({ length: rounds }, () =>
        before.db.transaction(async (tx) => {
          for (const productId of ids) await tx.execute(reserveAsBefore(productId));
        }),
      ),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // The roll is over: the next move of each product, from this release, brings its level along.
    await database.db.transaction((tx) =>
      moveStock(
        tx,
        ids.map((productId) => ({ productId, onHand: 1, reason: 'admin_adjustment' as const })),
      ),
    );
    for (const id of ids)
      expect(await stockFigures(database.db, id)).toEqual({
        onHand: 201,
        reserved: 2 * rounds,
        available: 201 - 2 * rounds,
        ledgerOnHand: 201,
        ledgerReserved: 2 * rounds,
      });
  });
});
