import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../src/server/db/database';
import {
  checkImport,
  importSummary,
  startImport,
} from '../src/server/modules/catalog/catalog-import.service';
import { runImports } from '../src/server/modules/catalog/import-job';

/**
 * `npm run bench:import`: a supplier's fitment file of 100,000 rows (ACES-like layout) into a fresh
 * PostgreSQL database holding 5,000 parts: the dry run (read, check every row, keep them), then the
 * job that applies it, a chunk per transaction as the job runner runs it. Prints both times.
 * Target: the whole import under a minute. A benchmark, not a test.
 */

const args = parseArgs({
  options: {
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    rows: { type: 'string', default: '100000' },
    parts: { type: 'string', default: '5000' },
  },
}).values;
const rows = Number(args.rows);
const parts = Number(args.parts);

const MODELS: Array<[string, string]> = [
  ['Honda', 'Civic'],
  ['Honda', 'Accord'],
  ['Toyota', 'Camry'],
  ['Toyota', 'Corolla'],
  ['Ford', 'F-150'],
  ['Chevrolet', 'Silverado 1500'],
  ['Nissan', 'Altima'],
  ['Jeep', 'Wrangler'],
];
const POSITIONS = ['Front', 'Rear', 'Front Left', 'Front Right'];

/** Row i of the file: each part fits many vehicle ranges, no two rows alike. */
function* fitmentFile(): Generator<string> {
  yield 'part_number,year_from,year_to,make,model,submodel,engine,position,quantity,note\n';
  for (let i = 0; i < rows; i += 1) {
    const [make, model] = MODELS[i % MODELS.length] as [string, string];
    const from = 1990 + (Math.floor(i / parts) % 30);
    const position = POSITIONS[Math.floor(i / (parts * 30)) % POSITIONS.length];
    yield `BN-${String(i % parts).padStart(5, '0')},${from},${from + 3},${make},${model},,,${position},2,\n`;
  }
}

const base = new URL(args['postgres-url'] as string);
const name = `torque_bench_import_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base.toString() });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const database = openPostgres(url.toString(), 4);
try {
  await database.migrate();
  const db = database.db;
  await db.execute(sql`
    insert into tools (name, image, price_cents, description, available_quantity, minimum_order_quantity, sku, part_number)
    select 'Brake part ' || n, '/images/tools/brake-pad-set.svg', 2999, array['A part.'], 10, 1,
      'BN-' || lpad(n::text, 5, '0'), 'MK-' || n
    from generate_series(0, ${parts - 1}) as n`);
  await db.execute(sql`
    insert into part_numbers (tool_id, number, key, kind) select id, sku, lower(replace(sku, '-', '')), 'sku' from tools`);
  await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('bench-admin', 'Bench', 'bench@example.com', true, now(), now())`);

  const t0 = performance.now();
  const checked = await checkImport(db, 'fitment', 'bench.csv', Readable.from(fitmentFile()), 'bench-admin');
  const t1 = performance.now();
  await startImport(db, checked.id);
  while ((await importSummary(db, checked.id)).status !== 'done') {
    await runImports(db, { budgetMs: 5000 });
  }
  const t2 = performance.now();
  const done = await importSummary(db, checked.id);
  const [fitted] = (
    (await db.execute(sql`select count(*)::int as n from fitments`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  const load = (await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `fitment import of ${rows.toLocaleString('en-US')} rows for ${parts.toLocaleString('en-US')} parts on PostgreSQL (load average ${load})`,
  );
  console.log('| step | seconds | rows/s |');
  console.log('|---|---|---|');
  console.log(
    `| dry run (read, check, keep) | ${((t1 - t0) / 1000).toFixed(1)} | ${Math.round(rows / ((t1 - t0) / 1000))} |`,
  );
  console.log(
    `| apply (job, chunks of 1,000) | ${((t2 - t1) / 1000).toFixed(1)} | ${Math.round(rows / ((t2 - t1) / 1000))} |`,
  );
  console.log(
    `| whole import | ${((t2 - t0) / 1000).toFixed(1)} | ${Math.round(rows / ((t2 - t0) / 1000))} |`,
  );
  console.log(`applied: ${JSON.stringify(done.applied)}; fitment rows now ${fitted?.n}`);
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
