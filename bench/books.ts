// `npm run bench:books`: the books at size on PostgreSQL (decision 091). Writes `--orders` paid
// orders (100,000 by default) spread over the last year, each with two lines and its payment, and a
// refund for one in ten, into a scratch database of the server named by --postgres-url; then times
// a month's finance report (the goal: under 1 s) and streams the year's orders file and lines file,
// printing their rows, bytes, time and the largest growth of the process's heap while streaming (a
// file held whole would grow it by its size). A benchmark, not a test.
//
//   npm run bench:books [-- --postgres-url=postgres://postgres@127.0.0.1:5432/postgres] [--orders=100000]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../src/server/kernel/db/database';
import { bookFile, booksReport } from '../src/server/modules/books';
import { insertProduct } from '../src/server/test/fixtures';

const { values: args } = parseArgs({
  options: {
    'postgres-url': {
      type: 'string',
      default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    orders: { type: 'string', default: '100000' },
  },
});
const count = Number(args.orders);
const log = (line: string) => console.error(`bench:books: ${line}`);

const name = `books_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: args['postgres-url'] });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(args['postgres-url'] as string);
url.pathname = `/${name}`;
const database = openPostgres(url.toString(), 5);
try {
  await database.migrate();
  const pads = await insertProduct(database.db, { name: 'Pads', priceCents: 4599, costCents: 2100 });
  const rotor = await insertProduct(database.db, { name: 'Rotor', priceCents: 6250, coreChargeCents: 1500 });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const started = performance.now();
  // Goods 2 x 45.99 + 1 x 62.50 + 15.00 core = 169.48, 10 % off the pads (9.20), 7 % tax, $7.99
  // shipping: each order adds up as the orders table's check demands.
  await client.query(
    `insert into orders (id, quantity, subtotal_cents, discount_cents,
       shipping_cents, tax_cents, total_cents, user_name, user_email, phone, status, created_at, paid_at,
       transaction_id, shipping_address, line_count)
     select md5('o' || i)::uuid, 3, 16948, 920, 799, 1122,
       16948 - 920 + 799 + 1122, 'Bench Buyer', 'bench@example.com', '+1 313 555 0142', 'pending',
       now() - (i % 365) * interval '1 day', now() - (i % 365) * interval '1 day' + interval '1 minute',
       'pi_bench_' || i,
       jsonb_build_object('country', 'US', 'region', (array['MI','OH','CA','TX','NY'])[1 + i % 5]), 2
     from generate_series(1, $1::int) i`,
    [count],
  );
  await client.query(
    `insert into order_lines (order_id, line_no, product_id, product_name, unit_price_cents, quantity, discount_cents,
       core_charge_cents, cost_cents)
     select md5('o' || i)::uuid, 1, $1::uuid, 'Pads', 4599, 2, 920, 0, 2100 from generate_series(1, $3::int) i
     union all
     select md5('o' || i)::uuid, 2, $2::uuid, 'Rotor', 6250, 1, 0, 1500, null from generate_series(1, $3::int) i`,
    [pads.id, rotor.id, count],
  );
  await client.query(
    `insert into payment_intents (id, order_id, provider, amount_cents, client_secret, status)
     select 'pi_bench_' || i, md5('o' || i)::uuid, 'simulated', 16948 - 920 + 799 + 1122, 'secret', 'succeeded'
     from generate_series(1, $1::int) i`,
    [count],
  );
  await client.query(
    `insert into refunds (order_id, key, status, amount_cents, goods_cents, tax_cents, lines, reason,
       payment_intent_id, provider, updated_at)
     select md5('o' || i)::uuid, 'bench', 'succeeded', 4139 + 290, 4139, 290,
       jsonb_build_array(jsonb_build_object('productId', $1::text, 'quantity', 1, 'amountCents', 4139, 'taxCents', 290)),
       'Damaged', 'pi_bench_' || i, 'simulated', now() - (i % 365) * interval '1 day' + interval '2 days'
     from generate_series(10, $2::int, 10) i`,
    [pads.id, count],
  );
  await client.query('analyze');
  await client.end();
  log(`${count} orders written in ${Math.round(performance.now() - started)} ms`);

  const day = (d: Date) => d.toISOString().slice(0, 10);
  const today = new Date();
  const monthAgo = new Date(today.getTime() - 30 * 86_400_000);
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const t0 = performance.now();
    await booksReport(database.db, { from: day(monthAgo), to: day(today), group: 'day' });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[2] ?? 0;
  console.log(
    `| a month's finance report (by day) | median ${median.toFixed(0)} ms, worst ${(times[4] ?? 0).toFixed(0)} ms | goal < 1000 ms: ${median < 1000 ? 'met' : 'MISSED'} |`,
  );

  for (const file of ['orders', 'lines'] as const) {
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    let bytes = 0;
    let lines = 0;
    const t0 = performance.now();
    for await (const chunk of bookFile(database.db, file, { from: day(yearAgo), to: day(today) })) {
      const text = String(chunk);
      bytes += Buffer.byteLength(text);
      for (const ch of text) if (ch === '\n') lines += 1;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    const mb = (n: number) => (n / 1_048_576).toFixed(1);
    console.log(
      `| a year's ${file} file | ${lines - 1} rows, ${mb(bytes)} MB in ${(performance.now() - t0).toFixed(0)} ms | heap grew at most ${mb(peak - heapBefore)} MB |`,
    );
  }
} catch (error) {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
