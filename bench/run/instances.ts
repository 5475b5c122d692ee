// Several store processes on one PostgreSQL database behind HAProxy (`npm run bench:instances`,
// docs/scaling.md): the demo catalog's cached answers and the 4-call purchase, measured through
// the balancer for each number of instances, with the CPU each part of the system spent on them.
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from '../../src/server/test/scratch-postgres';
import { checkoutEnv, runCheckout } from './checkout';
import { type Child, startStore } from './children';
import { type Balancer, startHaproxy } from './haproxy';
import { type LoadResult, measureOnce } from './load';
import { backendCpu, backendCpuSpent, processCpu } from './process-cpu';
import { sharedLimitNote } from './shared-limit';
import { perSecond, type Row } from './table';

export interface InstancesOptions {
  /** Any database of the PostgreSQL server: a scratch database is made on it for each count. */
  postgresUrl: string;
  /** Of each catalog measurement; the purchases run 3 s longer, as in `npm run bench`. */
  seconds: number;
  counts?: number[];
  /** Connections for the catalog, the same as `npm run bench`. */
  connections?: number;
  /** Each instance's DATABASE_POOL_SIZE. */
  poolSize?: number;
  /** The HAProxy executable, found on PATH unless told. */
  haproxy?: string;
  /**
   * The checkout is measured once for each: purchases of one product (a sale), and purchases
   * spread over many (a store's day), 1 and 256 unless told.
   */
  products?: number[];
  log?: (line: string) => void;
}

/** CPU spent over a measured stretch, in microseconds, by each part of the system. */
interface Spent {
  stores: number;
  postgres: number;
  haproxy: number;
  /** This process: autocannon or the buyers, all the load the stores get. */
  client: number;
}

interface Reading {
  stores: number;
  /** Statements the stores sent PostgreSQL so far, all of them together. */
  statements: number;
  backends: Map<number, number>;
  haproxy: number;
  client: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * As many product changes as 20 orders a second make (placing an order moves its product's stock):
 * enough changes in a few seconds for /proc's 10 ms CPU ticks to count their cost.
 */
const CHANGES_PER_SECOND = 20;

/** What is measured on one count of instances, and how to read its CPU. */
interface System {
  stores: Child[];
  balancer: Balancer;
  /** A connection of our own to the scratch database: counts, stock, the backends' pids. */
  probe: pg.Client;
  /** Another, that changes a product while the catalog is read; its CPU is not the catalog's. */
  changer: pg.Client;
  changerPid: number;
  database: string;
}

async function read(system: System): Promise<Reading> {
  const stores = await Promise.all(system.stores.map((store) => store.cpu()));
  const statements = await Promise.all(system.stores.map((store) => store.statements()));
  const { user, system: kernel } = process.cpuUsage();
  return {
    stores: stores.reduce((sum, used) => sum + used, 0),
    statements: statements.reduce<number>((sum, sent) => sum + (sent ?? 0), 0),
    backends: await backendCpu(system.probe, system.database, [system.changerPid]),
    haproxy: processCpu(system.balancer.pid) ?? Number.NaN,
    client: user + kernel,
  };
}

const spentBetween = (before: Reading, after: Reading): Spent => ({
  stores: after.stores - before.stores,
  postgres: backendCpuSpent(before.backends, after.backends),
  haproxy: after.haproxy - before.haproxy,
  client: after.client - before.client,
});

/** Each part's CPU for one unit of work, in the given unit (µs: 1, ms: 1000). */
function cpuNote(spent: Spent, units: number, per: number, unit: string): string {
  const each = (value: number) => (value / units / per).toFixed(per === 1 ? 0 : 2);
  return `stores ${each(spent.stores)}, PostgreSQL ${each(spent.postgres)}, HAProxy ${each(spent.haproxy)}, load generator ${each(spent.client)} ${unit}`;
}

/** How HAProxy spread the requests of one measurement over the instances, in percent. */
async function split(balancer: Balancer, before: number[]): Promise<string> {
  const after = await balancer.requestsPerInstance();
  const sent = after.map((total, index) => total - (before[index] ?? 0));
  const all = sent.reduce((sum, n) => sum + n, 0) || 1;
  return sent.map((n) => Math.round((n / all) * 100)).join('/');
}

/**
 * A product changed `perSecond` times a second until stopped, as orders change stock: each change
 * is announced, and every instance drops its cached catalog answers. Returns how many were made.
 */
function changeProducts(system: System, perSecond: number): () => Promise<number> {
  let changes = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const began = performance.now();
      await system.changer.query(
        'update products set name = name where id = (select id from products order by id limit 1)',
      );
      changes += 1;
      await sleep(Math.max(0, 1000 / perSecond - (performance.now() - began)));
    }
  })();
  return async () => {
    running = false;
    await done;
    return changes;
  };
}

async function measureCatalog(system: System, connections: number, seconds: number, changesPerSecond = 0) {
  const url = `${system.balancer.url}/api/tool`;
  const answer = await fetch(url);
  const products = (await answer.json()) as unknown[];
  if (answer.status !== 200 || products.length === 0) throw new Error(`GET /api/tool: ${answer.status}`);
  // A second of warm-up per instance: each gets as many warm-up requests as a single one would.
  await measureOnce(url, { connections, seconds: system.stores.length });
  const sentBefore = await system.balancer.requestsPerInstance();
  const before = await read(system);
  const stopChanges = changesPerSecond ? changeProducts(system, changesPerSecond) : async () => 0;
  const result = await measureOnce(url, { connections, seconds });
  const changes = await stopChanges();
  const spent = spentBetween(before, await read(system));
  // autocannon stops on time, so the answers of the run are its rate times its length.
  const answers = result.rps * seconds;
  return {
    result,
    spent,
    answers,
    changes,
    seconds,
    split: await split(system.balancer, sentBefore),
    tools: products.length,
  };
}

const ordersSoFar = async (probe: pg.Client) =>
  (await probe.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n ?? 0;

/**
 * The CPU of the purchases alone: runCheckout first signs its buyers up (a password hash each),
 * and ends with a burst for the last units; the CPU is read over a stretch inside its buying
 * loop, from half a second after the first order on, and divided by the orders placed in it.
 */
async function buyingWindow(system: System, seconds: number) {
  const deadline = performance.now() + 60_000;
  // The window opens once this run's buyers have placed an order: before that the run is still
  // signing its buyers up and adding its products (256 admin requests for a spread), whose
  // statements and CPU are no purchase's. Orders of an earlier run on the same store do not count.
  const earlier = await ordersSoFar(system.probe);
  while ((await ordersSoFar(system.probe)) === earlier) {
    if (performance.now() > deadline) throw new Error('no order was placed within a minute');
    await sleep(50);
  }
  await sleep(500);
  const [ordersBefore, before] = [await ordersSoFar(system.probe), await read(system)];
  await sleep((seconds - 1.5) * 1000);
  const [ordersAfter, after] = [await ordersSoFar(system.probe), await read(system)];
  return {
    orders: ordersAfter - ordersBefore,
    spent: spentBetween(before, after),
    statements: after.statements - before.statements,
  };
}

/**
 * Every instance, asked directly, must show each bench product's stock as the database holds it:
 * its catalog cache heard every other instance's commits (LISTEN/NOTIFY).
 */
async function cachesAgree(system: System): Promise<string> {
  await sleep(200);
  const { rows } = await system.probe.query<{ id: string; available_quantity: number }>(
    "select id, available_quantity from products where name like 'Bench %'",
  );
  const stale: string[] = [];
  for (const [index, store] of system.stores.entries()) {
    for (const product of rows) {
      const shown = (await (await fetch(`${store.url}/api/purchase/${product.id}`)).json()) as {
        available_quantity: number;
      };
      if (shown.available_quantity !== product.available_quantity)
        stale.push(
          `instance ${index + 1} shows ${shown.available_quantity} of ${product.available_quantity}`,
        );
    }
  }
  return stale.length
    ? `STALE CACHE: ${stale.join('; ')}`
    : `every instance shows the database's stock of the ${rows.length} bench products`;
}

async function measureCheckout(system: System, adminEmail: string, seconds: number, products: number) {
  const sentBefore = await system.balancer.requestsPerInstance();
  const [result, window] = await Promise.all([
    runCheckout(system.balancer.url, adminEmail, { seconds: seconds + 3, products }),
    buyingWindow(system, seconds + 3),
  ]);
  return {
    result,
    ...window,
    split: await split(system.balancer, sentBefore),
    caches: await cachesAgree(system),
    limits: await sharedLimitNote(system.balancer.url),
  };
}

const load = () => `load average ${os.loadavg()[0]?.toFixed(2)}`;

function catalogRow(
  count: number,
  database: string,
  catalog: Awaited<ReturnType<typeof measureCatalog>>,
): Row {
  const { result, spent, answers, changes } = catalog;
  const instances = `${count} instance${count > 1 ? 's' : ''}`;
  // Each change makes every instance build its answer again from the database, once.
  const rebuilds = changes * count;
  return {
    what: changes
      ? `GET /api/tool via HAProxy, ${instances}, a product changed ${Math.round(changes / catalog.seconds)} times a second`
      : `GET /api/tool via HAProxy, ${instances} (demo catalog)`,
    database,
    rate: perSecond(result.rps),
    p50: result.p50,
    p99: result.p99,
    note: [
      changes
        ? `${changes} changes; PostgreSQL ${(spent.postgres / 1000 / catalog.seconds).toFixed(1)} ms of CPU a second, ${(spent.postgres / 1000 / rebuilds).toFixed(2)} ms per change and instance`
        : `cached answer, ${catalog.tools} tools`,
      `CPU per answer: ${cpuNote(spent, answers, 1, 'µs')}`,
      `split ${catalog.split} %`,
      failures(result),
      load(),
    ]
      .filter(Boolean)
      .join('; '),
  };
}

function checkoutRow(
  count: number,
  database: string,
  checkout: Awaited<ReturnType<typeof measureCheckout>>,
): Row {
  const { result, spent, orders } = checkout;
  const spread = result.products > 1 ? `${result.products} products` : 'one product';
  return {
    what: `checkout via HAProxy, ${count} instance${count > 1 ? 's' : ''}, ${spread}: order, intent, confirm, mark paid`,
    database,
    rate: `${result.ordersPerSecond.toFixed(1)} orders`,
    p50: result.p50,
    p99: result.p99,
    note: [
      `12 buyers, ${spread}; CPU per purchase: ${cpuNote(spent, orders, 1000, 'ms')}`,
      // The stores' own count of what they sent, BEGIN and COMMIT included (the job runner's too).
      `PostgreSQL statements per purchase: ${(checkout.statements / Math.max(1, orders)).toFixed(1)}`,
      `split ${checkout.split} %`,
      `oversold: ${result.oversold}`,
      checkout.caches,
      checkout.limits,
      result.failures ? `${result.failures} failed` : '',
      load(),
    ]
      .filter(Boolean)
      .join('; '),
  };
}

const failures = (result: LoadResult) => (result.failures ? `${result.failures} failed` : '');

/** One count: a fresh database, its stores, HAProxy; the catalog, then the purchases. */
async function measureCount(count: number, options: Required<InstancesOptions>): Promise<Row[]> {
  const { log, poolSize } = options;
  const scratch = await createScratchDatabase(options.postgresUrl, 'torque_bench_instances');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'torque-bench-instances-'));
  const adminEmail = 'bench-admin@example.com';
  const env = {
    DATABASE_URL: scratch.url,
    DATABASE_POOL_SIZE: String(poolSize),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent-web-build',
    // Behind one proxy, as deployed: the client's address is the X-Forwarded-For entry HAProxy wrote.
    TRUST_PROXY: 'true',
    ...checkoutEnv(adminEmail),
  };
  const stores: Child[] = [];
  const probe = new pg.Client({ connectionString: scratch.url });
  const changer = new pg.Client({ connectionString: scratch.url });
  let balancer: Balancer | undefined;
  try {
    log(`${count} instance(s): the first migrates and seeds the demo catalog`);
    stores.push(await startStore({ ...env, SEED_DEMO_DATA: 'true' }));
    stores.push(
      ...(await Promise.all(
        Array.from({ length: count - 1 }, () => startStore({ ...env, SEED_DEMO_DATA: 'false' })),
      )),
    );
    balancer = await startHaproxy(
      stores.map((store) => store.url),
      options.haproxy,
    );
    await probe.connect();
    await changer.connect();
    const changerPid =
      (await changer.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
    const system: System = { stores, balancer, probe, changer, changerPid, database: scratch.name };
    const database = `PostgreSQL, pool ${poolSize} each`;
    log(`${count} instance(s): catalog`);
    const catalog = catalogRow(
      count,
      database,
      await measureCatalog(system, options.connections, options.seconds),
    );
    log(`${count} instance(s): catalog while a product changes ${CHANGES_PER_SECOND} times a second`);
    const changing = catalogRow(
      count,
      database,
      await measureCatalog(system, options.connections, options.seconds, CHANGES_PER_SECOND),
    );
    const checkouts: Row[] = [];
    for (const products of options.products) {
      log(`${count} instance(s): checkout, ${products} product(s)`);
      checkouts.push(
        checkoutRow(count, database, await measureCheckout(system, adminEmail, options.seconds, products)),
      );
    }
    return [catalog, changing, ...checkouts];
  } finally {
    await balancer?.stop();
    await probe.end().catch(() => {});
    await changer.end().catch(() => {});
    await Promise.all(stores.map((store) => store.stop()));
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The catalog and checkout rows for 1, 2 and 4 instances (or `counts`), in the table's shape:
 * for each count, the catalog, the catalog while a product changes, then the checkout.
 */
export async function measureInstances(options: InstancesOptions): Promise<Row[]> {
  const settings: Required<InstancesOptions> = {
    counts: [1, 2, 4],
    connections: 10,
    poolSize: 10,
    haproxy: 'haproxy',
    products: [1, 256],
    log: () => {},
    ...options,
  };
  const rows: Row[] = [];
  for (const count of settings.counts) rows.push(...(await measureCount(count, settings)));
  return rows;
}
