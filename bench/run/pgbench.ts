import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../src/server/db/database';
import { rowsOf } from '../../src/server/db/rows';
import { createScratchDatabase } from '../../src/server/test/scratch-postgres';

/**
 * The database's own limit for the store's purchase: pgbench running the same writes a purchase
 * makes, in the same three transactions, on the store's own schema (its indexes, checks and
 * triggers), with the same number of clients. One pgbench "transaction" is one whole purchase:
 *   1. place: reserve the stock (conditional update) with its ledger row, insert the order, its
 *      line, history row and outbox messages (the webhook's and the mail's);
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
INSERT INTO orders (id, tool_id, user_id, tool_name, unit_price_cents, quantity, subtotal_cents, shipping_cents, tax_cents, total_cents, shipping_method, user_name, user_email, phone, status, expires_at)
  VALUES (:order_id, :tool_id, :user_id, :name, :price_cents, :qty, :price_cents::bigint * :qty::int, 799, 173, :price_cents::bigint * :qty::int + 972, 'standard', 'Bench', 'bench@example.com', '01712345678', 'unpaid', now() + interval '30 minutes')
  RETURNING *;
WITH lines AS (
  INSERT INTO order_lines (order_id, line_no, tool_id, tool_name, unit_price_cents, quantity) VALUES (:order_id, 1, :tool_id, :name, :price_cents, :qty)
), history AS (
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

/**
 * A cart checkout of three lines, as the store makes it: three cart upserts (each answered with the
 * priced cart, one read), then one transaction
 * that reads the cart, takes the customer's lock, counts the unpaid orders, reserves the three
 * products in id order with their ledger rows, inserts the order, its lines, history and outbox
 * messages and empties the cart; then the intent is opened, succeeds and the order is paid.
 */
const CART_SCRIPT = String.raw`
INSERT INTO cart_lines (user_id, tool_id, quantity) SELECT :user_id, :tool_a, 1 WHERE EXISTS (SELECT 1 FROM cart_lines WHERE user_id = :user_id AND tool_id = :tool_a) OR (SELECT count(*) FROM cart_lines WHERE user_id = :user_id) < 50 ON CONFLICT (user_id, tool_id) DO UPDATE SET quantity = excluded.quantity;
SELECT t.id FROM cart_lines c JOIN tools t ON t.id = c.tool_id WHERE c.user_id = :user_id ORDER BY c.added_at, c.tool_id;
INSERT INTO cart_lines (user_id, tool_id, quantity) SELECT :user_id, :tool_b, 1 WHERE EXISTS (SELECT 1 FROM cart_lines WHERE user_id = :user_id AND tool_id = :tool_b) OR (SELECT count(*) FROM cart_lines WHERE user_id = :user_id) < 50 ON CONFLICT (user_id, tool_id) DO UPDATE SET quantity = excluded.quantity;
SELECT t.id FROM cart_lines c JOIN tools t ON t.id = c.tool_id WHERE c.user_id = :user_id ORDER BY c.added_at, c.tool_id;
INSERT INTO cart_lines (user_id, tool_id, quantity) SELECT :user_id, :tool_c, 1 WHERE EXISTS (SELECT 1 FROM cart_lines WHERE user_id = :user_id AND tool_id = :tool_c) OR (SELECT count(*) FROM cart_lines WHERE user_id = :user_id) < 50 ON CONFLICT (user_id, tool_id) DO UPDATE SET quantity = excluded.quantity;
SELECT t.id FROM cart_lines c JOIN tools t ON t.id = c.tool_id WHERE c.user_id = :user_id ORDER BY c.added_at, c.tool_id;
BEGIN;
SELECT tool_id, quantity FROM cart_lines WHERE user_id = :user_id ORDER BY added_at, tool_id;
SELECT pg_advisory_xact_lock(hashtextextended('unpaid:' || :user_id, 0));
SELECT count(*)::int, coalesce(sum(quantity), 0)::int FROM orders WHERE user_id = :user_id AND status = 'unpaid';
SELECT gen_random_uuid() AS order_id \gset
WITH moved AS (
  UPDATE tools SET available_quantity = available_quantity - 1 WHERE id = :tool_a AND available_quantity >= 1 RETURNING id
) INSERT INTO stock_movements (tool_id, delta, reason, order_id) SELECT id, -1, 'order_placed', :order_id FROM moved;
WITH moved AS (
  UPDATE tools SET available_quantity = available_quantity - 1 WHERE id = :tool_b AND available_quantity >= 1 RETURNING id
) INSERT INTO stock_movements (tool_id, delta, reason, order_id) SELECT id, -1, 'order_placed', :order_id FROM moved;
WITH moved AS (
  UPDATE tools SET available_quantity = available_quantity - 1 WHERE id = :tool_c AND available_quantity >= 1 RETURNING id
) INSERT INTO stock_movements (tool_id, delta, reason, order_id) SELECT id, -1, 'order_placed', :order_id FROM moved;
INSERT INTO orders (id, tool_id, user_id, tool_name, unit_price_cents, quantity, subtotal_cents, shipping_cents, tax_cents, total_cents, shipping_method, shipping_address, line_count, checkout_key, user_name, user_email, phone, status, expires_at)
  VALUES (:order_id, :tool_a, :user_id, 'Bench and 2 more', 7425, 3, 7425, 799, 520, 8744, 'standard', '{"fullName":"Bench"}'::jsonb, 3, :order_id, 'Bench', 'bench@example.com', '+1 313 555 0142', 'unpaid', now() + interval '30 minutes')
  RETURNING *;
WITH lines AS (
  INSERT INTO order_lines (order_id, line_no, tool_id, tool_name, unit_price_cents, quantity)
  VALUES (:order_id, 1, :tool_a, 'A', 2475, 1), (:order_id, 2, :tool_b, 'B', 2475, 1), (:order_id, 3, :tool_c, 'C', 2475, 1)
), history AS (
  INSERT INTO order_events (order_id, event, from_status, to_status, actor) VALUES (:order_id, 'place', NULL, 'unpaid', 'customer')
) INSERT INTO outbox_messages (subscriber, topic, key, payload)
  VALUES ('order-webhook', 'order.status_changed', 'order-event:' || :order_id || ':' || 'place', '{}'::jsonb),
         ('order-mail', 'order.status_changed', 'order-event:' || :order_id || ':' || 'place', '{}'::jsonb),
         ('admin-notify', 'order.status_changed', 'order-event:' || :order_id || ':' || 'place', '{}'::jsonb);
DELETE FROM cart_lines WHERE user_id = :user_id;
COMMIT;
SELECT 'sim_pi_' || replace(gen_random_uuid()::text, '-', '') AS intent_id \gset
INSERT INTO payment_intents (id, order_id, provider, amount_cents, client_secret)
  VALUES (:intent_id, :order_id, 'simulated', 8744, :intent_id || '_secret');
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
  kind: 'one product' | 'cart of three' = 'one product',
): Promise<PgbenchResult> {
  const scratch = await createScratchDatabase(serverUrl, 'torque_pgbench');
  const dir = mkdtempSync(path.join(tmpdir(), 'torque-pgbench-'));
  try {
    const database = openPostgres(scratch.url, 2);
    let toolIds: string[];
    // The buyers of the store's run are 12 accounts; pgbench's clients each have their own (a cart
    // is one per account), created here.
    const userIds = Array.from({ length: clients }, (_, i) => `pgbench-user-${i}`);
    try {
      await database.migrate();
      toolIds = rowsOf<{ id: string }>(
        await database.db.execute(sql`
          insert into tools (name, image, price_cents, description, available_quantity, minimum_order_quantity)
          select 'Bench sale wrench ' || n, '/x.svg', 2475, array['Bench.'], 1000000000, 1
          from generate_series(1, 3) as n returning id`),
      )
        .map((row) => row.id)
        .sort();
      for (const userId of userIds) {
        await database.db.execute(sql`
          insert into "user" (id, name, email, email_verified, created_at, updated_at)
          values (${userId}, 'Bench', ${`${userId}@example.com`}, false, now(), now())`);
      }
    } finally {
      await database.close();
    }
    const script = path.join(dir, 'purchase.sql');
    // Each client is its own customer: pgbench's built-in client_id picks the account.
    writeFileSync(
      script,
      (kind === 'cart of three' ? CART_SCRIPT : SCRIPT).replaceAll(
        ':user_id',
        "('pgbench-user-' || :client_id)",
      ),
    );
    const url = new URL(scratch.url);
    const ran = spawnSync(
      'pgbench',
      [
        '--no-vacuum',
        '--protocol=extended',
        `--client=${clients}`,
        '--jobs=2',
        `--time=${seconds}`,
        `--define=tool_id=${toolIds[0]}`,
        `--define=tool_a=${toolIds[0]}`,
        `--define=tool_b=${toolIds[1]}`,
        `--define=tool_c=${toolIds[2]}`,
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
