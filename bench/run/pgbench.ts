import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../src/server/db/database';
import { rowsOf } from '../../src/server/modules/inventory/inventory.service';
import { createScratchDatabase } from '../../src/server/test/scratch-postgres';

/**
 * The database's own limit for the store's purchase: pgbench running the same writes a purchase
 * makes, in the same three transactions, on the store's own schema (its indexes, checks and
 * triggers), with the same number of clients. One pgbench "transaction" is one whole purchase:
 *   1. place: reserve the stock (conditional update) with its ledger row, insert the order, its
 *      history row and its outbox messages (the webhook's and the mail's);
 *   2. open the payment: insert the intent;
 *   3. pay: mark the intent succeeded, lock the order, mark it paid, history and outbox again.
 * What the store adds on top (HTTP, validation, session, reading back) is what the ratio measures.
 */
const SCRIPT = String.raw`
\set qty 1
\set neg -1
BEGIN;
SELECT pg_advisory_xact_lock(hashtextextended('unpaid:' || :user_id, 0));
SELECT count(*)::int, coalesce(sum(quantity), 0)::int FROM orders WHERE user_id = :user_id AND status = 'unpaid';
SELECT gen_random_uuid() AS order_id \gset
WITH moved AS (
  UPDATE tools SET available_quantity = available_quantity - :qty
  WHERE id = :tool_id AND available_quantity - :qty >= 0
  RETURNING id, available_quantity, name, price_cents
), logged AS (
  INSERT INTO stock_movements (tool_id, delta, reason, order_id) SELECT id, :neg::int, 'order_placed', :order_id FROM moved
)
SELECT name, price_cents FROM moved \gset
INSERT INTO orders (id, tool_id, user_id, tool_name, unit_price_cents, quantity, total_cents, user_name, user_email, phone, status, expires_at)
  VALUES (:order_id, :tool_id, :user_id, :name, :price_cents, :qty, :price_cents::bigint * :qty::int, 'Bench', 'bench@example.com', '01712345678', 'unpaid', now() + interval '30 minutes')
  RETURNING *;
WITH history AS (
  INSERT INTO order_events (order_id, event, from_status, to_status, actor) VALUES (:order_id, 'place', NULL, 'unpaid', 'customer')
) INSERT INTO outbox_messages (subscriber, topic, key, payload)
  VALUES ('order-webhook', 'order.status_changed', 'order-event:' || :order_id || ':' || 'place', '{}'::jsonb),
         ('order-mail', 'order.status_changed', 'order-event:' || :order_id || ':' || 'place', '{}'::jsonb),
         ('admin-notify', 'order.status_changed', 'order-event:' || :order_id || ':' || 'place', '{}'::jsonb);
COMMIT;
SELECT 'sim_pi_' || replace(gen_random_uuid()::text, '-', '') AS intent_id \gset
INSERT INTO payment_intents (id, order_id, provider, amount_cents, client_secret)
  VALUES (:intent_id, :order_id, 'simulated', :price_cents, :intent_id || '_secret');
UPDATE payment_intents SET status = 'succeeded', card_brand = 'visa', card_last4 = '4242', updated_at = now()
  WHERE id = :intent_id RETURNING *;
BEGIN;
SELECT * FROM orders WHERE id = :order_id FOR UPDATE;
UPDATE orders SET status = 'pending', transaction_id = :intent_id, card_brand = 'visa', card_last4 = '4242', paid_at = now()
  WHERE id = :order_id RETURNING *;
WITH history AS (
  INSERT INTO order_events (order_id, event, from_status, to_status, actor) VALUES (:order_id, 'pay', 'unpaid', 'pending', 'provider')
) INSERT INTO outbox_messages (subscriber, topic, key, payload)
  VALUES ('order-webhook', 'order.status_changed', 'order-event:' || :order_id || ':' || 'pay', '{}'::jsonb),
         ('order-mail', 'order.status_changed', 'order-event:' || :order_id || ':' || 'pay', '{}'::jsonb),
         ('admin-notify', 'order.status_changed', 'order-event:' || :order_id || ':' || 'pay', '{}'::jsonb);
COMMIT;
`;

export interface PgbenchResult {
  purchasesPerSecond: number;
  /** Mean latency of one whole purchase, ms. */
  latencyMs: number;
}

/** pgbench with `clients` clients for `seconds` on a fresh database of the store's schema. */
export async function pgbenchPurchase(
  serverUrl: string,
  clients: number,
  seconds: number,
): Promise<PgbenchResult> {
  const scratch = await createScratchDatabase(serverUrl, 'torque_pgbench');
  const dir = mkdtempSync(path.join(tmpdir(), 'torque-pgbench-'));
  try {
    const database = openPostgres(scratch.url, 2);
    let toolId: string;
    // The buyers of the store's run are 12 accounts; pgbench's clients share one (its caps are off here).
    const userId = 'pgbench-user';
    try {
      await database.migrate();
      const [tool] = rowsOf<{ id: string }>(
        await database.db.execute(sql`
          insert into tools (name, image, price_cents, description, available_quantity, minimum_order_quantity)
          values ('Bench sale wrench', '/x.svg', 2475, array['Bench.'], 1000000000, 1) returning id`),
      );
      toolId = tool?.id as string;
      await database.db.execute(sql`
        insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values (${userId}, 'Bench', 'pgbench@example.com', false, now(), now())`);
    } finally {
      await database.close();
    }
    const script = path.join(dir, 'purchase.sql');
    writeFileSync(script, SCRIPT);
    const url = new URL(scratch.url);
    const ran = spawnSync(
      'pgbench',
      [
        '--no-vacuum',
        '--protocol=extended',
        `--client=${clients}`,
        '--jobs=2',
        `--time=${seconds}`,
        `--define=tool_id=${toolId}`,
        `--define=user_id=${userId}`,
        `--file=${script}`,
        '--host',
        url.hostname,
        '--port',
        url.port || '5432',
        '--username',
        decodeURIComponent(url.username || 'postgres'),
        url.pathname.slice(1),
      ],
      { encoding: 'utf8' },
    );
    if (ran.status !== 0) throw new Error(`pgbench failed: ${ran.stderr || ran.stdout}`);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(ran.stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(ran.stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${ran.stdout}`);
    return { purchasesPerSecond: Number(tps), latencyMs: Number(latency) };
  } finally {
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
