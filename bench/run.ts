// `npm run bench`: the store's performance figures, all measured in one run and printed as one
// table (bench/README.md says how to read it). Each store runs as its own process with logging
// off; the load comes from this process (autocannon, fixed settings, seeded data).
//
//   npm run bench [-- --seconds=5] [--postgres-url=postgres://postgres@127.0.0.1:5432/test] [--no-postgres] [--scale-only] [--no-pglite] [--only=checkout] [--no-footprint] [--footprint-here] [--no-lighthouse] [--no-instances]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seedProducts } from '../src/server/seed/seed-data';
import { createScratchDatabase } from '../src/server/test/scratch-postgres';
import { runCartCheckout } from './run/cart-checkout';
import { measureMissCpu } from './run/catalog-misses';
import { checkoutEnv, runCheckout } from './run/checkout';
import { type Child, capture, startRaw, startStore } from './run/children';
import { footprintGoals, formatGoals, type Goal, ratioGoal } from './run/goals';
import { measureInstances } from './run/instances';
import { largePgliteDir, largePostgresUrl } from './run/large-catalog-db';
import { GOAL as LIGHTHOUSE_GOAL, measureLighthouse } from './run/lighthouse';
import { type LoadResult, measurePair } from './run/load';
import { describeMachine } from './run/machine';
import { type PgbenchResult, pgbenchPurchase } from './run/pgbench';
import { purchaseStatements } from './run/purchase-statements';
import { measureScale } from './run/scale';
import { formatTable, perSecond, type Row } from './run/table';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    'postgres-url': {
      type: 'string',
      default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    'no-postgres': { type: 'boolean', default: false },
    only: { type: 'string' },
    /** Only the 100,000-tool catalog's measurements (the slowest part to set up, the quickest to rerun). */
    'scale-only': { type: 'boolean', default: false },
    /** Leave out the 100,000-tool catalog on PGlite (its seeding takes minutes). */
    'no-pglite': { type: 'boolean', default: false },
    /** Leave out install size, idle memory and warm start (bench/footprint.mjs: a clone and an install). */
    'no-footprint': { type: 'boolean', default: false },
    /** Footprint of this checkout instead of a pruned production install (no install size). */
    'footprint-here': { type: 'boolean', default: false },
    /** Leave out Lighthouse (five pages, three runs each, a few minutes). */
    'no-lighthouse': { type: 'boolean', default: false },
    /** Leave out 1, 2 and 4 instances behind HAProxy, and the database's CPU per catalog miss. */
    'no-instances': { type: 'boolean', default: false },
    /**
     * Besides the sale of one product, a checkout spread over this many products (0: none), on
     * PostgreSQL and in the instances' measurements.
     */
    products: { type: 'string', default: '256' },
  },
});
const seconds = Number(args.seconds);
const spreadOver = Number(args.products);
const postgresUrl = args['no-postgres'] ? undefined : args['postgres-url'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'dist', 'web');
/**
 * Whether the stores measured here read the automatic discounts while pricing; pgbench's scripts
 * do the same. They have none, so once they know it they read nothing (decision 070).
 */
const STORE_READS_DISCOUNTS = false;
/** The same for the store and its baseline. */
const CONNECTIONS = 10;

const log = (line: string) => console.error(`bench: ${line}`);
const rows: Row[] = [];
/** Each figure the store is held to, beside its limit (docs/performance.md). */
const goals: Goal[] = [];
const CATALOG_GOAL = 0.9;
const HOME_GOAL = 0.8;
const CHECKOUT_GOAL = 0.5;
const began = performance.now();
const machine = describeMachine();

/** The store and the raw baseline on the same path, headers and settings, one after the other. */
async function againstRaw(
  store: Child,
  what: string,
  database: string,
  urlPath: string,
  headers: Record<string, string>,
  note: (size: number) => string,
) {
  const answer = await capture(store.url + urlPath, headers);
  const raw = await startRaw({ [urlPath]: answer });
  try {
    const options = { connections: CONNECTIONS, seconds, headers };
    const [mine, theirs] = await measurePair(
      { url: store.url + urlPath, cpu: store.cpu },
      { url: raw.url + urlPath, cpu: raw.cpu },
      options,
    );
    const row: Row = {
      what,
      database,
      rate: perSecond(mine.rps),
      p50: mine.p50,
      p99: mine.p99,
      rawRate: perSecond(theirs.rps),
      rawP50: theirs.p50,
      rawP99: theirs.p99,
      ratio: `${(mine.rps / theirs.rps).toFixed(2)}x`,
      note: [
        note(answer.size),
        `CPU per answer ${cpuNote(mine)} vs ${cpuNote(theirs)} µs`,
        failuresNote(mine),
        failuresNote(theirs),
      ]
        .filter(Boolean)
        .join('; '),
    };
    rows.push(row);
    return row;
  } finally {
    await raw.stop();
  }
}

const failuresNote = (result: LoadResult) => (result.failures ? `${result.failures} failed` : '');
const cpuNote = (result: LoadResult) => (result.cpuPerAnswer ?? Number.NaN).toFixed(0);

const KB = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

function ensureWebBuild() {
  // scripts/build-web-if-needed.mjs: builds only when dist/web is missing or older than its sources.
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-web-if-needed.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.status !== 0) throw new Error('the web build failed');
}

/** The entry script index.html loads: the biggest hashed asset of the first page. */
function entryAsset(): string {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const src = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('no entry script in dist/web/index.html');
  return src;
}

async function demoStoreSections() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'torque-bench-demo-'));
  const adminEmail = 'bench-admin@example.com';
  log('PGlite store with the demo catalog');
  const store = await startStore({ DATA_DIR: dataDir, WEB_DIST_DIR: webDist, ...checkoutEnv(adminEmail) });
  try {
    const db = 'PGlite';
    const list = await againstRaw(
      store,
      `GET /api/tool (demo catalog, ${seedProducts.length} tools)`,
      db,
      '/api/tool',
      {},
      (size) => `${KB(size)} JSON, cached answer`,
    );
    const first = (
      (await (await fetch(`${store.url}/api/tool?limit=1`)).json()) as Array<{ _id: string }>
    )[0];
    if (!first) throw new Error('the demo catalog is empty');
    const one = await againstRaw(
      store,
      'GET /api/purchase/:id',
      db,
      `/api/purchase/${first._id}`,
      {},
      (size) => `${KB(size)} JSON, cached answer`,
    );
    const browser = {
      accept: 'text/html,application/xhtml+xml',
      'accept-encoding': 'gzip, deflate, br, zstd',
    };
    const htmlSize = readFileSync(path.join(webDist, 'index.html')).length;
    const home = await againstRaw(
      store,
      'GET / (home page HTML)',
      db,
      '/',
      browser,
      (size) => `brotli ${KB(size)} of ${KB(htmlSize)}`,
    );
    const asset = entryAsset();
    const assetSize = readFileSync(path.join(webDist, asset)).length;
    await againstRaw(
      store,
      `GET ${asset.replace(/-[\w-]+\./, '-<hash>.')} (entry script)`,
      db,
      asset,
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      (size) => `brotli ${KB(size)} of ${KB(assetSize)}, immutable`,
    );
    goals.push(
      ratioGoal('catalog answer against raw node:http: the list', list.ratio, CATALOG_GOAL),
      ratioGoal('catalog answer against raw node:http: one product', one.ratio, CATALOG_GOAL),
      ratioGoal("home page's HTML against raw node:http", home.ratio, HOME_GOAL),
    );
    log('checkout on PGlite');
    rows.push(
      checkoutRow(
        await runCheckout(store.url, adminEmail, {
          seconds: seconds + 3,
          storeCpu: store.cpu,
          storeStatements: store.statements,
        }),
        'PGlite',
      ),
    );
  } finally {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The CPU a purchase took of the store and of the buyers' clients (this process). */
const purchaseCpuNote = (cpu: { store: number | undefined; client: number }) =>
  `CPU per purchase: store ${cpu.store === undefined ? '?' : cpu.store.toFixed(1)} ms, buyers' clients ${cpu.client.toFixed(1)} ms`;

/** The statements the store sent per purchase while buying, by its own count. */
const statementsNote = (result: Awaited<ReturnType<typeof runCheckout>>) =>
  result.statementsPerPurchase === undefined
    ? ''
    : `PostgreSQL statements per purchase while buying: ${result.statementsPerPurchase.toFixed(1)}`;

function checkoutRow(
  result: Awaited<ReturnType<typeof runCheckout>>,
  database: string,
  limit?: {
    pgbench: PgbenchResult;
    prepared: PgbenchResult;
    essential: PgbenchResult;
    statements: number;
  },
): Row {
  const spread = result.products > 1 ? `${result.products} products` : 'one tool';
  return {
    what: `checkout, ${result.products > 1 ? `${result.products} products` : 'one product'}: order, intent, confirm, mark paid`,
    database,
    rate: `${result.ordersPerSecond.toFixed(1)} orders`,
    p50: result.p50,
    p99: result.p99,
    ...(limit
      ? {
          rawRate: `${limit.pgbench.purchasesPerSecond.toFixed(1)} (pgbench)`,
          rawP50: limit.pgbench.latencyMs,
          ratio: `${(result.ordersPerSecond / limit.pgbench.purchasesPerSecond).toFixed(2)}x`,
        }
      : {}),
    note: [
      `12 buyers, ${spread}; oversold: ${result.oversold}${result.failures ? `; ${result.failures} failed` : ''}`,
      purchaseCpuNote(result.cpuMsPerPurchase),
      statementsNote(result),
      limit
        ? `raw = pgbench, the same writes in the same 4 transactions (the order; the intent; its answer; the payment), 12 clients (its p50 is the mean); ${limit.statements} statements per purchase; ` +
          `pgbench with prepared statements, as the store sends them: ${limit.prepared.purchasesPerSecond.toFixed(1)}/s, ${(result.ordersPerSecond / limit.prepared.purchasesPerSecond).toFixed(2)}x; ` +
          `against only the essential writes (reserve, order, intent, paid: ${limit.essential.purchasesPerSecond.toFixed(1)}/s) ${(result.ordersPerSecond / limit.essential.purchasesPerSecond).toFixed(2)}x, ` +
          `the schema's own cost ${(limit.essential.purchasesPerSecond / limit.pgbench.purchasesPerSecond).toFixed(1)}x`
        : '',
    ]
      .filter(Boolean)
      .join('; '),
  };
}

async function postgresCheckout(serverUrl: string) {
  const scratch = await createScratchDatabase(serverUrl, 'torque_bench');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'torque-bench-pg-'));
  const adminEmail = 'bench-admin@example.com';
  const poolSize = '10';
  log('checkout on PostgreSQL');
  const store = await startStore({
    DATABASE_URL: scratch.url,
    DATABASE_POOL_SIZE: poolSize,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent-web-build',
    ...checkoutEnv(adminEmail),
  });
  let result: Awaited<ReturnType<typeof runCheckout>>;
  let spreadResult: Awaited<ReturnType<typeof runCheckout>> | undefined;
  try {
    const measured = { seconds: seconds + 3, storeCpu: store.cpu, storeStatements: store.statements };
    result = await runCheckout(store.url, adminEmail, measured);
    if (spreadOver > 1) {
      log(`checkout on PostgreSQL, purchases spread over ${spreadOver} products`);
      spreadResult = await runCheckout(store.url, adminEmail, { ...measured, products: spreadOver });
    }
  } finally {
    await store.stop();
    await scratch.drop();
  }
  log('the same purchase writes with pgbench, and the statements of one purchase');
  const pgbench = await pgbenchPurchase(serverUrl, 12, seconds + 3, 'one product', STORE_READS_DISCOUNTS);
  const prepared = await pgbenchPurchase(
    serverUrl,
    12,
    seconds + 3,
    'one product',
    STORE_READS_DISCOUNTS,
    'prepared',
  );
  const essential = await pgbenchPurchase(serverUrl, 12, seconds + 3, 'essential writes');
  const statements = await purchaseStatements(serverUrl);
  const single = checkoutRow(result, `PostgreSQL, pool ${poolSize}`, {
    pgbench,
    prepared,
    essential,
    statements,
  });
  rows.push(single);
  if (spreadResult) rows.push(checkoutRow(spreadResult, `PostgreSQL, pool ${poolSize}`));
  goals.push(
    ratioGoal('checkout against pgbench doing the same writes: one product', single.ratio, CHECKOUT_GOAL),
  );

  log('cart checkout (3 lines) on PostgreSQL');
  const cartScratch = await createScratchDatabase(serverUrl, 'torque_bench_cart');
  const cartStore = await startStore({
    DATABASE_URL: cartScratch.url,
    DATABASE_POOL_SIZE: poolSize,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent-web-build',
    ...checkoutEnv(adminEmail),
  });
  let cart: Awaited<ReturnType<typeof runCartCheckout>>;
  try {
    cart = await runCartCheckout(cartStore.url, adminEmail, {
      seconds: seconds + 3,
      storeCpu: cartStore.cpu,
    });
  } finally {
    await cartStore.stop();
    await cartScratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  log('the same cart checkout writes with pgbench');
  const cartLimit = await pgbenchPurchase(serverUrl, 12, seconds + 3, 'cart of three', STORE_READS_DISCOUNTS);
  rows.push({
    what: 'cart checkout: 3 lines into the cart, one-page checkout, confirm, mark paid',
    database: `PostgreSQL, pool ${poolSize}`,
    rate: `${cart.checkoutsPerSecond.toFixed(1)} checkouts`,
    p50: cart.p50,
    p99: cart.p99,
    rawRate: `${cartLimit.purchasesPerSecond.toFixed(1)} (pgbench)`,
    rawP50: cartLimit.latencyMs,
    ratio: `${(cart.checkoutsPerSecond / cartLimit.purchasesPerSecond).toFixed(2)}x`,
    note: `12 buyers, the same 3 products; oversold: ${cart.oversold}${cart.failures ? `; ${cart.failures} failed, first: ${cart.firstFailure}` : ''}; ${purchaseCpuNote(cart.cpuMsPerPurchase)}; raw = pgbench, the same writes in the same transactions, 12 clients`,
  });
  goals.push(
    ratioGoal(
      'checkout against pgbench doing the same writes: a cart of three',
      rows.at(-1)?.ratio,
      CHECKOUT_GOAL,
    ),
  );
}

async function scaleSection(database: string, env: Record<string, string>) {
  log(`100,000 tools on ${database}`);
  const store = await startStore({ ...env, SEED_DEMO_DATA: 'false', WEB_DIST_DIR: '/nonexistent-web-build' });
  try {
    for (const [name, result] of Object.entries(await measureScale(store.url, seconds))) {
      rows.push({
        what: `100k tools, ${name}`,
        database,
        rate: perSecond(result.rps),
        p50: result.p50,
        p99: result.p99,
        note: ['1 connection, every request a cache miss', failuresNote(result)].filter(Boolean).join('; '),
      });
    }
  } finally {
    await store.stop();
  }
}

if (args.only === 'checkout') {
  // Checkout alone: the PostgreSQL rows beside their pgbench limit.
  if (!postgresUrl) throw new Error('--only=checkout needs PostgreSQL');
  await postgresCheckout(postgresUrl);
} else {
  ensureWebBuild();
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('no web build in dist/web');
  if (!args['scale-only']) {
    await demoStoreSections();
    if (postgresUrl) await postgresCheckout(postgresUrl);
  }
  if (!args['no-pglite']) await scaleSection('PGlite', { DATA_DIR: await largePgliteDir(log) });
}
if (postgresUrl && args.only !== 'checkout') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'torque-bench-pg-'));
  try {
    await scaleSection('PostgreSQL', {
      DATABASE_URL: await largePostgresUrl(postgresUrl, log),
      DATA_DIR: dataDir,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (postgresUrl && !args.only && !args['scale-only'] && !args['no-instances']) {
  log('1, 2 and 4 instances behind HAProxy on one PostgreSQL (bench/run/instances.ts)');
  rows.push(
    ...(await measureInstances({
      postgresUrl,
      seconds,
      log,
      products: spreadOver > 1 ? [1, spreadOver] : [1],
    })),
  );
  log("the database's CPU per catalog miss at 100,000 tools (bench/run/catalog-misses.ts)");
  rows.push(...(await measureMissCpu({ postgresUrl, seconds, log })));
}
if (!args.only && !args['scale-only'] && !args['no-lighthouse']) {
  log('Lighthouse, mobile, its default settings: five pages, three runs each (bench/run/lighthouse.ts)');
  for (const row of await measureLighthouse({ runs: 3 })) {
    goals.push({
      what: `Lighthouse mobile performance: ${row.page}`,
      figure: `${row.performance.toFixed(2)} (runs ${row.performanceRuns.map((n) => n.toFixed(2)).join(', ')}; host CPU index ${row.cpuIndex.toFixed(0)})`,
      limit: `at least ${LIGHTHOUSE_GOAL.toFixed(2)}`,
      met: row.performance >= LIGHTHOUSE_GOAL,
    });
  }
}
if (!args.only && !args['scale-only'] && !args['no-footprint']) {
  log('footprint: install size, idle memory, warm start (bench/footprint.mjs)');
  goals.push(...footprintGoals({ here: args['footprint-here'], postgresUrl }));
}

console.log(`\nTorque Works bench: ${machine}`);
console.log(
  `${CONNECTIONS} connections, ${seconds} s per measurement after 1 s of warm-up; total ${((performance.now() - began) / 1000).toFixed(0)} s\n`,
);
console.log(formatTable(rows));
if (goals.length > 0) {
  console.log(
    `\nGoals (load average at the end ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}):\n`,
  );
  console.log(formatGoals(goals));
}
