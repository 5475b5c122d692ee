import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/kernel/config/config';
import type { Db } from '../../src/server/kernel/db/database';
import { openPostgres } from '../../src/server/kernel/db/database';
import { rowsOf } from '../../src/server/kernel/db/rows';
import { storeOutbox } from '../../src/server/test/outbox';
import { createScratchDatabase } from '../../src/server/test/scratch-postgres';

/**
 * The subscribers the store writes an outbox row for on an order event (Outbox.recipientsOf: only
 * subscribers that will act; the bench's stores run without a webhook address), as an array.
 * Nothing is delivered, so the outbox needs no database.
 */
function subscribersOf(event: 'place' | 'pay', to: 'unpaid' | 'pending'): string {
  const outbox = storeOutbox(undefined as unknown as Db, { ...loadConfig({}), orderWebhook: undefined });
  const payload = { orderId: '', event, from: null, to, at: '' };
  return `ARRAY[${outbox
    .recipientsOf('order.status_changed', payload)
    .map((subscriber) => `'${subscriber}'`)
    .join(', ')}]::text[]`;
}

/**
 * An order event's history row and outbox messages, as the steps of the WITH that writes the event
 * (order-state's eventSteps), written once for the row of `source`.
 */
const EVENT_STEPS = (
  source: string,
  event: 'place' | 'pay',
  from: string,
  to: 'unpaid' | 'pending',
  actor: string,
) => `
  history AS (
    INSERT INTO order_events (order_id, event, from_status, to_status, actor, actor_user_id, note, created_at)
    SELECT ${source}.id, '${event}', ${from}, '${to}', '${actor}', ${actor === 'customer' ? ':user_id' : 'NULL'}, NULL, now() FROM ${source}
  ), messages AS (
    INSERT INTO outbox_messages (subscriber, topic, key, payload, run_after)
    SELECT subscriber, 'order.status_changed', 'order-event|' || ${source}.id || '|${event}|' || gen_random_uuid(),
      jsonb_build_object('orderId', ${source}.id, 'event', '${event}', 'from', ${from}, 'to', '${to}', 'at', now()), now()
    FROM unnest(${subscribersOf(event, to)}) AS subscriber CROSS JOIN ${source}
    ON CONFLICT (subscriber, key) DO NOTHING
  )`;

/**
 * The order limit's counter, one per customer and minute, as the store's rate limiter writes it
 * (its key without colons: pgbench would read `:name` in it as a variable).
 */
const RATE_LIMIT = (route: string) => `
INSERT INTO rate_limits (key, points, expire) VALUES ('${route.replaceAll(':', '|')}|user|' || :user_id, 1, now() + interval '1 minute')
  ON CONFLICT (key) DO UPDATE SET points = CASE WHEN rate_limits.expire <= now() THEN 1 ELSE rate_limits.points + 1 END,
  expire = CASE WHEN rate_limits.expire <= now() THEN excluded.expire ELSE rate_limits.expire END RETURNING *;`;

/**
 * Reserving one unit of a product as the inventory module does, in two statements: the product's
 * figures and its level, on condition that the product is still as the order read it; then the
 * unit taken at the places that hold it (the first active place first), with its ledger row.
 */
const RESERVE = (product: string, asRead: string) => `
WITH moved AS (
  UPDATE products SET available_quantity = available_quantity - 1, on_hand_quantity = on_hand_quantity + 0, reserved_quantity = reserved_quantity + 1
  WHERE id = ${product} AND available_quantity - 1 >= 0 AND on_hand_quantity >= 0 AND reserved_quantity + 1 >= 0
    AND ${asRead} AND core_charge_cents = 0 AND minimum_order_quantity = 1
    AND ground_only = false AND weight_lb IS NOT DISTINCT FROM NULL::numeric AND retired_at IS NULL
  RETURNING id, available_quantity, name, price_cents, minimum_order_quantity, retired_at, ground_only, weight_lb, core_charge_cents, on_hand_quantity, reserved_quantity
), level AS (
  INSERT INTO stock_levels (product_id, on_hand, reserved, available)
  SELECT id, on_hand_quantity, reserved_quantity, available_quantity FROM moved
  ON CONFLICT (product_id, location_id) DO UPDATE SET on_hand = excluded.on_hand, reserved = excluded.reserved, available = excluded.available
)
SELECT id, available_quantity, name, price_cents, minimum_order_quantity, retired_at, ground_only, weight_lb, core_charge_cents FROM moved;
WITH places AS (
  SELECT s.location_id, s.available, l.pick_order,
    CASE WHEN l.id = (SELECT f.id FROM stock_locations f WHERE f.active ORDER BY f.pick_order, f.id LIMIT 1) THEN 0
      WHEN l.region = NULL::text THEN 1 ELSE 2 END AS rank
  FROM location_stock s JOIN stock_locations l ON l.id = s.location_id
  WHERE s.product_id = ${product} AND l.active AND s.available > 0
    AND NOT EXISTS (SELECT 1 FROM stock_movements u WHERE u.product_id = ${product} AND u.location_id IS NULL)
), ordered AS (
  SELECT location_id, available, coalesce(sum(available) OVER (
    ORDER BY rank, pick_order, location_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
  FROM places
), plan AS (
  SELECT location_id, least(available, 1 - before)::int AS reserved FROM ordered WHERE before < 1
), updated AS (
  UPDATE location_stock s SET reserved = s.reserved + c.reserved, available = s.available - c.reserved
  FROM plan c WHERE s.product_id = ${product} AND s.location_id = c.location_id
), logged AS (
  INSERT INTO stock_movements (product_id, delta, on_hand_delta, reserved_delta, reason, order_id, note, location_id)
  SELECT ${product}::uuid, -reserved, 0, reserved, 'order_placed', :order_id::uuid, NULL, location_id FROM plan
)
SELECT coalesce(sum(reserved), 0)::int AS placed FROM plan`;

/** The products an order takes, read without a lock before it is priced (readForSale). */
const READ_FOR_SALE = (productIds: string) => `
SELECT t.id, coalesce(s.available, 0) AS available_quantity, t.name, t.price_cents, t.minimum_order_quantity, t.retired_at, t.ground_only, t.weight_lb, t.core_charge_cents
  FROM products t LEFT JOIN product_stock s ON s.product_id = t.id WHERE t.id = any(ARRAY[${productIds}]::uuid[])`;

/** The automatic discounts running now: read while pricing when the store has any (discount-offer.ts). */
const DISCOUNTS = `
SELECT * FROM discounts WHERE automatic AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
  AND (usage_limit IS NULL OR used_count < usage_limit) ORDER BY created_at, id;`;

/**
 * The order, its lines, its first history row and its outbox messages, one statement (place-order's
 * insertOrderRows); the order's id comes back for the statements after it.
 */
const PLACE = (order: { lines: string[]; columns: string; values: string }) => String.raw`
WITH placed AS (
  INSERT INTO orders (id, ${order.columns}, user_id, user_name, user_email, status, created_at, expires_at, discount_cents, shipping_discount_cents)
  VALUES (gen_random_uuid(), ${order.values}, :user_id, 'Bench', 'bench@example.com', 'unpaid', now(), now() + interval '30 minutes', 0, 0)
  RETURNING *
), lines AS (
  INSERT INTO order_lines (order_id, line_no, product_id, product_name, unit_price_cents, quantity, discount_cents, core_charge_cents, cost_cents)
  SELECT placed.id, line.*, (SELECT t.cost_cents FROM products t WHERE t.id = line.product_id)
  FROM placed CROSS JOIN (VALUES ${order.lines.join(', ')})
    AS line(line_no, product_id, product_name, unit_price_cents, quantity, discount_cents, core_charge_cents)
  RETURNING line_no, cost_cents
), ${EVENT_STEPS('placed', 'place', 'NULL', 'unpaid', 'customer')}
SELECT id AS order_id FROM placed \gset`;

/**
 * Opening the payment (the intent recorded), the processor's answer, and the order paid with its
 * history and outbox in one statement (order-state's payUnpaidOrder).
 */
const PAY = (amount: string) => String.raw`
INSERT INTO payment_intents (id, order_id, provider, amount_cents, client_secret)
  SELECT i, :order_id, 'simulated', ${amount}, i || '_secret' FROM (SELECT 'sim_pi_' || replace(gen_random_uuid()::text, '-', '') AS i) AS n
  ON CONFLICT DO NOTHING RETURNING id AS intent_id \gset
UPDATE payment_intents SET status = 'succeeded', last_error = NULL, card_brand = 'visa', card_last4 = '4242', updated_at = now()
  WHERE id = :intent_id RETURNING *;
WITH paid AS (
  UPDATE orders SET status = 'pending', transaction_id = :intent_id, card_brand = 'visa', card_last4 = '4242', paid_at = now(), cancelled_at = NULL, expired_at = NULL, charge_status = 'charged'
  WHERE id = :order_id AND status = 'unpaid' AND total_cents - store_credit_cents = ${amount}
  RETURNING *
), ${EVENT_STEPS('paid', 'pay', "'unpaid'", 'pending', 'provider')}
SELECT * FROM paid;`;

/**
 * The database's own limit for the store's purchase: pgbench running the statements a purchase
 * sends that write, and the reads inside its transactions, in the same transactions, on the
 * store's own schema (its indexes, checks and triggers), with the same number of clients. One
 * pgbench "transaction" is one whole purchase:
 *   1. place: the order limit's counter; then one transaction that takes the customer's lock,
 *      counts their unpaid orders, reads the product, reads the automatic discounts (when the
 *      store has any), writes the order with its line, history row and outbox messages in one
 *      statement, and last reserves the stock (the product's figures, then the places that hold
 *      it, with its ledger row);
 *   2. open the payment: insert the intent; the processor's answer: mark it succeeded;
 *   3. pay: the order, its history and outbox in one statement.
 * What the store adds on top (HTTP, validation, the session, reading back) is what the ratio
 * measures. `discounts`: whether the store reads the automatic discounts (it does not when it
 * has none). Ids are made in the statements that write them: pgbench spends no round trip on them.
 */
const purchaseScript = (discounts: boolean) => String.raw`
${RATE_LIMIT('POST /api/order')}
BEGIN;
SELECT pg_advisory_xact_lock(hashtextextended('unpaid:' || :user_id, 0));
SELECT count(*)::int, coalesce(sum(quantity), 0)::int FROM orders WHERE user_id = :user_id AND status = 'unpaid';
${READ_FOR_SALE(':product_id')} \gset
${discounts ? DISCOUNTS : ''}
${PLACE({
  columns:
    'quantity, total_cents, subtotal_cents, shipping_cents, tax_cents, shipping_method, shipping_label, shipping_tax_cents, tax_rate_bp, shipping_address, line_count, checkout_key, phone',
  values:
    "1, :price_cents::bigint + 972, :price_cents, 799, 173, 'standard', 'Standard shipping', 0, 700, NULL, 1, NULL, '01712345678'",
  lines: ['(1, :product_id::uuid, :name, :price_cents::bigint, 1, 0::bigint, 0::bigint)'],
})}
${RESERVE(':product_id', 'name = :name AND price_cents = :price_cents')};
COMMIT;
${PAY(':price_cents::bigint + 972')}
`;

/** One cart change as the store makes it: the counter, the product read, the conditional upsert, the priced cart. */
const CART_PUT = (product: string, discounts: boolean) => `
${RATE_LIMIT('PUT /api/cart/:productId')}
SELECT t.id, t.name, t.image, t.price_cents, s.available, t.minimum_order_quantity, t.retired_at, t.ground_only, t.weight_lb, t.core_charge_cents FROM products t LEFT JOIN product_stock s ON s.product_id = t.id WHERE t.id = any(ARRAY[${product}]::uuid[]);
WITH product AS (SELECT id FROM products WHERE id = ${product} AND retired_at IS NULL FOR KEY SHARE)
INSERT INTO cart_lines (user_id, product_id, quantity) SELECT :user_id, product.id, 1 FROM product
  WHERE EXISTS (SELECT 1 FROM cart_lines WHERE user_id = :user_id AND product_id = ${product}) OR (SELECT count(*) FROM cart_lines WHERE user_id = :user_id) < 50
  ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = excluded.quantity RETURNING 1;
SELECT c.quantity, t.id, t.name, t.image, t.price_cents, s.available, t.minimum_order_quantity, t.retired_at, t.ground_only, t.weight_lb, t.core_charge_cents
  FROM cart_lines c JOIN products t ON t.id = c.product_id LEFT JOIN product_stock s ON s.product_id = t.id WHERE c.user_id = :user_id ORDER BY c.added_at, c.product_id;
${discounts ? DISCOUNTS : ''}`;

/**
 * A cart checkout of three lines, as the store makes it: three cart changes, then the one-page
 * checkout (its counter, the idempotency key looked up, then one transaction that takes the cart's
 * lines out of it, takes the customer's lock, counts the unpaid orders, reads the three products,
 * writes the order with its lines, history and outbox messages, and last reserves the three
 * products in id order with their ledger rows; then the intent is opened), the processor's answer
 * and the order paid.
 */
const cartScript = (discounts: boolean) => String.raw`
${CART_PUT(':tool_a', discounts)}
${CART_PUT(':tool_b', discounts)}
${CART_PUT(':tool_c', discounts)}
${RATE_LIMIT('POST /api/checkout')}
\set key random(1, 9000000000000000000)
SELECT * FROM orders WHERE user_id = :user_id AND checkout_key = 'bench-' || :key;
BEGIN;
DELETE FROM cart_lines WHERE user_id = :user_id RETURNING product_id, quantity, added_at;
SELECT pg_advisory_xact_lock(hashtextextended('unpaid:' || :user_id, 0));
SELECT count(*)::int, coalesce(sum(quantity), 0)::int FROM orders WHERE user_id = :user_id AND status = 'unpaid';
${READ_FOR_SALE(':tool_a, :tool_b, :tool_c')};
${discounts ? DISCOUNTS : ''}
${PLACE({
  columns:
    'quantity, total_cents, subtotal_cents, shipping_cents, tax_cents, shipping_method, shipping_label, shipping_tax_cents, tax_rate_bp, shipping_address, line_count, checkout_key, phone',
  values:
    "3, 8744, 7425, 799, 520, 'standard', 'Standard shipping', 0, 700, '{\"fullName\":\"Bench\"}'::jsonb, 3, 'bench-' || :key, '+1 313 555 0142'",
  lines: [
    "(1, :tool_a::uuid, 'A', 2475::bigint, 1, 0::bigint, 0::bigint)",
    "(2, :tool_b::uuid, 'B', 2475::bigint, 1, 0::bigint, 0::bigint)",
    "(3, :tool_c::uuid, 'C', 2475::bigint, 1, 0::bigint, 0::bigint)",
  ],
})}
${RESERVE(':tool_a', "name LIKE 'Bench sale wrench _' AND price_cents = 2475")};
${RESERVE(':tool_b', "name LIKE 'Bench sale wrench _' AND price_cents = 2475")};
${RESERVE(':tool_c', "name LIKE 'Bench sale wrench _' AND price_cents = 2475")};
COMMIT;
${PAY('8744')}
`;

/**
 * The essential writes of a purchase and nothing else, on three plain tables of their own (no
 * ledger, history, outbox, counters, triggers or secondary indexes): insert the order and reserve
 * the unit in one transaction (the reservation last, as the store does), insert the intent, then mark the intent and the order paid in one
 * transaction. What the store's schema costs is the distance between this and the script above.
 */
const ESSENTIAL_TABLES = `
CREATE TABLE essential_stock (id uuid PRIMARY KEY, available integer NOT NULL CHECK (available >= 0));
CREATE TABLE essential_orders (id uuid PRIMARY KEY, product_id uuid NOT NULL, user_id text NOT NULL, quantity integer NOT NULL,
  total_cents bigint NOT NULL, status text NOT NULL, transaction_id text);
CREATE TABLE essential_intents (id text PRIMARY KEY, order_id uuid NOT NULL, amount_cents bigint NOT NULL, status text NOT NULL);`;
const ESSENTIAL_SCRIPT = String.raw`
BEGIN;
INSERT INTO essential_orders VALUES (gen_random_uuid(), :product_id, :user_id, 1, 3447, 'unpaid', NULL) RETURNING id AS order_id \gset
UPDATE essential_stock SET available = available - 1 WHERE id = :product_id AND available >= 1;
COMMIT;
INSERT INTO essential_intents VALUES ('sim_pi_' || replace(gen_random_uuid()::text, '-', ''), :order_id, 3447, 'open')
  RETURNING id AS intent_id \gset
BEGIN;
UPDATE essential_intents SET status = 'succeeded' WHERE id = :intent_id;
UPDATE essential_orders SET status = 'pending', transaction_id = :intent_id WHERE id = :order_id;
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
  kind: 'one product' | 'cart of three' | 'essential writes' = 'one product',
  /** Whether the store reads the automatic discounts while pricing (it does when it has any). */
  discounts = false,
  /**
   * How pgbench sends its statements: `extended` parses and plans each one every time, as a client
   * without prepared statements does (the reference); `prepared` parses each once per connection,
   * as the store's purchase does since its statements are prepared (docs/decisions/071).
   */
  protocol: 'extended' | 'prepared' = 'extended',
): Promise<PgbenchResult> {
  const scratch = await createScratchDatabase(serverUrl, 'torque_pgbench');
  const dir = mkdtempSync(path.join(tmpdir(), 'torque-pgbench-'));
  try {
    const database = openPostgres(scratch.url, 2);
    let productIds: string[];
    // The buyers of the store's run are 12 accounts; pgbench's clients each have their own (a cart
    // is one per account), created here.
    const userIds = Array.from({ length: clients }, (_, i) => `pgbench-user-${i}`);
    try {
      await database.migrate();
      productIds = rowsOf<{ id: string }>(
        await database.db.execute(sql`
          insert into products (name, image, price_cents, description, available_quantity, minimum_order_quantity)
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
      if (kind === 'essential writes') {
        await database.db.execute(sql.raw(ESSENTIAL_TABLES));
        await database.db.execute(
          sql`insert into essential_stock (id, available) values (${productIds[0]}, 1000000000)`,
        );
      }
    } finally {
      await database.close();
    }
    const script = path.join(dir, 'purchase.sql');
    // Each client is its own customer: pgbench's built-in client_id picks the account.
    writeFileSync(
      script,
      (kind === 'cart of three'
        ? cartScript(discounts)
        : kind === 'essential writes'
          ? ESSENTIAL_SCRIPT
          : purchaseScript(discounts)
      ).replaceAll(':user_id', "('pgbench-user-' || :client_id::text)"),
    );
    const url = new URL(scratch.url);
    if (process.env.PGBENCH_SCRIPT_COPY) writeFileSync(process.env.PGBENCH_SCRIPT_COPY, readFileSync(script));
    const ran = spawnSync(
      'pgbench',
      [
        '--no-vacuum',
        ...(process.env.PGBENCH_REPORT ? ['--report-per-command'] : []),
        `--protocol=${protocol}`,
        `--client=${clients}`,
        '--jobs=2',
        `--time=${seconds}`,
        `--define=product_id=${productIds[0]}`,
        `--define=tool_a=${productIds[0]}`,
        `--define=tool_b=${productIds[1]}`,
        `--define=tool_c=${productIds[2]}`,
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
    if (process.env.PGBENCH_REPORT) console.error(ran.stdout);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(ran.stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(ran.stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${ran.stdout}`);
    return { purchasesPerSecond: Number(tps), latencyMs: Number(latency) };
  } finally {
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
