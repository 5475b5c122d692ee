import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/kernel/config/config';
import { type Db, openPostgres } from '../src/server/kernel/db/database';
import {
  checkImport,
  importSummary,
  startImport,
} from '../src/server/modules/catalog/catalog-import.service';
import { runImports } from '../src/server/modules/catalog/import-job';
import { supplierForImport, writeSupplierFileRow } from '../src/server/modules/purchasing';

/**
 * `npm run bench:import`: a supplier's fitment file of 100,000 rows (ACES-like layout) into a fresh
 * PostgreSQL database holding 5,000 parts: the dry run (read, check every row, keep them), then the
 * job that applies it, a chunk per transaction as the job runner runs it. Prints both times.
 * Target: the whole import under a minute.
 *
 * Then the dry run of a products file of 250,000 rows (`--check-rows`) that is one supersession
 * chain from a product the store holds, its last row closing the loop through all of them, sent
 * over HTTP to the store running in this process, while a worker thread asks /healthz every 10 ms
 * (decision 072). Prints the check's time and /healthz's p50, p99 and slowest answer meanwhile.
 * Target: /healthz p99 under 100 ms.
 *
 * Then a supplier's price-and-stock file of `--rows` rows in its own headers, read through the
 * mapping kept with the supplier (decision 098), for as many products the store holds: each row
 * sets the supplier's part number, cost and pack and counts the stock through the ledger. Prints
 * the dry run's and the job's times and what it applied. Target: under a minute.
 * `--only=fitment`, `--only=check` or `--only=supplier` runs one part.
 * A benchmark, not a test.
 */

const args = parseArgs({
  options: {
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    rows: { type: 'string', default: '100000' },
    parts: { type: 'string', default: '5000' },
    'check-rows': { type: 'string', default: '250000' },
    only: { type: 'string' },
  },
}).values;
const checkRows = Number(args['check-rows']);
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

/** The products file of the check: one chain from CHK-0 (in the store) through every row, closed at the end. */
function* chainFile(n: number): Generator<string> {
  yield 'sku,name,description,price,superseded_by\n';
  for (let i = 1; i < n; i += 1) yield `CHK-${i},Chain part ${i},A part of the chain.,10,CHK-${i - 1}\n`;
  yield `CHK-0,,,,CHK-${n - 1}\n`;
}

/** Asks /healthz one request after another, 10 ms apart, from its own thread, until told to stop. */
const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let running = true;
const times = [];
parentPort.on('message', () => { running = false; });
const ask = () => new Promise((resolve, reject) => {
  http.get(workerData.url, { agent }, (res) => { res.resume(); res.on('end', resolve); }).on('error', reject);
});
(async () => {
  while (running) {
    const started = performance.now();
    await ask();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  agent.destroy();
  parentPort.postMessage(times);
})();
`;

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
  await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('bench-admin', 'Bench', 'bench@example.com', true, now(), now())`);
  if (!args.only || args.only === 'fitment') await fitmentImport(db);
  if (!args.only || args.only === 'check') await productsCheck(db, url.toString());
  if (!args.only || args.only === 'supplier') await supplierImport(db);
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

async function fitmentImport(db: Db) {
  await db.execute(sql`
    insert into products (name, image, price_cents, description, available_quantity, minimum_order_quantity, sku, part_number)
    select 'Brake part ' || n, '/images/tools/brake-pad-set.svg', 2999, array['A part.'], 10, 1,
      'BN-' || lpad(n::text, 5, '0'), 'MK-' || n
    from generate_series(0, ${parts - 1}) as n`);
  await db.execute(sql`
    insert into part_numbers (product_id, number, key, kind) select id, sku, lower(replace(sku, '-', '')), 'sku' from products`);

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
}

/** A distributor's file in its own words: every product the store holds, its cost, pack and count. */
function* supplierFile(): Generator<string> {
  yield 'Item #,Vendor Part,Qty On Hand,Our Cost,Case Qty,Web Notes\n';
  for (let i = 0; i < rows; i += 1) {
    const cost = 500 + (i % 9000);
    yield `SP-${String(i).padStart(6, '0')},V-${i},${(i * 7) % 200},"${Math.floor(cost / 100).toLocaleString('en-US')}.${String(cost % 100).padStart(2, '0')}",${1 + (i % 4)},Ships in 2 days\n`;
  }
}

async function supplierImport(db: Db) {
  await db.execute(sql`
    insert into products (name, image, price_cents, description, available_quantity, minimum_order_quantity, sku)
    select 'Stocked part ' || n, '/images/tools/brake-pad-set.svg', 4999, array['A part.'], 50, 1,
      'SP-' || lpad(n::text, 6, '0')
    from generate_series(0, ${rows - 1}) as n`);
  const mapping = {
    'Item #': 'sku',
    'Vendor Part': 'supplier_part_number',
    'Qty On Hand': 'on_hand',
    'Our Cost': 'supplier_cost',
    'Case Qty': 'pack_size',
    'Web Notes': 'ignore',
  } as const;
  const [made] = (
    (await db.execute(sql`insert into suppliers (name, email, import_mapping)
      values ('Bench Wholesale', 'orders@bench.example', ${JSON.stringify(mapping)}::jsonb) returning id::text as id`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows;
  if (!made) throw new Error('no supplier');
  const supplier = await supplierForImport(db, made.id);

  const t0 = performance.now();
  const checked = await checkImport(
    db,
    'products',
    'bench-supplier.csv',
    Readable.from(supplierFile()),
    'bench-admin',
    supplier,
  );
  const t1 = performance.now();
  await startImport(db, checked.id);
  let lastReport = t1;
  for (;;) {
    const now = await importSummary(db, checked.id);
    if (now.status === 'done' || now.status === 'failed') break;
    if (performance.now() - lastReport > 10_000) {
      console.log(
        `  applied ${now.done.toLocaleString('en-US')} of ${now.total.toLocaleString('en-US')} rows`,
      );
      lastReport = performance.now();
    }
    await runImports(db, { budgetMs: 5000, writeSupplierRow: writeSupplierFileRow });
  }
  const t2 = performance.now();
  const done = await importSummary(db, checked.id);
  const [offers] = (
    (await db.execute(sql`select count(*)::int as n from supplier_products`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  const load = (await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\nsupplier file of ${rows.toLocaleString('en-US')} rows in its own headers (part number, count, cost, pack) on PostgreSQL (load average ${load})`,
  );
  console.log('| step | seconds | rows/s |');
  console.log('|---|---|---|');
  console.log(
    `| dry run (read through the mapping, check, keep) | ${((t1 - t0) / 1000).toFixed(1)} | ${Math.round(rows / ((t1 - t0) / 1000))} |`,
  );
  console.log(
    `| apply (job, chunks of 1,000) | ${((t2 - t1) / 1000).toFixed(1)} | ${Math.round(rows / ((t2 - t1) / 1000))} |`,
  );
  console.log(
    `| whole import | ${((t2 - t0) / 1000).toFixed(1)} | ${Math.round(rows / ((t2 - t0) / 1000))} |`,
  );
  console.log(
    `status ${done.status}; applied: ${JSON.stringify(done.applied)}; supplier offers ${offers?.n}`,
  );
}

/** The q-quantile of sorted `samples`. */
function quantile(samples: number[], q: number) {
  return samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
}

/** /healthz's answer times, sorted, while `work` runs. */
async function probeWhile(url: string, work: () => Promise<unknown>): Promise<number[]> {
  const probe = new Worker(HEALTH_PROBE, { eval: true, workerData: { url } });
  const times = new Promise<number[]>((resolve) => probe.once('message', resolve));
  await work();
  probe.postMessage('stop');
  const samples = (await times).sort((a, b) => a - b);
  await probe.terminate();
  return samples;
}

async function productsCheck(db: Db, databaseUrl: string) {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-build',
    ADMIN_EMAILS: 'check-owner@example.com',
    PASSWORD_HASH_COST: 'low',
    SEED_DEMO_DATA: 'false',
  });
  const database = openPostgres(databaseUrl, 4);
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await db.execute(sql`
      insert into products (name, image, price_cents, description, available_quantity, minimum_order_quantity, sku)
      values ('Chain start', '/images/tools/brake-pad-set.svg', 1000, array['A part.'], 1, 1, 'CHK-0')`);
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        email: 'check-owner@example.com',
        name: 'Owner',
        password: 'Bench-check-7!',
      }),
    });
    const token = signUp.headers.get('set-auth-token');
    if (!token) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    // Bytes, not a string: the client shares this process, and should cost it nothing while it sends.
    const file = Buffer.from([...chainFile(checkRows)].join(''));

    // The same probe for 3 s with nothing else running: what /healthz costs on this machine now.
    const idle = await probeWhile(
      `${base}/healthz`,
      () => new Promise((resolve) => setTimeout(resolve, 3000)),
    );
    let res: Response | undefined;
    let t1 = 0;
    const t0 = performance.now();
    const samples = await probeWhile(`${base}/healthz`, async () => {
      res = await fetch(`${base}/api/catalog/imports?kind=products&name=chain.csv`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', origin: base, authorization: `Bearer ${token}` },
        body: new Uint8Array(file),
      });
      t1 = performance.now();
    });
    if (!res) throw new Error('no answer');
    const answer = (await res.json()) as { total?: number; checked?: Record<string, number> };
    const at = (q: number) => quantile(samples, q);
    const load = (await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `\nproducts dry run over HTTP: ${checkRows.toLocaleString('en-US')} rows (${(file.length / 1024 / 1024).toFixed(1)} MB), one supersession chain closing a loop at its last row, on PostgreSQL (load average ${load})`,
    );
    console.log(`answer: ${res.status} ${JSON.stringify({ total: answer.total, checked: answer.checked })}`);
    console.log('| figure | value |');
    console.log('|---|---|');
    console.log(`| check (read, check, keep), seconds | ${((t1 - t0) / 1000).toFixed(1)} |`);
    console.log(`| /healthz answers meanwhile | ${samples.length} |`);
    console.log(`| /healthz p50, ms | ${at(0.5).toFixed(1)} |`);
    console.log(`| /healthz p99, ms | ${at(0.99).toFixed(1)} |`);
    console.log(`| /healthz slowest, ms | ${(samples[samples.length - 1] ?? 0).toFixed(1)} |`);
    console.log(
      `| /healthz p50 / p99 / slowest with nothing running (3 s before), ms | ${quantile(idle, 0.5).toFixed(1)} / ${quantile(idle, 0.99).toFixed(1)} / ${(idle[idle.length - 1] ?? 0).toFixed(1)} |`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}
